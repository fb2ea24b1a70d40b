/// How a table shares its width among its columns by their content, as a browser lays out an HTML
/// table: each column gets at least its widest word (`minimum`) when the widths add up within the
/// table's, so no word breaks while a neighbour has room; what is left goes to the columns whose
/// text would still wrap, in proportion to what they lack of their whole text on one line
/// (`natural`); beyond that, to every column in proportion to its natural width.
public enum ColumnWidths {
    public static func fit(minimum: [Double], natural: [Double], into width: Double) -> [Double] {
        let natural = zip(minimum, natural).map { max($0, $1) }
        let totalMinimum = minimum.reduce(0, +)
        let totalNatural = natural.reduce(0, +)
        guard totalMinimum > 0 else { return minimum.map { _ in width / Double(max(minimum.count, 1)) } }
        if totalNatural <= width {
            return natural.map { $0 + (width - totalNatural) * $0 / totalNatural }
        }
        if totalMinimum <= width {
            let lacking = totalNatural - totalMinimum
            return zip(minimum, natural).map { minimum, natural in minimum + (width - totalMinimum) * (natural - minimum) / lacking }
        }
        return minimum.map { $0 * width / totalMinimum }
    }

    /// The most characters of Chinese, Japanese or Korean without a space that are held together: a word
    /// or a short phrase (`可能有效`, `漏服`); a longer run is a sentence, broken between its characters.
    static let longestWideWord = 6

    /// The pieces a line may not break inside: the text between spaces; in Chinese, Japanese and
    /// Korean each character of a run longer than `longestWideWord`, except in a word with digits,
    /// which is a number with its units (`07时00分`, `2026年10月19日`) and stays whole.
    public static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).flatMap { word -> [String] in
            guard !word.contains(where: \.isASCIIDigit), word.count > longestWideWord else { return [String(word)] }
            var pieces: [String] = []
            var run = ""
            for character in word {
                if character.unicodeScalars.first.map(TextMetrics.isWide) == true {
                    if !run.isEmpty { pieces.append(run) }
                    pieces.append(String(character))
                    run = ""
                } else {
                    run.append(character)
                }
            }
            return run.isEmpty ? pieces : pieces + [run]
        }
    }
}

extension ColumnWidths {
    /// `text` with a word joiner between the characters of each word `words` keeps whole that has Chinese,
    /// Japanese or Korean in it (`07时00分`): a line breaker that would break between those characters
    /// (pango's, in the PDF's paragraphs and cells) keeps it on one line.
    public static func joiningWholeWords(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: TextMetrics.isWide) else { return text }
        var result = ""
        var word = ""
        func flush() {
            if word.contains(where: \.isASCIIDigit), word.unicodeScalars.contains(where: TextMetrics.isWide) {
                result += word.map(String.init).joined(separator: "\u{2060}")
            } else {
                result += word
            }
            word = ""
        }
        for character in text {
            if character == " " || character == "\n" {
                flush()
                result.append(character)
            } else {
                word.append(character)
            }
        }
        flush()
        return result
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
