import MeddCommandLine
import MeddConfig
import MeddCore

/// `medctl resume`: a paused medication or measurement planned and reminded again.
struct ResumeCommand: Verb {
    static let name = "resume"
    static var abstract: String { tr("Resume a paused medication or measurement.") }
    static var discussion: String {
        tr("""
            Removes paused = true and paused_until from its table of the configuration file, so that a pause and a \
            resume leave the file as it was (a paused line with a comment after it is set to false instead); the rest of the file stays as it was, the change is checked before the file is \
            replaced, and a running medd reloads it. Doses resume from now: the ones due while it was paused are not \
            owed.
            """)
    }
    static var options: [OptionSpec] { [ConfigOption.option] }
    static var operand: OperandSpec? { .configuredID }

    let global: GlobalOptions
    let id: String
    let configPath: String

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        id = try arguments.singleOperand(tr("name the medication or measurement to resume, like: medctl resume metformin"))
        configPath = try ConfigOption.path(arguments)
    }

    func run() throws {
        let file = try ConfigFileChange(path: configPath)
        let table = try file.table(of: id)
        let editor = try file.editor()
        let subject = file.configuration.subject(id)
        guard subject?.paused == true || editor.hasKey("paused_until", in: table) else {
            return Output.line(tr("%1$s is not paused", id))
        }
        let newText = try file.refusing { () throws(ConfigEditor.Refusal) in
            let undated = try editor.removing("paused_until", from: table)
            let next = try ConfigEditor(undated)
            guard subject?.paused == true else { return undated }
            // A line saying more than `paused = true` keeps what it says.
            return next.hasComment(after: "paused", in: table)
                ? try next.setting("paused", to: .bool(false), in: table) : try next.removing("paused", from: table)
        }
        _ = try file.check(newText) { old, _ in old.pausing(id, paused: false, until: nil) }
        try file.write(newText, global: global) {
            // TRANSLATORS: %1$s is a medication's ID.
            Output.line(tr("resumed %1$s", id))
        }
    }
}
