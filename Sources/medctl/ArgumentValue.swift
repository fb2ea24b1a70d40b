/// A value an option takes, read from its command-line text.
protocol ArgumentValue {
    init?(argument: String)
    /// What a valid value looks like, for the error when one does not parse.
    static var expectation: String { get }
}

extension Int: ArgumentValue {
    init?(argument: String) { self.init(argument) }
    static var expectation: String { "a whole number" }
}
