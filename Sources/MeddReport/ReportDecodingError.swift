/// Why JSON is not a report: where in it (`medications[2].doses[14].minutes`) and what is wrong.
public struct ReportDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
