import MeddCore

/// Wiring the dose book to desktop notifications.
extension Daemon {
    func desktopHost() -> DesktopNotifier.Host {
        DesktopNotifier.Host(
            content: { [unowned self] alert, capabilities in
                NotificationContent.reminder(alert, notes: book.configuration.medication(alert.dose.medication)?.notes,
                                             snoozeLengths: book.settings.snooze, now: clock.now(), capabilities: capabilities)
            },
            pendingAlerts: { [unowned self] in
                book.open.sorted().compactMap { id in
                    guard let record = book.records[id], record.state == .pending else { return nil }
                    return Alert(dose: record.dose, kind: .renotified)
                }
            },
            answer: { [unowned self] dose, action in answerFromDesktop(dose, action) })
    }

    /// Carries out the committed events' alerts and closes, and shows low-stock warnings.
    func showOnDesktop(_ events: [DoseEvent]) {
        guard let desktop else { return }
        let effects = desktopEffects
        desktopEffects = []
        for effect in effects {
            switch effect {
            case .alert(let alert): desktop.show(alert)
            case .closeAlert(let id): desktop.close(id)
            case .record, .wakeUp: break
            }
        }
        for event in events where event.kind == .lowStock { desktop.showLowStock(event) }
    }

    /// A notification button: the same answer path as the control socket (group commit included),
    /// with `MEDD_SOURCE=desktop`.
    func answerFromDesktop(_ dose: DoseID, _ action: DesktopAction) {
        let now = clock.now()
        let target = dose.description
        let result: Result<Outcome, Rejection>
        switch action {
        case .taken: result = book.take(target, source: .desktop, now: now)
        case .snooze(let length): result = book.snooze(target, length: length, source: .desktop, now: now)
        case .skip: result = book.skip(target, source: .desktop, now: now)
        }
        switch result {
        case .success(let outcome):
            awaitCommit(PendingAnswer(connection: nil, effects: outcome.effects, reply: []))
        case .failure(let rejection):
            log.notice("desktop: \(action.key) on \(dose) refused: \(rejection)")
        }
    }
}
