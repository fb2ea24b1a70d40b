import CPangoCairo

/// Drawing on a cairo surface: paths, fills, strokes and text, in points from the top left.
public final class DrawingContext {
    let cairo: OpaquePointer

    init(surface: OpaquePointer) {
        cairo = cairo_create(surface)
    }

    deinit {
        cairo_destroy(cairo)
    }

    public func setColor(_ red: Double, _ green: Double, _ blue: Double) {
        cairo_set_source_rgb(cairo, red, green, blue)
    }

    /// Line width in points, and a dash pattern (empty for solid).
    public func setLine(width: Double, dash: [Double] = []) {
        cairo_set_line_width(cairo, width)
        cairo_set_dash(cairo, dash, Int32(dash.count), 0)
    }

    public func moveTo(_ x: Double, _ y: Double) { cairo_move_to(cairo, x, y) }
    public func lineTo(_ x: Double, _ y: Double) { cairo_line_to(cairo, x, y) }
    public func closePath() { cairo_close_path(cairo) }

    public func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        cairo_rectangle(cairo, x, y, width, height)
    }

    public func circle(_ x: Double, _ y: Double, radius: Double) {
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x, y, radius, 0, 2 * Double.pi)
    }

    /// Fills the path and keeps it (for a stroke after).
    public func fillPreserve() { cairo_fill_preserve(cairo) }
    public func fill() { cairo_fill(cairo) }
    public func stroke() { cairo_stroke(cairo) }
    /// Forgets the path without drawing it.
    public func newPath() { cairo_new_path(cairo) }

    /// Keeps the transformation (and colour, line) to return to with `restore`.
    public func save() { cairo_save(cairo) }
    public func restore() { cairo_restore(cairo) }
    public func translate(_ x: Double, _ y: Double) { cairo_translate(cairo, x, y) }
    public func scale(_ factor: Double) { cairo_scale(cairo, factor, factor) }

    func showPage() { cairo_show_page(cairo) }

    func finish() { cairo_surface_flush(cairo_get_target(cairo)) }
}
