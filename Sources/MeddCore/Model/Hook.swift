/// A `[[hook]]`: an argv run for each journal event of the listed kinds.
public struct Hook: Hashable, Sendable {
    public var on: Set<EventKind>
    public var exec: [String]
    public var timeout: TimeSpan

    public init(on: Set<EventKind>, exec: [String], timeout: TimeSpan = TimeSpan(seconds: 10)) {
        self.on = on
        self.exec = exec
        self.timeout = timeout
    }
}
