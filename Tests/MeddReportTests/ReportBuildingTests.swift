import MeddControl
import MeddCore
import Testing
@testable import MeddReport

/// A report built from plain data: the counts as given, each dose placed and classified as adherence
/// counts it, the calendar as `adherence --calendar` tallies it.
@Suite struct ReportBuildingTests {
    static let report = Report(ReportFixture.input())

    /// Who and when, in the user's zone: the person's name, the range, the local days it touches.
    @Test func whoAndWhen() {
        let report = Self.report
        #expect(report.people == ["Anna Example"])
        #expect(report.since == "2026-10-19 00:00" && report.until == "2026-10-26 00:00")
        #expect(report.firstDay == LocalDate(parsing: "2026-10-19") && report.lastDay == LocalDate(parsing: "2026-10-25"))
        #expect(report.dayCount == 7 && report.calendar.count == 7)
        #expect(report.generatedAt == "2026-10-26 09:30")
    }

    /// Each medication's counts are the adherence input's, whatever the doses say.
    @Test func countsAreTheAdherenceInput() {
        var input = ReportFixture.input()
        input.adherence.medications["met"] = AdherenceCounts(onTime: 7, late: 1)
        input.adherence.total = AdherenceCounts(onTime: 9)
        let report = Report(input)
        #expect(report.medications.map(\.id) == ["met", "ram"])
        #expect(report.medications[0].counts == AdherenceCounts(onTime: 7, late: 1))
        #expect(report.total == AdherenceCounts(onTime: 9))
        #expect(Self.report.medications[0].counts == AdherenceCounts(onTime: 2, late: 1, skipped: 1, missed: 1))
    }

    /// A dose is placed by its local due time (across the change to winter time) and classified by the
    /// on-time rule: 59 min 59 s after is on time, 60 min 1 s after is late.
    @Test func dosesArePlacedAndClassified() {
        let doses = Self.report.medications[0].doses
        #expect(doses.map(\.outcome) == [.onTime, .late, .skipped, .missed, .onTime])
        #expect(doses.map(\.minutes) == [59, 60, nil, nil, -20])
        let expected: [Double] = [8.0 / 24, 20.0 / 24, 1 + 8.0 / 24, 1 + 20.0 / 24, 6 + 8.0 / 24]
        #expect(doses.map(\.day) == expected)
        #expect(doses[1].due == "2026-10-19 20:00" && doses[1].answered == "2026-10-19 21:00")
        #expect(doses[2].reason == "nausea" && doses[2].distinctNote == nil)
        #expect(doses[1].distinctNote == #"after <dinner> & "tea""#)
    }

    /// The calendar has each day's worst outcome.
    @Test func calendarHasEachDaysWorstOutcome() {
        #expect(Self.report.calendar.map(\.outcome) == [.late, .missed, .late, .nothing, .nothing, .nothing, .onTime])
    }

