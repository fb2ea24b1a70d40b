import MeddCore

/// What differs between two configurations, as `medctl edit` reports it: the medications and measurements
/// added, removed and changed, and whether anything else changed.
struct ConfigurationChanges {
    private(set) var lines: [String] = []

    init(from old: Configuration, to new: Configuration) {
        let medicationLines: Wording = (
            // TRANSLATORS: after an edit of the configuration; %1$s is a medication's ID.
            added: { tr("added medication %1$s", $0) },
            // TRANSLATORS: after an edit of the configuration; %1$s is a medication's ID.
            removed: { tr("removed medication %1$s", $0) },
            // TRANSLATORS: after an edit of the configuration; %1$s is a medication's ID.
            changed: { tr("changed medication %1$s", $0) })
        let measurementLines: Wording = (
            // TRANSLATORS: after an edit of the configuration; %1$s is a measurement's ID.
            added: { tr("added measurement %1$s", $0) },
            // TRANSLATORS: after an edit of the configuration; %1$s is a measurement's ID.
            removed: { tr("removed measurement %1$s", $0) },
            // TRANSLATORS: after an edit of the configuration; %1$s is a measurement's ID.
            changed: { tr("changed measurement %1$s", $0) })
        compare(old.medications.map { ($0.id, $0) }, new.medications.map { ($0.id, $0) }, wording: medicationLines)
        compare(old.measurements.map { ($0.id, $0) }, new.measurements.map { ($0.id, $0) }, wording: measurementLines)
        var oldRest = old, newRest = new
        oldRest.medications = []
        oldRest.measurements = []
        newRest.medications = []
        newRest.measurements = []
        // TRANSLATORS: said after an edit of the configuration that changed what is outside medications and measurements.
        if oldRest != newRest { lines.append(tr("changed: settings, hooks, people, sync or carers")) }
    }

    private typealias Wording = (added: (String) -> String, removed: (String) -> String, changed: (String) -> String)

    private mutating func compare<Subject: Equatable>(_ old: [(String, Subject)], _ new: [(String, Subject)], wording: Wording) {
        let before = Dictionary(old, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new, uniquingKeysWith: { first, _ in first })
        for (id, _) in new where before[id] == nil { lines.append(wording.added(id)) }
        for (id, _) in old where after[id] == nil { lines.append(wording.removed(id)) }
        for (id, subject) in new where before[id].map({ $0 != subject }) ?? false { lines.append(wording.changed(id)) }
    }
}
