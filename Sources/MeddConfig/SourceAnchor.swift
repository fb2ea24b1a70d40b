/// Which part of a `key = value` pair an error points at.
enum SourceAnchor: Hashable, Sendable {
    /// The key (or the table header naming it).
    case key
    /// The value, or the array element.
    case value
}
