/// A POSIX TZ string such as `CET-1CEST,M3.5.0,M10.5.0/3`: a standard offset and, optionally, a
/// daylight offset with the yearly rule that switches between them. It is the footer of a TZif file
/// (used after its last transition) and the form `TZ` may take. Rule times may be -167…167 hours,
/// the RFC 8536 version 3 extension.
public struct PosixTZRule: Hashable, Sendable, CustomStringConvertible {
    /// The text it was parsed from.
    public let text: String
    /// Seconds east of UTC outside daylight time (POSIX writes them west: `CET-1` is +3600).
    public let standardOffset: Int
    public let standardAbbreviation: String
    public let daylight: Daylight?

    /// Daylight time: its offset and the yearly changes into and out of it.
    public struct Daylight: Hashable, Sendable {
        public let offset: Int
        public let abbreviation: String
        /// When standard time ends, in standard local time.
        public let start: Change
        /// When daylight time ends, in daylight local time.
        public let end: Change
    }

    /// One yearly change: a day of the year and a local time on it (which may run past 24 hours).
    public struct Change: Hashable, Sendable {
        public enum Day: Hashable, Sendable {
            /// `Jn`: day 1…365, never counting February 29.
            case julian(Int)
            /// `n`: day 0…365, counting February 29.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (5 = the last) of month `m`.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }

        public let day: Day
        public let secondOfDay: Int

        /// The local seconds since the epoch at which this change happens in `year`.
        func localSecond(inYear year: Int64) -> Int64 {
            dayNumber(inYear: year) * 86_400 + Int64(secondOfDay)
        }

        private func dayNumber(inYear year: Int64) -> Int64 {
            switch day {
            case .julian(let number):
                let leapDay: Int64 = LocalDate.isLeap(year) && number >= 60 ? 1 : 0
                return LocalDate.dayNumber(year: year, month: 1, day: 1) + Int64(number - 1) + leapDay
            case .zeroBased(let number):
                return LocalDate.dayNumber(year: year, month: 1, day: 1) + Int64(number)
            case .monthWeekDay(let month, let week, let weekday):
                let first = LocalDate.dayNumber(year: year, month: month, day: 1)
                // 1970-01-01 was a Thursday (4 with Sunday as 0).
                let firstWeekday = Int(((first % 7) + 11) % 7)
                var day = 1 + (weekday - firstWeekday + 7) % 7 + 7 * (week - 1)
                let length = LocalDate.daysIn(month: month, year: Int(year % 400 + 400))
                while day > length { day -= 7 }
                return first + Int64(day - 1)
            }
        }
    }

    /// `describedAs` names the text in errors: "TZ string", "TZ string footer", "TZ".
    public init(parsing text: String, describedAs role: String = "TZ string") throws(ZoneFileError) {
        var parser = Parser(bytes: Array(text.utf8))
        do throws(Parser.Failure) {
            let standardAbbreviation = try parser.abbreviation()
            let standardOffset = -(try parser.offset(hours: 0...24))
            var daylight: Daylight?
            if !parser.atEnd {
                let abbreviation = try parser.abbreviation()
                let offset = parser.startsOffset ? -(try parser.offset(hours: 0...24)) : standardOffset + 3600
                let start: Change
                let end: Change
                if parser.atEnd {
                    // No rule: glibc's default, the United States' rule since 2007.
                    start = Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0), secondOfDay: 7200)
                    end = Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0), secondOfDay: 7200)
                } else {
                    try parser.expect(",")
                    start = try parser.change()
                    try parser.expect(",")
                    end = try parser.change()
                }
                daylight = Daylight(offset: offset, abbreviation: abbreviation, start: start, end: end)
            }
            guard parser.atEnd else { throw parser.failure("unexpected text after the rule") }
            self.text = text
            self.standardOffset = standardOffset
            self.standardAbbreviation = standardAbbreviation
            self.daylight = daylight
        } catch {
            throw ZoneFileError("bad \(role) \(DisplayText.quoted(text)) at character \(error.position + 1): \(error.reason)")
        }
    }

    /// A fixed offset with no daylight time.
    init(fixedOffset: Int, abbreviation: String) {
        text = ""
        standardOffset = fixedOffset
        standardAbbreviation = abbreviation
        daylight = nil
    }

    public var description: String { text }

    /// The UTC offset in force at an instant, deciding within the instant's UTC year as
    /// Python's `zoneinfo` does.
    public func offset(atSecond second: Int64) -> Int {
        guard let daylight else { return standardOffset }
        // Far-off instants keep a year the arithmetic below can hold; their offset matters to no one.
        let day = Swift.min(Swift.max(second.floorDivided(by: 86_400), -400_000_000), 400_000_000)
        let year = Int64(LocalDate(dayNumber: day).year)
        let start = daylight.start.localSecond(inYear: year) - Int64(standardOffset)
        let end = daylight.end.localSecond(inYear: year) - Int64(daylight.offset)
        let isDaylight = start < end ? (start <= second && second < end) : !(end <= second && second < start)
        return isDaylight ? daylight.offset : standardOffset
    }
}

