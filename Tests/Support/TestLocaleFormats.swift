public import MeddCore

/// Locales' formats as glibc gives them, made by hand so that tests need no compiled locale.
public enum TestLocaleFormats {
    /// de_DE as glibc has it: 24-hour times, day first, weeks from Monday, a decimal comma.
    public static let german = LocaleFormats(
        timePattern: "%H:%M", datePattern: "%d.%m.%Y",
        weekdayNames: ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
        abbreviatedWeekdayNames: ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
        monthNames: germanMonths, monthNamesInDates: germanMonths,
        abbreviatedMonthNames: ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"],
        anteMeridiem: "", postMeridiem: "", firstWeekday: .mon, decimalSeparator: ",")

    private static let germanMonths = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
                                       "Oktober", "November", "Dezember"]

    /// en_US: 12-hour times, month first, weeks from Sunday.
    public static let american = LocaleFormats(
        timePattern: "%I:%M %p", datePattern: "%m/%d/%Y",
        weekdayNames: LocaleFormats.technical.weekdayNames, abbreviatedWeekdayNames: LocaleFormats.technical.abbreviatedWeekdayNames,
        monthNames: LocaleFormats.technical.monthNames, monthNamesInDates: LocaleFormats.technical.monthNames,
        abbreviatedMonthNames: LocaleFormats.technical.abbreviatedMonthNames,
        anteMeridiem: "AM", postMeridiem: "PM", firstWeekday: .sun, decimalSeparator: ".")

    /// fr_FR: abbreviated months of different widths (`mai`, `sept.`).
    public static let french = LocaleFormats(
        timePattern: "%H:%M", datePattern: "%d/%m/%Y",
        weekdayNames: ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
        abbreviatedWeekdayNames: ["lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."],
        monthNames: frenchMonths, monthNamesInDates: frenchMonths,
        abbreviatedMonthNames: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
        anteMeridiem: "", postMeridiem: "", firstWeekday: .mon, decimalSeparator: ",")

    private static let frenchMonths = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
                                       "octobre", "novembre", "décembre"]

    /// zh_CN: wide (two-column) names of days and months, times in 时 and 分.
    public static let chinese = LocaleFormats(
        timePattern: "%H时%M分", datePattern: "%Y年%m月%d日",
        weekdayNames: ["星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日"],
        abbreviatedWeekdayNames: ["一", "二", "三", "四", "五", "六", "日"],
        monthNames: (1...12).map { "\($0)月" }, monthNamesInDates: (1...12).map { "\($0)月" },
        abbreviatedMonthNames: (1...12).map { "\($0)月" },
        anteMeridiem: "上午", postMeridiem: "下午", firstWeekday: .mon, decimalSeparator: ".")
}
