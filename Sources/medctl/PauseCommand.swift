import MeddCommandLine
import MeddConfig
import MeddCore

/// `medctl pause`: no reminders for a medication or measurement, for good or until a day.
struct PauseCommand: Verb {
    static let name = "pause"
    static var abstract: String { tr("Pause a medication or measurement: no doses or reminders until it is resumed, or until a day.") }
    static var discussion: String {
        tr("""
            Sets paused = true in its table of the configuration file, or with --until DATE (YYYY-MM-DD, after today) \
            paused_until = DATE: its doses resume on that day by themselves. The rest of the file stays as it was, \
            comments included; the change is checked before the file is replaced, and a running medd reloads it. \
            Its open doses are recorded as skipped (medication paused).
            """)
    }
    static var options: [OptionSpec] {
        [.value("until", "DATE", tr("Resume on this day (YYYY-MM-DD) by itself.")), ConfigOption.option]
    }
    static var operand: OperandSpec? { .configuredID }

    let global: GlobalOptions
    let id: String
    let until: LocalDate?
    let configPath: String

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        id = try arguments.singleOperand(tr("name the medication or measurement to pause, like: medctl pause metformin"))
        until = try arguments.futureDate("until")
        configPath = try ConfigOption.path(arguments)
    }

    func run() throws {
        let file = try ConfigFileChange(path: configPath)
        let table = try file.table(of: id)
        let subject = file.configuration.subject(id)
        let editor = try file.editor()
        let newText: String
        if let until {
            if subject?.pausedUntil == until && subject?.paused == false {
                return Output.line(tr("%1$s is already paused until %2$s", id, LocalTimeText.date(until)))
            }
            newText = try file.refusing { () throws(ConfigEditor.Refusal) in
                let dated = try editor.setting("paused_until", to: .string(until.iso8601), in: table)
                return subject?.paused == true ? try ConfigEditor(dated).setting("paused", to: .bool(false), in: table) : dated
            }
        } else {
            if subject?.paused == true { return Output.line(tr("%1$s is already paused", id)) }
            newText = try file.refusing { () throws(ConfigEditor.Refusal) in
                let paused = try editor.setting("paused", to: .bool(true), in: table)
                return try ConfigEditor(paused).removing("paused_until", from: table)
            }
        }
        _ = try file.check(newText) { old, _ in old.pausing(id, paused: until == nil, until: until) }
        try file.write(newText, global: global) {
            if let until {
                // TRANSLATORS: %1$s is a medication's ID, %2$s the day its doses resume.
                Output.line(tr("paused %1$s until %2$s: nothing is planned before that day", id, LocalTimeText.date(until)))
            } else {
                // TRANSLATORS: %1$s is a medication's ID, %2$s the command that resumes it.
                Output.line(tr("paused %1$s: nothing is planned until %2$s", id, "medctl resume " + id))
            }
        }
    }
}
