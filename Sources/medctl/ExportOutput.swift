import ArgumentParser
import Foundation
import Glibc

/// Writes a finished document byte for byte (CRLF line ends stay as they are) to stdout or a file.
enum ExportOutput {
    /// `path` is opened the way a shell's `>` would, so `/dev/stdout` or a FIFO work too.
    static func write(_ text: String, to path: String? = nil) throws {
        let descriptor = path.map { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666) } ?? STDOUT_FILENO
        var failure = descriptor < 0 ? errno : 0
        if failure == 0 {
            failure = writeAll(Array(text.utf8), to: descriptor)
            if path != nil, close(descriptor) != 0, failure == 0 { failure = errno }
        }
        guard failure != 0 else { return }
        Output.error("medctl: cannot write \(path ?? "standard output"): \(String(cString: strerror(failure)))")
        throw ExitCode.failure
    }

    /// Zero, or the errno that stopped the write.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += count
        }
        return 0
    }
}
