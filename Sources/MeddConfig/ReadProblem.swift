/// Why a configuration file could not be read, as the message a user sees.
struct ReadProblem: Error, Hashable, Sendable {
    var message: String

    init(_ message: String) { self.message = message }
}
