/// A drawing as a list of marks in points, origin top left, y downwards: what the report's charts
/// are, so the HTML (as SVG) and the PDF (through cairo) draw the very same picture.
public struct Figure: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public var marks: [Mark]
    /// What the figure shows, in words (the SVG's title, for a screen reader).
    public var summary: String

    public init(width: Double, height: Double, marks: [Mark] = [], summary: String) {
        self.width = width
        self.height = height
        self.marks = marks
        self.summary = summary
    }

    public struct Point: Hashable, Sendable {
        public var x: Double
        public var y: Double

        public init(_ x: Double, _ y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// An outline: colour, width, and a dash pattern (empty: solid).
    public struct Stroke: Hashable, Sendable {
        public var color: Color
        public var width: Double
        public var dash: [Double]

        public init(_ color: Color, width: Double = 1, dash: [Double] = []) {
            self.color = color
            self.width = width
            self.dash = dash
        }
    }

    /// Which point of a text its position names, along the baseline.
    public enum Anchor: String, Hashable, Sendable {
        case start, middle, end
    }

    public enum Mark: Hashable, Sendable {
        case rectangle(x: Double, y: Double, width: Double, height: Double, fill: Color?, stroke: Stroke?)
        case polyline([Point], stroke: Stroke)
        case polygon([Point], fill: Color?, stroke: Stroke?)
        case circle(center: Point, radius: Double, fill: Color?, stroke: Stroke?)
        /// A line of text whose baseline passes through `at`.
        case text(String, at: Point, size: Double, anchor: Anchor, color: Color, bold: Bool)
    }
}

/// An opaque sRGB colour.
public struct Color: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ rgb: UInt32) {
        red = UInt8(rgb >> 16 & 0xFF)
        green = UInt8(rgb >> 8 & 0xFF)
        blue = UInt8(rgb & 0xFF)
    }

    /// `#rrggbb`.
    public var hex: String {
        let digits = Array("0123456789abcdef")
        return "#" + String([red, green, blue].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    /// Each component from 0 to 1.
    public var components: (red: Double, green: Double, blue: Double) {
        (Double(red) / 255, Double(green) / 255, Double(blue) / 255)
    }
}
