import Testing
@testable import MeddCore
import MeddTestSupport

/// `expires` and `expiry_warning`: one `expiring` and one `expired` per medication and date, at local
/// midnight, surviving restarts, never touching a dose.
@Suite struct DoseBookExpiryTests {
    static func pill(expires: String?, times: [String]? = nil, timezone: String? = nil, warning: TimeSpan? = nil) -> Configuration {
        let schedule: Schedule = times.map { .times($0.map { WallTime(parsing: $0)! }, DayFilter()) }
            ?? .asNeeded(minInterval: nil, maxPerDay: nil)
        var med = Medication(id: "pill", name: "Pill", dose: "1 tablet", schedule: schedule)
        med.expires = expires.flatMap(LocalDate.init(parsing:))
        med.timezone = timezone.map(ZoneChoice.named)
        med.stock = 10
        var settings = Settings()
        if let warning { settings.expiryWarning = warning }
        return Configuration(settings: settings, medications: [med])
    }

    static func harness(_ configuration: Configuration, since: String = "2026-11-21T20:00:00+01:00") -> BookHarness {
        var h = BookHarness(configuration, watermark: BookHarness.at(since))
        h.book.syncStock(now: BookHarness.at(since))
        return h
    }

    static func recorded(_ effects: [DoseBook.Effect]) -> [String] {
        effects.compactMap(\.recordedEvent).map { "\($0.kind.rawValue) \($0.dose.id)" }
    }

    /// `expiring` comes at local midnight 14 days before `expires`, once; an idle book wakes for it
    /// and then for the expiry, when `expired` comes, once; then it asks for no wake-up.
    @Test func expiringThenExpiredEachOnceAtLocalMidnight() throws {
        var h = Self.harness(Self.pill(expires: "2026-12-06"))
        let before = h.advance("2026-11-21T23:59:00+01:00")
        #expect(Self.recorded(before).isEmpty)
        #expect(BookHarness.wakeUp(in: before) == .some(BookHarness.at("2026-11-22T00:00:00+01:00")))

        let warned = h.advance("2026-11-22T00:00:00+01:00")
        #expect(Self.recorded(warned) == ["expiring pill_20261206_00_00"])
        let expiring = try #require(h.events(.expiring).first)
        #expect(expiring.dose.scheduledText == "2026-12-06T00:00:00+01:00")
        #expect(expiring.at == BookHarness.at("2026-11-22T00:00:00+01:00"))
        #expect(BookHarness.wakeUp(in: warned) == .some(BookHarness.at("2026-12-06T00:00:00+01:00")))
        #expect(Self.recorded(h.advance("2026-11-30T12:00:00+01:00")).isEmpty)

        let expired = h.advance("2026-12-06T00:00:00+01:00")
        #expect(Self.recorded(expired) == ["expired pill_20261206_00_00"])
        #expect(BookHarness.wakeUp(in: expired) == .some(nil))
        #expect(Self.recorded(h.advance("2026-12-07T00:00:00+01:00")).isEmpty)
    }

    /// medd down through the warning's start: `expiring` comes at the next start, once.
    @Test func expiringComesLateWhenMeddWasDown() {
        var h = Self.harness(Self.pill(expires: "2026-12-01"))
        #expect(Self.recorded(h.advance("2026-11-22T09:00:00+01:00")) == ["expiring pill_20261201_00_00"])
        #expect(h.events(.expiring).first?.at == BookHarness.at("2026-11-22T09:00:00+01:00"))
    }

    /// Started after the date has come: only `expired`, no stale `expiring` beside it.
    @Test func startAfterTheDateRecordsOnlyExpired() {
        var h = Self.harness(Self.pill(expires: "2026-11-01"))
        #expect(Self.recorded(h.advance("09:00")) == ["expired pill_20261101_00_00"])
        #expect(Self.recorded(h.advance("10:00")).isEmpty)
    }

    /// A restart rebuilt from the recorded events owes neither event again, however old they are.
    @Test func restartDoesNotRepeatExpiryEvents() {
        var h = Self.harness(Self.pill(expires: "2026-12-06"))
        h.advance("2026-11-22T00:00:00+01:00")
        var restarted = DoseBookTrackingTests.restarted(h.book, events: h.effects.compactMap(\.recordedEvent))
        #expect(Self.recorded(restarted.advance(to: BookHarness.at("2026-11-22T08:00:00+01:00"))).isEmpty)
        let expired = restarted.advance(to: BookHarness.at("2026-12-06T00:00:00+01:00"))
        #expect(Self.recorded(expired) == ["expired pill_20261206_00_00"])
        var again = DoseBookTrackingTests.restarted(restarted, events: h.effects.compactMap(\.recordedEvent) + expired.compactMap(\.recordedEvent))
        #expect(Self.recorded(again.advance(to: BookHarness.at("2027-06-01T00:00:00+02:00"))).isEmpty)
        #expect(again.expiryNotices.count == 2)
    }

