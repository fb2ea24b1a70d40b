import Testing
@testable import MeddCore

/// Answers given on another device (`caldav`): each keeps the time it carries, two answers to one dose
/// are settled by those times on every machine, and the one that loses is still recorded.
@Suite struct DoseBookElsewhereTests {
    static let dose = "metformin_20261122_08_00"

    /// A later answer from elsewhere replaces the one here; an earlier one is kept as `replaced` and
    /// changes nothing — not the state, not the stock.
    @Test func theLaterAnswerWinsAndTheLoserIsKept() throws {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        _ = try h.skip(Self.dose, "08:00:18").get()
        let later = try h.fromElsewhere(.taken, Self.dose, at: "08:00:20", arriving: "08:00:30").get()
        #expect(later.record.state == .taken && later.record.answeredAt == BookHarness.at("08:00:20"))
        #expect(later.record.earlierAnswers == [Answer(kind: .skipped, at: BookHarness.at("08:00:18"))])

        var r = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        r.advance("08:00")
        _ = try r.skip(Self.dose, "08:00:20").get()
        let earlier = try r.fromElsewhere(.taken, Self.dose, at: "08:00:18", arriving: "08:00:30").get()
        #expect(earlier.record.state == .skipped && earlier.record.answeredAt == BookHarness.at("08:00:20"))
        let replacedEvents = r.events(.replaced)
        try #require(replacedEvents.count == 1)
        let replaced = replacedEvents[0]
        #expect(replaced.answer == .taken && replaced.at == BookHarness.at("08:00:18") && replaced.source == .caldav)
        #expect(replaced.reason == "skipped at 2026-11-22T07:00:20+00:00 stands")
        #expect(r.events(.taken).isEmpty)
        // Told again (medd-sync restarted): already recorded, nothing new.
        #expect(try r.fromElsewhere(.taken, Self.dose, at: "08:00:18", arriving: "08:01").get().effects.isEmpty)
        // The book folded from the ledger's events is the same.
        let folded = DoseRecord.folding(r.effects.compactMap { if case .record(let e) = $0 { e } else { nil } })
        #expect(folded.first { $0.id.description == Self.dose }?.state == .skipped)
    }

    /// At the same second taken wins; any person's answer beats missed; the same kind twice is kept once.
    @Test func tiesMissedAndRepeats() throws {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        _ = try h.skip(Self.dose, "08:05").get()
        #expect(try h.fromElsewhere(.taken, Self.dose, at: "08:05", arriving: "08:06").get().record.state == .taken)
        #expect(try h.fromElsewhere(.taken, Self.dose, at: "08:09", arriving: "08:10").get().effects.isEmpty)

        var m = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        m.advance("08:00")
        m.advance("10:01")
        #expect(m.state(Self.dose) == .missed)
        #expect(try m.fromElsewhere(.skipped, Self.dose, at: "08:30", arriving: "10:02").get().record.state == .skipped)
    }

    /// A person here always has the last word, whatever the time of the answer before.
    @Test func anAnswerHereReplacesAnyFromElsewhere() throws {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        _ = try h.fromElsewhere(.skipped, Self.dose, at: "08:20", arriving: "08:21").get()
        let mine = try h.take(Self.dose, "08:30", at: "08:10").get()
        #expect(mine.record.state == .taken && mine.record.answeredAt == BookHarness.at("08:10"))
    }

    /// `early` applies at the answer's own time, not when it arrives: a dose due tomorrow taken today is
    /// refused, and so is one taken more than `early` before due that arrives once it is due.
    @Test func earlyIsCheckedAtTheAnswersTime() throws {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        let tooEarly = h.fromElsewhere(.taken, Self.dose, at: "05:50", arriving: "08:01")
        guard case .failure(.answeredTooEarly(let id, _, let at, let early, _)) = tooEarly else {
            Issue.record("accepted: \(tooEarly)")
            return
        }
        #expect(id.description == Self.dose && at == BookHarness.at("05:50") && early == .hours(2))
        #expect("\(tooEarly)".contains("an answer given at 2026-11-22T05:50:00+01:00 is more than `early` (2h) before that"))
        #expect(h.state(Self.dose) == .pending)
        let tomorrow = h.fromElsewhere(.taken, "metformin_20261123_08_00", at: "08:02", arriving: "08:03")
        guard case .failure(.answeredTooEarly) = tomorrow else {
            Issue.record("accepted: \(tomorrow)")
            return
        }
        // Within early, by its own time: taken.
        #expect(try h.fromElsewhere(.taken, Self.dose, at: "06:10", arriving: "08:04").get().record.answeredAt == BookHarness.at("06:10"))
    }

    /// A skip carries its own time too, and one in the future is refused.
    @Test func skipAtItsTime() throws {
        var h = BookHarness(BookHarness.metformin(), watermark: BookHarness.at("07:00"))
        h.advance("08:00")
        #expect(try h.fromElsewhere(.skipped, Self.dose, at: "08:02", arriving: "08:10").get().record.answeredAt == BookHarness.at("08:02"))
        guard case .failure(.invalidParameter) = h.fromElsewhere(.skipped, "metformin_20261122_20_00", at: "20:00", arriving: "08:11") else {
            Issue.record("a skip from the future was accepted")
            return
        }
    }

    /// An as-needed dose taken on another machine is recorded under its own ID, its limits checked at its time.
    @Test func asNeededDoseByItsID() throws {
        var h = BookHarness(DoseBookAnswerTests.ibuprofen, watermark: BookHarness.at("07:00"))
        let taken = try h.fromElsewhere(.taken, "ibuprofen_20261122_09_00", at: "09:00:40", arriving: "09:05").get()
        #expect(taken.record.id.description == "ibuprofen_20261122_09_00" && taken.record.state == .taken)
        let tooSoon = h.fromElsewhere(.taken, "ibuprofen_20261122_10_00", at: "10:00", arriving: "10:01")
        guard case .failure(.limitReached) = tooSoon else {
            Issue.record("min_interval not checked: \(tooSoon)")
            return
        }
    }
}
