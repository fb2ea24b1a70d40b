/// One step of a key path into a TOML document: a table key or an array index.
enum PathSegment: Hashable, Sendable {
    case key(String)
    case index(Int)
}
