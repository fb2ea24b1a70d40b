/// A validation error before it has a source position: where it is and what it says.
struct ConfigIssue: Hashable, Sendable {
    var path: ConfigPath
    var anchor: SourceAnchor
    var message: String
}
