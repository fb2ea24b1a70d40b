public import MeddCore

/// The report's colours. Outcomes take Okabe and Ito's colours, told apart by colour-blind readers
/// too; every chart also says it in words or shapes.
public enum Palette {
    public static let text = Color(0x1F2328)
    public static let muted = Color(0x5F6670)
    public static let rule = Color(0xC9CED6)
    public static let grid = Color(0xE4E7EB)
    public static let axis = Color(0x8A929C)
    public static let accent = Color(0x1F4E79)
    /// The background of a chart's on-time and late regions.
    public static let onTimeBand = Color(0xEAF6F1)
    public static let lateBand = Color(0xFDF2DF)

    /// The colour of a day or dose with this outcome.
    public static func fill(_ outcome: AdherenceDay.Outcome) -> Color {
        switch outcome {
        case .onTime: Color(0x009E73)
        case .late: Color(0xE69F00)
        case .skipped: Color(0x56B4E9)
        case .missed: Color(0xD55E00)
        case .nothing: Color(0xE3E6EA)
        }
    }

    /// Text that reads on `fill(outcome)`.
    public static func text(on outcome: AdherenceDay.Outcome) -> Color {
        switch outcome {
        case .onTime, .missed: Color(0xFFFFFF)
        case .late, .skipped: Color(0x1F2328)
        case .nothing: Color(0x7A828C)
        }
    }
}

/// Widths of text in DejaVu Sans (the report's font), estimated from its glyph advances, and of the
/// ideographs and syllables of Chinese, Japanese and Korean (a square em in any font that has them):
/// enough to keep a chart's labels from running into each other.
enum TextMetrics {
    static func width(_ text: String, size: Double, bold: Bool = false) -> Double {
        var ems = 0.0
        for character in text.unicodeScalars {
            switch character {
            case _ where isWide(character): ems += 1
            case " ": ems += 0.318
            case "0"..."9": ems += 0.636
            case "i", "j", "l", ".", ",", ":", ";", "'", "!", "|", "I": ems += 0.28
            case "f", "t", "r": ems += 0.40
            case "m", "w", "M", "W": ems += 0.93
            case "A"..."Z": ems += 0.70
            default: ems += 0.60
            }
        }
        return ems * size * (bold ? 1.1 : 1)
    }

    /// An ideograph or syllable of Chinese, Japanese or Korean: a square em, and a place a line may break.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\u{1100}"..."\u{115F}", "\u{2E80}"..."\u{A4CF}", "\u{AC00}"..."\u{D7A3}", "\u{F900}"..."\u{FAFF}",
             "\u{FE30}"..."\u{FE4F}", "\u{FF00}"..."\u{FF60}", "\u{FFE0}"..."\u{FFE6}", "\u{20000}"..."\u{3FFFD}":
            true
        default:
            false
        }
    }
}
