/// Finding and replacing text in text, byte by byte over UTF-8. The standard library leaves
/// `contains(_: String)`, `firstRange(of:)`, `replacing(_:with:)` and `split(separator: String)` to
/// `_StringProcessing`, whose object files bring Swift's regex engine into the binary: 2.5 MB more
/// of medctl and a slower start for every command. The texts searched here are short (formats,
/// URLs, patterns), so a plain scan is all they need.
extension StringProtocol {
    /// Where `text` first occurs; an empty `text` occurs at the start.
    public func rangeOfText(_ text: String) -> Range<String.Index>? {
        let needle = Array(text.utf8)
        var index = utf8.startIndex
        while true {
            if utf8[index...].starts(with: needle) { return index..<utf8.index(index, offsetBy: needle.count) }
            guard index != utf8.endIndex else { return nil }
            index = utf8.index(after: index)
        }
    }

    public func containsText(_ text: String) -> Bool { rangeOfText(text) != nil }

    /// Every occurrence of `text` (not empty) replaced by `replacement`.
    public func replacingText(_ text: String, with replacement: String) -> String {
        guard !text.isEmpty else { return String(self) }
        var result = ""
        var rest = self[...]
        while let found = rest.rangeOfText(text) {
            result += rest[..<found.lowerBound] + replacement
            rest = rest[found.upperBound...]
        }
        return result + rest
    }
}
