import MeddCore
import Testing

@testable import MeddDaemon

/// When a reminder may play its sound: time passing always rings; a re-show (the person returned, a new
/// notification server) rings only a dose that has not rung for `renotify`.
@Suite struct RingDecisionTests {
    static let dose = Dose(id: DoseID(parsing: "metformin_20261122_08_00")!, name: "Metformin", doseText: "500 mg",
                           scheduled: Instant(seconds: 1_795_330_800), utcOffset: 3600)
    static let rang = Instant(seconds: 1_795_330_800)

    static func ring(_ kind: EventKind, isReturn: Bool, lastRang: Instant?, after seconds: Int64, quiet: TimeSpan?) -> Bool {
        DesktopNotifier.mayRing(DoseBook.Alert(dose: dose, kind: kind, isReturn: isReturn), lastRang: lastRang,
                                now: rang + TimeSpan(seconds: seconds), quietFor: quiet)
    }

    @Test func timePassingAlwaysRings() {
        for kind in [EventKind.fired, .renotified, .escalated] {
            #expect(Self.ring(kind, isReturn: false, lastRang: Self.rang, after: 1, quiet: .minutes(15)))
            #expect(Self.ring(kind, isReturn: false, lastRang: Self.rang, after: 1, quiet: nil))
        }
    }

    @Test func aReShowRingsOnlyOnceRenotifyHasPassed() {
        #expect(!Self.ring(.renotified, isReturn: true, lastRang: Self.rang, after: 15 * 60 - 1, quiet: .minutes(15)))
        #expect(Self.ring(.renotified, isReturn: true, lastRang: Self.rang, after: 15 * 60, quiet: .minutes(15)))
        #expect(Self.ring(.renotified, isReturn: true, lastRang: Self.rang, after: 3600, quiet: .minutes(15)))
    }

    @Test func aReShowOfADoseThatNeverRangRings() {
        #expect(Self.ring(.renotified, isReturn: true, lastRang: nil, after: 0, quiet: .minutes(15)))
        #expect(Self.ring(.renotified, isReturn: true, lastRang: nil, after: 0, quiet: nil))
    }

    @Test func withoutRenotifyARingingDoseStaysQuietWhenShownAgain() {
        #expect(!Self.ring(.renotified, isReturn: true, lastRang: Self.rang, after: 86_400, quiet: nil))
    }
}
