import MeddCore
import TOMLKit

/// Parses TOML text with TOMLKit, keeping away the inputs its bundled toml++ cannot take.
enum TOMLReader {
    /// A TOML syntax error: where it is and what it says.
    struct SyntaxError: Error, Hashable, Sendable {
        var position: SourcePosition
        var message: Translatable
    }

    /// The document, or the first syntax error in it.
    static func read(_ text: String, locator: SourceLocator) -> Result<TOMLTable, SyntaxError> {
        guard let hazard = firstHazard(in: text, locator: locator) else { return parse(text) }
        // An error before the hazard is the one to report, and the text before it is safe to
        // parse. That text ends abruptly, so running out of input there is no error of its own.
        if case .failure(let earlier) = parse(prefix(of: text, before: hazard.position)),
           earlier.position < hazard.position, range(of: "end-of-file", in: earlier.message.english) == nil,
           range(of: "EOF", in: earlier.message.english) == nil {
            return .failure(earlier)
        }
        return .failure(hazard)
    }

    /// A NUL (toml++ would stop reading there) or text toml++ asserts on, whichever comes first.
    private static func firstHazard(in text: String, locator: SourceLocator) -> SyntaxError? {
        var hazards: [SyntaxError] = []
        if let position = nulPosition(in: text) {
            hazards.append(SyntaxError(
                position: position,
                message: Translatable("the file contains a NUL character; a configuration must be plain UTF-8 text")))
        }
        if let hazard = locator.parserHazard { hazards.append(hazard) }
        return hazards.min { $0.position < $1.position }
    }

    private static func parse(_ text: String) -> Result<TOMLTable, SyntaxError> {
        do {
            return .success(try TOMLTable(string: text))
        } catch let error as TOMLParseError {
            var syntaxError = syntaxError(error)
            syntaxError.position = firstPosition(atOrAfter: syntaxError.position, in: text)
            return .failure(syntaxError)
        } catch {
            // TRANSLATORS: %1$s is the TOML parser's own (English) description of the error.
            return .failure(SyntaxError(position: .start, message: Translatable("TOML syntax error: %1$s", "\(error)")))
        }
    }

    /// toml++'s "Error while parsing X: detail" as "TOML syntax error in X: detail; hint".
    private static func syntaxError(_ error: TOMLParseError) -> SyntaxError {
        var detail = error.description
        var context: String? = nil
        let prefix = "Error while parsing "
        if detail.hasPrefix(prefix), let colon = range(of: ": ", in: detail) {
            context = String(detail[detail.index(detail.startIndex, offsetBy: prefix.count)..<colon.lowerBound])
            detail = String(detail[colon.upperBound...])
        }
        let position = SourcePosition(line: max(1, error.source.begin.line), column: max(1, error.source.begin.column))
        return SyntaxError(position: position, message: syntaxError(detail: detail, context: context))
    }

    /// toml++'s own words (English, from the library) in a message with medd's hint, if it has one;
    /// `context` is what was being read, like "table header".
    private static func syntaxError(detail: String, context: String?) -> Translatable {
        let detail = oneLine(detail)
        let hint = range(of: "cannot redefine", in: detail) != nil ? Hint.redefinition
            : range(of: "control characters", in: detail) != nil ? Hint.unclosedString : nil
        guard let context = context.map(oneLine) else {
            switch hint {
            // TRANSLATORS: %1$s is the TOML parser's own (English) description of the error.
            case nil: return Translatable("TOML syntax error: %1$s", detail)
            // TRANSLATORS: %1$s is the TOML parser's own (English) description of the error.
            case .redefinition: return Translatable("TOML syntax error: %1$s; each key and table may be defined only once", detail)
            // TRANSLATORS: %1$s is the TOML parser's own (English) description of the error.
            case .unclosedString: return Translatable("TOML syntax error: %1$s; is a closing quote missing?", detail)
            }
        }
        switch hint {
        // TRANSLATORS: %1$s is what the TOML parser was reading, like "table header", %2$s its description of the
        // error; both the parser's own (English) words.
        case nil: return Translatable("TOML syntax error in %1$s: %2$s", context, detail)
        // TRANSLATORS: %1$s is what the TOML parser was reading, like "table header", %2$s its description of the
        // error; both the parser's own (English) words.
        case .redefinition: return Translatable("TOML syntax error in %1$s: %2$s; each key and table may be defined only once", context, detail)
        // TRANSLATORS: %1$s is what the TOML parser was reading, like "table header", %2$s its description of the
        // error; both the parser's own (English) words.
        case .unclosedString: return Translatable("TOML syntax error in %1$s: %2$s; is a closing quote missing?", context, detail)
        }
    }

    /// What medd adds to toml++'s words about some errors.
    private enum Hint {
        case redefinition, unclosedString
    }

    /// A message stays on one line.
    private static func oneLine(_ text: String) -> String { String(text.map { $0.isNewline ? " " : $0 }) }

    /// Where `needle` first occurs in `text`, comparing UTF-8 bytes. The standard library's
    /// `contains(_:)` and `firstRange(of:)` for strings live in `_StringProcessing`, which would
    /// bring the regex engine (about 1 MB) into every binary linking MeddConfig, medctl included.
    private static func range(of needle: String, in text: String) -> Range<String.Index>? {
        let bytes = text.utf8
        var start = bytes.startIndex
        while start != bytes.endIndex {
            if bytes[start...].starts(with: needle.utf8) {
                return start..<bytes.index(start, offsetBy: needle.utf8.count)
            }
            bytes.formIndex(after: &start)
        }
        return nil
    }

    /// The text before `position`, counting `\n` as the only line end, as the scanner does.
    private static func prefix(of text: String, before position: SourcePosition) -> String {
        var result = String.UnicodeScalarView()
        var current = SourcePosition.start
        for scalar in withoutByteOrderMark(text) {
            if current >= position { break }
            result.append(scalar)
            current.advance(past: scalar)
        }
        return String(result)
    }

    /// `position` if a character of `text` (or its end) is there, else the next spot that is.
    /// toml++ puts running out of input after a final line break one column past that break
    /// (`"` + line break: 1:3), which no editor can go to; the end of the text is the next line's start.
    private static func firstPosition(atOrAfter position: SourcePosition, in text: String) -> SourcePosition {
        var current = SourcePosition.start
        for scalar in withoutByteOrderMark(text) {
            if current >= position { return current }
            current.advance(past: scalar)
        }
        return current
    }

    private static func nulPosition(in text: String) -> SourcePosition? {
        var position = SourcePosition.start
        for scalar in withoutByteOrderMark(text) {
            if scalar == "\0" { return position }
            position.advance(past: scalar)
        }
        return nil
    }

    /// Positions do not count a leading byte-order mark (see `SourceScanner`).
    private static func withoutByteOrderMark(_ text: String) -> Substring.UnicodeScalarView {
        let scalars = text.unicodeScalars[...]
        return scalars.first == "\u{FEFF}" ? scalars.dropFirst() : scalars
    }
}
