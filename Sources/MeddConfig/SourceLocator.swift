/// Maps key paths such as `medication.metformin.times[1]` to where they are written.
///
/// TOMLKit keeps no source positions, so the locator scans the text itself. A path that
/// cannot be found falls back to its nearest enclosing key or table header, and finally
/// to the start of the file.
struct SourceLocator: Sendable {
    /// Which part of a `key = value` pair an error points at.
    enum Anchor: Hashable, Sendable {
        /// The key (or the table header naming it).
        case key
        /// The value, or the array element.
        case value
    }

    private let keyPositions: [ConfigPath: SourcePosition]
    private let valuePositions: [ConfigPath: SourcePosition]
    /// See `SourceScanner.parserHazard`.
    let parserHazard: TOMLReader.SyntaxError?

    init(text: String) {
        var scanner = SourceScanner(text: text)
        scanner.scan()
        keyPositions = scanner.keyPositions
        valuePositions = scanner.valuePositions
        parserHazard = scanner.parserHazard
    }

    /// Where `path` is written: its value (or array element) when `anchor` is `.value` and
    /// one is known, else its key.
    func position(of path: ConfigPath, anchor: Anchor = .key) -> SourcePosition {
        var current = path
        var anchor = anchor
        while true {
            if anchor == .value, let position = valuePositions[current] { return position }
            if let position = keyPositions[current] ?? valuePositions[current] { return position }
            guard let parent = current.parent else { return .start }
            current = parent
            anchor = .key
        }
    }

    /// Convenience for tests and tools: the position of a path written as text.
    func position(of path: String, anchor: Anchor = .key) -> SourcePosition {
        position(of: ConfigPath(parsing: path), anchor: anchor)
    }
}
