/// One error in a configuration file, printed as `PATH:LINE:COLUMN: message`.
public struct ConfigDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(path):\(line):\(column): \(message)" }
}