extension PosixTZRule {
    /// A cursor over the TZ string's bytes.
    private struct Parser {
        struct Failure: Error {
            var position: Int
            var reason: String
        }

        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }
        private var next: UInt8? { index < bytes.count ? bytes[index] : nil }
        /// An offset follows: a sign or a digit.
        var startsOffset: Bool { next.map { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || Self.isDigit($0) } ?? false }

        func failure(_ reason: String) -> Failure { Failure(position: index, reason: reason) }

        mutating func expect(_ character: Unicode.Scalar) throws(Failure) {
            guard next == UInt8(ascii: character) else { throw failure("expected \"\(character)\"") }
            index += 1
        }

        /// `EST` (three or more letters) or `<+0545>` (three or more letters, digits, `+`, `-`).
        mutating func abbreviation() throws(Failure) -> String {
            let start = index
            if next == UInt8(ascii: "<") {
                index += 1
                let nameStart = index
                while let byte = next, Self.isLetter(byte) || Self.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                    index += 1
                }
                let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
                guard next == UInt8(ascii: ">") else { throw failure("expected \">\" closing the quoted abbreviation") }
                guard name.utf8.count >= 3 else { throw Failure(position: start, reason: "an abbreviation needs at least 3 characters") }
                index += 1
                return name
            }
            while let byte = next, Self.isLetter(byte) { index += 1 }
            guard index - start >= 3 else { throw Failure(position: start, reason: "expected an abbreviation of at least 3 letters") }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// `[+-]hh[:mm[:ss]]` in seconds, hours in `hours`.
        mutating func offset(hours: ClosedRange<Int>) throws(Failure) -> Int {
            var sign = 1
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") {
                sign = next == UInt8(ascii: "-") ? -1 : 1
                index += 1
            }
            let hourStart = index
            let hour = try number(maxDigits: 3)
            guard hours.contains(hour) else {
                throw Failure(position: hourStart, reason: "hours must be \(hours.lowerBound) to \(hours.upperBound)")
            }
            var seconds = hour * 3600
            for unit in [60, 1] {
                guard next == UInt8(ascii: ":") else { break }
                index += 1
                let partStart = index
                let part = try number(maxDigits: 2)
                guard part < 60 else { throw Failure(position: partStart, reason: "minutes and seconds must be 0 to 59") }
                seconds += part * unit
            }
            return sign * seconds
        }

        /// `date[/time]` after a comma.
        mutating func change() throws(Failure) -> Change {
            let day: Change.Day
            switch next {
            case UInt8(ascii: "J"):
                index += 1
                day = .julian(try number(maxDigits: 3, in: 1...365, what: "a Jn day"))
            case UInt8(ascii: "M"):
                index += 1
                let month = try number(maxDigits: 2, in: 1...12, what: "a month")
                try expect(".")
                let week = try number(maxDigits: 1, in: 1...5, what: "a week")
                try expect(".")
                let weekday = try number(maxDigits: 1, in: 0...6, what: "a weekday")
                day = .monthWeekDay(month: month, week: week, weekday: weekday)
            default:
                day = .zeroBased(try number(maxDigits: 3, in: 0...365, what: "a day"))
            }
            var secondOfDay = 7200
            if next == UInt8(ascii: "/") {
                index += 1
                secondOfDay = try offset(hours: 0...167)
            }
            return Change(day: day, secondOfDay: secondOfDay)
        }

        private mutating func number(maxDigits: Int, in range: ClosedRange<Int>, what: String) throws(Failure) -> Int {
            let start = index
            let value = try number(maxDigits: maxDigits)
            guard range.contains(value) else {
                throw Failure(position: start, reason: "\(what) must be \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }

        private mutating func number(maxDigits: Int) throws(Failure) -> Int {
            let start = index
            var value = 0
            while let byte = next, Self.isDigit(byte), index - start < maxDigits {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                index += 1
            }
            guard index > start else { throw failure("expected a number") }
            return value
        }

        private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        private static func isLetter(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        }
    }
}

extension Int64 {
    /// Division rounding toward negative infinity.
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
