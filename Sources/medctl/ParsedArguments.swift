import MeddCore

/// What a command line said, option by option: the verb reads its values from here.
struct ParsedArguments {
    /// Every value given, in order; only options that repeat keep more than one.
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    private(set) var operands: [String] = []
    /// The verb these were given to, for errors that point to its help.
    private(set) var verb: String?

    init(verb: String?) {
        self.verb = verb
    }

    /// The same arguments, given to `verb`: the global options read before it.
    func rebound(to verb: String) -> ParsedArguments {
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

    func flag(_ name: String) -> Bool { flags.contains(name) }

    func string(_ name: String) -> String? { values[name]?.last }

    /// Every value of an option that repeats, in the order given.
    func strings(_ name: String) -> [String] { values[name] ?? [] }

    /// Refuses a `--med` value that cannot be a medication ID.
    func requireValidMedication(_ medication: String?) throws(UsageError) {
        if let medication, !MedicationID.isValid(medication) {
            throw error(tr("--med %1$s is not a medication ID (lower-case letters, digits and '-')", medication))
        }
    }

    /// The option's value read as `Value`; a value that does not read is a usage error naming it.
    func value<Value: ArgumentValue>(_ name: String, as type: Value.Type = Value.self) throws(UsageError) -> Value? {
        guard let text = values[name]?.last else { return nil }
        guard let value = Value(argument: text) else {
            // TRANSLATORS: %1$s is an option (--minutes), %2$s the value given (soon), %3$s what a value
            // looks like ("a whole number", "table, json or csv").
            throw UsageError(tr("%1$s %2$s: expected %3$s", "--" + name, text, Value.expectation), verb: verb)
        }
        return value
    }

    /// A usage error that points to this verb's help.
    func error(_ message: String) -> UsageError { UsageError(message, verb: verb) }
}
