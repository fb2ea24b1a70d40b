import Testing
@testable import MeddCore

/// Adherence from dose events.
@Suite struct AdherenceTests {
    static func event(_ kind: EventKind, _ id: String, scheduled: Int64, at: Int64) -> DoseEvent {
        let dose = Dose(id: DoseID(parsing: id)!, name: "X", doseText: "1", scheduled: Instant(seconds: scheduled), utcOffset: 0)
        return DoseEvent(kind: kind, dose: dose, at: Instant(seconds: at), source: .cli)
    }

    /// On time, late, skipped and missed are counted per medication and in total, with the percentage.
    @Test func countsEachCategory() {
        let events = [
            Self.event(.fired, "a_20261122_08_00", scheduled: 0, at: 0),
            Self.event(.taken, "a_20261122_08_00", scheduled: 0, at: 3600),
            Self.event(.taken, "a_20261122_09_00", scheduled: 3600, at: 3600 + 3601),
            Self.event(.skipped, "b_20261122_08_00", scheduled: 0, at: 10),
            Self.event(.missed, "b_20261122_09_00", scheduled: 3600, at: 3600 + 7200),
        ]
        let report = Adherence.report(events)
        #expect(report.medications["a"] == AdherenceCounts(onTime: 1, late: 1))
        #expect(report.medications["b"] == AdherenceCounts(skipped: 1, missed: 1))
        #expect(report.total.percentage == 50)
    }

    /// The final event recorded last replaces earlier ones — by recording order, as the ledger and
    /// the dose book see it, even when a change of mind is backdated to before the answer it replaces.
    @Test func lastRecordedFinalEventWins() {
        let missed = Self.event(.missed, "a_20261122_08_00", scheduled: 0, at: 7200)
        let taken = Self.event(.taken, "a_20261122_08_00", scheduled: 0, at: 9000)
        #expect(Adherence.report([missed, taken]).total == AdherenceCounts(late: 1))
        let skipped = Self.event(.skipped, "a_20261122_08_00", scheduled: 0, at: 600)
        let backdated = Self.event(.taken, "a_20261122_08_00", scheduled: 0, at: 300)
        #expect(Adherence.report([skipped, backdated]).total == AdherenceCounts(onTime: 1))
        #expect(Adherence.report([backdated, skipped]).total == AdherenceCounts(skipped: 1))
    }

    /// The range filters by due time and the medication filter keeps one medication.
    @Test func rangeAndMedicationFilter() {
        let events = [
            Self.event(.taken, "a_20261122_08_00", scheduled: 0, at: 0),
            Self.event(.taken, "a_20261123_08_00", scheduled: 86_400, at: 86_400),
            Self.event(.taken, "b_20261122_08_00", scheduled: 0, at: 0),
        ]
        #expect(Adherence.report(events, since: Instant(seconds: 1)).total.total == 1)
        #expect(Adherence.report(events, until: Instant(seconds: 1)).total.total == 2)
        #expect(Adherence.report(events, medication: "b").total.total == 1)
        #expect(Adherence.report([]).total.percentage == nil)
    }

    /// A report kept to some medications counts its total again; totals per group sum their medications.
    @Test func restrictedAndGroupedByPerson() {
        let report = AdherenceReport(
            medications: ["a": AdherenceCounts(onTime: 2, late: 1), "b": AdherenceCounts(skipped: 1), "c": AdherenceCounts(missed: 3)],
            total: AdherenceCounts(onTime: 2, late: 1, skipped: 1, missed: 3))
        let people = ["a": "mum", "b": "mum", "c": "dad"]
        let mum = report.restricted { people[$0] == "mum" }
        #expect(mum.medications == ["a": AdherenceCounts(onTime: 2, late: 1), "b": AdherenceCounts(skipped: 1)])
        #expect(mum.total == AdherenceCounts(onTime: 2, late: 1, skipped: 1))
        #expect(report.restricted { _ in false } == AdherenceReport())
        #expect(report.totals { people[$0] } == ["mum": AdherenceCounts(onTime: 2, late: 1, skipped: 1), "dad": AdherenceCounts(missed: 3)])
        #expect(report.totals { $0 == "c" ? nil : "someone" } == ["someone": AdherenceCounts(onTime: 2, late: 1, skipped: 1)])
    }
}
