import Foundation
import MeddCore
import MeddTestSupport
import Testing

/// `medctl check` and `medctl plan` run as a user would run them: the real binary, real files.
@Suite struct MedctlOfflineTests {
    static let newYork = """
        [settings]
        timezone = "America/New_York"

        [medication.metformin]
        name = "Metformin"
        dose = "500 mg"
        times = ["02:30", "08:00"]
        """

    struct PlanEntry: Decodable, Equatable {
        var id: String
        var med: String
        var scheduled: String
        var usec: Int64
    }

    /// A valid file passes `check` with exit 0 and a one-line summary.
    @Test func checkAcceptsValidConfig() throws {
        let path = try MedctlRunner.writeConfig(Self.newYork)
        let result = try MedctlRunner.run(["check", "--config", path])
        #expect(result.status == 0)
        #expect(result.stdout == "\(path): valid (1 medication, 0 hooks)\n")
    }

    /// A broken file fails `check` with exit 1 and every error as PATH:LINE:COLUMN: message.
    @Test func checkReportsEveryErrorWithPosition() throws {
        let path = try MedctlRunner.writeConfig("""
            [settings]
            grace = "2x"

            [medication.metformin]
            name = "Metformin"
            dose = "500 mg"
            times = ["25:00"]
            """)
        let result = try MedctlRunner.run(["check", "--config", path])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("\(path):2:") == true)
        #expect(lines.last?.hasPrefix("\(path):7:") == true)
    }

    /// `check --json` reports errors as objects and still exits 1.
    @Test func checkJSONListsErrors() throws {
        let path = try MedctlRunner.writeConfig("[medication.x]\nname = \"X\"\ndose = \"1\"\n")
        let result = try MedctlRunner.run(["--json", "check", "--config", path])
        #expect(result.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["valid"] as? Bool == false)
        #expect((object?["errors"] as? [Any])?.isEmpty == false)
    }

    /// A missing file is an error naming the path, not a crash.
    @Test func checkMissingFile() throws {
        let result = try MedctlRunner.run(["check", "--config", "/nonexistent/medd.toml"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("/nonexistent/medd.toml:1:1: "))
    }

    /// `plan --json` gives the shape medctl(1) documents, with the DST gap rule applied (02:30 → 03:30 EDT).
    @Test func planJSONAcrossSpringForward() throws {
        let path = try MedctlRunner.writeConfig(Self.newYork)
        let result = try MedctlRunner.run(["plan", "--config", path, "--from", "2027-03-14T05:00:00Z", "--days", "1", "--json"])
        #expect(result.status == 0)
        let entries = try JSONDecoder().decode([PlanEntry].self, from: Data(result.stdout.utf8))
        #expect(entries == [
            PlanEntry(id: "metformin_20270314_02_30", med: "metformin", scheduled: "2027-03-14T03:30:00-04:00", usec: 1_805_009_400_000_000),
            PlanEntry(id: "metformin_20270314_08_00", med: "metformin", scheduled: "2027-03-14T08:00:00-04:00", usec: 1_805_025_600_000_000),
        ])
    }

    /// `--from` with a date means local midnight in the user's zone.
    @Test func planFromDateIsLocalMidnight() throws {
        let path = try MedctlRunner.writeConfig("[medication.a]\nname = \"A\"\ndose = \"1\"\ntimes = [\"00:00\"]\n")
        let result = try MedctlRunner.run(["plan", "--config", path, "--from", "2026-11-22", "--days", "1", "--json"], zone: "Asia/Kathmandu")
        let entries = try JSONDecoder().decode([PlanEntry].self, from: Data(result.stdout.utf8))
        #expect(entries.map(\.scheduled) == ["2026-11-22T00:00:00+05:45"])
    }

    /// The table has a header and one aligned row per dose.
    @Test func planTable() throws {
        let path = try MedctlRunner.writeConfig(Self.newYork)
        let result = try MedctlRunner.run(["plan", "--config", path, "--from", "2026-11-22T00:00:00Z", "--days", "1"])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            "SCHEDULED                  DOSE ID                   MEDICATION  DOSE",
            "2026-11-22T02:30:00-05:00  metformin_20261122_02_30  Metformin   500 mg",
            "2026-11-22T08:00:00-05:00  metformin_20261122_08_00  Metformin   500 mg",
        ])
    }

    /// Usage errors exit with 2 and say what is wrong.
    @Test(arguments: [["plan", "--days", "0"], ["plan", "--from", "yesterday"], ["frobnicate"], ["check", "--bogus"]])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let result = try MedctlRunner.run(arguments)
        #expect(result.status == 2)
        #expect(!result.stderr.isEmpty)
    }

    /// `--help` lists the verbs and the exit statuses, and exits 0.
    @Test func helpText() throws {
        let result = try MedctlRunner.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("check"))
        #expect(result.stdout.contains("plan"))
        #expect(result.stdout.contains("69 the daemon cannot be reached"))
    }

    /// `--version` prints exactly medd's version, as `medd --version` does, and exits 0.
    @Test func version() throws {
        let result = try MedctlRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == MeddVersion.current + "\n")
        #expect(result.stderr.isEmpty)
    }
}
