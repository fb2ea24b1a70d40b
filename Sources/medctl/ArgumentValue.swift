import MeddCore

/// A value an option takes, read from its command-line text.
protocol ArgumentValue {
    init?(argument: String)
    /// What a valid value looks like, for the error when one does not parse.
    static var expectation: String { get }
}

extension Int: ArgumentValue {
    init?(argument: String) { self.init(argument) }
    // TRANSLATORS: completes "--minutes soon: expected %3$s".
    static var expectation: String { tr("a whole number") }
}
