import Foundation
import Testing
@testable import MeddCore

/// Answers by dose ID or medication ID, as-needed doses and their limits.
@Suite struct DoseBookAnswerTests {
    static let ibuprofen = Configuration(medications: [
        Medication(id: "ibuprofen", name: "Ibuprofen", dose: "400 mg", schedule: .asNeeded(minInterval: .hours(4), maxPerDay: 2)),
    ])

    /// A skip's reason is the record's reason (and, as the control interface has always shown it, its
    /// note); a later taken with a note of its own replaces both.
    @Test func reasonFollowsTheFinalAnswer() throws {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        let skipped = try h.skip("metformin_20261122_08_00", "08:05").get().record
        #expect(skipped.reason == "test" && skipped.note == "test")
        let taken = try h.book.take("metformin_20261122_08_00", note: "found it", source: .cli, now: BookHarness.at("08:30")).get()
        #expect(taken.record.reason == nil && taken.record.note == "found it")
        let takenEvents = taken.effects.compactMap { effect -> DoseEvent? in
            if case .record(let event) = effect { return event }
            return nil
        }
        #expect(DoseRecord.folding(h.events(.skipped) + takenEvents).first?.reason == nil)
        let missed = DoseEvent(kind: .missed, dose: skipped.dose, at: BookHarness.at("10:00"), source: .daemon,
                               reason: "not answered within grace")
        #expect(DoseRecord.folding(h.events(.skipped) + takenEvents + [missed]).first?.reason == "not answered within grace")
    }

    /// A medication ID names its one open dose.
    @Test func medicationIDNamesItsOpenDose() throws {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        let outcome = try h.take("metformin", "08:03").get()
        #expect(outcome.record.id.description == "metformin_20261122_08_00")
        #expect(outcome.record.answeredAt == BookHarness.at("08:03"))
    }

    /// Two open doses of one medication make a medication ID ambiguous; the error lists both.
    @Test func twoOpenDosesAreAmbiguous() {
        var h = BookHarness(BookHarness.metformin(["08:00", "08:30"]), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        h.advance("08:30")
        let ids = ["metformin_20261122_08_00", "metformin_20261122_08_30"].map { DoseID(parsing: $0)! }
        #expect(h.take("metformin", "08:31") == .failure(.ambiguous(ids)))
    }

    /// Taking the same dose twice changes nothing the second time: a retried request never double-counts.
    @Test func repeatedTakeIsIdempotent() throws {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        _ = try h.take("metformin_20261122_08_00", "08:01").get()
        let again = try h.take("metformin_20261122_08_00", "08:02").get()
        #expect(again.effects.isEmpty)
        #expect(h.events(.taken).count == 1)
    }

    /// `at` records when the dose was really taken; a future `at` is refused.
    @Test func takenAtRecordsTheGivenInstant() throws {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        let outcome = try h.take("metformin", "09:30", at: "08:10").get()
        #expect(outcome.record.answeredAt == BookHarness.at("08:10"))
        guard case .failure(.invalidParameter) = h.take("metformin_20261122_20_00", "09:30", at: "19:00") else {
            Issue.record("a future `at` must be refused")
            return
        }
    }

    /// Unknown medications and malformed or unplanned dose IDs get precise rejections.
    @Test func unknownTargetsAreRejected() {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        #expect(h.take("aspirin", "08:00") == .failure(.noSuchMedication("aspirin")))
        #expect(h.take("aspirin_20261122_08_00", "08:00") == .failure(.noSuchMedication("aspirin")))
        #expect(h.take("metformin_20261122_09_00", "08:00") == .failure(.noSuchDose("metformin_20261122_09_00")))
        #expect(h.take("Not An ID!", "08:00") == .failure(.noSuchDose("Not An ID!")))
    }

    /// A future dose may be skipped ahead by its ID and then never fires.
    @Test func futureDoseSkippedAheadNeverFires() {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        h.skip("metformin_20261122_20_00", "09:00")
        h.advance("20:00")
        #expect(h.events(.fired, "metformin_20261122_20_00").isEmpty)
        #expect(h.state("metformin_20261122_20_00") == .skipped)
    }

    /// An as-needed dose gets the ID of the local minute it was taken.
    @Test func asNeededDoseIDComesFromTimeTaken() throws {
        var h = BookHarness(Self.ibuprofen)
        let outcome = try h.take("ibuprofen", "10:17").get()
        #expect(outcome.record.id.description == "ibuprofen_20261122_10_17")
        #expect(outcome.record.dose.scheduledText == "2026-11-22T10:17:00+01:00")
    }

    /// `min_interval` refuses a dose sooner than allowed and says when the next is allowed.
    @Test func minIntervalIsEnforced() throws {
        var h = BookHarness(Self.ibuprofen)
        _ = try h.take("ibuprofen", "08:00").get()
        #expect(h.take("ibuprofen", "11:59") == .failure(.limitReached("ibuprofen was last taken at 2026-11-22T08:00:00+01:00; min_interval 4h allows the next dose at 2026-11-22T12:00:00+01:00")))
        #expect(throws: Never.self) { try h.take("ibuprofen", "12:00").get() }
    }

    /// `max_per_day` counts doses per local day and refuses one more.
    @Test func maxPerDayIsEnforced() throws {
        var h = BookHarness(Self.ibuprofen)
        _ = try h.take("ibuprofen", "06:00").get()
        _ = try h.take("ibuprofen", "12:00").get()
        #expect(h.take("ibuprofen", "18:00") == .failure(.limitReached("ibuprofen was already taken 2 times on 2026-11-22; max_per_day is 2")))
        #expect(throws: Never.self) { try h.take("ibuprofen", "2026-11-23T00:30:00+01:00").get() }
    }
}
