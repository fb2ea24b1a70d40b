/// A 1-based line and column in a configuration file; columns count Unicode scalars.
struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    var line: Int
    var column: Int

    static let start = SourcePosition(line: 1, column: 1)

    static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    var description: String { "\(line):\(column)" }
}
