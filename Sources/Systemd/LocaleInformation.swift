import CSystemd
import Glibc

/// What glibc's locale (`LC_TIME`, `LC_NUMERIC`) says about writing dates, times and numbers, as
/// `nl_langinfo` gives it. Reads the categories `MessageCatalog.open` (or `setlocale`) set.
public struct LocaleInformation: Sendable {
    /// The `LC_TIME` locale's name: `C`, `POSIX`, `C.UTF-8` for the technical ones.
    public let timeLocaleName: String
    public let dateFormat: String
    public let timeFormat: String
    public let twelveHourTimeFormat: String
    /// Sunday first, as glibc counts.
    public let weekdayNames: [String]
    public let abbreviatedWeekdayNames: [String]
    public let monthNames: [String]
    public let nominativeMonthNames: [String]
    public let abbreviatedMonthNames: [String]
    public let anteMeridiem: String
    public let postMeridiem: String
    /// 0 for Sunday to 6 for Saturday.
    public let firstWeekday: Int
    public let decimalSeparator: String

    /// Puts `LC_NUMERIC` back to C once its decimal separator has been read: C libraries in this
    /// process (SQLite's, libsystemd's, cairo's) print and parse numbers for machines, not people.
    public static func keepNumbersInC() {
        _ = setlocale(LC_NUMERIC, "C")
    }

    public static func current() -> LocaleInformation {
        func item(_ item: medd_langinfo_item, _ index: Int32 = 0) -> String { String(cString: medd_langinfo(item, index)) }
        return LocaleInformation(
            timeLocaleName: setlocale(LC_TIME, nil).map { String(cString: $0) } ?? "C",
            dateFormat: item(MEDD_D_FMT), timeFormat: item(MEDD_T_FMT), twelveHourTimeFormat: item(MEDD_T_FMT_AMPM),
            weekdayNames: (0..<7).map { item(MEDD_DAY, $0) }, abbreviatedWeekdayNames: (0..<7).map { item(MEDD_ABDAY, $0) },
            monthNames: (0..<12).map { item(MEDD_MON, $0) }, nominativeMonthNames: (0..<12).map { item(MEDD_ALTMON, $0) },
            abbreviatedMonthNames: (0..<12).map { item(MEDD_ABMON, $0) },
            anteMeridiem: item(MEDD_AM), postMeridiem: item(MEDD_PM),
            firstWeekday: Int(medd_first_weekday()), decimalSeparator: item(MEDD_RADIX))
    }
}
