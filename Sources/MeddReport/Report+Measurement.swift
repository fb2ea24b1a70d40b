public import MeddCore

extension Report {
    /// A measurement over the period: its readings for a chart, the doses taken of the medications it
    /// is for, and its last seven days in the form of a home blood-pressure protocol (morning and evening
    /// means; the average without the first day; the readings outside the target).
    public struct Measurement: Hashable, Sendable {
        public var id: String
        public var name: String
        public var kind: MeasurementKind
        public var unit: String
        public var target: MeasurementTarget?
        /// The names of the medications it is for.
        public var medications: [String]
        /// Readings in the period, and those outside the target in force when they were taken.
        public var readingCount: Int
        public var outsideTarget: Int
        /// What the chart draws: each reading, or each day's mean when there are more than `readingsDrawn`.
        public var points: [Point]
        public var pointsAreDailyMeans: Bool
        /// Where the doses taken of `medications` fall: days since the start of `firstDay`.
        public var dosesTaken: [Double]
        /// The last seven days of the period, oldest first (fewer when the period is shorter).
        public var week: [WeekDay]

        /// More readings than this are drawn as each day's mean.
        public static let readingsDrawn = 400

        public init(id: String, name: String, kind: MeasurementKind, unit: String, target: MeasurementTarget? = nil,
                    medications: [String] = [], readingCount: Int, outsideTarget: Int, points: [Point], pointsAreDailyMeans: Bool,
                    dosesTaken: [Double] = [], week: [WeekDay] = []) {
            self.id = id
            self.name = name
            self.kind = kind
            self.unit = unit
            self.target = target
            self.medications = medications
            self.readingCount = readingCount
            self.outsideTarget = outsideTarget
            self.points = points
            self.pointsAreDailyMeans = pointsAreDailyMeans
            self.dosesTaken = dosesTaken
            self.week = week
        }

        /// The average of the week without its first day, as home protocols take it, and how many of
        /// those days' readings were outside the target.
        public var protocolAverage: (mean: Mean, outsideTarget: Int)? {
            let days = week.dropFirst()
            guard let mean = Mean.combined(days.flatMap { [$0.morning, $0.evening] }.compactMap { $0 }) else { return nil }
            return (mean, days.map(\.outsideTarget).reduce(0, +))
        }

        /// One reading, or a day's mean: its day (days since the start of `firstDay`, local time), the
        /// value (a blood pressure's systolic part) and a blood pressure's diastolic part.
        public struct Point: Hashable, Sendable {
            public var day: Double
            public var value: Double
            public var diastolic: Double?

            public init(day: Double, value: Double, diastolic: Double? = nil) {
                self.day = day
                self.value = value
                self.diastolic = diastolic
            }
        }

        /// The mean of some readings, and how many.
        public struct Mean: Hashable, Sendable {
            public var value: Double
            public var diastolic: Double?
            public var count: Int

            public init(value: Double, diastolic: Double? = nil, count: Int) {
                self.value = value
                self.diastolic = diastolic
                self.count = count
            }

            /// The mean of the readings behind `means`, each weighted by its count.
            static func combined(_ means: [Mean]) -> Mean? {
                let count = means.map(\.count).reduce(0, +)
                guard count > 0 else { return nil }
                let value = means.map { $0.value * Double($0.count) }.reduce(0, +) / Double(count)
                let diastolics = means.compactMap { mean in mean.diastolic.map { $0 * Double(mean.count) } }
                let diastolic = diastolics.count == means.count ? diastolics.reduce(0, +) / Double(count) : nil
                return Mean(value: value, diastolic: diastolic, count: count)
            }
        }

        /// A day of the week's table: the means of the readings before noon and from noon, and how many
        /// of the day's readings were outside the target.
        public struct WeekDay: Hashable, Sendable {
            public var date: LocalDate
            public var morning: Mean?
            public var evening: Mean?
            public var outsideTarget: Int

            public init(date: LocalDate, morning: Mean? = nil, evening: Mean? = nil, outsideTarget: Int = 0) {
                self.date = date
                self.morning = morning
                self.evening = evening
                self.outsideTarget = outsideTarget
            }

            /// Readings of the day.
            public var readings: Int { (morning?.count ?? 0) + (evening?.count ?? 0) }
        }
    }
}

extension Report.Measurement {
    /// `measurement`'s readings in `[since, until)` placed on the report's days; nil when it has none.
    init?(_ measurement: ReportInput.Measurement, since: Instant, until: Instant, firstDay: LocalDate, lastDay: LocalDate,
          zone: ZoneRules, medicationNames: [String: String], dosesTaken: [Instant]) {
        let readings = measurement.readings.filter { since <= $0.at && $0.at < until }.sorted { $0.at < $1.at }
        guard !readings.isEmpty else { return nil }
        let placed = readings.map { reading in
            let local = zone.local(reading.at)
            let day = Double(local.date.dayNumber - firstDay.dayNumber) + Double(local.time.minuteOfDay) / 1440
            return (date: local.date, morning: local.time.minuteOfDay < 720, day: day, point: Self.point(reading.value, day: day),
                    outside: reading.inTarget == false)
        }
        var points = placed.map(\.point)
        let daily = placed.count > Self.readingsDrawn
        if daily {
            points = Dictionary(grouping: placed, by: \.date).map { date, readings in
                let mean = Self.mean(readings.map(\.point))
                return Point(day: Double(date.dayNumber - firstDay.dayNumber) + 0.5, value: mean.value, diastolic: mean.diastolic)
            }.sorted { $0.day < $1.day }
        }
        let weekStart = max(firstDay.dayNumber, lastDay.dayNumber - 6)
        let week = stride(from: weekStart, through: lastDay.dayNumber, by: 1).map { dayNumber in
            let date = firstDay.adding(days: dayNumber - firstDay.dayNumber)
            let ofDay = placed.filter { $0.date == date }
            let morning = ofDay.filter(\.morning).map(\.point)
            let evening = ofDay.filter { !$0.morning }.map(\.point)
            return WeekDay(date: date, morning: morning.isEmpty ? nil : Self.mean(morning), evening: evening.isEmpty ? nil : Self.mean(evening),
                           outsideTarget: ofDay.filter(\.outside).count)
        }
        let taken = dosesTaken.filter { since <= $0 && $0 < until }.map { instant in
            let local = zone.local(instant)
            return Double(local.date.dayNumber - firstDay.dayNumber) + Double(local.time.minuteOfDay) / 1440
        }
        self.init(id: measurement.id, name: measurement.name, kind: measurement.kind, unit: measurement.unit,
                  target: measurement.target, medications: measurement.medications.map { medicationNames[$0] ?? $0 },
                  readingCount: readings.count, outsideTarget: placed.filter(\.outside).count, points: points,
                  pointsAreDailyMeans: daily, dosesTaken: taken.sorted(), week: week)
    }

    private static func point(_ value: ReadingValue, day: Double) -> Point {
        let diastolic: Double? = if case .bloodPressure(_, let diastolic, _) = value { Double(diastolic) } else { nil }
        return Point(day: day, value: Double(value.primary.thousandths) / 1000, diastolic: diastolic)
    }

    private static func mean(_ points: [Point]) -> Mean {
        let count = Double(points.count)
        let diastolics = points.compactMap(\.diastolic)
        return Mean(value: points.map(\.value).reduce(0, +) / count,
                    diastolic: diastolics.count == points.count ? diastolics.reduce(0, +) / count : nil, count: points.count)
    }
}
