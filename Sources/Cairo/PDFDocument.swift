import CPangoCairo

/// A PDF being drawn: pages of one size in points, its bytes kept in memory until `finish`.
public final class PDFDocument {
    public let width: Double
    public let height: Double
    /// Where drawing goes: the current page.
    public let context: DrawingContext
    private let surface: OpaquePointer
    private let sink = ByteSink()

    public init(width: Double, height: Double) throws(CairoError) {
        self.width = width
        self.height = height
        surface = cairo_pdf_surface_create_for_stream({ closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque(), width, height)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw CairoError("cannot create a PDF surface", status: status)
        }
        context = DrawingContext(surface: surface)
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// The document's title and the program that made it, in the PDF's information dictionary.
    public func setMetadata(title: String, creator: String) {
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, creator)
    }

    /// Ends the current page; drawing goes on on a new one.
    public func nextPage() {
        context.showPage()
    }

    /// Ends the last page and the document; returns the PDF.
    public func finish() throws(CairoError) -> [UInt8] {
        context.finish()
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw CairoError("cannot write the PDF", status: status) }
        return sink.bytes
    }

    /// The bytes cairo writes, collected.
    private final class ByteSink {
        var bytes: [UInt8] = []
    }
}
