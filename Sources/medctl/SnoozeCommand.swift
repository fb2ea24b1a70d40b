import MeddCommandLine
import MeddControl
import MeddCore

/// `medctl snooze`: put open doses off.
struct SnoozeCommand: Verb {
    static let name = "snooze"
    static var abstract: String { tr("Snooze an open dose.") }
    static var discussion: String {
        tr("""
            --json prints the daemon's reply, {"snoozeId", "until", "dose": {...}} \
            (an array of them for several doses).
            """)
    }
    /// What the daemon accepts, so a wrong length is a usage error before anything is sent.
    private static let acceptedMinutes = MethodSignature.snoozeMinutes

    static var options: [OptionSpec] {
        [
            // TRANSLATORS: %1$d and %2$d are the fewest and most minutes a snooze may last.
            .value("minutes", "MINUTES", tr("How long, %1$d to %2$d (default: the first of settings.snooze).",
                                            String(acceptedMinutes.lowerBound), String(acceptedMinutes.upperBound))),
        ]
    }
    static var operand: OperandSpec? { AnswerCommand.targets }

    let global: GlobalOptions
    let targets: [String]
    let minutes: Int?

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        targets = try AnswerCommand.targets(arguments)
        minutes = try arguments.value("minutes")
        if let minutes, !Self.acceptedMinutes.contains(minutes) {
            // TRANSLATORS: %1$d and %2$d are the fewest and most minutes a snooze may last, %3$d the number given.
            throw arguments.error(tr("--minutes must be from %1$d to %2$d; got %3$d", String(Self.acceptedMinutes.lowerBound),
                                     String(Self.acceptedMinutes.upperBound), String(minutes)))
        }
    }

    func run() throws {
        var parameters: [String: JSONValue] = [:]
        if let minutes { parameters["minutes"] = .integer(minutes) }
        try AnswerCommand.answer(targets, method: "Snooze", global: global, parameters: parameters) { reply in
            AnswerCommand.line("snoozed", reply["dose"], snoozedUntil: reply["until"]?.stringValue)
        }
    }
}
