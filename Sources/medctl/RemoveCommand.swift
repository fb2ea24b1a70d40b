import MeddCommandLine
import MeddConfig
import MeddCore

/// `medctl remove`: a medication or measurement taken out of the configuration; its history stays.
struct RemoveCommand: Verb {
    static let name = "remove"
    static var abstract: String { tr("Remove a medication or measurement from the configuration; its history stays.") }
    static var discussion: String {
        tr("""
            Takes its table out of the configuration file, with its steps and the comment lines right above it; the \
            rest of the file stays as it was, the change is checked before the file is replaced, and a running medd \
            reloads it. Its open doses are recorded as skipped; every dose and reading recorded stays in the ledger \
            and the journal, for adherence and reports. A measurement whose for names it must be changed first.
            """)
    }
    static var options: [OptionSpec] { [ConfigOption.option] }
    static var operand: OperandSpec? { .configuredID }

    let global: GlobalOptions
    let id: String
    let configPath: String

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        id = try arguments.singleOperand(tr("name the medication or measurement to remove, like: medctl remove metformin"))
        configPath = try ConfigOption.path(arguments)
    }

    func run() throws {
        let file = try ConfigFileChange(path: configPath)
        let table = try file.table(of: id)
        let editor = try file.editor()
        let newText = try file.refusing { () throws(ConfigEditor.Refusal) in try editor.removingTable(table) }
        _ = try file.check(newText) { old, _ in
            var removed = old
            removed.medications.removeAll { $0.id == id }
            removed.measurements.removeAll { $0.id == id }
            return removed
        }
        try file.write(newText, global: global) {
            // TRANSLATORS: %1$s is a medication's ID.
            Output.line(tr("removed %1$s; its history stays in the ledger and the journal", id))
        }
    }
}
