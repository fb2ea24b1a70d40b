/// RFC 4180 text: records end in CRLF; a field is quoted when it holds a comma, a quote, CR or LF,
/// and quotes inside it are doubled.
enum CSVText {
    static func field(_ value: String) -> String {
        // Scalars, not Characters: "\r\n" is one Character, and it equals neither "\r" nor "\n".
        let needsQuotes = value.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
        guard needsQuotes else { return value }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            if scalar == "\"" { quoted.unicodeScalars.append(scalar) }
            quoted.unicodeScalars.append(scalar)
        }
        return quoted + "\""
    }

    static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// A header record, then one record per row.
    static func document(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map(record).joined()
    }
}
