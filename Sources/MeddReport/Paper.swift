/// The paper a report is laid out for.
public enum Paper: String, CaseIterable, Hashable, Sendable {
    case a4, letter

    /// Width and height in PostScript points (1/72 inch), portrait.
    public var size: (width: Double, height: Double) {
        switch self {
        case .a4: (595.276, 841.89)
        case .letter: (612, 792)
        }
    }

    /// The name CSS's `@page { size }` takes.
    public var cssName: String {
        switch self {
        case .a4: "A4"
        case .letter: "letter"
        }
    }

    /// The margin on every side, in points (15 mm).
    public static let margin = 42.52

    /// The width text and figures fill, in points.
    public var contentWidth: Double { size.width - 2 * Self.margin }

    /// The paper a locale's LC_PAPER size names: US letter for 216 × 279 mm (the US, Canada, Mexico,
    /// …), A4 for everything else.
    public init(localeWidth width: Int, height: Int) {
        self = abs(width - 216) <= 1 && abs(height - 279) <= 1 ? .letter : .a4
    }
}
