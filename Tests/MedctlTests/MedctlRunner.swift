import Foundation
import MeddTestSupport

/// Runs the built `medctl` binary as a user would, capturing its output and exit status.
struct MedctlRunner {
    typealias Result = ProductRunner.Result

    static func run(_ arguments: [String], zone: String = "Europe/Berlin", environment extra: [String: String] = [:]) throws -> Result {
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = zone
        environment.merge(extra) { $1 }
        return try ProductRunner.run("medctl", arguments, environment: environment)
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
