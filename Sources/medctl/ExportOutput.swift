import ArgumentParser
import Foundation

/// Writes a finished document byte for byte (CRLF line ends stay as they are) to stdout or a file.
enum ExportOutput {
    static func write(_ text: String, to path: String? = nil) throws {
        let data = Data(text.utf8)
        do {
            if let path {
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            } else {
                try FileHandle.standardOutput.write(contentsOf: data)
            }
        } catch {
            Output.error("medctl: cannot write \(path ?? "standard output"): \(Self.reason(error))")
            throw ExitCode.failure
        }
    }

    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }
}
