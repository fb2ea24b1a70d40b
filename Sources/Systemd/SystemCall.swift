import Glibc

/// The one place that retries a system call interrupted by a signal.
enum SystemCall {
    /// Runs `call` until it does not fail with `EINTR`; returns its result, or the errno it failed with.
    static func retryingInterrupts<Result: BinaryInteger>(_ call: () -> Result) -> Swift.Result<Result, Errno> {
        while true {
            let result = call()
            if result >= 0 { return .success(result) }
            let failure = errno
            if failure != EINTR { return .failure(Errno(rawValue: failure)) }
        }
    }

    /// An errno value, as an error.
    struct Errno: Error, Hashable {
        var rawValue: Int32
        static let wouldBlock = Errno(rawValue: EAGAIN)
    }
}
