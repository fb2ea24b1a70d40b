import MeddCore

/// Reads a command line word by word, for medd and medctl alike: the options of a list and their
/// values (`--name value` or `--name=value`), operands, `--` (every word after it is an operand),
/// and the `ProgramRequest`s. Every word it cannot take is a `UsageError` saying precisely why.
public struct ArgumentReader {
    /// The program, for errors that name it.
    public let program: String
    private let arguments: [String]
    private var index: Int
    private var optionsEnded = false

    public init(_ arguments: [String], program: String) {
        self.arguments = arguments
        self.program = program
        index = arguments.startIndex
    }

    /// The word the reader is at; nil once every word is read.
    public var current: String? { index < arguments.endIndex ? arguments[index] : nil }

    /// The words not read yet.
    public var rest: ArraySlice<String> { arguments[index...] }

    /// Reads the word at the reader as it is (a verb's name).
    public mutating func next() -> String? {
        guard let word = current else { return nil }
        index += 1
        return word
    }

    /// Reads the word at the reader when it is a request `scope` allows: `-h` or `--help`; before a
    /// verb also `--version` and `--generate-completion-script SHELL`, which must end the command line.
    public mutating func readRequest(in scope: ProgramRequest.Scope) throws(UsageError) -> ProgramRequest? {
        guard let argument = current else { return nil }
        if argument == "-h" || argument == "--help" {
            index += 1
            return .help
        }
        guard scope == .program else { return nil }
        if argument == OptionSpec.version.spelling {
            index += 1
            return .version
        }
        let completion = OptionSpec.completionScript
        guard argument == completion.spelling || argument.hasPrefix(completion.spelling + "=") else { return nil }
        var given = ParsedArguments()
        try readOption(known: [completion], into: &given)
        guard current == nil else { throw UsageError(tr("--generate-completion-script takes nothing after the shell")) }
        return .completionScript(try given.value(completion.name)!)
    }

    /// Reads what is left: operands as `operand` allows them (none when nil), options of `known`, `--`;
    /// stops at a request `scope` allows and returns it.
    public mutating func readToEnd(known: [OptionSpec], operand: OperandSpec?, into parsed: inout ParsedArguments,
                                   requests scope: ProgramRequest.Scope) throws(UsageError) -> ProgramRequest? {
        while let argument = current {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" || Self.isNegativeNumber(argument) {
                let owner = parsed.verb ?? program
                // TRANSLATORS: %1$s is a verb (status) or a program (medd), %2$s the word given after it.
                guard let operand else { throw parsed.error(tr("%1$s takes no argument '%2$s'", owner, argument)) }
                if !operand.repeats, !parsed.operands.isEmpty {
                    // TRANSLATORS: %1$s is a verb (backup), %2$s what it takes (FILE), %3$s the extra word given.
                    throw parsed.error(tr("%1$s takes one %2$s; '%3$s' is one too many", owner, operand.valueName, argument))
                }
                parsed.append(operand: argument)
                index += 1
            } else if argument == "--" {
                optionsEnded = true
                index += 1
            } else if let request = try readRequest(in: scope) {
                return request
            } else {
                try readOption(known: known, into: &parsed)
            }
        }
        return nil
    }

    /// Reads the option at the reader (and its value) into `parsed`.
    public mutating func readOption(known: [OptionSpec], into parsed: inout ParsedArguments) throws(UsageError) {
        guard let argument = current else { return }
        guard argument.hasPrefix("--") else {
            let example = (known.first { $0.name == "json" } ?? known.first)?.spelling ?? "--help"
            // TRANSLATORS: %1$s is the option given (-x), %2$s the program (medd, medctl), %3$s one of its options (--json).
            throw parsed.error(tr("unknown option '%1$s'; %2$s's options are long ones, such as %3$s", argument, program, example))
        }
        let body = argument.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let attached = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        guard let option = known.first(where: { $0.name == name }) else {
            let owner = parsed.verb ?? program
            // TRANSLATORS: %1$s is the option given (--jsn), %2$s a program (medd, medctl) or a verb, %3$s the options it takes.
            throw parsed.error(tr("unknown option '%1$s'; %2$s takes %3$s", "--" + name, owner, known.map(\.spelling).joined(separator: ", ")))
        }
        index += 1
        if option.isFlag {
            guard attached == nil else { throw parsed.error(tr("%1$s takes no value", option.spelling)) }
            parsed.set(flag: option)
        } else if let attached {
            parsed.set(option, attached)
        } else {
            // TRANSLATORS: %1$s is an option (--at), %2$s the name of its value (WHEN).
            guard let value = current else { throw parsed.error(tr("%1$s needs a value (%2$s)", option.spelling, option.valueName!)) }
            if Self.namesAnOption(value, known: known) {
                // TRANSLATORS: %1$s is an option (--note), %2$s the name of its value (TEXT), %3$s the option
                // that came instead (--json); `%1$s=%3$s` is how to write that text as the value.
                throw parsed.error(tr("%1$s needs a value (%2$s), not the option %3$s; write %1$s=%3$s to mean that text",
                                      option.spelling, option.valueName!, value))
            }
            parsed.set(option, value)
            index += 1
        }
    }

    /// `-3`, `-2.5`, `-1,5`: a minus and a digit start a number, never an option (options are long), so a verb
    /// that takes an amount can say what is wrong with it instead of calling it an unknown option.
    private static func isNegativeNumber(_ word: String) -> Bool {
        let bytes = Array(word.utf8.prefix(2))
        return bytes.count == 2 && bytes[0] == UInt8(ascii: "-") && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[1])
    }

    /// Whether a word after an option that takes a value is another option, as when a value was
    /// forgotten (`--note --json`); such a value is written `--note=--json`.
    private static func namesAnOption(_ word: String, known: [OptionSpec]) -> Bool {
        word == "-h" || word == "--help" || known.contains { word == $0.spelling || word.hasPrefix($0.spelling + "=") }
    }
}
