import CPangoCairo

/// A paragraph of text laid out by pango for a drawing context: wrapped to a width, in runs of
/// their own weight and colour. Drawn as real text (a PDF reader can select and extract it).
public final class TextLayout {
    /// One run of a paragraph.
    public struct Run: Sendable {
        public var text: String
        public var bold: Bool
        /// Red, green, blue from 0 to 1; nil for the layout's colour.
        public var color: (Double, Double, Double)?

        public init(_ text: String, bold: Bool = false, color: (Double, Double, Double)? = nil) {
            self.text = text
            self.bold = bold
            self.color = color
        }
    }

    public enum Alignment: Sendable {
        case left, center, right
    }

    private let layout: OpaquePointer
    private let context: DrawingContext

    /// `runs` in `family` at `size` points, wrapped at `width` points (nil: one line per line break).
    public init(_ runs: [Run], in context: DrawingContext, family: String, size: Double, width: Double? = nil,
                alignment: Alignment = .left) {
        self.context = context
        layout = pango_cairo_create_layout(context.cairo)
        let font = pango_font_description_new()
        pango_font_description_set_family(font, family)
        pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        if let width {
            pango_layout_set_width(layout, Int32(max(1, width) * Double(PANGO_SCALE)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        switch alignment {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        var text = ""
        let attributes = pango_attr_list_new()
        for run in runs {
            let start = UInt32(text.utf8.count)
            text += Self.printable(run.text)
            let end = UInt32(text.utf8.count)
            if run.bold { Self.insert(pango_attr_weight_new(PANGO_WEIGHT_BOLD), start, end, into: attributes) }
            if let (red, green, blue) = run.color {
                Self.insert(pango_attr_foreground_new(Self.channel(red), Self.channel(green), Self.channel(blue)), start, end, into: attributes)
            }
        }
        pango_layout_set_text(layout, text, Int32(text.utf8.count))
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// The laid-out width and height in points.
    public var size: (width: Double, height: Double) {
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_size(layout, &width, &height)
        return (Double(width) / Double(PANGO_SCALE), Double(height) / Double(PANGO_SCALE))
    }

    /// How many of its characters no installed font has a glyph for (drawn as boxes): pango's fallback
    /// through fontconfig found none.
    public var unknownGlyphCount: Int { Int(pango_layout_get_unknown_glyphs_count(layout)) }

    /// From the top of the layout to the baseline of its first line, in points.
    public var baseline: Double { Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE) }

    /// Draws the layout with its top left corner at (x, y), in `color` where a run has none.
    public func draw(atX x: Double, y: Double, color: (Double, Double, Double)) {
        context.setColor(color.0, color.1, color.2)
        context.moveTo(x, y)
        pango_cairo_show_layout(context.cairo, layout)
        context.newPath()
    }

    private static func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ start: UInt32, _ end: UInt32,
                               into list: OpaquePointer?) {
        guard let attribute else { return }
        attribute.pointee.start_index = start
        attribute.pointee.end_index = end
        pango_attr_list_insert(list, attribute)
    }

    private static func channel(_ value: Double) -> UInt16 {
        UInt16(min(max(value, 0), 1) * 65535)
    }

    /// Control characters (which would draw as boxes) as spaces; line breaks and tabs stay.
    private static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0x0A, 0x09: scalar
            case 0x00...0x1F, 0x7F...0x9F: " "
            default: scalar
            }
        }))
    }
}
