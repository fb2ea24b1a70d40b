import ArgumentParser
import MeddControl

/// `medctl snooze`: put open doses off.
struct SnoozeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snooze", abstract: "Snooze an open dose.",
        discussion: """
            --json prints the daemon's reply, {"snoozeId", "until", "dose": {...}} \
            (an array of them for several doses).
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: AnswerCommand.targetHelp)
    var targets: [String]

    /// What the daemon accepts, so a wrong length is a usage error before anything is sent.
    private static let acceptedMinutes = MethodSignature.snoozeMinutes
    private static let acceptedText = "\(acceptedMinutes.lowerBound) to \(acceptedMinutes.upperBound)"

    @Option(help: ArgumentHelp("How long, \(Self.acceptedText) (default: the first of settings.snooze).", valueName: "MINUTES"))
    var minutes: Int?

    func validate() throws {
        if targets.isEmpty { throw ValidationError("name at least one dose or medication") }
        if let minutes, !Self.acceptedMinutes.contains(minutes) {
            throw ValidationError("--minutes must be from \(Self.acceptedText); got \(minutes)")
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
