/// Every error found in a configuration file, in file order.
public struct ConfigErrors: Error, Hashable, Sendable, CustomStringConvertible {
    public var diagnostics: [ConfigDiagnostic]

    public init(_ diagnostics: [ConfigDiagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
