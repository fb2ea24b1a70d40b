package import MeddCore

/// A TOML syntax error: where it is (the character at fault) and what it says.
package struct TOMLSyntaxError: Error, Sendable {
    package var position: SourcePosition
    package var message: Translatable

    init(_ message: Translatable, at position: SourcePosition) {
        self.message = message
        self.position = position
    }
}

/// The messages, each a literal `make pot` extracts. `found` arguments say what stood where something
/// else was expected (a character in quotes, the end of the line or of the file); `at` arguments are
/// positions like 12:1.
extension TOMLSyntaxError {
    // MARK: Characters

    static func nul(at position: SourcePosition) -> TOMLSyntaxError {
        TOMLSyntaxError(Translatable("the file contains a NUL character; a configuration must be plain UTF-8 text"), at: position)
    }

    static func controlCharacterInString(_ escape: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is a control character written as an escape, like \u0007; %2$s the same escape.
        TOMLSyntaxError(Translatable("the control character %1$s is not allowed in a string; in a string in double quotes write it as %2$s",
                                     escape, escape), at: position)
    }

    static func controlCharacterInComment(_ escape: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is a control character written as an escape, like \u0007.
        TOMLSyntaxError(Translatable("the control character %1$s is not allowed in a comment", escape), at: position)
    }

    static func loneCarriageReturn(at position: SourcePosition) -> TOMLSyntaxError {
        TOMLSyntaxError(Translatable("a carriage return must be followed by a line feed; save the file with LF or CRLF line ends"), at: position)
    }

    // MARK: Strings

    static func unterminatedString(startingAt start: SourcePosition, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is where the string starts, like 12:8 (line 12, column 8).
        TOMLSyntaxError(Translatable("unterminated string (it starts at %1$s); is a closing quote missing?", start.description), at: position)
    }

