import CSystemd
import Glibc

/// Sends structured entries to journald with `sd_journal_sendv`.
///
/// Values go as bytes, so newlines and any UTF-8 arrive intact. When journald is absent the send
/// throws a `SystemError` whose `journalIsUnavailable` is true, and the caller keeps the entry to retry.
/// libsystemd writes to a blocking datagram socket: a journald that is alive but stopped can block a send.
public struct JournalWriter: Sendable {
    /// Where libsystemd sends; fixed in libsystemd 252.
    public static let socketPath = "/run/systemd/journal/socket"

    public init() {}

    /// The `CODE_FILE`, `CODE_LINE` and `CODE_FUNC` fields journald shows as where an entry came from.
    static func codeLocation(file: String, line: Int, function: String) -> [(String, String)] {
        [("CODE_FILE", file), ("CODE_LINE", String(line)), ("CODE_FUNC", function)]
    }

    /// Sends one entry of `fields` (names may repeat) plus `CODE_FILE`, `CODE_LINE` and `CODE_FUNC`.
    /// Throws `JournalFieldNameError` for a name journald would refuse (nothing is sent then),
    /// or `SystemError` when there is no journal socket or the send fails.
    public func send(_ fields: [(String, String)],
                     file: String = #fileID, line: Int = #line, function: String = #function) throws {
        for (name, _) in fields { try JournalFieldName.validate(name) }
        // sd_journal_sendv reports success when the socket does not exist ("fail silently"), which
        // would let an outbox drop the entry; look first. A socket removed in between still loses it.
        guard access(Self.socketPath, F_OK) == 0 else {
            throw SystemError("journal socket \(Self.socketPath)", errno: errno)
        }
        let items = (fields + Self.codeLocation(file: file, line: line, function: function)).map { Array("\($0.0)=".utf8) + Array($0.1.utf8) }
        let result = Self.withIOVecs(items) { vecs in sd_journal_sendv(vecs.baseAddress, Int32(vecs.count)) }
        _ = try SystemError.check("sd_journal_sendv", result)
    }
}
