import Testing
@testable import MeddCore

/// Readings answering reminders to measure, which the book plans and fires as it does doses.
@Suite struct DoseBookReadingTests {
    static func configuration(readings: Int = 1, times: [String]? = ["07:30"], target: MeasurementTarget? = nil) -> Configuration {
        var measurement = Measurement(id: "bp", kind: .bloodPressure,
                                      schedule: times.map { .times($0.map { WallTime(parsing: $0)! }, DayFilter()) } ?? .asNeeded(minInterval: nil, maxPerDay: nil))
        measurement.readingsPerReminder = readings
        measurement.target = target
        var configuration = BookHarness.metformin(["08:00"])
        configuration.measurements = [measurement]
        return configuration
    }

    static func measure(_ h: inout BookHarness, _ value: String, _ time: String, at: String? = nil) -> Result<DoseBook.Outcome, DoseBook.Rejection> {
        let result = h.book.measure("bp", value, at: at.map(BookHarness.at), source: .cli, now: BookHarness.at(time))
        if case .success(let outcome) = result { h.effects += outcome.effects }
        return result
    }

    @Test func aReadingAnswersTheOpenReminderAndClosesItsAlert() throws {
        var h = BookHarness(Self.configuration(), watermark: BookHarness.at("07:00"))
        h.advance("07:30")
        let fired = h.events(.fired, "bp_20261122_07_30")
        #expect(fired.count == 1 && fired[0].dose.measurement == .bloodPressure)
        let outcome = try Self.measure(&h, "132/84/71", "07:33").get()
        #expect(outcome.record.state == .measured && outcome.record.id.description == "bp_20261122_07_30")
        #expect(outcome.record.readings.map(\.value) == [.bloodPressure(systolic: 132, diastolic: 84, pulse: 71)])
        #expect(outcome.effects.contains(.closeAlert(outcome.record.id)))
        #expect(h.book.open.isEmpty)
        // Nothing misses it later, and adherence knows nothing of it.
        h.advance("10:00")
        #expect(h.events(.missed, "bp_20261122_07_30").isEmpty)
        let recorded = h.effects.compactMap(\.recordedEvent)
        #expect(Adherence.report(recorded).medications["bp"] == nil)
    }

    /// Imported readings are recorded as history (no hooks), one already there is counted and not added, and
    /// one line that cannot be a reading refuses the whole import with its index.
    @Test func importedReadingsAreHistoryAddedOnce() throws {
        var h = BookHarness(Self.configuration(), watermark: BookHarness.at("06:00"))
        let yesterday = BookHarness.at("07:31") - .days(1)
        let readings = [DoseBook.ImportedReading(measurement: "bp", value: "128/80", unit: "mmHg", at: yesterday),
                        DoseBook.ImportedReading(measurement: "bp", value: "131/82/66", unit: "mmHg", at: yesterday + .hours(12))]
        let outcome = try h.book.importReadings(readings, existing: [], now: BookHarness.at("08:00")).get()
        #expect(outcome.added == 2 && outcome.present == 0)
        let imported = outcome.effects.compactMap { if case .recordImported(let event) = $0 { event } else { nil } }
        #expect(imported.map(\.kind) == [.measured, .measured] && imported.map(\.at) == [yesterday, yesterday + .hours(12)])
        #expect(!outcome.effects.contains { if case .record = $0 { true } else { false } })
        #expect(outcome.effects.compactMap(\.recordedEvent) == imported)

        let again = try h.book.importReadings(readings, existing: imported, now: BookHarness.at("08:00")).get()
        #expect(again.added == 0 && again.present == 2 && again.effects.compactMap(\.recordedEvent).isEmpty)
        let broken = readings + [DoseBook.ImportedReading(measurement: "bp", value: "300/80", unit: "mmHg", at: yesterday)]
        guard case .failure(.invalidImport(index: 2, measurement: "bp", _)) = h.book.importReadings(broken, existing: [], now: BookHarness.at("08:00"))
        else { Issue.record("a systolic of 300 was imported"); return }
    }

    @Test func twoReadingsAnswerOneReminder() throws {
        var h = BookHarness(Self.configuration(readings: 2, target: .bloodPressure(systolic: 135, diastolic: 85)), watermark: BookHarness.at("07:00"))
        h.advance("07:30")
        let first = try Self.measure(&h, "142/88", "07:31").get()
        #expect(first.record.state == .pending && first.record.readings.count == 1)
        #expect(first.record.readings[0].isOutsideTarget && first.record.readings[0].countText == "1/2")
        #expect(!first.effects.contains(.closeAlert(first.record.id)))
        let second = try Self.measure(&h, "134/84", "07:32").get()
        #expect(second.record.state == .measured && second.record.readings.map(\.countText) == ["1/2", "2/2"])
        #expect(!second.record.readings[1].isOutsideTarget)
        // The folded events give the same record as the book.
        let folded = DoseRecord.folding(h.effects.compactMap(\.recordedEvent).filter { $0.dose.id == second.record.id })
        #expect(folded.first?.state == .measured && folded.first?.readings.count == 2)
    }

