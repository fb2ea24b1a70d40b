/// A 1-based line and column in a configuration file; columns count Unicode scalars.
struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    var line: Int
    var column: Int

    static let start = SourcePosition(line: 1, column: 1)

    /// Moves past `scalar`; only `\n` ends a line.
    mutating func advance(past scalar: Unicode.Scalar) {
        if scalar == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }

    static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    var description: String { "\(line):\(column)" }
}
