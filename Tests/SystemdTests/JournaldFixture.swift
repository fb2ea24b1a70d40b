import Foundation
import Glibc
@testable import Systemd

/// A real systemd-journald for the journal tests, and ways to find the tests' own entries in it.
///
/// Uses the journald that answers on `/run/systemd/journal/socket`; failing that, as root, starts
/// `/lib/systemd/systemd-journald` in its own session with stdio on /dev/null and leaves it running
/// after the tests (its entries stay in /run/log/journal, volatile; the next run reuses it).
enum JournaldFixture {
    static let socketPath = "/run/systemd/journal/socket"
    static let binary = "/lib/systemd/systemd-journald"

    /// Why the journal tests cannot run here, or nil when a journald answers.
    static let unavailableReason: String? = {
        let reason = ensureRunning()
        if let reason {
            let banner = String(repeating: "!", count: 78)
            FileHandle.standardError.write(Data("""
                \(banner)
                WARNING: journald tests are SKIPPED: \(reason)
                The journal writer, reader, log handler and catalog are NOT being tested.
                \(banner)\n
                """.utf8))
        }
        return reason
    }()

    static var isAvailable: Bool { unavailableReason == nil }
    static var isRoot: Bool { getuid() == 0 }

    private static func ensureRunning() -> String? {
        if answers() { return nil }
        guard isRoot else { return "no journald answers at \(socketPath) and only root can start one" }
        guard FileManager.default.isExecutableFile(atPath: binary) else { return "no journald answers and \(binary) is missing" }
        guard spawnDetached(["/usr/bin/setsid", "-f", binary]) else { return "`setsid -f \(binary)` failed" }
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if answers() { return nil }
            usleep(20_000)
        }
        return "started \(binary) but nothing answered at \(socketPath) within 5 s"
    }

    /// Whether a datagram socket is bound at the journal socket (a stale file gives ECONNREFUSED).
    static func answers() -> Bool {
        let probe = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        guard var address = try? SocketAddress(path: socketPath) else { return false }
        return address.withSockaddr { connect(probe, $0, $1) } == 0
    }

    /// A value no other entry carries, to find this test's entries.
    static func uniqueID() -> String { UUID().uuidString.lowercased() }

    /// The entries with `field=value`, waiting (≤ 5 s) until at least `count` are readable.
    static func entries(_ field: String, _ value: String, atLeast count: Int = 1) async throws -> [JournalEntry] {
        let deadline = ContinuousClock.now + .seconds(5)
        while true {
            let reader = try JournalReader()
            try reader.addMatch(field, value)
            let found = try reader.entries()
            if found.count >= count || ContinuousClock.now >= deadline { return found }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Runs `argv` (here `setsid -f journald`, which returns at once and leaves the daemon in its own session)
    /// with stdio on /dev/null and no other descriptor of this process. Not `Process`: it waits for every
    /// inherited descriptor to close, which a daemon never does, and a daemon holding a test's pipe would hang it.
    private static func spawnDetached(_ argv: [String]) -> Bool {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in Int32(0)...2 {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // glibc declares this only for _GNU_SOURCE, which Swift's Glibc module does not define.
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let closeFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return false }
        _ = unsafeBitCast(closeFrom, to: CloseFrom.self)(&actions, 3)
        let arguments = argv.map { strdup($0) } + [nil]
        let environment = [strdup("PATH=/usr/sbin:/usr/bin:/sbin:/bin")] + [nil]
        defer { (arguments + environment).forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], &actions, nil, arguments, environment) == 0 else { return false }
        var status: Int32 = 0
        return waitpid(pid, &status, 0) == pid && status == 0
    }

    /// Runs a program to completion; its standard output as text.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
