/// A TOML syntax error: where it is and what it says.
struct ConfigSyntaxError: Error, Hashable, Sendable {
    var position: SourcePosition
    var message: String
}
