import Cairo

/// Whether every character of a document had a font: each text layout made for it is checked (pango
/// falls back through fontconfig to any installed font that has a character, and draws a box where
/// none has). Chinese, Japanese and Korean need a font DejaVu Sans does not replace.
final class FontCoverage {
    /// Some character was drawn as a box.
    private(set) var lacksGlyphs = false

    /// `layout`, checked.
    func checked(_ layout: TextLayout) -> TextLayout {
        if !lacksGlyphs, layout.unknownGlyphCount > 0 { lacksGlyphs = true }
        return layout
    }
}
