import Foundation
@testable import MeddCore
import MeddTestSupport

/// A dose book driven by hand in tests, collecting every effect it returns.
struct BookHarness {
    static let berlin = SystemZone.named("Europe/Berlin")

    var book: DoseBook
    var effects: [DoseBook.Effect] = []

    init(_ configuration: Configuration, zone: ZoneRules = berlin, watermark: Instant? = nil) {
        book = DoseBook(configuration: configuration.withZonesLoaded(), localZone: zone, watermark: watermark)
    }

    /// `08:00` on 2026-11-22 in Berlin, or any ISO 8601 instant with an offset.
    static func at(_ text: String) -> Instant {
        let iso = text.count == 5 ? "2026-11-22T\(text):00+01:00" : text.count == 8 ? "2026-11-22T\(text)+01:00" : text
        let formatter = ISO8601DateFormatter()
        guard let date = formatter.date(from: iso) else { fatalError("bad instant in test: \(text)") }
        return Instant(seconds: Int64(date.timeIntervalSince1970))
    }

    static func metformin(_ times: [String] = ["08:00", "20:00"], settings: Settings = Settings()) -> Configuration {
        let wallTimes = times.map { WallTime(parsing: $0)! }
        return Configuration(settings: settings, medications: [
            Medication(id: "metformin", name: "Metformin", dose: "500 mg", schedule: .times(wallTimes, DayFilter())),
        ])
    }

    @discardableResult
    mutating func advance(_ time: String) -> [DoseBook.Effect] {
        let new = book.advance(to: Self.at(time))
        effects += new
        return new
    }

    @discardableResult
    mutating func returned(_ why: DoseBook.Return, _ time: String) -> [DoseBook.Effect] {
        let new = book.personReturned(why, now: Self.at(time))
        effects += new
        return new
    }

    @discardableResult
    mutating func take(_ target: String, _ time: String, at: String? = nil) -> Result<DoseBook.Outcome, DoseBook.Rejection> {
        keep(book.take(target, at: at.map(Self.at), source: .cli, now: Self.at(time)))
    }

    @discardableResult
    mutating func skip(_ target: String, _ time: String) -> Result<DoseBook.Outcome, DoseBook.Rejection> {
        keep(book.skip(target, reason: "test", source: .cli, now: Self.at(time)))
    }

    /// An answer given on another device, at its own time `at`, arriving at `time`.
    @discardableResult
    mutating func fromElsewhere(_ kind: Answer.Kind, _ target: String, at: String, arriving time: String) -> Result<DoseBook.Outcome, DoseBook.Rejection> {
        switch kind {
        case .taken: keep(book.take(target, at: Self.at(at), source: .caldav, now: Self.at(time)))
        case .skipped, .missed: keep(book.skip(target, at: Self.at(at), source: .caldav, now: Self.at(time)))
        }
    }

    @discardableResult
    mutating func snooze(_ target: String, _ time: String, minutes: Int64? = nil) -> Result<DoseBook.Outcome, DoseBook.Rejection> {
        keep(book.snooze(target, length: minutes.map(TimeSpan.minutes), source: .desktop, now: Self.at(time)))
    }

    private mutating func keep(_ result: Result<DoseBook.Outcome, DoseBook.Rejection>) -> Result<DoseBook.Outcome, DoseBook.Rejection> {
        if case .success(let outcome) = result { effects += outcome.effects }
        return result
    }

    /// The recorded events of a kind for one dose, in order.
    func events(_ kind: EventKind, _ id: String? = nil) -> [DoseEvent] {
        effects.compactMap { effect in
            guard case .record(let event) = effect, event.kind == kind,
                  id == nil || event.dose.id.description == id else { return nil }
            return event
        }
    }

    func alerts(_ id: String? = nil) -> [DoseBook.Alert] {
        effects.compactMap { effect in
            guard case .alert(let alert) = effect, id == nil || alert.dose.id.description == id else { return nil }
            return alert
        }
    }

    func closes(_ id: String) -> Int {
        effects.filter { $0 == .closeAlert(DoseID(parsing: id)!) }.count
    }

    func state(_ id: String) -> DoseState? {
        book.records[DoseID(parsing: id)!]?.state
    }

    static func wakeUp(in effects: [DoseBook.Effect]) -> Instant?? {
        for case .wakeUp(let at) in effects.reversed() { return .some(at) }
        return .none
    }
}
