import MeddCore
import MeddTestSupport
import Testing

/// What a carer is told, from doses as they stand: the issue's day (an 08:00 dose open at 09:00, answered
/// at 09:20, a summary at 21:00), each message once whatever the number of looks, nothing from before the
/// carer, nothing older than a day, and no medication in the words without `details`.
@Suite struct CarerPolicyTests {
    static let berlin = SystemZone.named("Europe/Berlin")
    static let people = ["mum": Person(id: "mum", name: "Mum")]

    static func at(_ time: String, day: Int = 7) -> Instant {
        Instant(iso8601: "2026-12-\(day < 10 ? "0" : "")\(day)T\(time):00+01:00")!
    }

    static func dose(_ time: String, _ state: DoseState, answered: String? = nil, medication: String = "metformin", person: String? = "mum",
                     day: Int = 7) -> CarerDose {
        let id = "\(medication)_202612\(day < 10 ? "0" : "")\(day)_\(time.replacingText(":", with: "_"))"
        return CarerDose(id: id, medication: medication, name: "Metformin 500 mg", person: person, due: at(time, day: day), state: state,
                         answeredAt: answered.map { at($0, day: day) })
    }

    static var anna: Carer {
        var carer = Carer(id: "anna")
        carer.name = "Anna"
        return carer
    }

    static var withSummary: Carer {
        var carer = anna
        carer.summary = WallTime(hour: 21, minute: 0)
        return carer
    }

    static func messages(_ doses: [CarerDose], now: String, told: Set<String> = [], carer: Carer = anna, since: Instant = at("00:00", day: 1))
        -> [CarerMessage] {
        CarerPolicy.messages(for: carer, doses: doses, told: told, now: at(now), since: since, zone: berlin, people: people)
    }

    @Test func anOpenDoseAnAllClearAndTheSummary() throws {
        #expect(Self.messages([Self.dose("08:00", .pending)], now: "08:59").isEmpty, "not yet an hour")
        let open = Self.messages([Self.dose("08:00", .pending)], now: "09:00")
        #expect(open.map(\.id) == ["overdue/anna/metformin_20261207_08_00"])
        #expect(open[0].eventAt == Self.at("09:00") && !open[0].isLate)
        let again = Self.messages([Self.dose("08:00", .snoozed)], now: "09:10")
        #expect(again.map(\.id) == open.map(\.id), "decided again, the same message: the outbox keeps it once")
        let answered = Self.messages([Self.dose("08:00", .taken, answered: "09:20")], now: "09:20", told: ["metformin_20261207_08_00"])
        #expect(answered.map(\.id) == ["all_clear/anna/metformin_20261207_08_00"])
        #expect(Self.messages([Self.dose("08:00", .taken, answered: "09:20")], now: "09:20").isEmpty, "no all-clear for what was not told")
        let day = [Self.dose("08:00", .taken, answered: "09:20"), Self.dose("12:00", .skipped, answered: "12:05"),
                   Self.dose("13:00", .missed, answered: "15:00"), Self.dose("20:00", .pending), Self.dose("22:00", .planned),
                   Self.dose("08:00", .taken, answered: "08:05", medication: "ramipril", person: nil)]
        let summaries = Self.messages(day, now: "21:00", carer: Self.withSummary).filter { $0.kind == .summary }
        #expect(summaries.map(\.id) == ["summary/anna/2026-12-06", "summary/anna/2026-12-07"], "yesterday's too, if it was never sent")
        let summary = summaries[1]
        #expect(summary.id == "summary/anna/2026-12-07")
        #expect(summary.counts["Mum"] == CarerMessage.Counts(taken: 1, late: 1, skipped: 1, missed: 1, open: 1), "22:00 is after the summary")
        #expect(summary.counts[""] == CarerMessage.Counts(taken: 1))
    }

    @Test func afterZeroMissedAndPerson() {
        var carer = Self.anna
        carer.after = TimeSpan(seconds: 0)
        #expect(Self.messages([Self.dose("08:00", .pending)], now: "12:00", carer: carer).isEmpty, "after 0: only when missed")
        #expect(Self.messages([Self.dose("08:00", .missed, answered: "10:00")], now: "10:00", carer: carer).map(\.kind) == [.missed])
        carer.person = "dad"
        #expect(Self.messages([Self.dose("08:00", .missed, answered: "10:00")], now: "10:00", carer: carer).isEmpty, "someone else's dose")
    }

    @Test func lateSinceAndLookBack() {
        let late = Self.messages([Self.dose("08:00", .pending)], now: "10:00")
        #expect(late.count == 1 && late[0].isLate, "made an hour after it happened: marked late")
        #expect(Self.messages([Self.dose("08:00", .pending)], now: "10:00", since: Self.at("09:30")).isEmpty, "before the carer was there")
        #expect(Self.messages([Self.dose("08:00", .missed, answered: "10:00", day: 5)], now: "10:01").isEmpty, "more than a day ago")
        let yesterday = Self.messages([], now: "08:00", carer: Self.withSummary)
        #expect(yesterday.map(\.id) == ["summary/anna/2026-12-06"] && yesterday[0].isLate, "yesterday's summary, if it was never made, late")
        #expect(Self.messages([], now: "08:00", carer: Self.withSummary, since: Self.at("07:00")).isEmpty)
    }

    @Test func nextEvent() {
        let doses = [Self.dose("08:00", .planned), Self.dose("12:00", .pending)]
        let carer = Self.withSummary
        #expect(CarerPolicy.nextEvent(for: carer, doses: doses, now: Self.at("07:00"), zone: Self.berlin) == Self.at("09:00"))
        #expect(CarerPolicy.nextEvent(for: carer, doses: doses, now: Self.at("13:30"), zone: Self.berlin) == Self.at("21:00"))
        #expect(CarerPolicy.nextEvent(for: carer, doses: doses, now: Self.at("21:00"), zone: Self.berlin) == Self.at("21:00", day: 8))
    }

    @Test func wordsNameNoMedicationWithoutDetails() {
        let message = Self.messages([Self.dose("08:00", .pending)], now: "09:00")[0]
        let plain = CarerText(message, carer: Self.anna, zone: Self.berlin, formats: .technical)
        #expect(plain.body.english == "The 08:00 dose for Mum is still open 1h after it was due.")
        #expect(!plain.body.english.containsText("etformin") && !plain.title.english.containsText("etformin"))
        #expect(!CarerText.reference(of: message).containsText("metformin") && CarerText.reference(of: message).count == 32)
        var detailed = Self.anna
        detailed.details = true
        #expect(CarerText(message, carer: detailed, zone: Self.berlin, formats: .technical).body.english
                == "Metformin 500 mg for Mum, due at 08:00 is still open 1h after it was due.")
        let late = Self.messages([Self.dose("08:00", .missed, answered: "10:00")], now: "11:00")[0]
        #expect(CarerText(late, carer: Self.anna, zone: Self.berlin, formats: .technical).body.english
                == "The 08:00 dose for Mum was missed: nobody answered it in time. (This is late: it happened at 2026-12-07 10:00, when medd-sync could not send it.)")
    }
}
