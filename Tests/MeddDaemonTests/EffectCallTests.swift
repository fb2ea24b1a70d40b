import MeddControl
import MeddCore
import MeddStore
import Systemd
import Testing
@testable import MeddDaemon

/// `Effect` from the ledger: the readings of a measurement and the final doses of the medication it is for,
/// evaluated in the configuration's mode, and refusals for a bad range or an unknown medication.
@Suite struct EffectCallTests {
    let harness: ControlCallsHarness
    /// 2026-10-25T00:00:00Z: 28 days before the end of the range asked for.
    static let start = Instant(seconds: 1_792_886_400)

    init() throws {
        var bp = Measurement(id: "bp", kind: .bloodPressure)
        bp.medications = ["lisinopril"]
        var settings = Settings()
        settings.effect = .aggressive
        let lisinopril = Medication(id: "lisinopril", name: "Lisinopril", dose: "10 mg", schedule: .times([WallTime(hour: 8, minute: 0)!], DayFilter()))
        let configuration = Configuration(settings: settings, medications: [lisinopril], measurements: [bp])
        let now = Self.start + .days(28)
        var events: [DoseEvent] = []
        for day in 0..<28 {
            let morning = Self.start + .days(Int64(day)) + .hours(7)
            let id = DoseID(medication: "bp", date: LocalDate(dayNumber: morning.seconds / 86_400), time: WallTime(hour: 7, minute: 0)!)
            let reading = bp.reading(.bloodPressure(systolic: day < 14 ? 150 : 138, diastolic: day < 14 ? 95 : 88, pulse: nil))
            events.append(DoseEvent(kind: .measured, dose: Dose(id: id, name: "Blood pressure", doseText: "", scheduled: morning, utcOffset: 0,
                                                                measurement: .bloodPressure), at: morning, source: .cli, reading: reading))
            let due = Self.start + .days(Int64(day)) + .hours(8)
            let dose = Dose(id: DoseID(medication: "lisinopril", date: LocalDate(dayNumber: due.seconds / 86_400), time: WallTime(hour: 8, minute: 0)!),
                            name: "Lisinopril", doseText: "10 mg", scheduled: due, utcOffset: 0)
            events.append(DoseEvent(kind: day % 10 == 9 ? .missed : .taken, dose: dose, at: due + .minutes(5), source: .cli))
        }
        harness = try ControlCallsHarness(configuration: configuration, localZone: .utc, now: now, events: events)
    }

    private func call(_ parameters: String) throws -> JSONValue {
        guard case .reply(let bytes) = try harness.respond(to: #"{"method":"io.medd.Control.Effect","parameters":\#(parameters)}"#) else {
            Issue.record("not one reply")
            return .null
        }
        return try JSONParser.parse(Array(bytes.dropLast()))
    }

    @Test func theMeasurementShowsTheMedicationsEffect() throws {
        let reply = try call(#"{"since":"2026-10-25T00:00:00Z","until":"2026-11-22T00:00:00Z"}"#)
        #expect(reply["parameters"]?["mode"] == .string("aggressive"))
        let effects = try #require(reply["parameters"]?["effects"]?.arrayValue)
        #expect(effects.count == 1)
        let effect = try #require(effects.first)
        #expect(effect["medication"] == .string("lisinopril") && effect["measurement"] == .string("bp"))
        #expect(effect["verdict"] == .string("likely_effective"))
        #expect(effect["improvement"] == .number(12) && effect["threshold"] == .number(3))
        #expect(effect["trend"]?["recentMean"] == .number(138) && effect["trend"]?["earlierMean"] == .number(150))
        #expect(effect["trend"]?["recentDiastolicMean"] == .number(88) && effect["trend"]?["recentReadings"] == .integer(14))
        #expect(effect["adherence"]?["due"] == .integer(28) && effect["adherence"]?["taken"] == .integer(26))
        #expect(effect["adherence"]?["needed"] == .number(0.5))
        #expect(effect["perDose"]?["beforeMinutes"] == .integer(120) && effect["perDose"]?["afterMinutes"] == .array([.integer(60), .integer(360)]))
        #expect(effect["perDose"]?["pairs"] == .integer(0), "no reading after the dose")
        #expect(effect["doubt"] == nil)
        let confidence = try #require(effect["confidence"]?.intValue)
        #expect((1...100).contains(confidence))
    }

    @Test func aRangeWithoutReadingsIsNotEnoughData() throws {
        let reply = try call(#"{"since":"2025-01-01","until":"2025-02-01"}"#)
        #expect(reply["parameters"]?["effects"]?.arrayValue?.first?["verdict"] == .string("not_enough_data"))
    }

    @Test func anotherMedicationHasNoEffectToShow() throws {
        #expect(try call(#"{"medication":"nothing"}"#)["error"] == .string("io.medd.Control.NoSuchMedication"))
        #expect(try call(#"{"since":"2026-11-22","until":"2026-11-01"}"#)["error"] == .string("org.varlink.service.InvalidParameter"))
    }
}
