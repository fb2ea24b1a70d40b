import MeddCore

/// Typed reads of single values; each reports what is wrong and returns nil on error.
extension ConfigValidator {
    /// `expectation` is what the value should have been, like "a whole number" or "true or false".
    func expected(_ expectation: any MessageArgument, found value: TOMLValue, at path: ConfigPath) {
        // TRANSLATORS: a value of the configuration file has the wrong type: %1$s is what it should be, like
        // "a whole number", %2$s what it is, like "a string".
        report(path, .value, Translatable("expected %1$s, found %2$s", expectation, Self.kind(of: value)))
    }

    func string(_ value: TOMLValue, at path: ConfigPath, expected expectation: any MessageArgument = Translatable("a string")) -> String? {
        guard let string = value.string else {
            expected(expectation, found: value, at: path)
            return nil
        }
        return string
    }

    /// A string that must hold some visible text.
    func text(_ value: TOMLValue, at path: ConfigPath, example: String) -> String? {
        guard let string = string(value, at: path) else { return nil }
        guard string.contains(where: { !$0.isWhitespace }) else {
            // TRANSLATORS: %1$s is an example of the key with a value, like name = "Metformin".
            report(path, .value, Translatable("is empty; write e.g. %1$s", example))
            return nil
        }
        return string
    }

    func bool(_ value: TOMLValue, at path: ConfigPath) -> Bool? {
        guard let bool = value.bool else {
            expected(Self.alternatives(["true", "false"]), found: value, at: path)
            return nil
        }
        return bool
    }

    func integer(_ value: TOMLValue, at path: ConfigPath, in range: ClosedRange<Int>) -> Int? {
        guard let number = value.int else {
            expected(Translatable("a whole number"), found: value, at: path)
            return nil
        }
        guard range.contains(number) else {
            let wanted = range.upperBound == Int.max
                // TRANSLATORS: the numbers a key allows, as in "0 is out of range; use 1 or more".
                ? Translatable("%1$d or more", String(range.lowerBound))
                // TRANSLATORS: the numbers a key allows, as in "91 is out of range; use 1 to 90".
                : Translatable("%1$d to %2$d", String(range.lowerBound), String(range.upperBound))
            // TRANSLATORS: %1$d is the number written, %2$s the numbers allowed, like "1 to 90" or "1 or more".
            report(path, .value, Translatable("%1$d is out of range; use %2$s", String(number), wanted))
            return nil
        }
        return number
    }

    /// A number of units with at most three decimal places (`2`, `0.5`, `27.25`), at least `minimum`.
    func quantity(_ value: TOMLValue, at path: ConfigPath, atLeast minimum: Quantity) -> Quantity? {
        let example = Translatable("a number like %1$s or %2$s", "2", "0.5")
        let parsed: Result<Quantity, Quantity.Refusal>
        let written: String
        if let whole = value.int {
            parsed = Quantity.parse(units: whole)
            written = String(whole)
        } else if let text = value.floatText {
            parsed = Self.plainDecimal(text).map(Quantity.parse) ?? .failure(.notDecimal)
            written = text
        } else {
            if let text = value.string, case .success = Quantity.parse(text) {
                // TRANSLATORS: %1$s is the value written in quotes, %2$s the same without them.
                report(path, .value, Translatable("%1$s is a string; write the number without quotes: %2$s", Self.quoted(text), text))
            } else {
                expected(example, found: value, at: path)
            }
            return nil
        }
        let outOfRange = Translatable("%1$d is out of range; use %2$s", written, Translatable("%1$d or more", minimum.description))
        switch parsed {
        case .failure(.tooLarge) where written.hasPrefix("-"):
            report(path, .value, outOfRange)
        case .failure(.tooPrecise):
            // TRANSLATORS: %1$s is the number written; %2$s the smallest step medd counts, 0.001.
            report(path, .value, Translatable("%1$s has more than three decimal places; amounts are counted to the thousandth (%2$s)",
                                              written, Quantity.smallest.description))
        case .failure(.tooLarge):
            // TRANSLATORS: %1$s is the number written, %2$s the largest amount medd takes.
            report(path, .value, Translatable("%1$s is too large; use at most %2$s", written, Quantity.maximum.description))
        case .failure(.notDecimal):
            expected(example, found: value, at: path)
        case .success(let quantity) where quantity < minimum:
            report(path, .value, outOfRange)
        case .success(let quantity):
            return quantity
        }
        return nil
    }

