import CSystemd
import Glibc

/// A program run to completion as a filter: bytes in on its standard input, its standard output
/// back; its standard error is this process's. For command-line tools, which may block: no event loop
/// is involved, and the child is waited for here.
public enum FilterProgram {
    /// How the program ended.
    public enum Termination: Hashable, Sendable {
        case exited(Int32)
        case signalled(Signal)
    }

    /// What a run gave back.
    public struct Result: Sendable {
        public var termination: Termination
        public var output: [UInt8]
        /// The output went past the limit and was cut there (the program was killed).
        public var truncated: Bool
    }

    /// Runs the program at `path` (no `PATH` search) with `arguments` as its `argv` and `environment`,
    /// writes `input` to it and reads its output until it closes it, keeping at most `outputLimit`
    /// bytes (then the program is killed). Both pipes are served together, so a program that writes
    /// before it has read everything cannot deadlock with us. SIGPIPE is ignored meanwhile: a program
    /// that stops reading early makes the rest of the input fail to send, not this process die.
    public static func run(_ path: String, arguments: [String], environment: [String], input: [UInt8],
                           outputLimit: Int) throws(SystemError) -> Result {
        let (childInput, toChild) = try pipe()
        let (fromChild, childOutput): (Int32, Int32)
        do {
            (fromChild, childOutput) = try pipe()
        } catch {
            Glibc.close(childInput)
            Glibc.close(toChild)
            throw error
        }
        return try Signal.brokenPipe.ignored { () throws(SystemError) -> Result in
            let pid: pid_t
            do throws(SystemError) {
                pid = try spawn(path, arguments: arguments, environment: environment, input: childInput, output: childOutput)
            } catch {
                [childInput, toChild, fromChild, childOutput].forEach { Glibc.close($0) }
                throw error
            }
            Glibc.close(childInput)
            Glibc.close(childOutput)
            let (output, truncated) = exchange(input, to: toChild, from: fromChild, limit: outputLimit, child: pid)
            return Result(termination: try wait(for: pid), output: output, truncated: truncated)
        }
    }

    /// A pipe, both ends close-on-exec (the child's end keeps blocking semantics; ours is made non-blocking).
    private static func pipe() throws(SystemError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe2(&ends, O_CLOEXEC) == 0 else { throw SystemError("pipe2", errno: errno) }
        return (ends[0], ends[1])
    }

    private static func spawn(_ path: String, arguments: [String], environment: [String], input: Int32,
                              output: Int32) throws(SystemError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let result = withCStrings(arguments) { argv in
            withCStrings(environment) { variables in posix_spawn(&pid, path, &actions, &attributes, argv, variables) }
        }
        guard result == 0 else { throw SystemError("posix_spawn \(path)", errno: result) }
        return pid
    }

    /// Writes `input` and reads the output with poll(2) until the output ends; closes both descriptors.
    private static func exchange(_ input: [UInt8], to writeEnd: Int32, from readEnd: Int32, limit: Int,
                                 child: pid_t) -> (output: [UInt8], truncated: Bool) {
        for descriptor in [writeEnd, readEnd] { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
        var writing: Int32? = writeEnd
        var sent = 0
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        defer {
            if let writing { Glibc.close(writing) }
            Glibc.close(readEnd)
        }
        while true {
            if let descriptor = writing, sent == input.count {
                Glibc.close(descriptor)
                writing = nil
            }
            var descriptors = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)]
            if let writing { descriptors.append(pollfd(fd: writing, events: Int16(POLLOUT), revents: 0)) }
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                if errno == EINTR { continue }
                return (output, false)
            }
            if let descriptor = writing, descriptors[1].revents != 0 {
                let count = input[sent...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    sent += count
                } else if errno != EAGAIN && errno != EINTR {
                    sent = input.count  // the program stopped reading: what it has is all it gets
                }
            }
            guard descriptors[0].revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(readEnd, $0.baseAddress, $0.count) }
            if count > 0 {
                output.append(contentsOf: buffer[..<count])
                if output.count > limit {
                    Glibc.kill(child, SIGKILL)
                    return (Array(output[..<limit]), true)
                }
            } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                return (output, false)
            }
        }
    }

    /// Waits for the child; it is ours, so nothing else reaps it.
    private static func wait(for pid: pid_t) throws(SystemError) -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw SystemError("waitpid", errno: errno) }
        }
        let ending = medd_termination(status)
        return ending >= 0 ? .exited(ending) : .signalled(Signal(rawValue: -ending))
    }

    private static func withCStrings<Value>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Value) -> Value {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