    /// Stock words come in local time; the person label becomes the name.
    @Test func stockAndPerson() {
        let metformin = Self.report.medications[0]
        #expect(metformin.person == "Anna Example" && metformin.notes == "with meals")
        #expect(metformin.stock == Report.Stock(level: 40, refillAt: 10, since: "2026-10-01", start: 60, refillDue: "2026-11-09 08:00",
                                                runsOut: "2026-11-14 20:00"))
        #expect(Self.report.medications[1].stock == nil)
    }

    /// Doses of a medication no longer configured still count, in a section of their own.
    @Test func removedMedicationsKeepTheirDoses() {
        var input = ReportFixture.input()
        let old = ReportInput.Dose(medication: "old", name: "Oldpill", doseText: "2 mg", scheduled: ReportFixture.at("2026-10-22T09:00:00+02:00"),
                                   state: .skipped, answeredAt: ReportFixture.at("2026-10-22T09:05:00+02:00"))
        input.doses.append(old)
        input.adherence.medications["old"] = AdherenceCounts(skipped: 1)
        let report = Report(input)
        let section = report.medications.last
        #expect(section?.id == "old" && section?.name == "Oldpill" && section?.dose == "2 mg" && section?.status == .removed)
        #expect(section?.counts == AdherenceCounts(skipped: 1) && section?.doses.count == 1)
    }

    /// An empty range has no days and no chart, and says so.
    @Test func emptyRange() {
        var input = ReportFixture.input(doses: [])
        input.until = input.since
        input.adherence = AdherenceReport()
        let report = Report(input)
        #expect(report.dayCount == 0 && report.calendar.isEmpty)
        let words = report.document(in: .english).blocks.map(Self.words).joined(separator: "\n")
        #expect(words.contains("No dose due in this period has been taken, skipped or missed."))
        #expect(!report.document(in: .english).blocks.contains { if case .figure = $0 { true } else { false } })
    }

    /// The skipped and missed doses' table has a Note column only when one of them has a note besides its reason.
    @Test func noteColumnOnlyForNotes() {
        func headers(_ input: ReportInput) -> [String] {
            let tables = Report(input).document(in: .english).blocks.compactMap { block -> ReportDocument.Table? in
                if case .table(let table) = block { return table }
                return nil
            }
            return tables[1].columns.map(\.header)
        }
        #expect(headers(ReportFixture.input()) == ["Due", "Medication", "Outcome", "Reason"])
        var input = ReportFixture.input()
        input.doses[2].note = "lay down afterwards"
        #expect(headers(input) == ["Due", "Medication", "Outcome", "Reason", "Note"])
    }

    static func words(_ block: ReportDocument.Block) -> String {
        switch block {
        case .heading(let text, _): text
        case .paragraph(let spans, _): spans.map(\.text).joined()
        case .table(let table): table.rows.map { $0.map(\.text).joined(separator: " | ") }.joined(separator: "\n")
        case .figure(let figure): figure.summary
        case .group(let blocks): blocks.map(words).joined(separator: "\n")
        }
    }
}

/// A period longer than a year: day by day from the first of the month that starts its last twelve
/// months, the months before as counts.
@Suite struct LongReportTests {
    static func input() -> ReportInput {
        var doses: [ReportInput.Dose] = []
        var due = ReportFixture.at("2024-01-10T08:00:00+01:00")
        var index = 0
        while due < ReportFixture.until {
            let state: EventKind = index % 5 == 4 ? .skipped : .taken
            doses.append(ReportInput.Dose(medication: "met", name: "Metformin", doseText: "500 mg", scheduled: due, state: state,
                                          answeredAt: due + .minutes(10)))
            due = due + .days(10)
            index += 1
        }
        var input = ReportFixture.input(doses: doses)
        input.since = ReportFixture.at("2024-01-10T00:00:00+01:00")
        return input
    }

    @Test func monthsBeforeTheLastYearDaysAfter() throws {
        let input = Self.input()
        let report = Report(input)
        #expect(report.firstDay == LocalDate(parsing: "2024-01-10") && report.lastDay == LocalDate(parsing: "2026-10-25"))
        #expect(report.detailFirstDay == LocalDate(parsing: "2025-11-01"), "the first of the month after the day 364 days before the last")
        #expect(report.calendar.first?.date == report.detailFirstDay && report.calendar.last?.date == report.lastDay)
        let detailSince = ReportFixture.berlin.startOfDay(report.detailFirstDay)
        let before = input.doses.filter { $0.scheduled < detailSince }
        #expect(report.months.first?.year == 2024 && report.months.first?.month == 1)
        #expect(report.months.last?.year == 2025 && report.months.last?.month == 10)
        #expect(report.months.map(\.counts.total).reduce(0, +) == before.count)
        #expect(report.months.map(\.counts.skipped).reduce(0, +) == before.filter { $0.state == .skipped }.count)
        #expect(report.medications[0].doses.count == input.doses.count - before.count, "only the last year's doses one by one")
        #expect(report.summarizedDays == Int(report.detailFirstDay.dayNumber - report.firstDay.dayNumber))
        #expect(try Report(jsonBytes: report.json.serialized) == report)
        let headings = ReportLanguageTests.headings(report.document(in: .english).blocks)
        #expect(headings.contains("Month by month") && headings.contains("Day by day"))
        let oneYear = Report(ReportFixture.input())
        #expect(oneYear.months.isEmpty && oneYear.detailFirstDay == oneYear.firstDay)
        #expect(!ReportLanguageTests.headings(oneYear.document(in: .english).blocks).contains("Month by month"))
    }
}
