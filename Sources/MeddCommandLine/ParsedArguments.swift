import MeddCore

/// What a command line said, option by option: the program or its verb reads its values from here.
public struct ParsedArguments: Sendable {
    /// Every value given, in order; only options that repeat keep more than one.
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    public private(set) var operands: [String] = []
    /// The verb these were given to, for errors that point to its help.
    public private(set) var verb: String?

    public init(verb: String? = nil) {
        self.verb = verb
    }

    /// The same arguments, given to `verb`: the global options read before it.
    public func rebound(to verb: String) -> ParsedArguments {
        var copy = self
        copy.verb = verb
        return copy
    }

    /// A later value replaces an earlier one, as with most Unix tools, unless the option repeats.
    mutating func set(_ option: OptionSpec, _ value: String) {
        values[option.name] = option.repeats ? values[option.name, default: []] + [value] : [value]
    }
    mutating func set(flag option: OptionSpec) { flags.insert(option.name) }
    mutating func append(operand: String) { operands.append(operand) }

    public func flag(_ name: String) -> Bool { flags.contains(name) }

    public func string(_ name: String) -> String? { values[name]?.last }

    /// Every value of an option that repeats, in the order given.
    public func strings(_ name: String) -> [String] { values[name] ?? [] }

    /// The option's value read as `Value`; a value that does not read is a usage error naming it.
    public func value<Value: ArgumentValue>(_ name: String, as type: Value.Type = Value.self) throws(UsageError) -> Value? {
        guard let text = values[name]?.last else { return nil }
        guard let value = Value(argument: text) else {
            // TRANSLATORS: %1$s is an option (--minutes), %2$s the value given (soon), %3$s what a value
            // looks like ("a whole number", "table, json or csv").
            throw UsageError(tr("%1$s %2$s: expected %3$s", "--" + name, text, Value.expectation), verb: verb)
        }
        return value
    }

    /// A usage error that points to this verb's help (the program's, without a verb).
    public func error(_ message: String) -> UsageError { UsageError(message, verb: verb) }
}
