import MeddCore

/// A language for tests: a few of medctl's messages in German (and Polish plurals), the rest
/// English as gettext leaves a message its catalog lacks; and locales' formats as glibc gives them.
/// Used through `TestLanguage.german { … }`, which sets them for the running test's task only, so
/// tests of English text that run beside it are not disturbed.
struct TestTranslator: Translator {
    var messages: [String: String] = [:]
    /// Each message's plural forms, and the language's rule choosing one by the count.
    var plurals: [String: [String]] = [:]
    var pluralForm: @Sendable (Int) -> Int = { $0 == 1 ? 0 : 1 }

    func translate(_ messageID: String) -> String { messages[messageID] ?? messageID }

    func translate(_ singular: String, _ plural: String, count: Int) -> String {
        guard let forms = plurals[singular] else { return count == 1 ? singular : plural }
        return forms[min(pluralForm(count), forms.count - 1)]
    }
}

enum TestLanguage {
    static let germanMessages: [String: String] = [
        "pending": "ausstehend",
        "snoozed": "verschoben",
        "taken": "genommen",
        "skipped": "ausgelassen",
        "missed": "versäumt",
        "fired": "erinnert",
        "DUE": "FÄLLIG",
        "DOSE ID": "DOSIS-ID",
        "MEDICATION": "MEDIKAMENT",
        "STATE": "STATUS",
        "ANSWERED": "BEANTWORTET",
        "ON TIME": "PÜNKTLICH",
        "LATE": "SPÄT",
        "SKIPPED": "AUSGELASSEN",
        "MISSED": "VERSÄUMT",
        "TAKEN %%": "GENOMMEN %%",
        "TOTAL": "GESAMT",
        "%1$s%%": "%1$s %%",
        "Adherence of doses due %1$s to %2$s, %3$s": "Einnahme der von %1$s bis %2$s fälligen Dosen, %3$s",
        "from medd's ledger": "aus medds Buch",
        "Mark a dose taken.": "Eine Dosis als genommen markieren.",
        "When it was taken (default: now).": "Wann sie genommen wurde (Vorgabe: jetzt).",
        "OVERVIEW: %1$s": "ÜBERSICHT: %1$s",
        "USAGE: %1$s": "AUFRUF: %1$s",
        "OPTIONS:": "OPTIONEN:",
        "unknown verb '%1$s'; the verbs are %2$s": "unbekanntes Verb „%1$s“; die Verben sind %2$s",
        "See `%1$s`.": "Siehe `%1$s`.",
        "%1$s %2$s: expected %3$s": "%1$s %2$s: erwartet wird %3$s",
        "a whole number": "eine ganze Zahl",
        "Show the help of a verb.": "Die Hilfe eines Verbs zeigen.",
        "%1$s: %2$s, due %3$s": "%1$s: %2$s, fällig %3$s",
        "next: %1$s at %2$s": "als Nächstes: %1$s um %2$s",
        "nothing planned": "nichts geplant",
        "%1$s via %2$s": "%1$s über %2$s",
        "until %1$s": "bis %1$s",
        "open: %1$s, %2$s": "offen: %1$s, %2$s",
        "all on time": "alle pünktlich",
        "some late": "einige spät",
        "some skipped": "einige ausgelassen",
        "some missed": "einige versäumt",
        "none answered": "keine beantwortet",
        "%1$s is already %2$s": "%1$s ist schon %2$s",
    ]

    static let german = TestTranslator(messages: germanMessages, plurals: [
        "%1$d pending": ["%1$d ausstehend", "%1$d ausstehend"],
        "%1$d snoozed": ["%1$d verschoben", "%1$d verschoben"],
    ])

    /// Polish has three plural forms: 1, 2–4 (but not 12–14), and the rest.
    static let polish = TestTranslator(messages: ["open: %1$s, %2$s": "otwarte: %1$s, %2$s"], plurals: [
        "%1$d pending": ["%1$d oczekująca", "%1$d oczekujące", "%1$d oczekujących"],
        "%1$d snoozed": ["%1$d odłożona", "%1$d odłożone", "%1$d odłożonych"],
    ], pluralForm: { n in n == 1 ? 0 : (2...4).contains(n % 10) && !(12...14).contains(n % 100) ? 1 : 2 })

    /// de_DE as glibc has it: 24-hour times, day first, weeks from Monday, a decimal comma.
    static let germanFormats = LocaleFormats(
        timePattern: "%H:%M", datePattern: "%d.%m.%Y",
        weekdayNames: ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
        abbreviatedWeekdayNames: ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
        monthNames: germanMonths, monthNamesInDates: germanMonths,
        abbreviatedMonthNames: ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"],
        anteMeridiem: "", postMeridiem: "", firstWeekday: .mon, decimalSeparator: ",")

    private static let germanMonths = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
                                       "Oktober", "November", "Dezember"]

    /// en_US: 12-hour times, month first, weeks from Sunday.
    static let americanFormats = LocaleFormats(
        timePattern: "%I:%M %p", datePattern: "%m/%d/%Y",
        weekdayNames: LocaleFormats.technical.weekdayNames, abbreviatedWeekdayNames: LocaleFormats.technical.abbreviatedWeekdayNames,
        monthNames: LocaleFormats.technical.monthNames, monthNamesInDates: LocaleFormats.technical.monthNames,
        abbreviatedMonthNames: LocaleFormats.technical.abbreviatedMonthNames,
        anteMeridiem: "AM", postMeridiem: "PM", firstWeekday: .sun, decimalSeparator: ".")

    /// fr_FR: abbreviated months of different widths (`mai`, `sept.`).
    static let frenchFormats = LocaleFormats(
        timePattern: "%H:%M", datePattern: "%d/%m/%Y",
        weekdayNames: ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
        abbreviatedWeekdayNames: ["lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."],
        monthNames: frenchMonths, monthNamesInDates: frenchMonths,
        abbreviatedMonthNames: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
        anteMeridiem: "", postMeridiem: "", firstWeekday: .mon, decimalSeparator: ",")

    private static let frenchMonths = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
                                       "octobre", "novembre", "décembre"]

    /// zh_CN: wide (two-column) names of days and months, times in 时 and 分.
    static let chineseFormats = LocaleFormats(
        timePattern: "%H时%M分", datePattern: "%Y年%m月%d日",
        weekdayNames: ["星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日"],
        abbreviatedWeekdayNames: ["一", "二", "三", "四", "五", "六", "日"],
        monthNames: (1...12).map { "\($0)月" }, monthNamesInDates: (1...12).map { "\($0)月" },
        abbreviatedMonthNames: (1...12).map { "\($0)月" },
        anteMeridiem: "上午", postMeridiem: "下午", firstWeekday: .mon, decimalSeparator: ".")

    /// Runs `body` in German with de_DE's formats (for this test's task only).
    static func german<Result>(formats: LocaleFormats = germanFormats, _ body: () throws -> Result) rethrows -> Result {
        try Translation.using(german, formats: formats, body)
    }

    /// Runs `body` in English with `formats`.
    static func english<Result>(formats: LocaleFormats, _ body: () throws -> Result) rethrows -> Result {
        try Translation.using(EnglishTranslator(), formats: formats, body)
    }
}
