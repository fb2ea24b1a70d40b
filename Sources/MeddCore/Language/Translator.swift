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

    public static var current: any Translator { scoped?.translator ?? translator }
    public static var currentFormats: LocaleFormats { scoped?.formats ?? formats }

    public static func use(_ translator: any Translator, formats: LocaleFormats) {
        self.translator = translator
        self.formats = formats
    }

    /// Runs `body` with `translator` and `formats` in place of the process's, for the current task
    /// (and the tasks it starts) only: tests that run side by side each see their own language.
    public static func using<Result>(_ translator: any Translator, formats: LocaleFormats,
                                     _ body: () throws -> Result) rethrows -> Result {
        try $scoped.withValue(Scope(translator: translator, formats: formats), operation: body)
    }

    private struct Scope: Sendable {
        let translator: any Translator
        let formats: LocaleFormats
    }

    @TaskLocal private static var scoped: Scope?
}
