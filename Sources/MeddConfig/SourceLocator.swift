/// Maps key paths such as `medication.metformin.times[1]` to where the document writes them. A path
/// that is not in the document falls back to its nearest enclosing key, and finally to the start of
/// the file.
struct SourceLocator: Sendable {
    /// Which part of a `key = value` pair an error points at.
    enum Anchor: Hashable, Sendable {
        /// The key (or the table header naming it).
        case key
        /// The value, or the array element.
        case value
    }

    private let document: TOMLTable

    init(document: TOMLTable) {
        self.document = document
    }

    /// Where `path` is written: its value (or array element) when `anchor` is `.value`, else its key; an
    /// array element has only its value.
    func position(of path: ConfigPath, anchor: Anchor = .key) -> SourcePosition {
        var found = SourcePosition.start
        var table: TOMLTable? = document
        var array: [TOMLValue]? = nil
        for (offset, segment) in path.segments.enumerated() {
            let value: TOMLValue
            switch segment {
            case .key(let key):
                guard let entry = table?.entry(key) else { return found }
                value = entry.value
                found = anchor == .value && offset == path.segments.count - 1 ? value.position : entry.keyPosition
            case .index(let index):
                guard let elements = array, elements.indices.contains(index) else { return found }
                value = elements[index]
                found = value.position
            }
            table = value.table
            array = value.array
        }
        return found
    }

    /// Convenience for tests and tools: the position of a path written as text.
    func position(of path: String, anchor: Anchor = .key) -> SourcePosition {
        position(of: ConfigPath(parsing: path), anchor: anchor)
    }
}
