import MeddCommandLine
import MeddConfig
import MeddCore

/// `medctl add`: a new medication in the configuration file, from options.
struct AddCommand: Verb {
    static let name = "add"
    static var abstract: String { tr("Add a medication to the configuration.") }
    static var discussion: String {
        tr("""
            Writes a [medication.ID] table after the last medication of the configuration file (the rest of the file \
            stays as it was), checks it with the whole file before the file is replaced, and has a running medd \
            reload it. --name and --dose are required, and --times or --as-needed; lists are comma-separated \
            (--times 08:00,20:00, --days mon,wed,fri). Amounts take up to three decimals, with the decimal comma of \
            your locale too. Every other key (steps, alerts, expiry) can be added with medctl edit.
            """)
    }
    static var options: [OptionSpec] {
        [
            .value("name", "TEXT", tr("The name alerts show (required)."), isRequired: true),
            .value("dose", "TEXT", tr("The dose, as text (500 mg, 1 tablet) (required)."), isRequired: true),
            .value("times", "HH:MM,...", tr("The times of day of its doses.")),
            .value("days", "DAYS", tr("Only on these weekdays (mon,wed,fri).")),
            .value("every-days", "N", tr("Every N days, counted from --start.")),
            .value("start", "DATE", tr("The first day (YYYY-MM-DD).")),
            .value("end", "DATE", tr("The last day (YYYY-MM-DD).")),
            .value("stock", "UNITS", tr("Units on hand.")),
            .value("per-dose", "UNITS", tr("Units each dose takes (default 1).")),
            .value("refill-at", "UNITS", tr("Warn when the stock falls to this.")),
            .value("person", "ID", tr("Whom it is for.")),
            .value("notes", "TEXT", tr("Shown with each reminder (with food).")),
            .flag("as-needed", tr("No schedule: taken when needed.")),
            ConfigOption.option,
        ]
    }
    static var operand: OperandSpec? {
        OperandSpec(valueName: "ID", help: tr("The new medication's ID: lower-case letters, digits and '-'."), isRequired: true)
    }

    let global: GlobalOptions
    let id: String
    let entries: [(key: String, value: TOMLText)]
    let configPath: String

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        id = try arguments.singleOperand(tr("name the new medication's ID, like: medctl add metformin --name Metformin --dose \"500 mg\" --times 08:00"))
        guard MedicationID.isValid(id) else {
            throw arguments.error(tr("%1$s is not a medication ID: lower-case letters, digits and '-', starting with a letter or digit", id))
        }
        for required in ["name", "dose"] where arguments.string(required) == nil {
            // TRANSLATORS: %1$s is a required option (--name).
            throw arguments.error(tr("%1$s is required", "--" + required))
        }
        let asNeeded = arguments.flag("as-needed")
        if asNeeded == (arguments.string("times") != nil) {
            // TRANSLATORS: %1$s and %2$s are options, never translated.
            throw arguments.error(tr("give either %1$s or %2$s", "--times", "--as-needed"))
        }
        var entries: [(key: String, value: TOMLText)] = []
        for option in ["name", "dose"] { entries.append((option, .string(arguments.string(option) ?? ""))) }
        for option in ["times", "days"] {
            if let list = arguments.string(option) { entries.append((option, .strings(try Self.list(list, option: option, arguments)))) }
        }
        if let everyDays = try arguments.value("every-days", as: Int.self) { entries.append(("every_days", .integer(everyDays))) }
        for option in ["start", "end"] {
            guard let text = arguments.string(option) else { continue }
            guard let date = LocalDate(parsing: text) else {
                throw arguments.error(tr("%1$s %2$s: expected a day as YYYY-MM-DD", "--" + option, text))
            }
            entries.append((option, .string(date.iso8601)))
        }
        if asNeeded { entries.append(("as_needed", .bool(true))) }
        for option in ["stock", "per-dose", "refill-at"] {
            guard let text = arguments.string(option) else { continue }
            entries.append((Self.key(option), .quantity(try Self.quantity(text, option: option, arguments))))
        }
        for option in ["person", "notes"] {
            if let text = arguments.string(option) { entries.append((option, .string(text))) }
        }
        self.entries = entries
        configPath = try ConfigOption.path(arguments)
    }

    func run() throws {
        let file = try ConfigFileChange(path: configPath, missingIsEmpty: true)
        if let taken = file.configuration.subject(id) {
            Output.error("medctl: " + (taken.measures == nil
                // TRANSLATORS: %1$s is an ID, %2$s the name of the medication that has it, %3$s the configuration file.
                ? tr("%1$s is taken: the medication %2$s in %3$s has it; choose another ID", id, taken.name, configPath)
                // TRANSLATORS: %1$s is an ID, %2$s the name of the measurement that has it, %3$s the configuration file.
                : tr("%1$s is taken: the measurement %2$s in %3$s has it; choose another ID", id, taken.name, configPath)))
            throw ExitStatus.failure
        }
        let editor = try file.editor()
        let newText = editor.addingTable(["medication", id], entries: entries)
        let configuration = try file.check(newText) { old, new in
            var added = old
            if let medication = new.medication(id) { added.medications = (old.medications + [medication]).sorted { $0.id < $1.id } }
            return added
        }
        try file.write(newText, global: global) {
            let schedule = configuration.medication(id)?.scheduleDescription.localized ?? ""
            // TRANSLATORS: %1$s is the new medication's ID, %2$s its name and dose, %3$s its schedule in words.
            Output.line(tr("added %1$s: %2$s, %3$s", id, "\(configuration.medication(id)?.name ?? "") \(configuration.medication(id)?.dose ?? "")", schedule))
        }
    }

    /// `--per-dose` is `per_dose` in the file.
    private static func key(_ option: String) -> String { String(option.map { $0 == "-" ? "_" : $0 }) }

    private static func list(_ text: String, option: String, _ arguments: ParsedArguments) throws(UsageError) -> [String] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
        guard !items.contains(where: \.isEmpty) else {
            // TRANSLATORS: %1$s is an option, %2$s its value; the example is never translated.
            throw arguments.error(tr("%1$s %2$s: an empty item; separate the items with single commas, like 08:00,20:00", "--" + option, text))
        }
        return items
    }

    private static func quantity(_ text: String, option: String, _ arguments: ParsedArguments) throws(UsageError) -> Quantity {
        let written = ReadingValue.withDecimalPoint(text, separator: Translation.currentFormats.decimalSeparator)
        switch Quantity.parse(written) {
        case .success(let quantity) where quantity >= .zero:
            return quantity
        default:
            // TRANSLATORS: %1$s is an option (--stock), %2$s the value given.
            throw arguments.error(tr("%1$s %2$s: expected a number of units, 0 or more, with at most three decimals", "--" + option, text))
        }
    }
}
