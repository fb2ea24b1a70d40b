import MeddCommandLine
import MeddControl
import MeddCore
import MeddTerminal

/// What `taken`, `snooze` and `skip` share: one or more targets, each answered in turn.
enum AnswerCommand {
    static var targets: OperandSpec {
        OperandSpec(
            valueName: "DOSE-OR-MED",
            help: tr("A dose ID (metformin_20261122_08_00), or a medication ID meaning its open dose (or a new as-needed dose)."),
            repeats: true, candidatesVerb: IDsCommand.name)
    }

    /// The doses named on the command line: at least one.
    static func targets(_ arguments: ParsedArguments) throws(UsageError) -> [String] {
        if arguments.operands.isEmpty { throw arguments.error(tr("name at least one dose or medication")) }
        return arguments.operands
    }

    /// Calls `method` for each target; prints each answer (or, with --json, the replies: one object,
    /// or an array for several targets or when they were `listed` by medctl itself). Throws the first
    /// failure after trying them all.
    static func answer(_ targets: [String], method: String, global: GlobalOptions, parameters: [String: JSONValue],
                       listed: Bool = false, describe: ([String: JSONValue]) -> String) throws {
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
                if targets.count > 1 || listed { Output.error("\(target): " + error.message) }
                firstFailure = firstFailure ?? error
                continue
            }
            replies.append(.object(reply))
            if !global.json { Output.line(describe(reply)) }
        }
        if global.json, !replies.isEmpty || listed { Output.json(targets.count == 1 && !listed ? replies[0] : .array(replies)) }
        if let firstFailure {
            if targets.count > 1 || listed { throw ExitStatus(code: firstFailure.exitStatus) }
            throw firstFailure
        }
    }

    /// `taken: Metformin 500 mg, due 08:00 (metformin_20261122_08_00)`; `state` is the dose's state
    /// now (`taken`), shown in the person's language; `snoozedUntil`, an ISO 8601 time, is added as
    /// `, back at 2026-11-22 08:40`.
    static func line(_ state: String, _ dose: JSONValue?, snoozedUntil: String? = nil) -> String {
        let style = Style.current
        let stateText = StateName.styledDose(state, style: style)
        guard let row = dose.flatMap(DoseRow.init) else { return stateText }
        let medication = style.bold(row.name) + " " + row.dose
        let due = LocalTimeText.short(row.scheduled, today: LocalTimeText.today())
        if let snoozedUntil {
            // TRANSLATORS: %1$s is the state (snoozed), %2$s the medication and dose, %3$s when it was due,
            // %4$s when it comes back (a date and time), %5$s the dose's ID.
            return tr("%1$s: %2$s, due %3$s, back at %4$s (%5$s)", stateText, medication, due,
                      LocalTimeText.display(iso: snoozedUntil), row.id)
        }
        // TRANSLATORS: %1$s is the dose's state now (taken, skipped), %2$s the medication and dose
        // (Metformin 500 mg), %3$s when it was due (a time), %4$s the dose's ID.
        return tr("%1$s: %2$s, due %3$s (%4$s)", stateText, medication, due, row.id)
    }
}
