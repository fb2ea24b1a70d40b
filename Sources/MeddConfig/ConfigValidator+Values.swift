import MeddCore
import TOMLKit

/// Typed reads of single values; each reports what is wrong and returns nil on error.
extension ConfigValidator {
    private static let durationHint = "write it like 45s, 10m, 2h, 1h30m or 1d"

    func expected(_ expectation: String, found value: TOMLValue, at path: ConfigPath) {
        report(path, .value, "expected \(expectation), found \(Self.kind(of: value))")
    }

    func string(_ value: TOMLValue, at path: ConfigPath, expected expectation: String = "a string") -> String? {
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
            report(path, .value, "is empty; write e.g. \(example)")
            return nil
        }
        return string
    }

    func bool(_ value: TOMLValue, at path: ConfigPath) -> Bool? {
        guard let bool = value.bool else {
            expected("true or false", found: value, at: path)
            return nil
        }
        return bool
    }

    func integer(_ value: TOMLValue, at path: ConfigPath, in range: ClosedRange<Int>) -> Int? {
        guard let number = value.int else {
            expected("a whole number", found: value, at: path)
            return nil
        }
        guard range.contains(number) else {
            let wanted = range.upperBound == Int.max ? "\(range.lowerBound) or more" : "\(range.lowerBound) to \(range.upperBound)"
            report(path, .value, "\(number) is out of range; use \(wanted)")
            return nil
        }
        return number
    }

    func duration(_ value: TOMLValue, at path: ConfigPath, example: String = "2h") -> TimeSpan? {
        guard let text = string(value, at: path, expected: "a duration string like \"\(example)\"") else { return nil }
        guard let span = TimeSpan(parsing: text) else {
            report(path, .value, "\(Self.quoted(text)) is not a duration; \(Self.durationHint)")
            return nil
        }
        return span
    }

    /// A duration longer than zero.
    func positiveDuration(_ value: TOMLValue, at path: ConfigPath, example: String) -> TimeSpan? {
        guard let span = duration(value, at: path) else { return nil }
        guard span.seconds > 0 else {
            report(path, .value, "must be longer than 0, e.g. \"\(example)\"")
            return nil
        }
        return span
    }

    /// `HH:MM` as a string, or a TOML local time with no seconds.
    func wallTime(_ value: TOMLValue, at path: ConfigPath) -> WallTime? {
        if let time = value.time {
            guard time.second == 0, time.nanoSecond == 0, let wallTime = WallTime(hour: time.hour, minute: time.minute) else {
                let written = [time.hour, time.minute, time.second].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
                report(path, .value, "\(written) has seconds; times have minute precision, write them as \"HH:MM\"")
                return nil
            }
            return wallTime
        }
        guard let text = string(value, at: path, expected: "a time like \"08:00\"") else { return nil }
        guard let wallTime = WallTime(parsing: text) else {
            report(path, .value, "\(Self.quoted(text)) is not a time; write it as HH:MM on a 24-hour clock, e.g. \"08:00\" or \"20:30\"")
            return nil
        }
        return wallTime
    }

    /// `YYYY-MM-DD` as a string, or a TOML local date.
    func date(_ value: TOMLValue, at path: ConfigPath) -> LocalDate? {
        if let date = value.date {
            guard let localDate = LocalDate(year: date.year, month: date.month, day: date.day) else {
                report(path, .value, "year \(date.year) is out of range; use a date from 0001-01-01 to 9999-12-31")
                return nil
            }
            return localDate
        }
        guard let text = string(value, at: path, expected: "a date like \"2026-11-01\"") else { return nil }
        guard let date = LocalDate(parsing: text) else {
            report(path, .value, "\(Self.quoted(text)) is not a date; write it as YYYY-MM-DD, e.g. \"2026-11-01\"")
            return nil
        }
        return date
    }

    /// `"local"` or a zone name in the system's tz database, whose file is read now.
    func zone(_ value: TOMLValue, at path: ConfigPath) -> ZoneChoice? {
        let expectation = "\"local\" or an IANA zone name like \"Europe/Berlin\""
        guard let name = string(value, at: path, expected: expectation) else { return nil }
        if name == "local" { return .local }
        if zones[name] == nil {
            do throws(ZoneFileError) {
                zones[name] = try zoneDatabase.rules(named: name)
            } catch {
                reportAsIs(path, .value, "timezone \(Self.quoted(name)): \(error)")
                return nil
            }
        }
        return .named(name)
    }

    func table(_ value: TOMLValue, at path: ConfigPath, expected expectation: String) -> TOMLTable? {
        guard let table = value.table else {
            expected(expectation, found: value, at: path)
            return nil
        }
        return table
    }

    /// What `read` makes of each entry of a table keyed by ID (`[medication.ID]`, `[person.ID]`), in
    /// key order; entries with errors are left out.
    func entries<Entry>(of table: TOMLTable, at path: ConfigPath, _ read: (String, TOMLValue, ConfigPath) -> Entry?) -> [Entry] {
        table.keys.compactMap { id in table[id].flatMap { read(id, $0.tomlValue, path.appending(id)) } }
    }

    func array(_ value: TOMLValue, at path: ConfigPath, expected expectation: String) -> [TOMLValue]? {
        guard let array = value.array else {
            expected(expectation, found: value, at: path)
            return nil
        }
        return array.map(\.tomlValue)
    }

    /// "a string", "an integer", … for messages.
    private static func kind(of value: TOMLValue) -> String {
        switch value.type {
        case .table: return "a table"
        case .array: return "an array"
        case .string: return "a string"
        case .int: return "an integer"
        case .double: return "a floating-point number"
        case .bool: return "a boolean"
        case .date: return "a date"
        case .time: return "a time"
        case .dateTime: return "a date-time"
        }
    }

    /// `text` in double quotes, escaped so a message stays on one line.
    static func quoted(_ text: String) -> String { DisplayText.quoted(text) }
}