    @Test func aReadingBeforeItsReminderAnswersItWithinEarly() throws {
        var h = BookHarness(Self.configuration(), watermark: BookHarness.at("06:00"))
        h.advance("07:00")
        let outcome = try Self.measure(&h, "120/80", "07:10").get()
        #expect(outcome.record.id.description == "bp_20261122_07_30" && outcome.record.state == .measured)
        h.advance("07:30")
        #expect(h.events(.fired, "bp_20261122_07_30").isEmpty)
    }

    @Test func aReadingWithNoReminderHasItsOwnID() throws {
        var h = BookHarness(Self.configuration(times: nil), watermark: BookHarness.at("06:00"))
        let outcome = try Self.measure(&h, "120/80", "13:14").get()
        #expect(outcome.record.id.description == "bp_20261122_13_14" && outcome.record.state == .measured)
        // A second reading in the same minute is kept, and changes nothing.
        let again = try Self.measure(&h, "118/79", "13:14").get()
        #expect(again.record.state == .measured && again.record.readings.count == 2)
        #expect(h.events(.measured).count == 2 && h.events(.measured).allSatisfy { !$0.isFinal || $0.reading?.number == 1 })
    }

    @Test func aMissedReminderStaysMissedAndALateReadingStandsAlone() throws {
        var h = BookHarness(Self.configuration(), watermark: BookHarness.at("07:00"))
        h.advance("07:30")
        h.advance("09:31")
        #expect(h.events(.missed, "bp_20261122_07_30").count == 1)
        let outcome = try Self.measure(&h, "120/80", "09:45").get()
        #expect(outcome.record.id.description == "bp_20261122_09_45")
        #expect(h.book.records[DoseID(parsing: "bp_20261122_07_30")!]?.state == .missed)
    }

    @Test func refusals() {
        var h = BookHarness(Self.configuration(), watermark: BookHarness.at("07:00"))
        #expect(Self.measure(&h, "120", "08:00") == .failure(.invalidValue(measurement: "bp", "\"120\" is not a blood pressure; write SYS/DIA or SYS/DIA/PULSE in mmHg, like 132/84 or 132/84/71")))
        #expect(Self.measure(&h, "120/80", "08:00", at: "09:00") == .failure(.invalidParameter(
            "`at` (2026-11-22T08:00:00+00:00) is in the future; a reading can only be recorded once it has been taken")))
        #expect(h.book.measure("nope", "1", source: .cli, now: BookHarness.at("08:00")) == .failure(.noSuchMeasurement("nope")))
        #expect(h.book.measure("metformin", "1", source: .cli, now: BookHarness.at("08:00")) == .failure(.invalidParameter(
            "metformin is a medication, not a measurement; `medctl taken metformin` answers its dose")))
        #expect(h.take("bp", "07:31") == .failure(.invalidParameter(
            "bp is a measurement, not a medication; record a reading with `medctl measure bp VALUE`")))
        #expect(h.effects.compactMap(\.recordedEvent).allSatisfy { $0.kind != .measured })
    }

    @Test func aReminderSnoozesAndIsSkippedAsADoseIs() throws {
        var h = BookHarness(Self.configuration(), watermark: BookHarness.at("07:00"))
        h.advance("07:30")
        #expect(try h.snooze("bp", "07:31").get().record.state == .snoozed)
        h.advance("07:41")
        #expect(try h.skip("bp", "07:42").get().record.state == .skipped)
        #expect(Adherence.report(h.effects.compactMap(\.recordedEvent)).total == AdherenceCounts())
    }
}

/// A reminder answered from another device: a to-do of it completed on a phone, with or without a reading.
@Suite struct DoseBookRemoteReadingTests {
    static func measure(_ h: inout BookHarness, _ value: String?, reminder: String, at: String, _ time: String)
        -> Result<DoseBook.Outcome, DoseBook.Rejection> {
        let result = h.book.measure("bp", value, reminder: DoseID(parsing: reminder), at: BookHarness.at(at), source: .caldav,
                                    now: BookHarness.at(time))
        if case .success(let outcome) = result { h.effects += outcome.effects }
        return result
    }

    @Test func aReadingFromThePhoneAnswersItsReminderWhole() throws {
        var h = BookHarness(DoseBookReadingTests.configuration(readings: 2), watermark: BookHarness.at("07:00"))
        h.advance("07:30")
        let outcome = try Self.measure(&h, "128/80", reminder: "bp_20261122_07_30", at: "07:31", "07:32").get()
        #expect(outcome.record.state == .measured && outcome.record.readings.map(\.countText) == ["1/1"])
        #expect(outcome.record.answeredAt == BookHarness.at("07:31") && outcome.record.source == .caldav)
        #expect(outcome.effects.contains(.closeAlert(outcome.record.id)))
        // Told again, nothing changes.
        #expect(try Self.measure(&h, "128/80", reminder: "bp_20261122_07_30", at: "07:31", "07:40").get().effects.isEmpty)
        #expect(h.events(.measured).count == 1)
    }

