import TOMLKit

/// Parses TOML text with TOMLKit, keeping away the inputs its bundled toml++ cannot take.
enum TOMLReader {
    /// A TOML syntax error: where it is and what it says.
    struct SyntaxError: Error, Hashable, Sendable {
        var position: SourcePosition
        var message: String
    }

    /// The document, or the first syntax error in it.
    static func read(_ text: String, locator: SourceLocator) -> Result<TOMLTable, SyntaxError> {
        guard let hazard = firstHazard(in: text, locator: locator) else { return parse(text) }
        // An error before the hazard is the one to report, and the text before it is safe to
        // parse. That text ends abruptly, so running out of input there is no error of its own.
        if case .failure(let earlier) = parse(prefix(of: text, before: hazard.position)),
           earlier.position < hazard.position, range(of: "end-of-file", in: earlier.message) == nil, range(of: "EOF", in: earlier.message) == nil {
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
                message: "the file contains a NUL character; a configuration must be plain UTF-8 text"))
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
            return .failure(SyntaxError(position: .start, message: "TOML syntax error: \(error)"))
        }
    }

    /// toml++'s "Error while parsing X: detail" as "TOML syntax error in X: detail; hint".
    private static func syntaxError(_ error: TOMLParseError) -> SyntaxError {
        var detail = error.description
        var context = ""
        let prefix = "Error while parsing "
        if detail.hasPrefix(prefix), let colon = range(of: ": ", in: detail) {
            context = " in " + detail[detail.index(detail.startIndex, offsetBy: prefix.count)..<colon.lowerBound]
            detail = String(detail[colon.upperBound...])
        }
        var message = "TOML syntax error\(context): \(detail)"
        if range(of: "cannot redefine", in: detail) != nil {
            message += "; each key and table may be defined only once"
        } else if range(of: "control characters", in: detail) != nil {
            message += "; is a closing quote missing?"
        }
        let oneLine = String(message.map { $0.isNewline ? " " : $0 })
        let position = SourcePosition(line: max(1, error.source.begin.line), column: max(1, error.source.begin.column))
        return SyntaxError(position: position, message: oneLine)
    }

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
