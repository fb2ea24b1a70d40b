import MeddCore
import Systemd

/// Which notification shows which dose, on which server, kept in a small file beside the control
/// socket (the runtime directory), so a medd restarted after a crash replaces the notifications
/// the old process left on screen instead of stacking new ones beside them, and their buttons
/// keep working. Only valid while the same server connection (unique name) is up; the file is a
/// hint — unreadable or stale, it is ignored.
struct ShownNotifications: Equatable {
    var server: String
    var ids: [DoseID: UInt32]

    /// `server` on the first line, then `dose-id notification-id` per line.
    var text: String {
        ([server] + ids.sorted { $0.key.description < $1.key.description }.map { "\($0.key) \($0.value)" }).joined(separator: "\n") + "\n"
    }

    init(server: String, ids: [DoseID: UInt32]) {
        self.server = server
        self.ids = ids
    }

    init?(text: String) {
        var lines = text.split(separator: "\n")
        guard !lines.isEmpty, lines[0].hasPrefix(":") else { return nil }
        server = String(lines.removeFirst())
        ids = [:]
        for line in lines {
            let fields = line.split(separator: " ")
            guard fields.count == 2, let dose = DoseID(parsing: String(fields[0])), let id = UInt32(fields[1]) else { return nil }
            ids[dose] = id
        }
    }

    static func load(from path: String) -> ShownNotifications? {
        guard let bytes = try? FileReader.bytes(at: path) else { return nil }
        return ShownNotifications(text: String(decoding: bytes, as: UTF8.self))
    }

    func save(to path: String) throws(SystemError) {
        try FileSystem.replaceFile(path, with: Array(text.utf8))
    }

    static func remove(at path: String) {
        FileSystem.removeFile(path)
    }
}
