import MeddControl
import MeddCore
import Testing
@testable import MeddReport

/// A report's readings: placed on its days, the seven-day table as home protocols read it (split at
/// noon, the first day left out of the average, the readings outside the target as recorded), each
/// day's mean beyond 400 readings, the JSON round trip and its refusals, and a report without readings
/// as it was.
@Suite struct ReportMeasurementTests {
    static func reading(_ time: String, _ systolic: Int, _ diastolic: Int) -> ReportInput.Measurement.Reading {
        ReportInput.Measurement.Reading(at: ReportFixture.at(time), value: .bloodPressure(systolic: systolic, diastolic: diastolic, pulse: nil),
                                        inTarget: systolic <= 135 && diastolic <= 85)
    }

    /// Two readings each morning (07:30) and evening (19:30) of the fixture's week; one at noon counts as evening.
    static let readings: [ReportInput.Measurement.Reading] = {
        var readings: [ReportInput.Measurement.Reading] = []
        for day in 19...25 {
            let offset = day < 25 ? "+02:00" : "+01:00"
            readings.append(reading("2026-10-\(day)T07:30:00\(offset)", 130 + day - 19, 80 + (day - 19) % 3))
            readings.append(reading("2026-10-\(day)T19:30:00\(offset)", 140 - (day - 19), 86))
        }
        readings.append(reading("2026-10-22T12:00:00+02:00", 150, 90))
        return readings
    }()

    static func input(readings: [ReportInput.Measurement.Reading] = readings) -> ReportInput {
        var input = ReportFixture.input()
        input.measurements = [ReportInput.Measurement(id: "bp", name: "Blood pressure", kind: .bloodPressure, unit: "mmHg",
                                                      target: .bloodPressure(systolic: 135, diastolic: 85), medications: ["ram"],
                                                      readings: readings)]
        var measurement = Measurement(id: "bp", kind: .bloodPressure)
        measurement.medications = ["ram"]
        input.effects = [MedicationEffect.evaluate(MedicationEffect.Input(
            medication: "ram", measurement: measurement, readings: readings.map { (at: $0.at, value: $0.value) },
            intakes: [ReportFixture.at("2026-10-21T12:30:00+02:00")], finals: [(due: ReportFixture.at("2026-10-21T08:00:00+02:00"), taken: true)],
            period: ReportFixture.since..<ReportFixture.until))]
        return input
    }

    @Test func weekTableSplitsAtNoonAndLeavesTheFirstDayOutOfTheAverage() throws {
        let report = Report(Self.input())
        let measurement = try #require(report.measurements.first)
        #expect(measurement.readingCount == 15 && measurement.medications == ["Ramipril"])
        #expect(measurement.week.map(\.date.iso8601) == (19...25).map { "2026-10-\($0)" })
        let thursday = measurement.week[3]
        #expect(thursday.morning == Report.Measurement.Mean(value: 133, diastolic: 80, count: 1))
        #expect(thursday.evening == Report.Measurement.Mean(value: 143.5, diastolic: 88, count: 2), "12:00 is evening")
        #expect(thursday.outsideTarget == 2)
        let (average, outside) = try #require(measurement.protocolAverage)
        let kept = Self.readings.filter { $0.at >= ReportFixture.at("2026-10-20T00:00:00+02:00") }
        let systolic = kept.map { Double($0.value.primary.thousandths) / 1000 }.reduce(0, +) / Double(kept.count)
        #expect(average.count == kept.count && abs(average.value - systolic) < 1e-9)
        #expect(outside == kept.filter { $0.inTarget == false }.count)
        #expect(measurement.dosesTaken == [2 + 12.5 / 24], "the taken dose of ramipril, at the time it was taken")
        #expect(!measurement.pointsAreDailyMeans && measurement.points.count == 15)
        #expect(measurement.points.last?.day == 6 + 19.5 / 24, "placed in winter time on the 25th")
    }

    @Test func manyReadingsAreDrawnAsEachDaysMean() throws {
        var readings: [ReportInput.Measurement.Reading] = []
        for minute in 0..<(Report.Measurement.readingsDrawn + 1) {
            readings.append(ReportInput.Measurement.Reading(at: ReportFixture.since + .minutes(Int64(minute) * 20),
                                                            value: .bloodPressure(systolic: 120 + minute % 2 * 10, diastolic: 80, pulse: nil),
                                                            inTarget: true))
        }
        let measurement = try #require(Report(Self.input(readings: readings)).measurements.first)
        #expect(measurement.pointsAreDailyMeans)
        #expect(measurement.points.first == Report.Measurement.Point(day: 0.5, value: 125, diastolic: 80))
        #expect(measurement.points.count == 6)
    }

    @Test func jsonRoundTripAndRefusals() throws {
        let report = Report(Self.input())
        #expect(try Report(jsonBytes: report.json.serialized) == report)
        var object = report.json.objectValue!
        var measurement = object["measurements"]!.arrayValue![0].objectValue!
        measurement["points"] = .array([.array([.number(99), .number(120)])])
        object["measurements"] = .array([.object(measurement)])
        #expect(throws: ReportDecodingError.self) { try Report(json: .object(object)) }
        measurement = report.json.objectValue!["measurements"]!.arrayValue![0].objectValue!
        measurement["target"] = .string("4-7")
        object["measurements"] = .array([.object(measurement)])
        do {
            _ = try Report(json: .object(object))
            Issue.record("a glucose target on a blood pressure was accepted")
        } catch {
            #expect(error.path == "measurements[0].target")
        }
        object = report.json.objectValue!
        object["effects"] = .array([.object(["verdict": .string("works")])])
        #expect(throws: ReportDecodingError.self) { try Report(json: .object(object)) }
    }

    @Test func withoutReadingsTheDocumentIsAsBefore() {
        let plain = Report(ReportFixture.input()).document(in: .english)
        let headings = ReportLanguageTests.headings(plain.blocks)
        #expect(!headings.contains("Readings") && !headings.contains("Does it work?"))
        let withReadings = ReportLanguageTests.headings(Report(Self.input()).document(in: .english).blocks)
        #expect(withReadings.contains("Readings") && withReadings.contains("Does it work?") && withReadings.contains("Blood pressure (mmHg)"))
        #expect(withReadings.count == headings.count + 3)
    }
}
