import MeddCore
import Systemd

/// Showing, replacing and closing notifications, and what the server tells us about them.
extension DesktopNotifier {
    /// Shows a dose's alert, replacing its notification if one is up (a re-alert never stacks).
    func show(_ alert: Alert) {
        guard let bus else { return }
        let id = alert.dose.id
        // The reply to `GetCapabilities` re-shows every pending dose, this one included.
        guard let capabilities else { return askCapabilities() }
        if inFlight[id] != nil {
            inFlight[id]!.followUp = alert
            inFlight[id]!.closeWhenShown = false
            return
        }
        let call = host.content(alert, capabilities).notifyCall(replacing: shown[id] ?? 0)
        let sentIn = generation
        inFlight[id] = InFlightNotify()
        do {
            try bus.call(call, timeoutUsec: Self.callTimeoutUsec) { [unowned self] result in
                self.notified(id, generation: sentIn, result)
            }
        } catch {
            inFlight[id] = nil
            log.warning("desktop: cannot send the notification for \(id): \(error)")
        }
    }

    /// Closes a dose's notification: it was answered, snoozed or missed, by anyone.
    func close(_ id: DoseID) {
        if inFlight[id] != nil {
            inFlight[id] = InFlightNotify(closeWhenShown: true, followUp: nil)
            return
        }
        guard let notification = shown.removeValue(forKey: id) else { return }
        doseShown[notification] = nil
        closeNotification(notification)
        remember()
    }

    /// A `low-stock` event: one notification per medication, replaced by the next.
    func showLowStock(_ event: DoseEvent) {
        guard let bus else { return }
        guard let capabilities else {
            lowStockWaiting.append(event)
            return askCapabilities()
        }
        let medication = event.dose.medication
        let call = NotificationContent.lowStock(event, capabilities: capabilities).notifyCall(replacing: lowStockShown[medication] ?? 0)
        let sentIn = generation
        try? bus.call(call, timeoutUsec: Self.callTimeoutUsec) { [unowned self] result in
            guard sentIn == self.generation, case .success(let reply) = result, let id = try? reply.readUInt32() else { return }
            self.lowStockShown[medication] = id
        }
    }

    private func notified(_ id: DoseID, generation sentIn: Int, _ result: Result<BusMessage, BusCallError>) {
        guard sentIn == generation, let flight = inFlight.removeValue(forKey: id) else { return }
        let reply: BusMessage
        switch result {
        case .success(let message): reply = message
        case .failure(let error):
            if error.isNoServer { capabilities = nil }
            unavailable("Notify failed: \(error)")
            return
        }
        guard let notification = try? reply.readUInt32() else {
            log.warning("desktop: the notification server's reply to Notify carries no id")
            return
        }
        if server == nil { server = reply.sender }
        if let previous = shown[id], previous != notification { doseShown[previous] = nil }
        shown[id] = notification
        doseShown[notification] = id
        remember()
        if flight.closeWhenShown {
            close(id)
        } else if let next = flight.followUp {
            show(next)
        }
    }

    func askCapabilities() {
        guard let bus, !askingCapabilities else { return }
        askingCapabilities = true
        let sentIn = generation
        do {
            try bus.call(FreedesktopNotifications.call("GetCapabilities"), timeoutUsec: Self.callTimeoutUsec) { [unowned self] result in
                guard sentIn == self.generation else { return }
                self.askingCapabilities = false
                switch result {
                case .success(let reply):
                    guard let list = try? reply.readStringArray() else {
                        return self.log.warning("desktop: the notification server's capabilities are not a list of strings")
                    }
                    if self.server == nil { self.server = reply.sender }
                    self.capabilities = Set(list)
                    self.warnedUnavailable = false
                    self.showEverythingPending()
                case .failure(let error):
                    self.unavailable("GetCapabilities failed: \(error)")
                }
            }
        } catch {
            askingCapabilities = false
            log.warning("desktop: cannot ask the notification server for its capabilities: \(error)")
        }
    }

    /// After a server (re)appears: every pending dose without a notification gets one, and an
    /// inherited notification of a dose answered meanwhile is closed.
    private func showEverythingPending() {
        let alerts = host.pendingAlerts()
        let open = Set(alerts.map(\.dose.id))
        for dose in shown.keys where !open.contains(dose) { close(dose) }
        let pending = alerts.filter { shown[$0.dose.id] == nil && inFlight[$0.dose.id] == nil }
        if !pending.isEmpty { log.info("desktop: showing \(pending.count) pending dose(s)") }
        for alert in pending { show(alert) }
        let waiting = lowStockWaiting
        lowStockWaiting = []
        for event in waiting { showLowStock(event) }
    }

    func closeNotification(_ notification: UInt32) {
        try? bus?.call(FreedesktopNotifications.call("CloseNotification", [.uint32(notification)]),
                       timeoutUsec: Self.callTimeoutUsec) { _ in }
    }

    // MARK: Signals

    func ownerChanged(_ message: BusMessage) {
        guard let name = try? message.readString(), name == FreedesktopNotifications.name,
              (try? message.readString()) != nil, let newOwner = try? message.readString() else { return }
        if newOwner.isEmpty {
            log.info("desktop: the notification server left the bus")
            serverGone()
            unavailable("the notification server left the bus")
        } else {
            serverAppeared(newOwner)
        }
    }

    func serverAppeared(_ owner: String) {
        guard owner != server else { return }
        log.info("desktop: notification server \(owner) is on the bus")
        serverGone()
        server = owner
        if let inherited, inherited.server == owner {
            // A predecessor's notifications on this same server: replace them rather than stack.
            shown = inherited.ids
            doseShown = Dictionary(inherited.ids.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            log.info("desktop: taking over \(shown.count) notification(s) a previous medd left on screen")
            remember()
        }
        inherited = nil
        askCapabilities()
    }

    /// Forgets the old server's notification ids: a new server numbers from 1 again.
    func serverGone() {
        server = nil
        capabilities = nil
        askingCapabilities = false
        generation += 1
        shown = [:]
        doseShown = [:]
        inFlight = [:]
        lowStockShown = [:]
        remember()
    }

    func actionInvoked(_ message: BusMessage) {
        guard let server, message.sender == server,
              let notification = try? message.readUInt32(), let key = try? message.readString() else { return }
        guard let dose = doseShown[notification] else { return }
        guard let action = DesktopAction(key: key) else {
            return log.debug("desktop: ignoring action \(key) on \(dose)")
        }
        host.answer(dose, action)
    }

    /// The user dismissed it (or the server dropped it): the dose stays pending, and its next
    /// renotify shows it again.
    func notificationClosed(_ message: BusMessage) {
        guard let server, message.sender == server, let notification = try? message.readUInt32() else { return }
        if let dose = doseShown.removeValue(forKey: notification) {
            shown[dose] = nil
            remember()
        }
        if let medication = lowStockShown.first(where: { $0.value == notification })?.key { lowStockShown[medication] = nil }
    }
}
