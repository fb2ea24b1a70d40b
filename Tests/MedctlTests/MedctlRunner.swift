import Foundation
import MeddTestSupport

/// Runs the built `medctl` binary as a user would, capturing its output and exit status.
struct MedctlRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// `medctl` is built next to the test bundle because the test target depends on it.
    static let binary = URL(fileURLWithPath: BuiltProduct.path("medctl"))

    static func run(_ arguments: [String], zone: String = "Europe/Berlin", environment extra: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = zone
        environment.merge(extra) { $1 }
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

    /// Writes a configuration to a fresh temporary file and returns its path.
    static func writeConfig(_ text: String, name: String = "medd.toml") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("medctl-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
