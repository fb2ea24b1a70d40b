import PropertyBased
import Testing
@testable import MeddCore
@testable import MeddStore

/// Journals gathered from several machines give each machine its own ledger's numbers: two real
/// ledgers (two machines with the same configuration, so the same dose IDs) answer at random, their
/// outboxes are journaled as the daemon journals them — a crash may write a tail again — and the
/// entries of both are interleaved at random, as `sd_journal` interleaves files by time.
@Suite struct LedgerJournalAgreementTests {
    static let machines = [
        JournalOrigin(hostname: "laptop", machineID: "11111111111111111111111111111111", uid: 1000),
        JournalOrigin(hostname: "desktop", machineID: "22222222222222222222222222222222", uid: 1000),
    ]
    static let targets = ["metformin", "pill", "metformin_20261122_12_00", "metformin_20261122_20_00", "metformin_20261123_08_00"]

    /// One machine: its book, its ledger, and the journal entries its outbox wrote, in order.
    struct Machine {
        let origin: JournalOrigin
        var book = LedgerFixture.book()
        let ledger: Ledger
        var journal: [[String: String]] = []

        init(origin: JournalOrigin) throws {
            self.origin = origin
            ledger = try Ledger(directory: LedgerFixture.directory())
            book.syncStock(now: LedgerFixture.start)
        }

        /// Commits, then journals the outbox as `JournalOutbox` does; on `crash` the entries are sent
        /// but not marked, so the next flush sends them again.
        mutating func record(_ effects: [DoseBook.Effect], crash: Bool) throws {
            try ledger.commit(LedgerFixture.events(effects), state: book)
            let outbox = try ledger.outbox(limit: 1_000_000)
            for (_, event) in outbox {
                var fields = Dictionary(event.journalFields(person: nil), uniquingKeysWith: { first, _ in first })
                fields["_HOSTNAME"] = origin.hostname
                fields["_MACHINE_ID"] = origin.machineID
                fields["_UID"] = origin.uid.map(String.init)
                journal.append(fields)
            }
            if !crash { try ledger.markJournaled(outbox.map(\.seq)) }
        }
    }

    /// Each machine's group has exactly its ledger's adherence and final events (history), over every
    /// range tried.
    @Test func eachMachinesGroupIsItsLedger() async {
        await propertyCheck(count: 40, input: Gen.int(in: 0...1_000_000).array(of: 2...60)) { script in
            var machines = try Self.machines.map(Machine.init)
            var now = [LedgerFixture.start, LedgerFixture.start]
            for step in script {
                let index = step % 2
                let target = Self.targets[step / 2 % Self.targets.count]
                let minutes = Int64(step / 16 % 300) + 1
                let at = step / 4800 % 3 == 0 ? now[index] - .minutes(minutes) : nil
                var machine = machines[index]
                let effects: [DoseBook.Effect]
                switch step / 10 % 5 {
                case 0, 1: now[index] = now[index] + .minutes(minutes); effects = machine.book.advance(to: now[index])
                case 2: effects = (try? machine.book.take(target, at: at, note: "n\(step)", source: .cli, now: now[index]).get())?.effects ?? []
                case 3: effects = (try? machine.book.skip(target, reason: "r\(step)", source: .desktop, now: now[index]).get())?.effects ?? []
                default: effects = (try? machine.book.snooze(target, length: .minutes(minutes), source: .hook, now: now[index]).get())?.effects ?? []
                }
                try machine.record(effects, crash: step / 1500 % 7 == 0)
                machines[index] = machine
            }
            // Interleave the two journals, each in its own order, as the script's numbers say.
            var queues = machines.map(\.journal)
            var entries: [[String: String]] = []
            var choice = script.makeIterator()
            while !queues.allSatisfy(\.isEmpty) {
                let pick = queues[0].isEmpty ? 1 : queues[1].isEmpty ? 0 : (choice.next() ?? 0) / 7 % 2
                entries.append(queues[pick].removeFirst())
            }
            let ranges: [(Instant?, Instant?)] = [(nil, nil), (LedgerFixture.start + .hours(4), nil),
                                                 (nil, LedgerFixture.start + .hours(20)), (LedgerFixture.start, LedgerFixture.start + .days(1))]
            for (since, until) in ranges {
                var grouping = JournalGrouping(since: since, until: until)
                entries.forEach { grouping.add(journalFields: $0) }
                let groups = grouping.groups
                for machine in machines where !machine.journal.isEmpty {
                    let group = try #require(groups.first { $0.origin == machine.origin })
                    #expect(group.report == (try machine.ledger.adherence(since: since, until: until)))
                    #expect(group.answers.map(\.event) == (try machine.ledger.finalEvents(since: since, until: until)))
                }
            }
        }
    }
}
