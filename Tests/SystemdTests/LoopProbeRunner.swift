import Foundation
import Glibc
import MeddTestSupport

/// Runs `loop-probe` (built next to the tests) with a chosen environment.
enum LoopProbeRunner {
    static let binary = BuiltProduct.path("loop-probe")

    /// Starts the probe with its stdout going to a file the caller can read while it runs.
    static func start(_ arguments: [String], environment: [String: String] = [:], executable: String? = nil) throws -> (Process, String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("loop-probe-\(UUID().uuidString).out").path
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? binary)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for key in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES"] { merged[key] = nil }
        merged.merge(environment) { $1 }
        process.environment = merged
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle(forWritingAtPath: output)
        try process.run()
        return (process, output)
    }

    static func output(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }

    /// Waits (bounded) until the probe's output contains `text`.
    static func waitFor(_ text: String, in path: String, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if output(path).contains(text) { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    static func temporaryPath(_ name: String) -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("medd-sd-\(UUID().uuidString.prefix(8))").path
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory + "/" + name
    }
}
