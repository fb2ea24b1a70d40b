import MeddControl

/// `medctl snooze`: put open doses off.
struct SnoozeCommand: Verb {
    static let name = "snooze"
    static let abstract = "Snooze an open dose."
    static let discussion = """
        --json prints the daemon's reply, {"snoozeId", "until", "dose": {...}} \
        (an array of them for several doses).
        """
    /// What the daemon accepts, so a wrong length is a usage error before anything is sent.
    private static let acceptedMinutes = MethodSignature.snoozeMinutes
    private static let acceptedText = "\(acceptedMinutes.lowerBound) to \(acceptedMinutes.upperBound)"

    static let options: [OptionSpec] = [
        .value("minutes", "MINUTES", "How long, \(acceptedText) (default: the first of settings.snooze)."),
    ]
    static let operand: OperandSpec? = AnswerCommand.targets

    let global: GlobalOptions
    let targets: [String]
    let minutes: Int?

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        targets = try AnswerCommand.targets(arguments)
        minutes = try arguments.value("minutes")
        if let minutes, !Self.acceptedMinutes.contains(minutes) {
            throw arguments.error("--minutes must be from \(Self.acceptedText); got \(minutes)")
        }
    }

    func run() throws {
        var parameters: [String: JSONValue] = [:]
        if let minutes { parameters["minutes"] = .integer(minutes) }
        try AnswerCommand.answer(targets, method: "Snooze", global: global, parameters: parameters) { reply in
            let until = reply["until"]?.stringValue.map { ", back at " + LocalTimeText.display(iso: $0) } ?? ""
            return AnswerCommand.line("snoozed", reply["dose"], extra: until)
        }
    }
}
