import Foundation
import MeddCommandLine
import MeddCore
import MeddTestSupport
import Testing
@testable import medd

/// medd's exit statuses as a shell sees them: 0 for what it was asked and did, 64 for a command line
/// it cannot act on (the message and where the help is on standard error, nothing on standard output).
@Suite struct MeddExitStatusTests {
    private func medd(_ arguments: [String], environment: [String: String]? = nil) throws -> ProductRunner.Result {
        try ProductRunner.run("medd", arguments, environment: environment ?? ProcessInfo.processInfo.environment.merging(["LANGUAGE": "C"]) { $1 })
    }

    @Test func aUsageErrorExits64() throws {
        let result = try medd(["--check", "--plan"])
        #expect(result.status == Medd.usageStatus && Medd.usageStatus == 64)
        #expect(result.stderr == "medd: --check and --plan cannot be combined\nSee `medd --help`.\n")
        #expect(result.stdout.isEmpty)
        #expect(try medd(["--bogus"]).status == 64)
        #expect(try medd(["--pretend-now", "tomorrow"]).stderr.hasPrefix("medd: --pretend-now tomorrow: expected "))
    }

    @Test func aPathThatCannotBeDerivedIsAUsageError() throws {
        let result = try medd(["--check"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 64)
        #expect(result.stderr == "medd: neither XDG_CONFIG_HOME nor HOME is set; pass --config PATH\nSee `medd --help`.\n")
    }

    @Test func helpVersionAndCompletionExit0() throws {
        let help = try medd(["-h"])
        #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW: ") && help.stderr.isEmpty)
        let version = try medd(["--version"])
        #expect(version.status == 0 && version.stdout == MeddVersion.current + "\n")
        let fish = try medd(["--generate-completion-script", "fish"])
        #expect(fish.status == 0 && fish.stdout == Medd.completionScript.text(for: .fish))
    }

    /// `--check` says 1 for a configuration with errors, `--restore` a status of its own for each refusal.
    @Test func theModesKeepTheirStatuses() throws {
        let missing = "/nonexistent/medd-\(UUID().uuidString).toml"
        #expect(try medd(["--check", "--config", missing]).status == 1)
        #expect(try medd(["--plan", "--config", missing, "--days", "1"]).status == 1)
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("medd-tests-\(UUID().uuidString)").path
        #expect(try medd(["--restore", missing, "--state-dir", state]).status == RestoreLedger.unreadableStatus)
    }
}
