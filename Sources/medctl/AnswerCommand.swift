import MeddControl
import MeddTerminal

/// What `taken`, `snooze` and `skip` share: one or more targets, each answered in turn.
enum AnswerCommand {
    static let targets = OperandSpec(
        valueName: "DOSE-OR-MED",
        help: "A dose ID (metformin_20261122_08_00), or a medication ID meaning its open dose (or a new as-needed dose).",
        repeats: true)

    /// The doses named on the command line: at least one.
    static func targets(_ arguments: ParsedArguments) throws(UsageError) -> [String] {
        if arguments.operands.isEmpty { throw arguments.error("name at least one dose or medication") }
        return arguments.operands
    }

    /// Calls `method` for each target; prints each answer (or, with --json, the replies: one object,
    /// or an array for several targets). Throws the first failure after trying them all.
    static func answer(_ targets: [String], method: String, global: GlobalOptions,
                       parameters: [String: JSONValue], describe: ([String: JSONValue]) -> String) throws {
        let client = try global.connect()
        var replies: [JSONValue] = []
        var firstFailure: ClientError?
        for target in targets {
            var call = parameters
            call["dose"] = .string(target)
            let reply: [String: JSONValue]
            do {
                reply = try client.call(method, call)
            } catch {
                guard case .daemon = error else { throw error }
                if targets.count > 1 { Output.error("\(target): " + error.message) }
                firstFailure = firstFailure ?? error
                continue
            }
            replies.append(.object(reply))
            if !global.json { Output.line(describe(reply)) }
        }
        if global.json, !replies.isEmpty { Output.json(targets.count == 1 ? replies[0] : .array(replies)) }
        if let firstFailure {
            if targets.count > 1 { throw ExitStatus(code: firstFailure.exitStatus) }
            throw firstFailure
        }
    }

    /// `taken: Metformin 500 mg, due 08:00 (metformin_20261122_08_00)`.
    static func line(_ verb: String, _ dose: JSONValue?, extra: String = "") -> String {
        guard let row = dose.flatMap(DoseRow.init) else { return verb }
        let style = Style.current
        let due = LocalTimeText.short(row.scheduled, today: LocalTimeText.today())
        return "\(style.state(verb)): \(style.bold(row.name)) \(row.dose), due \(due)\(extra) (\(row.id))"
    }
}
