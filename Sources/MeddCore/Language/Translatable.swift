/// People-facing text that is shown in the person's language: a gettext message ID (English, with
/// numbered `%1$s` arguments a translator may reorder), its plural form and count when it has one,
/// and its arguments. Built where the words are decided (pure code) and put into a language only
/// where they are shown, so the same diagnostic reads in German on a terminal and in English in
/// the journal.
///
/// `make pot` finds the message IDs by these initialisers' names: their first arguments must be
/// string literals without interpolation.
public struct Translatable: Hashable, Sendable, CustomStringConvertible {
    public let messageID: String
    public let pluralMessageID: String?
    public let count: Int
    /// The arguments in English; an argument that is a message of its own is also in `messageArguments`.
    public let arguments: [String]
    /// The arguments that are messages of their own, by position: shown in this message's language.
    public let messageArguments: [Int: Translatable]

    /// A message with no plural: `Translatable("Due at %1$s", time)`.
    public init(_ messageID: String, _ arguments: String...) {
        self.init(messageID, nil, 0, arguments)
    }

    /// A message with arguments that are messages of their own, or a mix:
    /// `Translatable("expected %1$s, found %2$s", Translatable("a string"), kind)`.
    public init(_ messageID: String, _ arguments: any MessageArgument...) {
        self.init(messageID, nil, 0, arguments)
    }

    /// A message whose words depend on a number: `Translatable.plural("%1$d dose", "%1$d doses", count: n, String(n))`.
    /// The language's own plural rule picks the form (Polish has three), never `count == 1`.
    public static func plural(_ singular: String, _ plural: String, count: Int, _ arguments: String...) -> Translatable {
        Translatable(singular, plural, count, arguments)
    }

    /// A plural message with arguments that are messages of their own, or a mix.
    public static func plural(_ singular: String, _ plural: String, count: Int, _ arguments: any MessageArgument...) -> Translatable {
        Translatable(singular, plural, count, arguments)
    }

    private init(_ singular: String, _ plural: String?, _ count: Int, _ arguments: [any MessageArgument]) {
        self.messageID = singular
        self.pluralMessageID = plural
        self.count = count
        var messages: [Int: Translatable] = [:]
        for (index, argument) in arguments.enumerated() {
            if let message = argument as? Translatable { messages[index] = message }
        }
        self.arguments = arguments.map { $0.text(using: EnglishTranslator()) }
        self.messageArguments = messages
    }

    /// The text in English, whatever the locale: for the journal, JSON and Varlink.
    public var english: String { text(using: EnglishTranslator()) }

    /// The text in the language this process was set up with (`Translation.use(_:)`).
    public var localized: String { text(using: Translation.current) }

    public func text(using translator: any Translator) -> String {
        let template = pluralMessageID.map { translator.translate(messageID, $0, count: count) } ?? translator.translate(messageID)
        let filled = arguments.indices.map { messageArguments[$0]?.text(using: translator) ?? arguments[$0] }
        return PositionalFormat.apply(template, filled)
    }

    public var description: String { english }
}
