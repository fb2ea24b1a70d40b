/// Reads RFC 4180 CSV: records end in CRLF (or a bare LF, as editors save them), fields are separated by
/// commas, and a field in double quotes may hold commas, line breaks and doubled quotes. The writer's
/// counterpart is in medctl; this half is in the core so that it can be fuzzed with the other parsers.
public enum CSVReader {
    /// One record and the line it starts on (1-based).
    public struct Record: Hashable, Sendable {
        public var line: Int
        public var fields: [String]
    }

    /// Why a text is not CSV, and where.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Every record of `text`; an empty last line is no record. Fails on a quote that never closes,
    /// text after a closing quote, or a NUL byte.
    public static func records(_ text: String) -> Result<[Record], Failure> {
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var quoted = false
        var afterQuote = false
        var fieldStarted = false
        let bytes = Array(text.utf8)
        var index = 0
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field = []
            afterQuote = false
            fieldStarted = false
        }
        func endRecord() {
            endField()
            records.append(Record(line: recordLine, fields: fields))
            fields = []
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0 { return .failure(Failure(line: line, message: "a NUL byte; CSV is text")) }
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        quoted = false
                        afterQuote = true
                    }
                } else {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: ","):
                endField()
            case UInt8(ascii: "\r") where index < bytes.count && bytes[index] == UInt8(ascii: "\n"):
                break
            case UInt8(ascii: "\n"):
                endRecord()
                line += 1
                recordLine = line
            case UInt8(ascii: "\"") where !fieldStarted:
                quoted = true
                fieldStarted = true
            default:
                if afterQuote {
                    return .failure(Failure(line: line, message: "text after a closing quote; a quoted field ends at its quote"))
                }
                if byte == UInt8(ascii: "\"") {
                    return .failure(Failure(line: line, message: "a quote inside an unquoted field; quote the whole field and double the quote"))
                }
                field.append(byte)
                fieldStarted = true
            }
        }
        if quoted { return .failure(Failure(line: recordLine, message: "a quoted field that never closes")) }
        if !fields.isEmpty || !field.isEmpty || fieldStarted || afterQuote { endRecord() }
        return .success(records)
    }
}
