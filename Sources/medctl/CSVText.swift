/// RFC 4180 text: records end in CRLF; a field is quoted when it holds a comma, a quote, CR or LF,
/// and quotes inside it are doubled.
enum CSVText {
    static func field(_ value: String) -> String {
        // Bytes, not Characters: "\r\n" is one Character, and it equals neither "\r" nor "\n".
        let needsQuotes = value.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A }
        guard needsQuotes else { return value }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            if scalar == "\"" { quoted.unicodeScalars.append(scalar) }
            quoted.unicodeScalars.append(scalar)
        }
        return quoted + "\""
    }

    static func record(_ fields: [String]) -> String {
        var record = ""
        append(fields, to: &record)
        return record
    }

    /// Appends one record to `text`: a page of thousands is built in one string.
    static func append(_ fields: [String], to text: inout String) {
        for (index, value) in fields.enumerated() {
            if index > 0 { text += "," }
            text += field(value)
        }
        text += "\r\n"
    }

    /// A header record, then one record per row.
    static func document(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map(record).joined()
    }
}
