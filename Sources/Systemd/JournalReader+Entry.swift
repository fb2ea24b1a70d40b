import CSystemd
import Glibc

extension JournalReader {
    /// Reads the entry the reader stands on: every field, the realtime stamp and the cursor.
    func currentEntry() throws(SystemError) -> JournalEntry {
        var fields: [String: String] = [:]
        sd_journal_restart_data(handle)
        var data: UnsafeRawPointer?
        var length = 0
        // The _available_ variant skips a field this libsystemd cannot decompress instead of failing the entry.
        while try SystemError.check("sd_journal_enumerate_available_data",
                                    sd_journal_enumerate_available_data(handle, &data, &length)) > 0 {
            guard let data else { continue }
            let bytes = UnsafeRawBufferPointer(start: data, count: length)
            guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = String(decoding: bytes[..<equals], as: UTF8.self)
            if fields[name] == nil {
                fields[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
        }
        var realtime: UInt64 = 0
        _ = try SystemError.check("sd_journal_get_realtime_usec", sd_journal_get_realtime_usec(handle, &realtime))
        var cursorPointer: UnsafeMutablePointer<CChar>?
        _ = try SystemError.check("sd_journal_get_cursor", sd_journal_get_cursor(handle, &cursorPointer))
        defer { free(cursorPointer) }
        let cursor = cursorPointer.map { String(cString: $0) } ?? ""
        return JournalEntry(fields: fields, realtimeUsec: realtime, cursor: cursor)
    }
}
