import MeddCore

/// The pieces of RFC 5545 text: TEXT escaping, UTC date-times, and content lines folded at 75
/// octets and ended with CRLF.
enum ICalendarText {
    static let lineLimit = 75

    /// A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, every line break
    /// (CRLF, LF or CR) as `\n`, and the control characters TEXT may not hold dropped.
    static func escape(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "\\", ";", ",": result.append("\\"); result.append(scalar)
            case "\n" where afterCR: continue
            case "\n", "\r": result.append("\\"); result.append("n")
            case "\t": result.append(scalar)
            default: if scalar.value >= 0x20 && scalar.value != 0x7F { result.append(scalar) }
            }
        }
        return String(result)
    }

    /// `20261122T070000Z`: a DATE-TIME in UTC (RFC 5545 3.3.5, form 2), whole seconds.
    static func utc(_ instant: Instant) -> String {
        // format(offsetSeconds:) gives `2026-11-22T07:00:00+00:00`.
        String(instant.format(offsetSeconds: 0).prefix(19).filter { $0 != "-" && $0 != ":" }) + "Z"
    }

    /// One content line, folded (RFC 5545 3.1): at most 75 octets a line before its CRLF, each
    /// continuation starting with a space, never cutting a UTF-8 sequence in two.
    static func fold(_ line: String) -> String {
        let bytes = Array(line.utf8)
        var result: [UInt8] = []
        var start = 0
        var limit = lineLimit
        while bytes.count - start > limit {
            var end = start + limit
            while isContinuation(bytes[end]) { end -= 1 }
            result += bytes[start..<end] + Array("\r\n ".utf8)
            start = end
            limit = lineLimit - 1  // the leading space counts
        }
        result += bytes[start...] + Array("\r\n".utf8)
        return String(decoding: result, as: UTF8.self)
    }

    /// Content lines (`NAME:value`, unfolded) as the text of a calendar object.
    static func document(_ lines: [String]) -> String {
        lines.map(fold).joined()
    }

    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
}
