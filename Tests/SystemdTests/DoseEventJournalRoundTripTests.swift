import Foundation
import MeddCore
import Systemd
import Testing

/// A real dose event written to a real journald comes back as the same event.
@Suite(.enabled(if: JournaldFixture.isAvailable, "needs a running systemd-journald"))
struct DoseEventJournalRoundTripTests {
    /// Every kind, with note, reason, snooze and person fields, survives journald and `DoseEvent(journalFields:)`.
    @Test(arguments: EventKind.allCases) func eventRoundTrips(kind: EventKind) async throws {
        let testID = JournaldFixture.uniqueID()
        let measured = kind == .measured
        let dose = measured
            ? Dose(id: DoseID(parsing: "bp_20261122_08_00")!, name: "Blutdruck", doseText: "", scheduled: Instant(seconds: 1_795_330_800),
                   utcOffset: 3600, measurement: .bloodPressure)
            : Dose(id: DoseID(parsing: "metformin_20261122_08_00")!, name: "Metformin", doseText: "500 mg",
                   scheduled: Instant(seconds: 1_795_330_800), utcOffset: 3600)
        let reading = Reading(value: .bloodPressure(systolic: 132, diastolic: 84, pulse: 71), unit: "mmHg",
                              target: .bloodPressure(systolic: 135, diastolic: 85), number: 2, of: 2)
        let event = DoseEvent(kind: kind, dose: dose, at: Instant(usec: 1_795_330_812_345_678), source: .desktop,
                              snoozeUntil: kind == .snoozed ? Instant(usec: 1_795_331_412_345_678) : nil,
                              reason: "Grund: Übelkeit\nzweite Zeile", note: kind == .taken ? "mit Essen ✓" : nil,
                              reading: measured ? reading : nil,
                              refill: kind == .refilled ? Refill(amount: Quantity(thousandths: 30_500), stock: Quantity(thousandths: 32_500)) : nil)
        // Tests never write SYSLOG_IDENTIFIER=medd, so they cannot skew adherence read from a developer's journal.
        let person = Person(id: "mum", name: "Mum")
        let fields = event.journalFields(person: person).map { $0.0 == "SYSLOG_IDENTIFIER" ? ($0.0, "medd-test") : $0 }
            + [("MEDD_TEST_ID", testID)]
        try JournalWriter().send(fields)
        let entries = try await JournaldFixture.entries("MEDD_TEST_ID", testID)
        let entry = try #require(entries.first)
        #expect(entry.fields["MESSAGE_ID"] == kind.messageID)
        #expect(entry.fields["PRIORITY"] == "\(kind.journalPriority)")
        #expect(DoseEvent(journalFields: entry.fields) == event)
        #expect(DoseEvent.person(inJournalFields: entry.fields) == "mum")
        // An expiry event and a refill name the medication, not a due time.
        let subject = kind.isExpiry || kind == .refilled ? "Mum — Metformin 500 mg (metformin): "
            : measured ? "Mum — Blutdruck 132/84/71 mmHg (bp_20261122_08_00): measured at " : "Mum — Metformin 500 mg due "
        #expect(entry.fields["MESSAGE"]?.hasPrefix(subject) == true)
    }
}
