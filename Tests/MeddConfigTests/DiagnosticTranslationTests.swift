import Foundation
import MeddConfig
import MeddCore
import Testing

/// Diagnostics are gettext messages: English in `description` (the journal, the fixtures), in the
/// person's language through a translator, and every message is a literal `make pot` extracts.
struct DiagnosticTranslationTests {
    /// Marks every message it translates with brackets, keeping its placeholders.
    private struct BracketingTranslator: Translator {
        func translate(_ messageID: String) -> String { "[\(messageID)]" }
        func translate(_ singular: String, _ plural: String, count: Int) -> String { "[\(count == 1 ? singular : plural)]" }
    }

    /// A German catalog with a few of the messages.
    private struct GermanTranslator: Translator {
        static let catalog = [
            "%1$s: %2$s": "%1$s – %2$s",
            "unknown key %1$s; did you mean %2$s?": "unbekannter Schlüssel %1$s; meinten Sie %2$s?",
            "expected %1$s, found %2$s": "%2$s gefunden, erwartet wird %1$s",
            "a whole number": "eine ganze Zahl",
            "a string": "eine Zeichenkette",
            "an integer": "eine Ganzzahl",
            "%1$s or %2$s": "%1$s oder %2$s",
        ]

        func translate(_ messageID: String) -> String { Self.catalog[messageID] ?? messageID }
        func translate(_ singular: String, _ plural: String, count: Int) -> String { count == 1 ? singular : plural }
    }

    private func diagnostics(_ text: String) -> [ConfigDiagnostic] {
        guard case .failure(let errors) = ConfigLoader.parse(text, path: "t.toml") else { return [] }
        return errors.diagnostics
    }

    /// `description` and `.english` are the English text they always were, whatever the translator.
    @Test func descriptionStaysEnglish() throws {
        let found = diagnostics("[settings]\nsooze = [\"10m\"]\nhorizon_days = \"14\"\n")
        #expect(found.map(\.description) == [
            "t.toml:2:1: settings: unknown key \"sooze\"; did you mean \"snooze\"?",
            "t.toml:3:16: settings.horizon_days: expected a whole number, found a string",
        ])
        #expect(found.map(\.message.english) == [
            "settings: unknown key \"sooze\"; did you mean \"snooze\"?",
            "settings.horizon_days: expected a whole number, found a string",
        ])
        #expect(found.map { $0.text(using: EnglishTranslator()) } == found.map(\.description))
        #expect(ConfigErrors(found).description == found.map(\.description).joined(separator: "\n"))
    }

    /// Through a translator, the prose is translated, the key path, keys and values are not, and the
    /// messages inside a message (the type expected and found) are translated too.
    @Test func translatedWithArgumentsFilledIn() throws {
        let found = diagnostics("[settings]\nsooze = [\"10m\"]\nhorizon_days = \"14\"\n")
        #expect(found.map { $0.text(using: GermanTranslator()) } == [
            "t.toml:2:1: settings – unbekannter Schlüssel \"sooze\"; meinten Sie \"snooze\"?",
            "t.toml:3:16: settings.horizon_days – eine Zeichenkette gefunden, erwartet wird eine ganze Zahl",
        ])
        #expect(found.map { $0.message.text(using: BracketingTranslator()) } == [
            "[settings: [unknown key \"sooze\"; did you mean \"snooze\"?]]",
            "[settings.horizon_days: [expected [a whole number], found [a string]]]",
        ])
    }

    /// A list of choices is joined by the translated "or"; the choices stay as they are written.
    @Test func alternativesAreTranslatedAroundTheChoices() throws {
        let found = diagnostics("[settings]\nalert = \"loud\"\n[medication.a]\nname = \"A\"\ndose = \"1\"\ntimes = [\"08:00\"]\npaused = 1\n")
        #expect(found.map { $0.text(using: GermanTranslator()) } == [
            "t.toml:2:9: settings.alert – \"loud\" is not an alert level; use \"normal\" or \"alarm\" (critical from the first reminder)",
            "t.toml:7:10: medication.a.paused – eine Ganzzahl gefunden, erwartet wird true oder false",
        ])
    }

    /// Every message of every broken fixture (and of the files that cannot be read) is a literal of
    /// MeddConfig's sources, so `make pot` extracts it, and each `%N$s` has its argument.
    @Test func everyMessageIsAnExtractedLiteralWithItsArguments() throws {
        let sources = try Self.meddConfigSources()
        var messages: [Translatable] = []
        for name in Fixtures.names(in: "broken") {
            let text = try Fixtures.text("broken", name + ".toml")
            guard case .failure(let errors) = ConfigLoader.parse(text, path: name + ".toml") else { continue }
            messages += errors.diagnostics.map(\.message)
        }
        for path in ["/nonexistent/medd.toml", FileManager.default.temporaryDirectory.path] {
            if case .failure(let errors) = ConfigLoader.load(path: path) { messages += errors.diagnostics.map(\.message) }
        }
        #expect(messages.count > 200)
        var checked: Set<String> = []
        func check(_ message: Translatable) {
            for inner in message.messageArguments.values { check(inner) }
            guard checked.insert(message.messageID).inserted else { return }
            let literal = "(\"" + Self.escaped(message.messageID) + "\""
            #expect(sources.contains("Translatable" + literal) || sources.contains(".plural" + literal),
                    "\(message.messageID) is not a literal make pot finds")
            let placeholders = Self.placeholders(in: message.messageID)
            #expect(placeholders != nil, "\(message.messageID) has a % that is no placeholder")
            #expect(placeholders == Set(message.arguments.indices.map { $0 + 1 }),
                    "\(message.messageID) does not use each of its \(message.arguments.count) arguments once at least")
        }
        messages.forEach(check)
        #expect(checked.count > 100)
        for message in messages {
            #expect(Self.placeholders(in: message.english)?.isEmpty ?? true, "\(message.english) has an unfilled placeholder")
        }
    }

    /// The numbers of `%1$s`, `%2$d` in `text`; nil when a `%` starts no placeholder (`%%` is one).
    private static func placeholders(in text: String) -> Set<Int>? {
        var found: Set<Int> = []
        var rest = Substring(text)
        while let percent = rest.firstIndex(of: "%") {
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                rest = rest.dropFirst()
                continue
            }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            rest = rest.dropFirst(digits.count)
            guard let number = Int(digits), rest.first == "$", let kind = rest.dropFirst().first, kind == "s" || kind == "d" else {
                return nil
            }
            found.insert(number)
            rest = rest.dropFirst(2)
        }
        return found
    }

    /// `text` as a Swift string literal writes it.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }

    /// Every Swift file of Sources/MeddConfig, one after the other.
    private static func meddConfigSources() throws -> String {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/MeddConfig")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted()
        return try files.map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
    }
}
