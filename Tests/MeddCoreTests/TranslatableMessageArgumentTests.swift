import MeddCore
import Testing

/// A message's arguments may be messages of their own, put into the same language as the message.
struct TranslatableMessageArgumentTests {
    private struct ShoutingTranslator: Translator {
        func translate(_ messageID: String) -> String { messageID == "%1$s: %2$s" ? messageID : messageID.uppercased().replacingDirectives() }
        func translate(_ singular: String, _ plural: String, count: Int) -> String {
            (count == 1 ? singular : plural).uppercased().replacingDirectives()
        }
    }

    @Test func messageArgumentsAreTranslatedWithTheMessage() {
        let message = Translatable("expected %1$s, found %2$s", Translatable("a whole number"), Translatable("a string"))
        #expect(message.english == "expected a whole number, found a string")
        #expect(message.text(using: ShoutingTranslator()) == "EXPECTED A WHOLE NUMBER, FOUND A STRING")
        #expect(message.arguments == ["a whole number", "a string"])
        #expect(message.messageArguments == [0: Translatable("a whole number"), 1: Translatable("a string")])
    }

    @Test func textArgumentsStayAsTheyAre() {
        let inner = Translatable("%1$s is not a weekday", "\"Mon\"")
        let message = Translatable("%1$s: %2$s", "medication.a.days[0]", inner)
        #expect(message.english == "medication.a.days[0]: \"Mon\" is not a weekday")
        #expect(message.text(using: ShoutingTranslator()) == "medication.a.days[0]: \"Mon\" IS NOT A WEEKDAY")
        #expect(message.messageArguments.keys.sorted() == [1])
    }

    @Test func pluralWithAMessageArgument() {
        let message = Translatable.plural("%1$d dose of %2$s", "%1$d doses of %2$s", count: 2, "2", Translatable("water"))
        #expect(message.english == "2 doses of water")
        #expect(message.text(using: ShoutingTranslator()) == "2 DOSES OF WATER")
    }

    @Test func stringArgumentsAloneAreAsBefore() {
        let message = Translatable("Due at %1$s", "08:00")
        #expect(message.messageArguments.isEmpty)
        #expect(message == Translatable("Due at %1$s", "08:00"))
        #expect(message.english == "Due at 08:00")
    }
}

private extension String {
    /// Upper-casing turns `%1$s` into `%1$S`; puts the conversions back.
    func replacingDirectives() -> String {
        var result = ""
        var previousWasDollar = false
        for character in self {
            result.append(previousWasDollar && (character == "S" || character == "D") ? Character(character.lowercased()) : character)
            previousWasDollar = character == "$"
        }
        return result
    }
}
