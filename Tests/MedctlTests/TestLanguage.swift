import MeddCore
import MeddTestSupport

/// medctl's tests in another language: a few of medctl's messages in German (and Polish plurals), the rest
/// English as gettext leaves a message its catalog lacks; and locales' formats as glibc gives them.
/// Used through `TestLanguage.german { … }`, which sets them for the running test's task only, so
/// tests of English text that run beside it are not disturbed.
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

    /// Runs `body` in German with de_DE's formats (for this test's task only).
    static func german<Result>(formats: LocaleFormats = TestLocaleFormats.german, _ body: () throws -> Result) rethrows -> Result {
        try Translation.using(german, formats: formats, body)
    }

    /// Runs `body` in English with `formats`.
    static func english<Result>(formats: LocaleFormats, _ body: () throws -> Result) rethrows -> Result {
        try Translation.using(EnglishTranslator(), formats: formats, body)
    }
}
