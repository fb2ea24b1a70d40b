import Foundation

/// The real `journalctl -o json`, parsed: one dictionary of fields per entry.
///
/// journalctl prints a value that is not printable UTF-8 as an array of byte numbers, a field that
/// repeats as an array of values, and a value over its size limit as null; each is turned back into text.
enum JournalctlJSON {
    static let binary = "/usr/bin/journalctl"

    static func entries(matching field: String, _ value: String) throws -> [[String: String]] {
        let (status, output) = JournaldFixture.run(binary, ["--no-pager", "-o", "json", "--all", "\(field)=\(value)"])
        guard status == 0 else { throw CocoaError(.fileReadUnknown, userInfo: ["journalctl": output]) }
        return try output.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            return object.compactMapValues(text)
        }
    }

    /// A JSON field value as text; a repeated field gives its first value, as `JournalEntry` does.
    static func text(_ value: Any) -> String? {
        if let string = value as? String { return string }
        guard let array = value as? [Any], let first = array.first else { return nil }
        if let bytes = array as? [NSNumber], first is NSNumber {
            return String(decoding: bytes.map { $0.uint8Value }, as: UTF8.self)
        }
        return text(first)
    }
}
