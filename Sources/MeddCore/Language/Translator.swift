/// Finds a message's translation: gettext's catalogs in the programs (`GettextTranslator` in the
/// Systemd module), English in tests and wherever text must stay English.
public protocol Translator: Sendable {
    func translate(_ messageID: String) -> String
    func translate(_ singular: String, _ plural: String, count: Int) -> String
}

/// The message IDs themselves: English, with English's two plural forms (gettext's rule when no
/// catalog matches).
public struct EnglishTranslator: Translator {
    public init() {}

    public func translate(_ messageID: String) -> String { messageID }

    public func translate(_ singular: String, _ plural: String, count: Int) -> String { count == 1 ? singular : plural }
}

/// The translator and the locale's formats this process shows people-facing text with. A program
/// sets them once at start-up, before it starts any thread; until then, and in the daemon's journal
/// text, everything is English with the C locale's formats.
public enum Translation {
    nonisolated(unsafe) private static var translator: any Translator = EnglishTranslator()
    nonisolated(unsafe) private static var formats = LocaleFormats.technical

    public static var current: any Translator { translator }
    public static var currentFormats: LocaleFormats { formats }

    public static func use(_ translator: any Translator, formats: LocaleFormats) {
        self.translator = translator
        self.formats = formats
    }
}
