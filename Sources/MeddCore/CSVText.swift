/// RFC 4180 text: records end in CRLF; a field is quoted when it holds a comma, a quote, CR or LF,
/// and quotes inside it are doubled. What `CSVReader` reads back.
public enum CSVText {
    public static func record(_ fields: [String]) -> String {
        var record: [UInt8] = []
        append(fields, to: &record)
        return String(decoding: record, as: UTF8.self)
    }

    /// Appends one record's bytes: a page of thousands is built in one buffer.
    public static func append(_ fields: [String], to bytes: inout [UInt8]) {
        for (index, value) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            var value = value
            value.withUTF8 { appendField($0, to: &bytes) }
        }
        endRecord(&bytes)
    }

    /// Appends one field from its UTF-8, quoted when it needs: a writer of years of records calls this for each
    /// field (with a comma before all but the first), then `endRecord`.
    public static func appendField(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        // Bytes, not Characters: "\r\n" is one Character, and it equals neither "\r" nor "\n".
        guard utf8.contains(where: needsQuotes) else { return bytes.append(contentsOf: utf8) }
        bytes.append(UInt8(ascii: "\""))
        for byte in utf8 {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    public static func endRecord(_ bytes: inout [UInt8]) {
        bytes.append(contentsOf: [0x0D, 0x0A])
    }

    private static func needsQuotes(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0D || byte == 0x0A
    }

    /// A header record, then one record per row.
    public static func document(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map(record).joined()
    }
}
