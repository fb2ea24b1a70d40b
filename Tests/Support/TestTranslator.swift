public import MeddCore

/// A language for tests: some messages translated (and their plural forms, with the language's rule),
/// the rest English as gettext leaves a message its catalog lacks.
public struct TestTranslator: Translator {
    public var messages: [String: String]
    /// Each message's plural forms, and the language's rule choosing one by the count.
    public var plurals: [String: [String]]
    public var pluralForm: @Sendable (Int) -> Int

    public init(messages: [String: String] = [:], plurals: [String: [String]] = [:],
                pluralForm: @escaping @Sendable (Int) -> Int = { $0 == 1 ? 0 : 1 }) {
        self.messages = messages
        self.plurals = plurals
        self.pluralForm = pluralForm
    }

    public func translate(_ messageID: String) -> String { messages[messageID] ?? messageID }

    public func translate(_ singular: String, _ plural: String, count: Int) -> String {
        guard let forms = plurals[singular] else { return count == 1 ? singular : plural }
        return forms[min(pluralForm(count), forms.count - 1)]
    }
}
