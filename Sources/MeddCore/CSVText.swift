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
            // Bytes, not Characters: "\r\n" is one Character, and it equals neither "\r" nor "\n". A native
            // string's bytes are searched at once: an export of years is a million fields.
            let utf8 = value.utf8
            guard utf8.withContiguousStorageIfAvailable({ $0.contains(where: needsQuotes) }) ?? utf8.contains(where: needsQuotes) else {
                bytes.append(contentsOf: utf8)
                continue
            }
            bytes.append(UInt8(ascii: "\""))
            for byte in utf8 {
                if byte == UInt8(ascii: "\"") { bytes.append(byte) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
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
