import Foundation
import Testing

/// `units/medd.service` and `units/medd.socket` checked by systemd's own tools, offline, as a
/// user manager would load them: `systemd-analyze --user verify` and `security --offline=true`.
///
/// `systemd-analyze --user` needs `XDG_RUNTIME_DIR`, and `verify` needs every `Exec*=` binary
/// to exist. Each run gets a fresh home whose `~/.local/bin/medd` (the `ExecStart=` path,
/// `%h/.local/bin/medd`) is a symlink to `/bin/true`: verify only checks it is executable.
/// A missing `systemd-analyze` fails the tests; `scripts/setup.sh` installs the `systemd` package.
@Suite struct UnitFileTests {
    /// The repository's `units/` folder, found from this file's path.
    static let unitsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("units")

    static let service = unitsDirectory.appendingPathComponent("medd.service").path
    static let socket = unitsDirectory.appendingPathComponent("medd.socket").path

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `systemd-analyze --user ARGUMENTS` in a throwaway home and runtime directory.
    static func analyze(_ arguments: [String]) throws -> Run {
        let candidates = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"]
        let binary = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0) },
                                  "systemd-analyze is missing: run scripts/setup.sh (Debian package systemd)")
        let files = FileManager.default
        let scratch = files.temporaryDirectory.appendingPathComponent("medd-units-\(UUID().uuidString)")
        defer { try? files.removeItem(at: scratch) }
        let home = scratch.appendingPathComponent("home")
        let runtime = scratch.appendingPathComponent("run")
        let bin = home.appendingPathComponent(".local/bin")
        try files.createDirectory(at: bin, withIntermediateDirectories: true)
        try files.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try files.createSymbolicLink(atPath: bin.appendingPathComponent("medd").path, withDestinationPath: "/bin/true")
        let out = scratch.appendingPathComponent("stdout")
        let err = scratch.appendingPathComponent("stderr")
        _ = files.createFile(atPath: out.path, contents: nil)
        _ = files.createFile(atPath: err.path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--user", "--no-pager"] + arguments
        process.environment = [
            "PATH": "/usr/sbin:/usr/bin:/sbin:/bin",
            "HOME": home.path,
            "XDG_RUNTIME_DIR": runtime.path,
            "LANG": "C.UTF-8",
            "SYSTEMD_COLORS": "0",
            "SYSTEMD_PAGER": "",
        ]
        // Files, not pipes: nothing can block however much either stream carries.
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   stdout: try String(contentsOf: out, encoding: .utf8),
                   stderr: try String(contentsOf: err, encoding: .utf8))
    }

    /// `systemd-analyze --user verify` accepts both units: exit 0 and no complaint naming them.
    @Test func verifyAcceptsBothUnits() throws {
        let run = try Self.analyze(["verify", Self.service, Self.socket])
        // An unknown key or a bad value is only a warning on stderr (exit 0), so stderr is read
        // too; lines about other units (the distribution's own) are not ours to fail on.
        let complaints = run.stderr.split(separator: "\n").filter { $0.contains("medd") }
        #expect(run.status == 0, "verify exited \(run.status):\n\(run.stderr)")
        #expect(complaints.isEmpty, "verify complained:\n\(complaints.joined(separator: "\n"))")
    }

    /// `systemd-analyze --user security --offline=true` rates medd.service at 2.0 or better.
    @Test func securityExposureIsAtMostTwo() throws {
        let run = try Self.analyze(["security", "--offline=true", Self.service])
        #expect(run.status == 0, "security exited \(run.status):\n\(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").first { $0.contains("Overall exposure level for medd.service:") },
                                "no overall exposure level in:\n\(run.stdout)\(run.stderr)")
        let match = try #require(line.firstMatch(of: /medd\.service: ([0-9]+\.[0-9]+)/), "unreadable: \(line)")
        let score = try #require(Double(match.1))
        #expect(score <= 2.0, "exposure \(score) > 2.0:\n\(run.stdout)")
    }

    /// The settings the units must have (Type=notify, watchdog, reload, the socket path and mode) are in the files, with their values.
    @Test func requiredSettingsArePresent() throws {
        let service = try String(contentsOfFile: Self.service, encoding: .utf8).split(separator: "\n")
        let socket = try String(contentsOfFile: Self.socket, encoding: .utf8).split(separator: "\n")
        for line in ["Type=notify", "ExecReload=/bin/kill -HUP $MAINPID", "Restart=on-failure", "RestartPreventExitStatus=78"] {
            #expect(service.contains(Substring(line)), "medd.service lacks \(line)")
        }
        #expect(service.contains { $0.hasPrefix("WatchdogSec=") })
        #expect(service.contains { $0.hasPrefix("ExecStart=%h/.local/bin/medd") })
        for line in ["ListenStream=%t/medd/control.sock", "SocketMode=0600", "DirectoryMode=0700", "WantedBy=sockets.target"] {
            #expect(socket.contains(Substring(line)), "medd.socket lacks \(line)")
        }
    }
}