    /// A TOML float as a plain decimal, exactly: underscores dropped, an exponent applied by moving the
    /// point (`2.5e2` is `250`, `1e-5` is `0.00001`); nil for `inf` and `nan`. Exponents beyond ±40 are
    /// taken as ±40, which still makes a number too large or too precise for any amount.
    private static func plainDecimal(_ written: String) -> String? {
        var bytes = written.utf8.filter { $0 != UInt8(ascii: "_") }[...]
        let sign = bytes.first == UInt8(ascii: "-") ? "-" : ""
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        let exponentStart = bytes.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        let mantissa = bytes[..<(exponentStart ?? bytes.endIndex)]
        let point = mantissa.firstIndex(of: UInt8(ascii: ".")) ?? mantissa.endIndex
        let digits = Array(mantissa[..<point]) + Array(mantissa[point...].dropFirst())
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        var exponent = 0
        if let exponentStart {
            guard let parsed = Int(String(decoding: bytes[(exponentStart + 1)...].prefix(12), as: UTF8.self)) else { return nil }
            exponent = min(40, max(-40, parsed))
        }
        let zero = UInt8(ascii: "0")
        let pointIndex = (point - mantissa.startIndex) + exponent
        let text: [UInt8] = if pointIndex <= 0 {
            Array("0.".utf8) + Array(repeating: zero, count: -pointIndex) + digits
        } else if pointIndex >= digits.count {
            digits + Array(repeating: zero, count: pointIndex - digits.count)
        } else {
            Array(digits[..<pointIndex]) + [UInt8(ascii: ".")] + Array(digits[pointIndex...])
        }
        return sign + String(decoding: text, as: UTF8.self)
    }

    func duration(_ value: TOMLValue, at path: ConfigPath, example: String = "2h") -> TimeSpan? {
        guard let text = string(value, at: path, expected: Translatable("a duration string like %1$s", "\"\(example)\"")) else { return nil }
        guard let span = TimeSpan(parsing: text) else {
            // TRANSLATORS: %1$s is the value written, %2$s the ways of writing a duration, like 45s, 10m or 1d.
            report(path, .value, Translatable("%1$s is not a duration; write it like %2$s", Self.quoted(text), Self.durationExamples))
            return nil
        }
        return span
    }

    /// A duration longer than zero.
    func positiveDuration(_ value: TOMLValue, at path: ConfigPath, example: String) -> TimeSpan? {
        guard let span = duration(value, at: path) else { return nil }
        guard span.seconds > 0 else {
            report(path, .value, Translatable("must be longer than 0, e.g. %1$s", "\"\(example)\""))
            return nil
        }
        return span
    }

    /// `HH:MM` as a string, or a TOML local time with no seconds.
    func wallTime(_ value: TOMLValue, at path: ConfigPath) -> WallTime? {
        if let time = value.time {
            guard time.second == 0, time.nanosecond == 0, let wallTime = WallTime(hour: time.hour, minute: time.minute) else {
                let written = [time.hour, time.minute, time.second].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
                // TRANSLATORS: %1$s is the time written, like 08:00:30; %2$s is "HH:MM", never translated.
                report(path, .value, Translatable("%1$s has seconds; times have minute precision, write them as %2$s", written, "\"HH:MM\""))
                return nil
            }
            return wallTime
        }
        guard let text = string(value, at: path, expected: Translatable("a time like %1$s", "\"08:00\"")) else { return nil }
        guard let wallTime = WallTime(parsing: text) else {
            // TRANSLATORS: %1$s is the value written; %2$s is HH:MM, never translated: a configuration writes times
            // that way in every language; %3$s and %4$s are examples.
            report(path, .value, Translatable("%1$s is not a time; write it as %2$s on a 24-hour clock, e.g. %3$s or %4$s",
                                              Self.quoted(text), "HH:MM", "\"08:00\"", "\"20:30\""))
            return nil
        }
        return wallTime
    }

