import MeddCore

/// The headings of medctl's tables, in the person's language. English writes them in capitals, which
/// a translation may keep or not; the CSV headers (`on_time`) stay as they are.
enum ColumnHeading {
    // TRANSLATORS: a table's column heading: when a dose is due.
    static var due: String { tr("DUE") }
    // TRANSLATORS: a table's column heading: a dose's ID (metformin_20261122_08_00).
    static var doseID: String { tr("DOSE ID") }
    // TRANSLATORS: a table's column heading: the medication's name and dose, or its ID.
    static var medication: String { tr("MEDICATION") }
    // TRANSLATORS: a table's column heading: a dose's state (pending, taken, …).
    static var state: String { tr("STATE") }
    // TRANSLATORS: a table's column heading: when and how a dose was answered.
    static var answered: String { tr("ANSWERED") }
    // TRANSLATORS: a table's column heading: where an answer came from (desktop, medctl, sync).
    static var source: String { tr("SOURCE") }
    // TRANSLATORS: a table's column heading: the note kept with an answer.
    static var note: String { tr("NOTE") }
    // TRANSLATORS: a table's column heading: when a reading was taken.
    static var taken: String { tr("TAKEN") }
    // TRANSLATORS: a table's column heading: what was measured (blood pressure, weight).
    static var measurement: String { tr("MEASUREMENT") }
    // TRANSLATORS: a table's column heading: a reading's value with its unit (132/84/71 mmHg).
    static var reading: String { tr("READING") }
    // TRANSLATORS: a table's column heading: a reading's target, marked when the reading is outside it.
    static var target: String { tr("TARGET") }
    // TRANSLATORS: a table's column heading: a medication's ID (metformin).
    static var id: String { tr("ID") }
    // TRANSLATORS: a table's column heading: when a medication is due.
    static var schedule: String { tr("SCHEDULE") }
    // TRANSLATORS: a table's column heading: how many doses are left.
    static var stock: String { tr("STOCK") }
    // TRANSLATORS: a table's column heading: whether a medication is active or paused, and when it expires.
    static var status: String { tr("STATUS") }
    // TRANSLATORS: a table's column heading: whom a medication is for.
    static var person: String { tr("PERSON") }
    // TRANSLATORS: a table's column heading: the machine a journal entry was written on.
    static var host: String { tr("HOST") }
    // TRANSLATORS: a table's column heading: the user ID a journal entry was written by.
    static var uid: String { tr("UID") }
    // TRANSLATORS: a table's column heading: doses taken within an hour of their time.
    static var onTime: String { tr("ON TIME") }
    // TRANSLATORS: a table's column heading: doses taken more than an hour after their time.
    static var late: String { tr("LATE") }
    // TRANSLATORS: a table's column heading: doses skipped.
    static var skipped: String { tr("SKIPPED") }
    // TRANSLATORS: a table's column heading: doses missed.
    static var missed: String { tr("MISSED") }
    // TRANSLATORS: a table's column heading: the share of doses taken, in percent.
    static var takenPercentage: String { tr("TAKEN %%") }
    // TRANSLATORS: a table's column heading: the verdict on a medication's effect (likely effective, unclear, …).
    static var verdict: String { tr("VERDICT") }
    // TRANSLATORS: a table's column heading: how sure a verdict on a medication's effect is, in percent.
    static var confidence: String { tr("CONFIDENCE") }
    // TRANSLATORS: a table's column heading: the median change of a measurement around the doses taken.
    static var aroundDoses: String { tr("AROUND DOSES") }
    // TRANSLATORS: a table's column heading: the mean of a measurement in the 14 days before the last 14, then in the last 14.
    static var lastFortnight: String { tr("LAST 14 DAYS") }
    // TRANSLATORS: a table's column heading: the share of doses taken.
    static var adherence: String { tr("DOSES TAKEN") }
    // TRANSLATORS: the last row of an adherence table, with the counts over every medication.
    static var total: String { tr("TOTAL") }

    /// `medctl doses`' columns.
    static var doses: [String] { [due, doseID, medication, state, answered] }

    /// The counts of `medctl adherence`, after the columns that say whose they are.
    static var counts: [String] { [medication, onTime, late, skipped, missed, takenPercentage] }
}
