/// What a message's `%1$s` stands for: text shown as it is (a `String`: a key, a value, a path, a
/// number) or a message of its own (a `Translatable`: "a whole number" in "expected %1$s, found
/// %2$s"), which is put into the same language as the message around it.
public protocol MessageArgument: Sendable {
    func text(using translator: any Translator) -> String
}

extension String: MessageArgument {
    /// The text as it is, in every language.
    public func text(using translator: any Translator) -> String { self }
}

extension Translatable: MessageArgument {}