    /// `YYYY-MM-DD` as a string, or a TOML local date.
    func date(_ value: TOMLValue, at path: ConfigPath) -> LocalDate? {
        if let date = value.date {
            guard let localDate = LocalDate(year: date.year, month: date.month, day: date.day) else {
                report(path, .value, Translatable("year %1$d is out of range; use a date from %2$s to %3$s",
                                                  String(date.year), "0001-01-01", "9999-12-31"))
                return nil
            }
            return localDate
        }
        guard let text = string(value, at: path, expected: Translatable("a date like %1$s", "\"2026-11-01\"")) else { return nil }
        guard let date = LocalDate(parsing: text) else {
            // TRANSLATORS: %1$s is the value written; %2$s is YYYY-MM-DD, never translated: a configuration writes
            // dates that way in every language; %3$s is an example.
            report(path, .value, Translatable("%1$s is not a date; write it as %2$s, e.g. %3$s", Self.quoted(text), "YYYY-MM-DD", "\"2026-11-01\""))
            return nil
        }
        return date
    }

    /// `"local"` or a zone name in the system's tz database, whose file is read now.
    func zone(_ value: TOMLValue, at path: ConfigPath) -> ZoneChoice? {
        let expectation = Translatable("%1$s or an IANA zone name like %2$s", "\"local\"", "\"Europe/Berlin\"")
        guard let name = string(value, at: path, expected: expectation) else { return nil }
        if name == "local" { return .local }
        if zones[name] == nil {
            do throws(ZoneFileError) {
                zones[name] = try zoneDatabase.rules(named: name)
            } catch {
                // TRANSLATORS: a time zone named in the configuration cannot be used: %1$s is its name, %2$s why
                // (the system's words, like "/usr/share/zoneinfo/Mars/Base: No such file or directory").
                reportAsIs(path, .value, Translatable("timezone %1$s: %2$s", Self.quoted(name), error.description))
                return nil
            }
        }
        return .named(name)
    }

    func table(_ value: TOMLValue, at path: ConfigPath, expected expectation: Translatable) -> TOMLTable? {
        guard let table = value.table else {
            expected(expectation, found: value, at: path)
            return nil
        }
        return table
    }

    /// What `read` makes of each entry of a table keyed by ID (`[medication.ID]`, `[person.ID]`), in
    /// key order; entries with errors are left out.
    func entries<Entry>(of table: TOMLTable, at path: ConfigPath, _ read: (String, TOMLValue, ConfigPath) -> Entry?) -> [Entry] {
        table.keys.compactMap { id in table[id].flatMap { read(id, $0, path.appending(id)) } }
    }

    func array(_ value: TOMLValue, at path: ConfigPath, expected expectation: Translatable) -> [TOMLValue]? {
        guard let array = value.array else {
            expected(expectation, found: value, at: path)
            return nil
        }
        return array
    }

    /// `"90s" is not a whole number of minutes; use e.g. "90m" or "2h"`.
    static func notWholeMinutes(_ written: String, examples first: String, _ second: String) -> Translatable {
        // TRANSLATORS: %1$s is the duration written, %2$s and %3$s examples of whole minutes.
        Translatable("%1$s is not a whole number of minutes; use e.g. %2$s or %3$s", written, first, second)
    }

    /// The ways of writing a duration: `45s, 10m, 2h, 1h30m or 1d`.
    private static let durationExamples = alternatives(["45s", "10m", "2h", "1h30m", "1d"])

    /// "a string", "an integer", … for messages.
    private static func kind(of value: TOMLValue) -> Translatable {
        switch value.type {
        // TRANSLATORS: a kind of value in the configuration file (TOML), as in "expected a whole number, found a table".
        case .table: return Translatable("a table")
        case .array: return Translatable("an array")
        case .string: return Translatable("a string")
        case .int: return Translatable("an integer")
        case .double: return Translatable("a floating-point number")
        case .bool: return Translatable("a boolean")
        case .date: return Translatable("a date")
        case .time: return Translatable("a time")
        case .dateTime: return Translatable("a date-time")
        }
    }

    /// `text` in double quotes, escaped so a message stays on one line.
    static func quoted(_ text: String) -> String { DisplayText.quoted(text) }
}