    @Test func doneWithoutAReadingAnswersTheReminderAndRecordsNoReading() throws {
        var h = BookHarness(DoseBookReadingTests.configuration(), watermark: BookHarness.at("07:00"))
        h.advance("07:30")
        let outcome = try Self.measure(&h, nil, reminder: "bp_20261122_07_30", at: "07:31", "07:32").get()
        #expect(outcome.record.state == .measured && outcome.record.readings.isEmpty)
        let events = h.events(.measured)
        let event = try #require(events.count == 1 ? events.first : nil)
        #expect(event.reading == nil && event.isFinal)
        #expect(event.journalFields(person: nil).contains { $0.0 == "MESSAGE" && $0.1.contains("done without a reading") })
        #expect(DoseEvent(journalFields: Dictionary(event.journalFields(person: nil), uniquingKeysWith: { a, _ in a })) == event)
        #expect(try Self.measure(&h, nil, reminder: "bp_20261122_07_30", at: "07:31", "07:40").get().effects.isEmpty)
        h.advance("10:00")
        #expect(h.events(.missed, "bp_20261122_07_30").isEmpty)
    }

    /// A measurement on another device and a skip or a miss here settle by time, as a taken dose does: the
    /// later wins, a person's beats a miss, and the one that loses is kept (its reading, or a replaced event).
    @Test func aMeasurementElsewhereSettlesWithASkipOrAMissByTime() throws {
        var h = BookHarness(DoseBookReadingTests.configuration(), watermark: BookHarness.at("07:00"))
        h.advance("07:30")
        _ = try h.book.skip("bp_20261122_07_30", at: BookHarness.at("07:35"), source: .cli, now: BookHarness.at("07:35")).get()
        // Measured on the phone after the skip: measured, the skip kept among its earlier answers.
        let later = try Self.measure(&h, "128/80", reminder: "bp_20261122_07_30", at: "07:40", "07:41").get()
        #expect(later.record.state == .measured && later.record.answeredAt == BookHarness.at("07:40"))
        #expect(later.record.earlierAnswers == [Answer(kind: .skipped, at: BookHarness.at("07:35"))])
        // A skip from the phone before that measurement loses; one after it wins.
        let early = try h.book.skip("bp_20261122_07_30", at: BookHarness.at("07:38"), source: .caldav, now: BookHarness.at("07:42")).get()
        #expect(early.record.state == .measured && early.effects.compactMap(\.recordedEvent).map(\.kind) == [.replaced])
        let skipped = try h.book.skip("bp_20261122_07_30", at: BookHarness.at("07:45"), source: .caldav, now: BookHarness.at("07:46")).get()
        #expect(skipped.record.state == .skipped && skipped.record.readings.count == 1)

        // A reminder missed here, measured on the phone within its grace: measured (a person's answer beats a miss).
        var m = BookHarness(DoseBookReadingTests.configuration(), watermark: BookHarness.at("07:00"))
        m.advance("10:00")
        #expect(m.book.records[DoseID(parsing: "bp_20261122_07_30")!]?.state == .missed)
        let done = try Self.measure(&m, nil, reminder: "bp_20261122_07_30", at: "07:50", "10:01").get()
        #expect(done.record.state == .measured && done.record.readings.isEmpty && done.record.source == .caldav)
        // Replayed from its events, the book ends the same.
        let folded = DoseRecord.folding(m.effects.compactMap(\.recordedEvent).filter { $0.dose.id == done.record.id })
        #expect(folded.first?.state == .measured && folded.first?.answeredAt == BookHarness.at("07:50"))

        // Done without a reading on the phone before a skip held here: the skip stands, the other kept as replaced.
        var s = BookHarness(DoseBookReadingTests.configuration(), watermark: BookHarness.at("07:00"))
        s.advance("07:30")
        _ = try s.book.skip("bp_20261122_07_30", at: BookHarness.at("07:35"), source: .cli, now: BookHarness.at("07:35")).get()
        let lost = try Self.measure(&s, nil, reminder: "bp_20261122_07_30", at: "07:33", "07:36").get()
        #expect(lost.record.state == .skipped && lost.effects.compactMap(\.recordedEvent).map(\.kind) == [.replaced])
    }

    @Test func withoutAValueOnlyANamedReminderIsAnswered() {
        var h = BookHarness(DoseBookReadingTests.configuration(), watermark: BookHarness.at("07:00"))
        h.advance("07:30")
        #expect(h.book.measure("bp", nil, source: .caldav, now: BookHarness.at("07:31")) == .failure(.invalidParameter(
            "a reading needs a value; only a named reminder is answered as done without one")))
        #expect(Self.measure(&h, "120/80", reminder: "metformin_20261122_08_00", at: "07:31", "07:31") == .failure(.invalidParameter(
            "metformin_20261122_08_00 is not a reminder of bp")))
    }
}