    /// A reload with a new date is a new expiry and warns again; the same date does not.
    @Test func changedDateIsANewExpiry() {
        var h = Self.harness(Self.pill(expires: "2026-12-01"))
        h.advance("09:00")
        h.effects += h.book.reload(Self.pill(expires: "2026-12-01").withZonesLoaded(), now: BookHarness.at("10:00"))
        #expect(h.events(.expiring).count == 1)
        h.effects += h.book.reload(Self.pill(expires: "2026-12-04").withZonesLoaded(), now: BookHarness.at("11:00"))
        #expect(h.events(.expiring).map(\.dose.id.description) == ["pill_20261201_00_00", "pill_20261204_00_00"])
    }

    /// `expiry_warning` sets the warning's length; midnight is the medication's zone's (Tokyo here).
    @Test func warningLengthAndZoneAreTheMedications() throws {
        let config = Self.pill(expires: "2026-11-25", timezone: "Asia/Tokyo", warning: .days(3)).withZonesLoaded()
        let h = Self.harness(config)
        let instants = try #require(h.book.expiryInstants(of: config.medications[0]))
        #expect(instants.warning == BookHarness.at("2026-11-22T00:00:00+09:00"))
        #expect(instants.expiry == BookHarness.at("2026-11-25T00:00:00+09:00"))
        let med = config.medications[0]
        #expect(h.book.expiryStatus(of: med, at: BookHarness.at("2026-11-21T23:59:59+09:00")) == .current)
        #expect(h.book.expiryStatus(of: med, at: BookHarness.at("2026-11-22T00:00:00+09:00")) == .expiring)
        #expect(h.book.expiryStatus(of: med, at: BookHarness.at("2026-11-25T00:00:00+09:00")) == .expired)
        #expect(h.book.expiryStatus(of: Self.pill(expires: nil).medications[0], at: BookHarness.at("09:00")) == nil)
    }

    /// Doses go on after expiry, and an expiry event touches no dose — not even the dose at midnight of
    /// the date, which shares its ID — nor stock, listings or adherence.
    @Test func expiryTouchesNoDose() throws {
        var h = Self.harness(Self.pill(expires: "2026-11-22", times: ["00:00", "08:00"]), since: "2026-11-21T23:00:00+01:00")
        let midnight = h.advance("2026-11-22T00:00:00+01:00")
        #expect(Set(Self.recorded(midnight)) == ["fired pill_20261122_00_00", "expired pill_20261122_00_00"])
        #expect(h.state("pill_20261122_00_00") == .pending)
        h.take("pill_20261122_00_00", "00:05")
        h.advance("08:00")
        #expect(h.state("pill_20261122_08_00") == .pending)
        #expect(h.book.stock["pill"]?.level == 9)
        let listed = h.book.doses(from: BookHarness.at("00:00"), to: BookHarness.at("23:59"))
        #expect(listed.map(\.id.description) == ["pill_20261122_00_00", "pill_20261122_08_00"])
        #expect(Adherence.report(h.effects.compactMap(\.recordedEvent)).total == AdherenceCounts(onTime: 1))
        var rebuilt = DoseBook(configuration: h.book.configuration, localZone: BookHarness.berlin)
        for event in h.effects.compactMap(\.recordedEvent) { rebuilt.absorb(event) }
        #expect(rebuilt.records == h.book.records)
        #expect(rebuilt.expiryNotices == h.book.expiryNotices)
    }

    /// The journal entry of an expiry event: its own message, MESSAGE_ID and priority, and it reads back.
    @Test func expiryJournalEntry() throws {
        var h = Self.harness(Self.pill(expires: "2026-12-06"))
        h.advance("2026-11-22T00:00:00+01:00")
        h.advance("2026-12-06T00:00:00+01:00")
        let expiring = try #require(h.events(.expiring).first)
        let expired = try #require(h.events(.expired).first)
        let fields = Dictionary(uniqueKeysWithValues: expiring.journalFields(person: nil))
        #expect(fields["MESSAGE"] == "Pill 1 tablet (pill): expires on 2026-12-06")
        #expect(fields["MESSAGE_ID"] == "70cf276aa07041a5b2183cb7ff173886")
        #expect(fields["PRIORITY"] == "5")
        #expect(fields["MEDD_EVENT"] == "expiring" && fields["MEDD_DOSE_ID"] == "pill_20261206_00_00")
        #expect(fields["MEDD_SCHEDULED"] == "2026-12-06T00:00:00+01:00")
        #expect(DoseEvent(journalFields: fields) == expiring)
        let expiredFields = Dictionary(uniqueKeysWithValues: expired.journalFields(person: nil))
        #expect(expiredFields["MESSAGE"] == "Pill 1 tablet (pill): expired on 2026-12-06")
        #expect(expiredFields["MESSAGE_ID"] == "16185a90e81f48c8b7da9f17285cf940" && expiredFields["PRIORITY"] == "4")
    }
}
