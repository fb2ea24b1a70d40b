/// Reads TOML's dates and times from an unquoted token: `1979-05-27`, `07:32:00.5`, `1979-05-27T07:32:00`
/// and `1979-05-27 07:32:00-07:00`, each field checked against the calendar and the clock.
enum TOMLDateTimeReader {
    typealias Token = TOMLBareValueReader.Token

    /// Whether the token is meant as a date or a time: it starts `dddd-` or `dd:`.
    static func isDateOrTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        let start = bytes.startIndex
        if bytes.count >= 5, bytes[start..<start + 4].allSatisfy(isDigit), bytes[start + 4] == UInt8(ascii: "-") { return true }
        return bytes.count >= 3 && isDigit(bytes[start]) && isDigit(bytes[start + 1]) && bytes[start + 2] == UInt8(ascii: ":")
    }

    static func read(_ token: Token, in cursor: inout TOMLCursor) throws(TOMLSyntaxError) -> TOMLValue.Content {
        let bytes = cursor.bytes
        let start = token.range.lowerBound
        let end = token.range.upperBound
        guard bytes[start + 2] != UInt8(ascii: ":") else {
            // A time alone: `08:00` is most likely a wall-clock time meant as text (medd writes them "08:00").
            guard let (time, timeEnd) = try time(at: start, token, in: &cursor), timeEnd == end else {
                throw .notAValue(cursor.text(token.range), at: cursor.position(at: start))
            }
            return .time(time)
        }
        guard end - start >= 10, matches(bytes[start..<start + 10], "dddd-dd-dd") else {
            throw .invalidDate(token.text, at: cursor.position(at: start))
        }
        let date = try date(at: start, token, in: &cursor)
        if end - start == 10 { return .date(date) }
        let separator = bytes[start + 10]
        guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " ") else {
            throw .invalidDate(token.text, at: cursor.position(at: start + 10))
        }
        guard let (time, timeEnd) = try time(at: start + 11, token, in: &cursor) else {
            throw .invalidDateTime(token.text, at: cursor.position(at: start + 11))
        }
        if timeEnd == end { return .dateTime(TOMLDateTime(date: date, time: time, offsetMinutes: nil)) }
        let offset = bytes[timeEnd..<end]
        if offset.count == 1, offset.first == UInt8(ascii: "Z") || offset.first == UInt8(ascii: "z") {
            return .dateTime(TOMLDateTime(date: date, time: time, offsetMinutes: 0))
        }
        guard matches(offset, "+dd:dd") else {
            if offset.first == UInt8(ascii: "+") || offset.first == UInt8(ascii: "-") {
                throw .invalidOffset(token.text, at: cursor.position(at: timeEnd))
            }
            throw .invalidDateTime(token.text, at: cursor.position(at: timeEnd))
        }
        let hours = number(bytes[timeEnd + 1..<timeEnd + 3])
        let minutes = number(bytes[timeEnd + 4..<timeEnd + 6])
        guard hours <= 23, minutes <= 59 else { throw .invalidOffset(token.text, at: cursor.position(at: timeEnd)) }
        let sign = offset.first == UInt8(ascii: "-") ? -1 : 1
        return .dateTime(TOMLDateTime(date: date, time: time, offsetMinutes: sign * (hours * 60 + minutes)))
    }

    /// `YYYY-MM-DD` at `start` (its shape checked): a real day of the proleptic Gregorian calendar, from year 1
    /// (Python's tomllib, the reference, has no year 0).
    private static func date(at start: Int, _ token: Token, in cursor: inout TOMLCursor) throws(TOMLSyntaxError) -> TOMLDate {
        let bytes = cursor.bytes
        let date = TOMLDate(year: number(bytes[start..<start + 4]), month: number(bytes[start + 5..<start + 7]),
                            day: number(bytes[start + 8..<start + 10]))
        guard date.year >= 1 else { throw .yearOutOfRange(token.text, at: cursor.position(at: start)) }
        guard (1...12).contains(date.month) else { throw .monthOutOfRange(token.text, at: cursor.position(at: start + 5)) }
        let days = daysIn(month: date.month, year: date.year)
        guard (1...days).contains(date.day) else { throw .dayOutOfRange(token.text, days: days, at: cursor.position(at: start + 8)) }
        return date
    }

    /// `HH:MM:SS` with an optional fraction at `start`, and where it ends; nil when it is not shaped so.
    /// Seconds go to 59: tomllib takes no leap second.
    private static func time(at start: Int, _ token: Token, in cursor: inout TOMLCursor) throws(TOMLSyntaxError) -> (TOMLTime, Int)? {
        let bytes = cursor.bytes
        guard token.range.upperBound - start >= 8, matches(bytes[start..<start + 8], "dd:dd:dd") else { return nil }
        var time = TOMLTime(hour: number(bytes[start..<start + 2]), minute: number(bytes[start + 3..<start + 5]),
                            second: number(bytes[start + 6..<start + 8]), nanosecond: 0)
        guard time.hour <= 23 else { throw .hourOutOfRange(token.text, at: cursor.position(at: start)) }
        guard time.minute <= 59 else { throw .minuteOutOfRange(token.text, at: cursor.position(at: start + 3)) }
        guard time.second <= 59 else { throw .secondOutOfRange(token.text, at: cursor.position(at: start + 6)) }
        var end = start + 8
        guard end < token.range.upperBound, bytes[end] == UInt8(ascii: ".") else { return (time, end) }
        end += 1
        let fractionStart = end
        while end < token.range.upperBound, isDigit(bytes[end]) { end += 1 }
        guard end > fractionStart else { return nil }
        // Nanoseconds: digits past the ninth are cut off, as TOML lets a reader do.
        let digits = bytes[fractionStart..<min(end, fractionStart + 9)]
        time.nanosecond = number(digits) * Int(pow10(9 - digits.count))
        return (time, end)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Shape match: `d` is a decimal digit, `+` a sign, anything else itself.
    private static func matches(_ bytes: ArraySlice<UInt8>, _ pattern: String) -> Bool {
        guard bytes.count == pattern.utf8.count else { return false }
        return zip(bytes, pattern.utf8).allSatisfy { byte, expected in
            switch expected {
            case UInt8(ascii: "d"): isDigit(byte)
            case UInt8(ascii: "+"): byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            default: byte == expected
            }
        }
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int {
        digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    private static func pow10(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { result, _ in result * 10 } }

    private static func isDigit(_ byte: UInt8) -> Bool { TOMLBareValueReader.isDigit(byte) }
}
