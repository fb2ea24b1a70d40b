// ledger-probe: the crash test's subject. It runs a dose book over a ledger, answering doses
// as they fire, and prints `ack DOSE KIND` only after each answer's commit has returned.
// The test SIGKILLs it at random moments and checks the ledger kept every acknowledged answer.
import Foundation
import MeddCore
import MeddStore
import MeddTestSupport

guard CommandLine.arguments.count == 3, let steps = Int(CommandLine.arguments[2]) else {
    FileHandle.standardError.write(Data("usage: ledger-probe STATE-DIR STEPS\n".utf8))
    exit(2)
}

let times = ["06:00", "08:00", "10:00", "12:00", "14:00", "16:00", "18:00", "20:00"].map { WallTime(parsing: $0)! }
let medications = (0..<6).map { index in
    var med = Medication(id: "med-\(index)", name: "Med \(index)", dose: "1", schedule: .times(times, DayFilter()))
    med.stock = 10_000
    med.refillAt = 9_990
    return med
}
let zone = SystemZone.named("Europe/Berlin")
var book = DoseBook(configuration: Configuration(medications: medications), localZone: zone)

do {
    let ledger = try Ledger(directory: CommandLine.arguments[1])
    let start = Instant(seconds: 1_795_330_800)
    try ledger.restore(into: &book, now: start)
    var now = max(book.watermark ?? start, start)
    book.syncStock(now: now)
    for step in 0..<steps {
        now = now + .minutes(20)
        let fired = book.advance(to: now)
        try ledger.commit(fired.compactMap(\.recordedEvent), state: book)
        for id in book.open.sorted() {
            let outcome: Result<DoseBook.Outcome, DoseBook.Rejection>
            switch (step + id.time.hour) % 3 {
            case 0: outcome = book.skip(id.description, reason: "probe", source: .cli, now: now)
            case 1: outcome = book.snooze(id.description, length: .minutes(10), source: .desktop, now: now)
            default: outcome = book.take(id.description, note: "probe step \(step)", source: .cli, now: now)
            }
            guard case .success(let answer) = outcome else { continue }
            let events = answer.effects.compactMap(\.recordedEvent)
            try ledger.commit(events, state: book)
            let acks = events.filter { $0.kind.isFinal || $0.kind == .snoozed }
                .map { "ack \($0.dose.id) \($0.kind.rawValue) \($0.at.usec)\n" }.joined()
            FileHandle.standardOutput.write(Data(acks.utf8))
        }
    }
} catch {
    FileHandle.standardError.write(Data("ledger-probe: \(error)\n".utf8))
    exit(1)
}