    static func unterminatedMultiLineString(startingAt start: SourcePosition, delimiter: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is where the string starts, like 12:8 (line 12, column 8); %2$s its closing quotes, """ or '''.
        TOMLSyntaxError(Translatable("unterminated multi-line string (it starts at %1$s); is a closing %2$s missing?", start.description, delimiter),
                        at: position)
    }

    static func unknownEscape(_ written: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is what was written after a backslash, like \x; %2$s the escapes TOML has; %3$s a
        // backslash written as an escape. None of them is translated.
        TOMLSyntaxError(Translatable("%1$s is not an escape sequence; TOML has %2$s, and a backslash itself is written %3$s",
                                     written, #"\b, \t, \n, \f, \r, \", \\, \uXXXX and \UXXXXXXXX"#, #"\\"#), at: position)
    }

    static func shortUnicodeEscape(_ written: String, digits: Int, example: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is what was written, like \u00e; %2$d how many digits it needs; %3$s an example, like \u00E9.
        TOMLSyntaxError(Translatable("%1$s needs %2$d hexadecimal digits, e.g. %3$s", written, String(digits), example), at: position)
    }

    static func notAScalarValue(_ written: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is an escape like \uD800; %2$s to %3$s the surrogate code points; %4$s the largest code point.
        TOMLSyntaxError(Translatable("%1$s is not a Unicode character: code points %2$s to %3$s and above %4$s are none",
                                     written, "D800", "DFFF", "10FFFF"), at: position)
    }

    static func textAfterLineEndingBackslash(at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is a backslash written as an escape, \\.
        TOMLSyntaxError(Translatable("only spaces may follow a backslash that ends a line; write a backslash itself as %1$s", #"\\"#), at: position)
    }

    // MARK: Keys and tables

    static func expectedKey(found: any MessageArgument, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is what was found, like "=" or "the end of the line".
        TOMLSyntaxError(Translatable("expected a key, found %1$s", found), at: position)
    }

    static func notInBareKey(_ character: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is a character in quotes, like "ä".
        TOMLSyntaxError(Translatable("%1$s cannot be part of a bare key, which takes only A-Z, a-z, 0-9, - and _; put the key in quotes",
                                     character), at: position)
    }

    static func expectedEquals(after key: String, found: any MessageArgument, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is a key in quotes, like "per_dose"; %2$s what was found instead of =.
        TOMLSyntaxError(Translatable("expected \"=\" after the key %1$s, found %2$s", key, found), at: position)
    }

    static func expectedTableName(found: any MessageArgument, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is what was found, like "}" or "the end of the line".
        TOMLSyntaxError(Translatable("expected a table name, found %1$s", found), at: position)
    }

    static func expectedHeaderEnd(_ closing: String, found: any MessageArgument, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is "]" or "]]"; %2$s what was found instead.
        TOMLSyntaxError(Translatable("expected %1$s to close the table header, found %2$s", closing, found), at: position)
    }

    static func expectedLineEnd(afterHeader header: String, found: any MessageArgument, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is a table header, like [settings]; %2$s what was found after it.
        TOMLSyntaxError(Translatable("expected the end of the line after the header %1$s, found %2$s", header, found), at: position)
    }

    static func expectedLineEnd(afterValueOf key: String, found: any MessageArgument, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is a key in quotes, like "grace"; %2$s what was found after its value.
        TOMLSyntaxError(Translatable("expected the end of the line after the value of %1$s, found %2$s", key, found), at: position)
    }

    static func decimalComma(inValueOf key: String, write decimal: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is a key in quotes, like "per_dose"; %2$s the number with a decimal point, like 0.5. TOML numbers take a point whatever the language.
        TOMLSyntaxError(Translatable("the value of %1$s has a decimal comma; write the number with a point: %2$s", key, decimal), at: position)
    }

    static func keyDefinedTwice(_ key: String, definedAt first: SourcePosition, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is a key in quotes, like "times"; %2$s where it was defined first, like 12:1.
        TOMLSyntaxError(Translatable("the key %1$s is already defined at %2$s; each key may be defined only once", key, first.description),
                        at: position)
    }

    static func tableDefinedTwice(_ header: String, definedAt first: SourcePosition, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is a table header, like [settings]; %2$s where it was defined first, like 1:2.
        TOMLSyntaxError(Translatable("the table %1$s is already defined at %2$s; each table may be defined only once", header, first.description),
                        at: position)
    }

    static func tableDefinedByDottedKeys(_ header: String, definedAt first: SourcePosition, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is a table header, like [medication.a.cycle]; %2$s where a dotted key (like cycle.on = 5)
        // defined it, like 4:1.
        TOMLSyntaxError(Translatable("the table %1$s is already defined by the dotted key at %2$s; each table may be defined only once",
                                     header, first.description), at: position)
    }

    static func tableHasHeader(_ key: String, header: String, definedAt first: SourcePosition, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is a key in quotes; %2$s its table header, like [medication.a]; %3$s where that header is.
        TOMLSyntaxError(Translatable("%1$s is a table with its own header %2$s at %3$s; write its keys under that header, not as dotted keys",
                                     key, header, first.description), at: position)
    }

    static func inlineTableIsClosed(_ key: String, definedAt first: SourcePosition, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is a key in quotes; %2$s where its inline table ({ … }) is written.
        TOMLSyntaxError(Translatable("%1$s is an inline table (at %2$s), which cannot be extended; write all its keys inside its braces",
                                     key, first.description), at: position)
    }

    static func arrayIsClosed(_ key: String, definedAt first: SourcePosition, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is a key in quotes; %2$s where its array ([ … ]) is written; %3$s is [[…]], never translated.
        TOMLSyntaxError(Translatable("%1$s is an array written out at %2$s, which cannot be extended; only arrays of tables made with %3$s headers can",
                                     key, first.description, "[[…]]"), at: position)
    }

    static func tableIsNoArray(_ key: String, definedAt first: SourcePosition, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is a key in quotes; %2$s where its table is defined.
        TOMLSyntaxError(Translatable("%1$s is already a table (at %2$s); it cannot also be an array of tables", key, first.description),
                        at: position)
    }

    static func isArrayOfTables(_ key: String, definedAt first: SourcePosition, header: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is a key in quotes; %2$s where its first [[…]] header is; %3$s a header like [[hook]].
        TOMLSyntaxError(Translatable("%1$s is an array of tables (first at %2$s); add a table to it with %3$s", key, first.description, header),
                        at: position)
    }

    static func nestedTooDeeply(limit: Int, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$d is the most levels allowed, like 100.
        TOMLSyntaxError(Translatable("nested too deeply: at most %1$d levels of tables and arrays", String(limit)), at: position)
    }

    // MARK: Values

    static func expectedValue(found: any MessageArgument, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is what was found, like "the end of the line" or "}".
        TOMLSyntaxError(Translatable("expected a value, found %1$s", found), at: position)
    }

    static func notAValue(_ token: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is the unquoted value written, %2$s the same in quotes.
        TOMLSyntaxError(Translatable("%1$s is not a number, boolean, date or time; quote text, durations and times, e.g. %2$s",
                                     DisplayText.escaped(token), DisplayText.quoted(token)), at: position)
    }

    static func leadingZero(_ token: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is the number written, like 007.
        TOMLSyntaxError(Translatable("leading zeros are not allowed in %1$s", token), at: position)
    }

    static func misplacedUnderscore(_ token: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is the number written, like 1__000; %2$s an example, 1_000.
        TOMLSyntaxError(Translatable("an underscore in a number must stand between two digits, as in %2$s: %1$s", token, "1_000"), at: position)
    }

    static func pointWithoutDigits(_ token: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is the number written, like 1. or .5
        TOMLSyntaxError(Translatable("a decimal point needs digits on both sides: %1$s", token), at: position)
    }

    static func exponentWithoutDigits(_ token: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is the number written, like 1e or 2.5e+.
        TOMLSyntaxError(Translatable("the exponent of %1$s has no digits", token), at: position)
    }

    static func integerOutOfRange(_ token: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is the number written; %2$s and %3$s the smallest and largest integers TOML has.
        TOMLSyntaxError(Translatable("%1$s is out of range; TOML integers go from %2$s to %3$s", token, String(Int.min), String(Int.max)),
                        at: position)
    }

    static func signedPrefixedInteger(_ token: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is the number written, like +0x1F.
        TOMLSyntaxError(Translatable("a hexadecimal, octal or binary number takes no sign: %1$s", token), at: position)
    }

    static func notHexadecimal(_ token: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is the number written, like 0xG1; 0x and the digits are never translated.
        TOMLSyntaxError(Translatable("%1$s is not a hexadecimal number; write 0x and the digits 0-9, a-f or A-F", token), at: position)
    }

    static func notOctal(_ token: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is the number written, like 0o8; 0o and the digits are never translated.
        TOMLSyntaxError(Translatable("%1$s is not an octal number; write 0o and the digits 0-7", token), at: position)
    }

    static func notBinary(_ token: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is the number written, like 0b2; 0b and the digits are never translated.
        TOMLSyntaxError(Translatable("%1$s is not a binary number; write 0b and the digits 0 and 1", token), at: position)
    }

    static func invalidDate(_ token: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is the value written; %2$s is YYYY-MM-DD, never translated; %3$s an example.
        TOMLSyntaxError(Translatable("%1$s is not a valid date; write dates as %2$s, e.g. %3$s", token, "YYYY-MM-DD", "2026-11-01"), at: position)
    }

    static func invalidDateTime(_ token: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is the value written; %2$s and %3$s are examples of date-times, never translated.
        TOMLSyntaxError(Translatable("%1$s is not a valid date-time; write it like %2$s or, with a UTC offset, %3$s",
                                     token, "2026-11-01T08:00:00", "2026-11-01T08:00:00+01:00"), at: position)
    }

    static func yearOutOfRange(_ token: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is the date written.
        TOMLSyntaxError(Translatable("%1$s is not a valid date: years go from %2$s to %3$s", token, "0001", "9999"), at: position)
    }

    static func monthOutOfRange(_ token: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is the date written.
        TOMLSyntaxError(Translatable("%1$s is not a valid date: months go from %2$s to %3$s", token, "01", "12"), at: position)
    }

    static func dayOutOfRange(_ token: String, days: Int, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is the date written; %2$d the number of days of its month.
        TOMLSyntaxError(Translatable("%1$s is not a valid date: its month has %2$d days", token, String(days)), at: position)
    }

    static func hourOutOfRange(_ token: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is the time written.
        TOMLSyntaxError(Translatable("%1$s is not a valid time: hours go from %2$s to %3$s", token, "00", "23"), at: position)
    }

    static func minuteOutOfRange(_ token: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is the time written.
        TOMLSyntaxError(Translatable("%1$s is not a valid time: minutes go from %2$s to %3$s", token, "00", "59"), at: position)
    }

    static func secondOutOfRange(_ token: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is the time written.
        TOMLSyntaxError(Translatable("%1$s is not a valid time: seconds go from %2$s to %3$s", token, "00", "59"), at: position)
    }

    static func invalidOffset(_ token: String, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is the date-time written; %2$s and %3$s are the ways of writing an offset, never translated.
        TOMLSyntaxError(Translatable("%1$s has an invalid UTC offset; write %2$s or an offset like %3$s", token, "Z", "+01:00"), at: position)
    }

    // MARK: Arrays and inline tables

    static func expectedArrayValue(found: any MessageArgument, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is what was found, like "}"; "]" is never translated.
        TOMLSyntaxError(Translatable("expected a value or \"]\", found %1$s", found), at: position)
    }

    static func expectedArraySeparator(found: any MessageArgument, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is what was found after an element of an array.
        TOMLSyntaxError(Translatable("expected \",\" or \"]\" after an array element, found %1$s", found), at: position)
    }

    static func missingArrayComma(found: any MessageArgument, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is what was found after an element of an array, like '"': the start of another element.
        TOMLSyntaxError(Translatable("expected \",\" or \"]\" after an array element, found %1$s; is a comma missing before it?", found),
                        at: position)
    }

    static func unterminatedArray(startingAt start: SourcePosition, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is where the array starts, like 4:9.
        TOMLSyntaxError(Translatable("unterminated array (it starts at %1$s); is a closing \"]\" missing?", start.description), at: position)
    }

    static func expectedInlineTableSeparator(found: any MessageArgument, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is what was found after a key = value of an inline table ({ … }).
        TOMLSyntaxError(Translatable("expected \",\" or \"}\" after a value in an inline table, found %1$s", found), at: position)
    }

    static func missingInlineTableComma(found: any MessageArgument, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is what was found after a key = value of an inline table ({ … }), like a key.
        TOMLSyntaxError(Translatable("expected \",\" or \"}\" after a value in an inline table, found %1$s; is a comma missing before it?", found),
                        at: position)
    }

    static func inlineTableTrailingComma(at position: SourcePosition) -> TOMLSyntaxError {
        TOMLSyntaxError(Translatable("an inline table takes no comma after its last value; remove this comma"), at: position)
    }

    static func inlineTableLineBreak(at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is a table header, [table], never translated.
        TOMLSyntaxError(Translatable("an inline table must be written on one line; use a %1$s header for a longer one", "[table]"), at: position)
    }

    static func unterminatedInlineTable(startingAt start: SourcePosition, at position: SourcePosition) -> TOMLSyntaxError {
        // TRANSLATORS: %1$s is where the inline table starts, like 4:9.
        TOMLSyntaxError(Translatable("unterminated inline table (it starts at %1$s); is a closing \"}\" missing?", start.description), at: position)
    }

    // MARK: Describing

    /// A key or dotted key for a message: `"per_dose"`, `"cycle.on"`, or `medication."vitamin d"` when a part needs quotes.
    static func keyText(_ names: [String]) -> String {
        let path = ConfigPath(names.map { .key($0) })
        return names.allSatisfy(ConfigPath.isBare) ? DisplayText.quoted(path.description) : path.description
    }

    /// A table header for a message: `[settings]`, `[[hook]]`.
    static func headerText(_ names: [String], isArray: Bool) -> String {
        let path = ConfigPath(names.map { .key($0) }).description
        return isArray ? "[[" + path + "]]" : "[" + path + "]"
    }
}
