import Cairo
import MeddReport

/// Draws a report's figure with cairo, mark by mark, as the HTML's SVG draws it.
struct FigurePainter {
    let context: DrawingContext
    let coverage: FontCoverage

    /// Draws `figure` with its top left corner at (x, y), scaled down to `width` when it is wider.
    func draw(_ figure: Figure, atX x: Double, y: Double, width: Double? = nil) {
        let factor = width.map { min(1, $0 / figure.width) } ?? 1
        context.save()
        context.translate(x, y)
        context.scale(factor)
        for mark in figure.marks { draw(mark) }
        context.restore()
    }

    private func draw(_ mark: Figure.Mark) {
        switch mark {
        case .rectangle(let x, let y, let width, let height, let fill, let stroke):
            context.rectangle(x, y, width, height)
            paint(fill, stroke)
        case .polyline(let points, let stroke):
            trace(points)
            paint(nil, stroke)
        case .polygon(let points, let fill, let stroke):
            trace(points)
            context.closePath()
            paint(fill, stroke)
        case .circle(let center, let radius, let fill, let stroke):
            context.circle(center.x, center.y, radius: radius)
            paint(fill, stroke)
        case .text(let text, let at, let size, let anchor, let color, let bold):
            let layout = coverage.checked(TextLayout([.init(text, bold: bold)], in: context, family: PDFReport.fontFamily, size: size))
            let width = layout.size.width
            let left = switch anchor {
            case .start: at.x
            case .middle: at.x - width / 2
            case .end: at.x - width
            }
            layout.draw(atX: left, y: at.y - layout.baseline, color: color.components)
        }
    }

    private func trace(_ points: [Figure.Point]) {
        guard let first = points.first else { return }
        context.moveTo(first.x, first.y)
        for point in points.dropFirst() { context.lineTo(point.x, point.y) }
    }

    private func paint(_ fill: Color?, _ stroke: Figure.Stroke?) {
        if let fill {
            let (red, green, blue) = fill.components
            context.setColor(red, green, blue)
            if stroke == nil { return context.fill() }
            context.fillPreserve()
        }
        guard let stroke else { return context.newPath() }
        let (red, green, blue) = stroke.color.components
        context.setColor(red, green, blue)
        context.setLine(width: stroke.width, dash: stroke.dash)
        context.stroke()
    }
}
