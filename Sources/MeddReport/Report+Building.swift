import MeddCore

extension Report {
    /// The report of `input`: the counts as given (the same as `medctl adherence`), the doses placed
    /// by their local due time and classified by the same rule as those counts, the calendar tallied
    /// as `medctl adherence --calendar` tallies it.
    public init(_ input: ReportInput) {
        let zone = input.zone
        let firstDay = zone.local(input.since).date
        let lastDay = input.until > input.since ? zone.local(Instant(usec: input.until.usec - 1)).date : firstDay.adding(days: -1)
        let text = ReportTimeText(zone: zone)
        let detailFirstDay = Self.detailFirstDay(firstDay: firstDay, lastDay: lastDay)
        let detailSince = zone.startOfDay(detailFirstDay)
        let finalDoses = input.doses.filter(\.state.isFinal)
        let doses = Dictionary(grouping: finalDoses.filter { $0.scheduled >= detailSince }, by: \.medication)
        var sections = input.medications.map { medication in
            Self.section(medication, doses: doses[medication.id] ?? [], counts: input.adherence.medications[medication.id],
                         people: input.people, firstDay: firstDay, text: text)
        }
        // Doses of a medication the configuration no longer names still count.
        let configured = Set(input.medications.map(\.id))
        let removed = Set(input.adherence.medications.keys).union(doses.keys).subtracting(configured)
        for id in removed.sorted() {
            let found = doses[id] ?? []
            let latest = found.max { $0.scheduled < $1.scheduled }
            let medication = ReportInput.Medication(id: id, name: latest?.name ?? id, dose: latest?.doseText ?? "", schedule: nil)
            var section = Self.section(medication, doses: found, counts: input.adherence.medications[id], people: [],
                                       firstDay: firstDay, text: text)
            section.status = .removed
            sections.append(section)
        }
        let labels = input.medications.compactMap(\.person)
        var seen: Set<String> = []
        let people = labels.filter { seen.insert($0).inserted }.map { label in
            input.people.first { $0.id == label }?.displayName ?? label
        }
        let finals = finalDoses.map {
            FinalAnswer(medication: $0.medication, kind: $0.state, scheduled: $0.scheduled, at: $0.answeredAt ?? $0.scheduled)
        }
        var months: [Int: AdherenceCounts] = [:]
        for answer in finals where answer.scheduled < detailSince {
            let date = zone.local(answer.scheduled).date
            months[date.year * 12 + date.month - 1, default: AdherenceCounts()].add(Adherence.counts(of: answer))
        }
        let names = Dictionary(input.medications.map { ($0.id, $0.name) }) { first, _ in first }
        let taken = Dictionary(grouping: input.doses.filter { $0.state == .taken }, by: \.medication)
        let measurements = input.measurements.compactMap { measurement in
            Measurement(measurement, since: input.since, until: input.until, firstDay: firstDay, lastDay: lastDay, zone: zone,
                        medicationNames: names,
                        dosesTaken: measurement.medications.flatMap { taken[$0] ?? [] }.map { $0.answeredAt ?? $0.scheduled })
        }
        self.init(generator: input.generator, generatedAt: text.dateTime(input.now), source: input.source, host: input.host,
                  people: people, since: text.dateTime(input.since), until: text.dateTime(input.until),
                  firstDay: firstDay, lastDay: lastDay, paper: input.paper, total: input.adherence.total,
                  medications: sections, detailFirstDay: detailFirstDay,
                  months: months.keys.sorted().map { MonthCounts(year: $0 / 12, month: $0 % 12 + 1, counts: months[$0]!) },
                  calendar: AdherenceDay.tally(finals.filter { $0.scheduled >= detailSince }, from: detailFirstDay, through: lastDay,
                                               rules: zone),
                  measurements: measurements, effects: input.effects.map(Self.asWritten))
    }

    /// A period longer than this many days is shown day by day only from the first of the month that starts its last twelve months.
    public static let daysShownDaily = 366

    private static func detailFirstDay(firstDay: LocalDate, lastDay: LocalDate) -> LocalDate {
        guard lastDay.dayNumber - firstDay.dayNumber + 1 > Int64(daysShownDaily) else { return firstDay }
        let yearBefore = lastDay.adding(days: -364)
        guard yearBefore.day != 1 else { return yearBefore }
        let (year, month) = yearBefore.month == 12 ? (yearBefore.year + 1, 1) : (yearBefore.year, yearBefore.month + 1)
        return LocalDate(year: year, month: month, day: 1) ?? yearBefore
    }

    private static func section(_ medication: ReportInput.Medication, doses: [ReportInput.Dose], counts: AdherenceCounts?,
                                people: [Person], firstDay: LocalDate, text: ReportTimeText) -> Medication {
        let person = medication.person.map { label in people.first { $0.id == label }?.displayName ?? label }
        let status: Medication.Status? = medication.paused ? .paused : medication.asNeeded ? .asNeeded : nil
        let stock = medication.stock.map { level in
            Stock(level: level, refillAt: medication.refillAt, since: medication.stockSince.map(text.date),
                  start: medication.stockStart, refillDue: medication.refillDue.map(text.dateTime),
                  runsOut: medication.runsOut.map(text.dateTime))
        }
        return Medication(id: medication.id, name: medication.name, dose: medication.dose, schedule: medication.schedule,
                          dueTimes: medication.dueTimes, person: person, notes: medication.notes, status: status,
                          counts: counts ?? AdherenceCounts(),
                          doses: doses.sorted { $0.scheduled < $1.scheduled }.map { dose($0, firstDay: firstDay, text: text) },
                          stock: stock)
    }

    private static func dose(_ dose: ReportInput.Dose, firstDay: LocalDate, text: ReportTimeText) -> Dose {
        let answer = FinalAnswer(medication: dose.medication, kind: dose.state, scheduled: dose.scheduled,
                                 at: dose.answeredAt ?? dose.scheduled)
        let local = text.zone.local(dose.scheduled)
        let day = Double(local.date.dayNumber - firstDay.dayNumber) + Double(local.time.minuteOfDay) / 1440
        var minutes: Int?
        if dose.state == .taken {
            let difference = (dose.answeredAt ?? dose.scheduled).usec - dose.scheduled.usec
            minutes = Int(difference >= 0 ? difference / 60_000_000 : -((-difference + 59_999_999) / 60_000_000))
        }
        return Dose(due: text.dateTime(dose.scheduled), day: day, outcome: AdherenceDay.Outcome(Adherence.counts(of: answer)),
                    minutes: minutes, answered: dose.answeredAt.map(text.dateTime), reason: dose.reason, note: dose.note)
    }
}

/// Instants in words of one zone, as a report shows them.
private struct ReportTimeText {
    let zone: ZoneRules

    /// `2026-11-22 08:00`.
    func dateTime(_ instant: Instant) -> String {
        let (date, time) = zone.local(instant)
        return "\(date) \(time)"
    }

    /// `2026-11-22`.
    func date(_ instant: Instant) -> String {
        zone.local(instant).date.iso8601
    }
}
