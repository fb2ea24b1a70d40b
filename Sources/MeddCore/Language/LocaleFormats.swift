/// How the person's locale writes times, dates, names of days and months, and decimals (`LC_TIME`,
/// `LC_NUMERIC`): read from glibc by the Systemd module (`LocaleFormats.fromEnvironment()`), used
/// here without it. Patterns are strftime's, of which `LocaleFormats` formats the conversions glibc's
/// locales use for dates and times.
public struct LocaleFormats: Hashable, Sendable {
    /// A time of day to the minute: `%H:%M` (de_DE), `%I:%M %p` (en_US).
    public var timePattern: String
    /// A date with the year: `%d.%m.%Y` (de_DE), `%m/%d/%Y` (en_US).
    public var datePattern: String
    /// Full and abbreviated names, Monday first (`Weekday.allCases`' order).
    public var weekdayNames: [String]
    public var abbreviatedWeekdayNames: [String]
    /// Full month names as a heading says them (glibc's nominative `ALTMON`), January first, and as
    /// a date says them (`MON`: the genitive in Polish).
    public var monthNames: [String]
    public var monthNamesInDates: [String]
    public var abbreviatedMonthNames: [String]
    public var anteMeridiem: String
    public var postMeridiem: String
    /// The day a calendar's week starts on.
    public var firstWeekday: Weekday
    public var decimalSeparator: String

    public init(timePattern: String, datePattern: String, weekdayNames: [String], abbreviatedWeekdayNames: [String],
                monthNames: [String], monthNamesInDates: [String], abbreviatedMonthNames: [String],
                anteMeridiem: String, postMeridiem: String, firstWeekday: Weekday, decimalSeparator: String) {
        self.timePattern = timePattern
        self.datePattern = datePattern
        self.weekdayNames = weekdayNames
        self.abbreviatedWeekdayNames = abbreviatedWeekdayNames
        self.monthNames = monthNames
        self.monthNamesInDates = monthNamesInDates
        self.abbreviatedMonthNames = abbreviatedMonthNames
        self.anteMeridiem = anteMeridiem
        self.postMeridiem = postMeridiem
        self.firstWeekday = firstWeekday
        self.decimalSeparator = decimalSeparator
    }

    /// The C and POSIX locales: ISO 8601 dates and 24-hour times, English names, weeks from Monday.
    /// What medd wrote before it spoke other languages, and what scripts that read its output expect.
    public static let technical = LocaleFormats(
        timePattern: "%H:%M", datePattern: "%Y-%m-%d",
        weekdayNames: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        abbreviatedWeekdayNames: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
        monthNames: Self.englishMonths, monthNamesInDates: Self.englishMonths,
        abbreviatedMonthNames: Self.englishMonths.map { String($0.prefix(3)) },
        anteMeridiem: "AM", postMeridiem: "PM", firstWeekday: .mon, decimalSeparator: ".")

    private static let englishMonths = ["January", "February", "March", "April", "May", "June", "July", "August",
                                        "September", "October", "November", "December"]

    /// Whether times are written with AM and PM.
    public var usesTwelveHourClock: Bool {
        ["%I", "%l", "%p", "%r"].contains { timePattern.containsText($0) }
    }

    public func time(_ time: WallTime) -> String { format(timePattern, date: nil, time: time) }

    public func date(_ date: LocalDate) -> String { format(datePattern, date: date, time: nil) }

    /// A date and a time, as `medctl` lists them: `22.11.2026 08:00`.
    public func dateTime(_ date: LocalDate, _ time: WallTime) -> String { self.date(date) + " " + self.time(time) }

    public func weekdayName(_ weekday: Weekday) -> String { weekdayNames[Self.index(of: weekday)] }

    public func abbreviatedWeekdayName(_ weekday: Weekday) -> String { abbreviatedWeekdayNames[Self.index(of: weekday)] }

    /// `January` is month 1.
    public func monthName(_ month: Int) -> String { monthNames[(month - 1) % 12] }

    /// A decimal written with `.` (`12.5`), with the locale's separator (`12,5`).
    public func decimal(_ text: String) -> String {
        decimalSeparator == "." ? text : text.split(separator: ".", omittingEmptySubsequences: false).joined(separator: decimalSeparator)
    }

    /// The days of a week in the locale's order, from `firstWeekday`.
    public var weekdaysInOrder: [Weekday] {
        let start = Self.index(of: firstWeekday)
        return (0..<7).map { Weekday.allCases[(start + $0) % 7] }
    }

    private static func index(of weekday: Weekday) -> Int { Weekday.allCases.firstIndex(of: weekday) ?? 0 }

    /// strftime over a date and a time of day: the conversions of glibc's `d_fmt` and `t_fmt` (and
    /// `%e`, `%l`, `%P`); another is written as it stands.
    public func format(_ pattern: String, date: LocalDate?, time: WallTime?) -> String {
        var result = ""
        var characters = pattern[...]
        while let character = characters.popFirst() {
            guard character == "%", var conversion = characters.popFirst() else {
                result.append(character)
                continue
            }
            if conversion == "E" || conversion == "O", let modified = characters.popFirst() {
                // glibc's alternative forms: %OB is the nominative month name.
                if conversion == "O", modified == "B", let date {
                    result += monthName(date.month)
                    continue
                }
                conversion = modified
            }
            result += expand(conversion, date: date, time: time) ?? "%\(conversion)"
        }
        return result
    }

    private func expand(_ conversion: Character, date: LocalDate?, time: WallTime?) -> String? {
        switch conversion {
        case "%": return "%"
        case "n": return "\n"
        case "t": return "\t"
        default: break
        }
        if let date {
            switch conversion {
            case "Y": return String(date.year)
            case "y": return pad2(date.year % 100)
            case "C": return pad2(date.year / 100)
            case "m": return pad2(date.month)
            case "d": return pad2(date.day)
            case "e": return date.day < 10 ? " \(date.day)" : String(date.day)
            case "B": return monthNamesInDates[date.month - 1]
            case "b", "h": return abbreviatedMonthNames[date.month - 1]
            case "A": return weekdayName(date.weekday)
            case "a": return abbreviatedWeekdayName(date.weekday)
            case "F": return format("%Y-%m-%d", date: date, time: nil)
            case "D": return format("%m/%d/%y", date: date, time: nil)
            default: break
            }
        }
        if let time {
            let twelve = time.hour % 12 == 0 ? 12 : time.hour % 12
            switch conversion {
            case "H": return pad2(time.hour)
            case "k": return time.hour < 10 ? " \(time.hour)" : String(time.hour)
            case "I": return pad2(twelve)
            case "l": return twelve < 10 ? " \(twelve)" : String(twelve)
            case "M": return pad2(time.minute)
            case "S": return "00"
            case "p": return time.hour < 12 ? anteMeridiem : postMeridiem
            case "P": return (time.hour < 12 ? anteMeridiem : postMeridiem).lowercased()
            case "R": return format("%H:%M", date: nil, time: time)
            default: break
            }
        }
        return nil
    }
}
