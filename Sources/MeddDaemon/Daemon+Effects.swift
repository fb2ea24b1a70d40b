import MeddControl
import MeddCore
import MeddStore
import Systemd

/// Carrying out the dose book's effects: the ledger first, then everything that may be lost.
extension Daemon {
    /// How long to wait before trying again when the ledger refused a commit.
    static let ledgerRetryUsec: UInt64 = 5_000_000

    /// Brings the book up to now and does what it says. Every wake-up comes through here.
    /// The watermark is saved even when nothing happened, so after a crash the doses that came
    /// due while medd was down are known (and missed or caught up), not silently skipped.
    func advance() {
        do {
            let effects = book.advance(to: clock.now())
            try perform(effects)
            if !effects.contains(where: { $0.recordedEvent != nil }) { try ledger.saveState(of: book) }
        } catch {
            recover(from: error)
        }
    }

    /// Commits the recorded events durably and re-arms the wake-up, then publishes them.
    /// When this returns without throwing, the events are on disk.
    func perform(_ effects: [Effect]) throws(LedgerError) {
        let events = try commit(effects)
        publish(events)
    }

    /// The durable half of `perform`: returns the events once they are on disk.
    func commit(_ effects: [Effect]) throws(LedgerError) -> [DoseEvent] {
        // Answers the book already holds go to the ledger first, so events are stored in the order
        // the book absorbed them and a replay gives the same state.
        if !pendingAnswers.isEmpty { commitAnswers() }
        let events = effects.compactMap(\.recordedEvent)
        if !events.isEmpty {
            let sequence = try ledger.commit(events, state: book)
            outbox.enqueue(zip(sequence, events).map { (seq: $0, event: $1) })
        }
        for effect in effects {
            switch effect {
            case .wakeUp(let instant): armWakeUp(at: instant)
            case .alert, .closeAlert: if desktop != nil { desktopEffects.append(effect) }
            case .record: break
            }
        }
        return events
    }

    /// The half of `perform` that may be lost and retried: journal (through the outbox), hooks,
    /// watchers, `STATUS=`, and now and then a WAL checkpoint.
    func publish(_ events: [DoseEvent]) {
        showOnDesktop(events)
        guard !events.isEmpty else { return }
        if options.echoEvents {
            for event in events { JournalLogHandler.writeToStandardError("medd: \(event.kind.rawValue): \(event.journalMessage)") }
        }
        outbox.flush()
        hooks.run(for: events)
        broadcast(events)
        updateStatus()
        ledger.checkpointIfDue()
    }

    /// The ledger refused a commit (disk full, say): the book may hold events that are not on disk,
    /// so it is rebuilt from the ledger and the same decisions are retried a little later.
    func recover(from error: LedgerError) {
        log.critical("ledger: \(error); retrying in \(Self.ledgerRetryUsec / 1_000_000) s — answers are refused until it works")
        do {
            book = try Self.restoredBook(book.configuration, from: ledger, now: clock.now())
        } catch {
            log.critical("ledger: cannot re-read it either: \(error)")
        }
        try? retryAfterFailure.arm(atRealtimeUsec: EventLoop.wallClockUsec() + Self.ledgerRetryUsec)
    }

    func armWakeUp(at instant: Instant?) {
        do {
            try wake.arm(atRealtimeUsec: instant.map { clock.realUsec(of: $0) })
        } catch {
            log.critical("cannot arm the wake-up timer: \(error)")
        }
    }

    private func broadcast(_ events: [DoseEvent]) {
        guard server.watcherCount > 0 else { return }
        for event in events {
            let record = book.records[event.dose.id] ?? DoseRecord(dose: event.dose)
            server.broadcast(VarlinkReply.parameters([
                "event": .string(event.kind.rawValue),
                "at": .string(event.at.format(offsetSeconds: event.dose.utcOffset)),
                "dose": record.varlinkValue,
            ], continues: true))
        }
    }

    /// Sends `STATUS=` to the service manager when the line changed.
    func updateStatus() {
        let line = statusLine()
        guard line != lastStatus else { return }
        lastStatus = line
        Notifier.status(line)
    }

    func statusLine() -> String {
        let now = clock.now()
        let pending = book.count(of: .pending)
        let snoozed = book.count(of: .snoozed)
        let next = book.nextDose(after: now).map { "next dose \($0.id) at \($0.scheduledText)" } ?? "no dose planned"
        return "\(next); \(pending) pending, \(snoozed) snoozed"
    }
}
