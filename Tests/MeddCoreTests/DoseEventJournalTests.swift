import PropertyBased
import Testing
@testable import MeddCore

/// Dose events as journal fields (`MEDD_*`, `MESSAGE_ID`, `PRIORITY`) and back.
@Suite struct DoseEventJournalTests {
    static let dose = Dose(id: DoseID(parsing: "metformin_20261122_08_00")!, name: "Metformin", doseText: "500 mg",
                           scheduled: Instant(seconds: 1_795_330_800), utcOffset: 3600)

    static func fields(_ event: DoseEvent, person: Person? = nil) -> [String: String] {
        Dictionary(event.journalFields(person: person), uniquingKeysWith: { first, _ in first })
    }

    /// A taken dose carries every field medd(8) documents, in the documented formats.
    @Test func takenCarriesEveryDocumentedField() {
        let event = DoseEvent(kind: .taken, dose: Self.dose, at: Instant(usec: 1_795_331_012_345_678), source: .cli, note: "with food")
        let fields = Self.fields(event)
        #expect(fields == [
            "MESSAGE": "Metformin 500 mg due 2026-11-22T08:00:00+01:00 (metformin_20261122_08_00): taken via cli; note: with food",
            "MESSAGE_ID": "c213daac996b49b493985e0b78751488",
            "PRIORITY": "6",
            "SYSLOG_IDENTIFIER": "medd",
            "MEDD_EVENT": "taken",
            "MEDD_DOSE_ID": "metformin_20261122_08_00",
            "MEDD_MED_ID": "metformin",
            "MEDD_MED_NAME": "Metformin",
            "MEDD_DOSE": "500 mg",
            "MEDD_SCHEDULED": "2026-11-22T08:00:00+01:00",
            "MEDD_SCHEDULED_USEC": "1795330800000000",
            "MEDD_EVENT_USEC": "1795331012345678",
            "MEDD_SOURCE": "cli",
            "MEDD_NOTE": "with food",
        ])
        #expect(event.journalFields(person: nil).count == fields.count, "no field name repeats")
    }

    /// A dose of a medication for someone carries the person's ID, and its message names them first.
    @Test func aPersonsDoseNamesThePerson() {
        let event = DoseEvent(kind: .taken, dose: Self.dose, at: Instant(usec: 1_795_331_012_345_678), source: .cli)
        let mum = Self.fields(event, person: Person(id: "mum", name: "Mum"))
        #expect(mum["MEDD_PERSON"] == "mum")
        #expect(mum["MESSAGE"] == "Mum — Metformin 500 mg due 2026-11-22T08:00:00+01:00 (metformin_20261122_08_00): taken via cli")
        #expect(event.journalFields(person: Person(id: "mum")).count == mum.count, "no field name repeats")
        let untitled = Self.fields(event, person: Person(id: "dad"))
        #expect(untitled["MESSAGE"]?.hasPrefix("dad — Metformin 500 mg due ") == true, "without a name, the ID is shown")
        var without = Self.fields(event)
        #expect(without["MEDD_PERSON"] == nil)
        without["MESSAGE"] = nil
        #expect(mum.filter { $0.key != "MEDD_PERSON" && $0.key != "MESSAGE" } == without, "the other fields do not change")
    }

    /// The person is read back from `MEDD_PERSON`; a value that is not a person ID is not.
    @Test func thePersonIsReadBack() {
        let event = DoseEvent(kind: .missed, dose: Self.dose, at: Self.dose.scheduled, source: .daemon)
        var fields = Self.fields(event, person: Person(id: "grand-dad", name: "Grandad"))
        #expect(DoseEvent.person(inJournalFields: fields) == "grand-dad")
        #expect(DoseEvent(journalFields: fields) == event)
        #expect(DoseEvent.person(inJournalFields: Self.fields(event)) == nil)
        for bad in ["", "Mum", "mum dad", "-mum", String(repeating: "m", count: 65)] {
            fields["MEDD_PERSON"] = bad
            #expect(DoseEvent.person(inJournalFields: fields) == nil, "\(bad)")
        }
    }

    /// A snooze names its snooze ID and its end in the dose's offset, and keeps the end's microseconds.
    @Test func snoozedCarriesSnoozeFields() {
        let until = Instant(usec: 1_795_331_400_250_000)
        let event = DoseEvent(kind: .snoozed, dose: Self.dose, at: Instant(usec: 1_795_330_800_250_000), source: .desktop, snoozeUntil: until)
        let fields = Self.fields(event)
        #expect(fields["MEDD_SNOOZE_ID"] == "snooze_metformin_08_00")
        #expect(fields["MEDD_SNOOZE_UNTIL"] == "2026-11-22T08:10:00+01:00")
        #expect(fields["MEDD_SNOOZE_UNTIL_USEC"] == "1795331400250000")
        #expect(fields["MESSAGE"] == "Metformin 500 mg due 2026-11-22T08:00:00+01:00 (metformin_20261122_08_00): snoozed until 2026-11-22T08:10:00+01:00 via desktop")
        #expect(fields["MEDD_REASON"] == nil && fields["MEDD_NOTE"] == nil)
    }

    /// Fields that only some kinds carry stay away from the others.
    @Test func optionalFieldsOnlyWhenSet() {
        let fired = Self.fields(DoseEvent(kind: .fired, dose: Self.dose, at: Self.dose.scheduled, source: .daemon))
        #expect(fired["MEDD_SNOOZE_ID"] == nil && fired["MEDD_SNOOZE_UNTIL"] == nil && fired["MEDD_REASON"] == nil && fired["MEDD_NOTE"] == nil)
        let skipped = Self.fields(DoseEvent(kind: .skipped, dose: Self.dose, at: Self.dose.scheduled, source: .hook, reason: "nausea"))
        #expect(skipped["MEDD_REASON"] == "nausea")
        #expect(skipped["MESSAGE"]?.hasSuffix("skipped via hook; reason: nausea") == true)
    }

    /// Priorities as medd(8) documents them: 5 alerts and expiring, 6 answers, readings and refills, 4 missed, low
    /// stock and expired.
    @Test func prioritiesPerKind() {
        let priorities = Dictionary(uniqueKeysWithValues: EventKind.allCases.map { ($0, $0.journalPriority) })
        #expect(priorities == [.fired: 5, .renotified: 5, .taken: 6, .skipped: 6, .snoozed: 6, .missed: 4, .lowStock: 4,
                               .expiring: 5, .expired: 4, .escalated: 4, .replaced: 6, .measured: 6, .refilled: 6])
    }

    /// Message IDs are 128-bit lowercase hex, distinct per kind, and lead back to their kind.
    @Test func messageIDsAreDistinctAndParse() {
        let ids = EventKind.allCases.map(\.messageID)
        #expect(Set(ids).count == EventKind.allCases.count)
        for kind in EventKind.allCases {
            #expect(kind.messageID.count == 32 && kind.messageID.allSatisfy { $0.isHexDigit && !$0.isUppercase })
            #expect(EventKind(messageID: kind.messageID) == kind)
            #expect(EventKind(messageID: kind.messageID.uppercased()) == kind)
        }
        #expect(EventKind(messageID: "00000000000000000000000000000000") == nil)
    }

    /// Every kind, with newlines and non-ASCII in the free text, rebuilds to the same event.
    @Test(arguments: EventKind.allCases) func roundTripsEveryKind(kind: EventKind) {
        let measured = kind == .measured
        let dose = Dose(id: DoseID(parsing: "vit-d3_20270328_02_30")!, name: "Vitamin D₃ — Müller", doseText: measured ? "" : "1\ntablet",
                        scheduled: Instant(seconds: 1_806_193_800), utcOffset: -4 * 3600 - 1800, measurement: measured ? .weight : nil)
        let event = DoseEvent(kind: kind, dose: dose, at: Instant(usec: 1_806_193_812_000_001), source: .desktop,
                              snoozeUntil: kind == .snoozed ? Instant(usec: 1_806_194_412_000_001) : nil,
                              reason: "zweite\nZeile ✓", note: "= not a field",
                              reading: measured ? Reading(value: .amount(Quantity(thousandths: 72_450)), unit: "kg") : nil,
                              refill: kind == .refilled ? Refill(amount: 30, stock: Quantity(thousandths: 32_500)) : nil)
        #expect(DoseEvent(journalFields: Self.fields(event)) == event)
    }

    /// A reminder to measure's events name the measurement, never a medication, and come back as they were:
    /// every kind a reminder has, and readings of every kind of measurement with and without a target.
    @Test(arguments: [EventKind.fired, .renotified, .escalated, .snoozed, .skipped, .missed, .measured])
    func reminderToMeasureRoundTrips(kind: EventKind) {
        for measurement in MeasurementKind.allCases {
            let dose = Dose(id: DoseID(parsing: "bp_20261122_07_30")!, name: "Blutdruck", doseText: "",
                            scheduled: Instant(seconds: 1_795_329_000), utcOffset: 3600, measurement: measurement)
            let value = try! ReadingValue.parse(measurement.example(unit: measurement.defaultUnit), kind: measurement, unit: measurement.defaultUnit).get()
            let target = try! MeasurementTarget.parse(measurement.targetExample, kind: measurement).get()
            for reading in [Reading(value: value, unit: measurement.defaultUnit), Reading(value: value, unit: "u", target: target, number: 1, of: 2)] {
                let event = DoseEvent(kind: kind, dose: dose, at: Instant(usec: 1_795_329_062_000_001), source: .cli,
                                      snoozeUntil: kind == .snoozed ? Instant(usec: 1_795_329_662_000_001) : nil,
                                      reading: kind == .measured ? reading : nil)
                let fields = Self.fields(event)
                #expect(fields["MEDD_MEASURE_ID"] == "bp" && fields["MEDD_MEASURE_KIND"] == measurement.rawValue)
                #expect(fields["MEDD_MED_ID"] == nil && fields["MEDD_DOSE"] == nil)
                #expect(DoseEvent(journalFields: fields) == event)
            }
        }
    }

    /// A blood pressure reading carries its parts, which of its reminder's readings it is and its target.
    @Test func bloodPressureReadingFields() {
        let dose = Dose(id: DoseID(parsing: "bp_20261122_07_30")!, name: "Blood pressure", doseText: "",
                        scheduled: Instant(seconds: 1_795_329_000), utcOffset: 3600, measurement: .bloodPressure)
        let reading = Reading(value: .bloodPressure(systolic: 142, diastolic: 84, pulse: 71), unit: "mmHg",
                              target: .bloodPressure(systolic: 135, diastolic: 85), number: 1, of: 2)
        let fields = Self.fields(DoseEvent(kind: .measured, dose: dose, at: Instant(seconds: 1_795_329_062), source: .cli, reading: reading))
        #expect(fields["MEDD_VALUE"] == "142/84/71" && fields["MEDD_UNIT"] == "mmHg")
        #expect(fields["MEDD_SYSTOLIC"] == "142" && fields["MEDD_DIASTOLIC"] == "84" && fields["MEDD_PULSE"] == "71")
        #expect(fields["MEDD_READING"] == "1/2" && fields["MEDD_TARGET"] == "135/85" && fields["MEDD_IN_TARGET"] == "no")
        #expect(fields["MESSAGE"] == "Blood pressure 142/84/71 mmHg (bp_20261122_07_30): measured at 2026-11-22T07:31:02+01:00 via cli, "
                + "reading 1/2, outside target 135/85")
        #expect(fields["PRIORITY"] == "6" && fields["MESSAGE_ID"] == EventKind.measured.messageID)
    }

    /// Random events survive the trip through journal fields.
    @Test func roundTripProperty() async {
        await propertyCheck(count: 300, input: Gen.int64(in: 0...Int64.max).array(of: 8)) { seeds in
            let kind = EventKind.allCases[Int(seeds[0] % Int64(EventKind.allCases.count))]
            let offset = Int(seeds[1] % (26 * 4)) * 900 - 12 * 3600
            let scheduled = Instant(seconds: seeds[2] % 4_000_000_000)
            let local = LocalDate(dayNumber: (scheduled.seconds + Int64(offset)) / 86_400)
            let id = DoseID(medication: "med-\(seeds[3] % 1000)", date: local, time: WallTime(minuteOfDay: Int(seeds[3] % 1440))!)
            let text = ["", "x", "a\nb", "ü✓", "=", " trailing "][Int(seeds[4] % 6)]
            let measurement = kind == .measured || seeds[4] % 5 == 0
                ? MeasurementKind.allCases[Int(seeds[4] % Int64(MeasurementKind.allCases.count))] : nil
            let dose = Dose(id: id, name: "N\(text)", doseText: measurement == nil ? text : "", scheduled: scheduled, utcOffset: offset,
                            measurement: kind.isAboutMedication ? nil : measurement)
            let at = Instant(usec: scheduled.usec + seeds[5] % 10_000_000_000 - 5_000_000_000)
            let value: ReadingValue = measurement == .bloodPressure
                ? .bloodPressure(systolic: Int(seeds[5] % 300), diastolic: Int(seeds[6] % 200), pulse: seeds[7] % 2 == 0 ? nil : Int(seeds[7] % 250))
                : .amount(Quantity(thousandths: seeds[5] % 2_000_000 - 1_000_000))
            let reading = Reading(value: value, unit: text == "a\nb" ? "" : text, number: Int(seeds[6] % 3) + 1, of: 3)
            let event = DoseEvent(kind: kind, dose: dose, at: at, source: EventSource.allCases[Int(seeds[6] % 4)],
                                  snoozeUntil: kind == .snoozed ? Instant(usec: at.usec + seeds[7] % 3_600_000_000) : nil,
                                  reason: seeds[7] % 2 == 0 ? text : nil, note: seeds[7] % 3 == 0 ? text : nil,
                                  reading: kind == .measured ? reading : nil,
                                  refill: kind == .refilled ? Refill(amount: Quantity(thousandths: seeds[6] % 100_000_000 + 1),
                                                                     stock: Quantity(thousandths: seeds[7] % 2_000_000 - 1_000_000)) : nil)
            #expect(DoseEvent(journalFields: Self.fields(event)) == event)
        }
    }

    /// A refill names the medication and the refill's minute, and carries the units added and the units on hand
    /// after them, each the exact decimal; it reads back only with both.
    @Test func refillCarriesTheAmountAndTheStockAfterIt() {
        let dose = Dose(id: DoseID(parsing: "metformin_20261122_09_03")!, name: "Metformin", doseText: "500 mg",
                        scheduled: Instant(seconds: 1_795_334_580), utcOffset: 3600)
        let event = DoseEvent(kind: .refilled, dose: dose, at: Instant(usec: 1_795_334_601_000_000), source: .cli, note: "pharmacy",
                              refill: Refill(amount: Quantity(thousandths: 30_500), stock: Quantity(thousandths: 32_500)))
        var fields = Self.fields(event)
        #expect(fields["MEDD_EVENT"] == "refilled" && fields["MEDD_MED_ID"] == "metformin")
        #expect(fields["MEDD_AMOUNT"] == "30.5" && fields["MEDD_STOCK"] == "32.5")
        #expect(fields["MESSAGE_ID"] == "b18f21141f464b2ca9c2a0b951fda903" && fields["PRIORITY"] == "6")
        #expect(fields["MESSAGE"] == "Metformin 500 mg (metformin): refilled with 30.5 via cli, 32.5 on hand; note: pharmacy")
        #expect(DoseEvent(journalFields: fields) == event)
        for (field, value) in [("MEDD_AMOUNT", nil), ("MEDD_STOCK", nil), ("MEDD_AMOUNT", "thirty"), ("MEDD_STOCK", "1.2345")] {
            var broken = fields
            broken[field] = value
            #expect(DoseEvent(journalFields: broken) == nil, "\(field)=\(value ?? "none")")
        }
        fields["MEDD_EVENT"] = "taken"
        #expect(DoseEvent(journalFields: fields)?.refill == nil, "only a refill carries one")
    }

    /// Entries that lack a required field, or whose fields disagree, are not read as events.
    @Test(arguments: ["MEDD_EVENT", "MEDD_DOSE_ID", "MEDD_MED_NAME", "MEDD_DOSE", "MEDD_SCHEDULED",
                      "MEDD_SCHEDULED_USEC", "MEDD_EVENT_USEC", "MEDD_SOURCE"])
    func missingFieldIsRejected(field: String) {
        var fields = Self.fields(DoseEvent(kind: .taken, dose: Self.dose, at: Self.dose.scheduled, source: .cli))
        fields[field] = nil
        #expect(DoseEvent(journalFields: fields) == nil)
    }

    /// Malformed or contradicting values are rejected.
    @Test(arguments: [
        ("MEDD_EVENT", "eaten"), ("MEDD_SOURCE", "phone"), ("MEDD_DOSE_ID", "Metformin_20261122_08_00"),
        ("MEDD_MED_ID", "aspirin"), ("MEDD_SCHEDULED_USEC", "12x"), ("MEDD_EVENT_USEC", ""),
        ("MEDD_SCHEDULED", "2026-11-22T09:00:00+01:00"), ("MEDD_SCHEDULED", "2026-11-22 08:00:00+01:00"),
        ("MEDD_SCHEDULED", "2026-11-22T08:00:00+0100"), ("MEDD_SNOOZE_UNTIL_USEC", "soon"), ("MEDD_SNOOZE_UNTIL", "later"),
    ])
    func badValueIsRejected(field: String, value: String) {
        var fields = Self.fields(DoseEvent(kind: .taken, dose: Self.dose, at: Self.dose.scheduled, source: .cli))
        fields[field] = value
        #expect(DoseEvent(journalFields: fields) == nil)
    }

    /// Without the microsecond field, the snooze end is read from its ISO 8601 text.
    @Test func snoozeEndFromTextAlone() {
        let until = Instant(seconds: 1_795_331_400)
        var fields = Self.fields(DoseEvent(kind: .snoozed, dose: Self.dose, at: Self.dose.scheduled, source: .cli, snoozeUntil: until))
        fields["MEDD_SNOOZE_UNTIL_USEC"] = nil
        #expect(DoseEvent(journalFields: fields)?.snoozeUntil == until)
        #expect(DoseEvent.parseISO8601("2026-11-22T07:10:00Z")?.instant == until)
    }
}
