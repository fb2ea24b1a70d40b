/// How many terminal columns text takes: East Asian wide and fullwidth characters (Chinese,
/// Japanese, Korean) and emoji shown as emoji take two, combining marks and escape sequences
/// (`ESC [ … m`) none, everything else one — as `wcwidth` counts them, so columns of translated
/// words line up.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if character == "m" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += of(character)
            }
        }
        return width
    }

    /// One character on screen (a letter with its combining marks, an emoji sequence).
    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        // A variation selector 16 asks for the emoji presentation: two columns.
        if character.unicodeScalars.contains("\u{FE0F}") { return 2 }
        return of(first)
    }

    static func of(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.value == 0x200B { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(scalar.value) } ? 2 : 1
    }

    /// The wide (W) and fullwidth (F) blocks of Unicode's East Asian Width that are not emoji.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,   // Hangul Jamo initial consonants
        0x2E80...0x303E,   // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,   // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK compatibility
        0x3400...0x4DBF,   // CJK unified ideographs extension A
        0x4E00...0x9FFF,   // CJK unified ideographs
        0xA000...0xA4CF,   // Yi
        0xA960...0xA97F,   // Hangul Jamo extended A
        0xAC00...0xD7A3,   // Hangul syllables
        0xF900...0xFAFF,   // CJK compatibility ideographs
        0xFE10...0xFE19,   // vertical forms
        0xFE30...0xFE6F,   // CJK compatibility forms, small form variants
        0xFF00...0xFF60,   // fullwidth forms
        0xFFE0...0xFFE6,   // fullwidth signs
        0x1B000...0x1B2FF, // Kana supplement and extensions
        0x20000...0x2FFFD, // CJK extensions B to F, compatibility supplement
        0x30000...0x3FFFD, // CJK extensions G and H
    ]

    /// The longest start of `text` that fits in `columns`.
    public static func prefix(_ text: String, columns: Int) -> String {
        var result = ""
        var width = 0
        for character in text {
            let next = of(character)
            if width + next > columns { break }
            result.append(character)
            width += next
        }
        return result
    }

    /// `text` followed by spaces up to `columns` (as it is when it is wider).
    public static func padded(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - of(text)))
    }

    /// Spaces, then `text`, up to `columns`: numbers aligned on their right edge.
    public static func rightAligned(_ text: String, to columns: Int) -> String {
        String(repeating: " ", count: max(0, columns - of(text))) + text
    }
}
