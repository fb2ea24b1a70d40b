import MeddCore

/// A value an option takes, read from its command-line text.
public protocol ArgumentValue {
    init?(argument: String)
    /// What a valid value looks like, for the error when one does not parse.
    static var expectation: String { get }
}

/// A choice among words (`--format csv`): the value is the case's raw value.
extension ArgumentValue where Self: RawRepresentable, RawValue == String {
    public init?(argument: String) { self.init(rawValue: argument) }
}

extension Int: ArgumentValue {
    public init?(argument: String) { self.init(argument) }
    // TRANSLATORS: completes "--minutes soon: expected %3$s".
    public static var expectation: String { tr("a whole number") }
}
