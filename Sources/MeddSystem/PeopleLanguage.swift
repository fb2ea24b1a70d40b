import MeddCore
import Systemd

/// Sets a program up to show people-facing text in the person's language and the locale's formats:
/// gettext's domain `medd` from the install prefix's catalogs, and `LocaleFormats` from `LC_TIME`
/// and `LC_NUMERIC`. Called first thing in `main`, before any thread starts.
public enum PeopleLanguage {
    public static let domain = "medd"

    public static func setUp() {
        let executable = (try? CurrentProcess.executablePath()) ?? "/usr/bin/medd"
        let catalog = MessageCatalog.open(domain: domain, directory: MessageCatalog.localeDirectory(executable: executable))
        Translation.use(GettextTranslator(catalog: catalog), formats: formats(LocaleInformation.current()))
        LocaleInformation.keepNumbersInC()
    }

    /// The locale's formats; the C and POSIX locales keep medd's ISO dates and 24-hour times.
    static func formats(_ locale: LocaleInformation) -> LocaleFormats {
        let name = locale.timeLocaleName
        if name == "C" || name == "POSIX" || name.hasPrefix("C.") { return .technical }
        let sundayFirst = { (names: [String]) in Array(names[1...]) + [names[0]] }
        return LocaleFormats(
            timePattern: timePattern(locale), datePattern: datePattern(locale.dateFormat),
            weekdayNames: sundayFirst(locale.weekdayNames), abbreviatedWeekdayNames: sundayFirst(locale.abbreviatedWeekdayNames),
            monthNames: locale.nominativeMonthNames.allSatisfy(\.isEmpty) ? locale.monthNames : locale.nominativeMonthNames,
            monthNamesInDates: locale.monthNames, abbreviatedMonthNames: locale.abbreviatedMonthNames,
            anteMeridiem: locale.anteMeridiem, postMeridiem: locale.postMeridiem,
            firstWeekday: Weekday.allCases[(locale.firstWeekday + 6) % 7],
            decimalSeparator: locale.decimalSeparator.isEmpty ? "." : locale.decimalSeparator)
    }

    /// The locale's time format without its seconds: `%T` (de_DE) gives `%H:%M`, `%r` (en_US) gives
    /// `%I:%M %p`, `%H时%M分%S秒` (zh_CN) gives `%H时%M分`.
    static func timePattern(_ locale: LocaleInformation) -> String {
        var pattern = locale.timeFormat
        if pattern.isEmpty { return "%H:%M" }
        if pattern.containsText("%r") {
            pattern = pattern.replacingText("%r", with: locale.twelveHourTimeFormat.isEmpty ? "%I:%M:%S %p" : locale.twelveHourTimeFormat)
        }
        pattern = pattern.replacingText("%T", with: "%H:%M:%S")
        guard let percent = pattern.indices.first(where: { pattern[$0] == "%" && pattern[pattern.index(after: $0)...].first == "S" })
        else { return pattern }
        var start = percent
        var end = pattern.index(percent, offsetBy: 2)
        if start > pattern.startIndex, ":.".contains(pattern[pattern.index(before: start)]) {
            start = pattern.index(before: start)
        } else {
            // A suffix such as 秒 belongs to the seconds.
            while end < pattern.endIndex, pattern[end] != "%", pattern[end] != " " { end = pattern.index(after: end) }
        }
        return String(pattern[..<start] + pattern[end...])
    }

    /// The locale's date format with a four-digit year: `%d/%m/%y` (es_ES) gives `%d/%m/%Y`.
    static func datePattern(_ format: String) -> String {
        format.isEmpty ? "%Y-%m-%d" : format.replacingText("%y", with: "%Y")
    }
}

/// gettext's catalogs of the `medd` domain as a `Translator`.
struct GettextTranslator: Translator {
    let catalog: MessageCatalog

    func translate(_ messageID: String) -> String { catalog.lookup(messageID) }

    func translate(_ singular: String, _ plural: String, count: Int) -> String { catalog.lookup(singular, plural, count: count) }
}
