import Foundation

/// Runs a product the package builds as a user would, capturing what it prints and its exit status.
public enum ProductRunner {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// `product` (found with `BuiltProduct`) with `arguments`, in `environment`.
    public static func run(_ product: String, _ arguments: [String], environment: [String: String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProduct.path(product))
        process.arguments = arguments
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}
