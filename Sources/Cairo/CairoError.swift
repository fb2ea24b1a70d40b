import CPangoCairo

/// A cairo call that failed, with cairo's words for why.
public struct CairoError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    init(_ what: String, status: cairo_status_t) {
        description = "\(what): \(String(cString: cairo_status_to_string(status)))"
    }
}
