import MeddCore

/// What differs between two configurations, as `medctl edit` reports it: the medications and measurements
/// added, removed and changed, and whether anything else changed.
struct ConfigurationChanges {
    private(set) var lines: [String] = []

    init(from old: Configuration, to new: Configuration) {
        compare(old.medications.map { ($0.id, $0) }, new.medications.map { ($0.id, $0) }, kind: tr("medication"))
        compare(old.measurements.map { ($0.id, $0) }, new.measurements.map { ($0.id, $0) }, kind: tr("measurement"))
        var oldRest = old, newRest = new
        oldRest.medications = []
        oldRest.measurements = []
        newRest.medications = []
        newRest.measurements = []
        // TRANSLATORS: said after an edit of the configuration that changed what is outside medications and measurements.
        if oldRest != newRest { lines.append(tr("changed: settings, hooks, people, sync or carers")) }
    }

    private mutating func compare<Subject: Equatable>(_ old: [(String, Subject)], _ new: [(String, Subject)], kind: String) {
        let before = Dictionary(old, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new, uniquingKeysWith: { first, _ in first })
        // TRANSLATORS: %1$s is "medication" or "measurement", %2$s its ID.
        for (id, _) in new where before[id] == nil { lines.append(tr("added %1$s %2$s", kind, id)) }
        // TRANSLATORS: %1$s is "medication" or "measurement", %2$s its ID.
        for (id, _) in old where after[id] == nil { lines.append(tr("removed %1$s %2$s", kind, id)) }
        // TRANSLATORS: %1$s is "medication" or "measurement", %2$s its ID.
        for (id, subject) in new where before[id].map({ $0 != subject }) ?? false { lines.append(tr("changed %1$s %2$s", kind, id)) }
    }
}
