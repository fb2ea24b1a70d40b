import MeddCommandLine
import MeddCore
import Testing
@testable import medd

/// medd's command line: each mode with the options that go with it, the default paths from the
/// environment, and a precise usage error for every rule, the first rule broken being the one named.
@Suite struct InvocationTests {
    static let session = ["HOME": "/home/u", "XDG_RUNTIME_DIR": "/run/user/1000"]
    static let defaultConfig = "/home/u/.config/medd/medd.toml"
    static let defaultState = "/home/u/.local/state/medd"
    static let restoreOnly = "--restore takes no option but --state-dir: it replaces the ledger of a stopped medd and starts nothing"
    static let configOnly = "--check and --plan read only the configuration: --state-dir, --socket, --no-desktop and --pretend-now "
        + "are the daemon's"

    private func invocation(_ arguments: [String], environment: [String: String] = session) throws(UsageError) -> Invocation {
        try Invocation(arguments, environment: environment)
    }

    @Test func theDaemonWithTheDefaultsAndWithEveryOption() throws {
        #expect(try invocation([]) == .daemon(configPath: Self.defaultConfig, stateDirectory: Self.defaultState,
                                             socketPath: "/run/user/1000/medd/control.sock", desktop: true, pretendNow: nil))
        let given = try invocation(["--config=/c.toml", "--state-dir", "/s", "--socket", "s.sock", "--no-desktop",
                                    "--pretend-now", "2026-11-22T07:59:55+01:00"])
        #expect(given == .daemon(configPath: "/c.toml", stateDirectory: "/s", socketPath: "s.sock", desktop: false,
                                 pretendNow: Instant(iso8601: "2026-11-22T06:59:55Z")))
    }

    @Test func theModesThatStartNothing() throws {
        #expect(try invocation(["--check", "--json"]) == .check(configPath: Self.defaultConfig, json: true))
        #expect(try invocation(["--plan", "--config", "/c.toml", "--from", "2026-11-22", "--days", "7"])
            == .plan(configPath: "/c.toml", from: .date(LocalDate(year: 2026, month: 11, day: 22)!), days: 7, json: false))
        #expect(try invocation(["--plan", "--from=2027-03-10T00:00:00Z", "--json"])
            == .plan(configPath: Self.defaultConfig, from: .instant(Instant(iso8601: "2027-03-10T00:00:00Z")!), days: nil, json: true))
        #expect(try invocation(["--restore", "backup.sqlite"]) == .restore(file: "backup.sqlite", stateDirectory: Self.defaultState))
        #expect(try invocation(["--state-dir=/s", "--restore=b"]) == .restore(file: "b", stateDirectory: "/s"))
    }

    /// A flag given twice is given; a later value replaces an earlier one.
    @Test func repeatedOptions() throws {
        #expect(try invocation(["--check", "--check", "--config", "/a", "--config", "/b"]) == .check(configPath: "/b", json: false))
    }

    @Test func requestsWinWhereverTheyStand() throws {
        #expect(try invocation(["--help"]) == .request(.help))
        #expect(try invocation(["--check", "-h"]) == .request(.help))
        #expect(try invocation(["--plan", "--version", "--bogus"]) == .request(.version))
        #expect(try invocation(["--generate-completion-script=zsh"]) == .request(.completionScript(.zsh)))
        #expect(try invocation(["--help"], environment: [:]) == .request(.help), "no paths are needed for the help")
    }

    @Test(arguments: [
        (["--restore="], "--restore needs a FILE"),
        (["--restore", "f", "--json"], restoreOnly),
        (["--restore", "f", "--config", "c"], restoreOnly),
        (["--restore", "f", "--no-desktop"], restoreOnly),
        (["--restore", "f", "--check"], restoreOnly),
        (["--check", "--plan"], "--check and --plan cannot be combined"),
        (["--from", "2026-11-22"], "--from and --days go with --plan"),
        (["--check", "--days", "3"], "--from and --days go with --plan"),
        (["--json"], "--json goes with --check or --plan"),
        (["--plan", "--socket", "/s"], configOnly),
        (["--check", "--no-desktop"], configOnly),
        (["--check", "--state-dir", "/s"], configOnly),
        (["--plan", "--days", "0"], "--days must be from 1 to 3660; got 0"),
        (["--plan", "--days", "-1"], "--days must be from 1 to 3660; got -1"),
        (["--plan", "--days", "3661"], "--days must be from 1 to 3660; got 3661"),
        (["--plan", "--days", "a week"], "--days a week: expected a whole number"),
        (["--plan", "--from", "yesterday"],
         "--from yesterday: expected a date (YYYY-MM-DD) or an ISO 8601 instant such as 2027-03-10T00:00:00Z"),
        (["--pretend-now", "2026-11-22T07:59:55"],
         "--pretend-now 2026-11-22T07:59:55: expected an ISO 8601 instant with an offset, such as 2026-11-22T07:59:55+01:00"),
        (["--bogus"], "unknown option '--bogus'; medd takes --config, --state-dir, --socket, --no-desktop, --pretend-now, --check, "
            + "--plan, --from, --days, --json, --restore"),
        (["-x"], "unknown option '-x'; medd's options are long ones, such as --json"),
        (["extra"], "medd takes no argument 'extra'"),
        (["--", "--check"], "medd takes no argument '--check'"),
        (["--check=yes"], "--check takes no value"),
        (["--config"], "--config needs a value (PATH)"),
        (["--config", "--check"], "--config needs a value (PATH), not the option --check; write --config=--check to mean that text"),
        (["--generate-completion-script", "ksh"], "--generate-completion-script ksh: expected bash, zsh or fish"),
        (["--generate-completion-script", "bash", "--check"], "--generate-completion-script takes nothing after the shell"),
    ])
    func usageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try invocation(arguments) }
    }

    /// A value that does not read comes first, then options that do not go together, then values out
    /// of range or in the wrong form: as medd has always checked them.
    @Test func theFirstRuleBrokenIsTheOneNamed() {
        #expect(throws: UsageError("--days x: expected a whole number")) { try invocation(["--days", "x", "--json"]) }
        #expect(throws: UsageError("--from and --days go with --plan")) { try invocation(["--days", "0", "--from", "soon"]) }
        #expect(throws: UsageError(Self.restoreOnly)) { try invocation(["--check", "--plan", "--restore", "f"]) }
        #expect(throws: UsageError("--days must be from 1 to 3660; got 0")) { try invocation(["--plan", "--days", "0", "--from", "soon"]) }
    }

    @Test func defaultPathsComeFromTheEnvironment() throws {
        #expect(try invocation(["--check"], environment: ["XDG_CONFIG_HOME": "/cfg"]) == .check(configPath: "/cfg/medd/medd.toml", json: false))
        #expect(try invocation(["--restore", "f"], environment: ["XDG_STATE_HOME": "/st"]) == .restore(file: "f", stateDirectory: "/st/medd"))
        #expect(throws: UsageError("neither XDG_CONFIG_HOME nor HOME is set; pass --config PATH")) {
            try invocation(["--plan"], environment: [:])
        }
        #expect(throws: UsageError("HOME is not set: pass --state-dir")) { try invocation(["--restore", "f"], environment: [:]) }
        #expect(throws: UsageError("HOME is not set: pass --state-dir")) {
            try invocation(["--config", "/c"], environment: ["XDG_RUNTIME_DIR": "/run"])
        }
        #expect(throws: UsageError("XDG_RUNTIME_DIR is not set: pass --socket PATH (medctl then needs MEDD_SOCKET or --socket)")) {
            try invocation([], environment: ["HOME": "/home/u"])
        }
    }
}
