public import Logging
public import MeddControl
public import MeddCore
public import MeddSync
public import Systemd

/// medd-sync's carers part, on its loop: it follows medd (`Watch` on a connection of its own), decides
/// what each carer is to be told (`CarerPolicy`) whenever a dose changes or a moment it waits for comes,
/// records each message on each channel in the outbox before it sends it, sends it (`CarerSender`), and
/// retries a failed one with back-off for a day, then gives it up with an error in the journal. It goes
/// by medd's clock, so that it agrees with medd about what is overdue.
public final class CarerNotifier: @unchecked Sendable {
    // @unchecked: confined to the loop's thread.
    private let loop: EventLoop
    private let link: MeddLink
    private let outbox: CarerOutbox
    private let sender: CarerSender
    private let carers: [Carer]
    private let people: [String: Person]
    private let zone: ZoneRules
    private let translators: (Carer) -> (any Translator, LocaleFormats)
    private let log: Logger
    private let statusChanged: ([String: CarerOutbox.CarerStatus]) -> Void
    private var clockOffset: Int64 = 0
    private var doses: [CarerDose] = []
    private var reconciling = false
    private var reconcileAgain = false
    private var inFlight: Set<String> = []
    private var wakeUp: LoopSource?
    private var soon: LoopSource?
    private var watchRetry: LoopSource?
    private var stopping = false

    /// The waits between attempts of a failed delivery, the last repeated until a day has passed: a server
    /// back from an outage gets the message within five minutes.
    public static let retryDelays: [TimeSpan] = [TimeSpan(seconds: 10), TimeSpan(seconds: 30), .minutes(1), .minutes(2), .minutes(5)]
    /// A delivery that has not gone out this long after it was made is given up.
    public static let giveUpAfter = TimeSpan.days(1)

    public init(loop: EventLoop, link: MeddLink, outbox: CarerOutbox, sender: CarerSender, carers: [Carer], people: [String: Person],
                zone: ZoneRules, translators: @escaping (Carer) -> (any Translator, LocaleFormats), log: Logger,
                statusChanged: @escaping ([String: CarerOutbox.CarerStatus]) -> Void) {
        self.loop = loop
        self.link = link
        self.outbox = outbox
        self.sender = sender
        self.carers = carers
        self.people = people
        self.zone = zone
        self.translators = translators
        self.log = log
        self.statusChanged = statusChanged
    }

    public func start() {
        watch()
        reconcile()
    }

    public func stop() {
        stopping = true
        wakeUp = nil
        soon = nil
        watchRetry = nil
        link.close()
    }

    private var now: Instant { Instant(usec: Int64(EventLoop.wallClockUsec()) + clockOffset) }

    private func watch() {
        do throws(MeddLink.Failure) {
            try link.watch({ [weak self] _ in self?.reconcileSoon() }, ended: { [weak self] failure in self?.watchEnded(failure) })
        } catch {
            watchEnded(error)
        }
    }

    /// medd stopped or restarted: look again once it may be back, and follow it again.
    private func watchEnded(_ failure: MeddLink.Failure) {
        guard !stopping else { return }
        log.debug("carers: medd's Watch ended (\(failure.plainReason)); following it again in 5 s")
        watchRetry = try? loop.addTimer(atRealtimeUsec: EventLoop.wallClockUsec() + 5_000_000) { [weak self] _ in
            self?.watchRetry = nil
            self?.watch()
            self?.reconcile()
        }
    }

    /// A change from medd: decided again on the next turn of the loop, once for a burst of changes.
    private func reconcileSoon() {
        guard soon == nil else { return }
        soon = try? loop.addTimer(atRealtimeUsec: 0) { [weak self] _ in
            self?.soon = nil
            self?.reconcile()
        }
    }

    /// Reads medd's clock and doses, records what each carer is to be told, and sends what is due.
    public func reconcile() {
        guard !stopping else { return }
        guard !reconciling else {
            reconcileAgain = true
            return
        }
        reconciling = true
        link.call("Status") { [weak self] reply in
            guard let self else { return }
            if case .success(let parameters) = reply, let medds = parameters["nowUsec"]?.intValue {
                clockOffset = Int64(medds) - Int64(EventLoop.wallClockUsec())
            }
            let now = self.now
            let yesterday = zone.startOfDay(zone.local(now).date.adding(days: -1))
            let longestAfter = carers.map(\.after).max { $0.seconds < $1.seconds } ?? TimeSpan(seconds: 0)
            let from = min(yesterday, now - CarerPolicy.lookBack - longestAfter)
            link.call("ListDoses", ["from": .string(from.description), "to": .string((now + .hours(25)).description)]) { [weak self] reply in
                self?.listed(reply)
            }
        }
    }

    private func listed(_ reply: MeddLink.Reply) {
        defer {
            reconciling = false
            if reconcileAgain {
                reconcileAgain = false
                reconcileSoon()
            }
        }
        switch reply {
        case .failure(let failure):
            log.debug("carers: cannot list medd's doses (\(failure.plainReason)); trying again when medd is back")
            deliver()
            return
        case .success(let parameters):
            doses = (parameters["doses"]?.arrayValue ?? []).compactMap(LocalDose.init(varlink:)).filter { $0.measurement == nil }.map { dose in
                CarerDose(id: dose.id.description, medication: dose.id.medication,
                          name: dose.doseText.isEmpty ? dose.name : "\(dose.name) \(dose.doseText)", person: dose.person, due: dose.due,
                          state: dose.state, answeredAt: dose.answeredAt)
            }
        }
        let now = self.now
        do {
            for carer in carers {
                let since = try outbox.since(carer: carer.id, now: now)
                let messages = CarerPolicy.messages(for: carer, doses: doses, told: try outbox.told(carer: carer.id), now: now, since: since,
                                                    zone: zone, people: people)
                let added = try outbox.record(messages.flatMap { Self.deliveries(of: $0, to: carer, zone: zone, translation: translators(carer)) })
                for delivery in added {
                    log.info("carer \(carer.id): \(delivery.kind.rawValue) message recorded for \(delivery.channel.rawValue)",
                             metadata: ["MEDD_CARER_ID": .string(carer.id), "MEDD_CARER_KIND": .string(delivery.kind.rawValue)])
                }
            }
        } catch {
            log.error("carers: the outbox \(outbox.path) cannot be written: \(error)")
        }
        deliver()
    }

    /// A message on each of the carer's channels, in the carer's words (`translation`: its language and formats).
    public static func deliveries(of message: CarerMessage, to carer: Carer, zone: ZoneRules,
                                  translation: (any Translator, LocaleFormats)) -> [CarerOutbox.Delivery] {
        let (translator, formats) = translation
        let text = CarerText(message, carer: carer, zone: zone, formats: formats)
        return CarerOutbox.Channel.allCases.filter(carer.has).map { channel in
            CarerOutbox.Delivery(message: message.id, channel: channel, carer: carer.id, kind: message.kind, dose: message.dose?.id,
                                 title: text.title.text(using: translator), body: text.body.text(using: translator),
                                 reference: CarerText.reference(of: message), createdAt: message.createdAt)
        }
    }

    /// Sends every delivery due, then waits for the next moment something may be due.
    private func deliver() {
        let now = self.now
        let due: [CarerOutbox.Delivery]
        do {
            due = try outbox.due(now: now)
        } catch {
            log.error("carers: the outbox \(outbox.path) cannot be read: \(error)")
            return schedule()
        }
        for delivery in due where !inFlight.contains(key(delivery)) {
            guard let carer = carers.first(where: { $0.id == delivery.carer }) else { continue }
            inFlight.insert(key(delivery))
            sender.send(delivery, to: carer, at: now) { [weak self] result in self?.sent(delivery, result) }
        }
        schedule()
        publishStatus()
    }

    private func sent(_ delivery: CarerOutbox.Delivery, _ result: Result<Void, CarerSender.SendFailure>) {
        inFlight.remove(key(delivery))
        let now = self.now
        do {
            switch result {
            case .success:
                try outbox.markSent(delivery, at: now)
                log.info("carer \(delivery.carer): \(delivery.kind.rawValue) message sent by \(delivery.channel.rawValue)",
                         metadata: ["MEDD_CARER_ID": .string(delivery.carer), "MEDD_CARER_KIND": .string(delivery.kind.rawValue)])
            case .failure(let failure):
                let attempt = delivery.attempts
                let delay = Self.retryDelays[min(attempt, Self.retryDelays.count - 1)]
                let retry = now + delay
                let givingUp = failure.permanent || retry > delivery.createdAt + Self.giveUpAfter
                try outbox.markFailed(delivery, error: failure.description, at: now, retryAt: givingUp ? nil : retry)
                if givingUp {
                    log.error("carer \(delivery.carer): \(delivery.kind.rawValue) message by \(delivery.channel.rawValue) given up after \(attempt + 1) attempts: \(failure)",
                              metadata: ["MEDD_CARER_ID": .string(delivery.carer)])
                } else {
                    log.warning("carer \(delivery.carer): \(delivery.channel.rawValue) failed (\(failure)); trying again in \(delay)",
                                metadata: ["MEDD_CARER_ID": .string(delivery.carer)])
                }
            }
        } catch {
            log.error("carers: the outbox \(outbox.path) cannot be written: \(error)")
        }
        schedule()
        publishStatus()
    }

    private func key(_ delivery: CarerOutbox.Delivery) -> String { delivery.message + "\u{0}" + delivery.channel.rawValue }

    /// One timer, at the earliest of: a retry, a dose reaching a carer's `after`, a summary.
    private func schedule() {
        let now = self.now
        var next = (try? outbox.nextAttempt(after: now)).flatMap { $0 }
        for carer in carers {
            if let event = CarerPolicy.nextEvent(for: carer, doses: doses, now: now, zone: zone), next.map({ event < $0 }) ?? true { next = event }
        }
        wakeUp = nil
        guard let next else { return }
        let at = max(0, next.usec - clockOffset)
        wakeUp = try? loop.addTimer(atRealtimeUsec: UInt64(at), accuracyUsec: 1_000_000) { [weak self] _ in
            self?.wakeUp = nil
            self?.reconcile()
        }
    }

    /// What `medctl status` reads: `{"carers": {ID: {"lastDelivery", "lastError", "lastErrorAt", "waiting"}}}`.
    public static func statusJSON(_ statuses: [String: CarerOutbox.CarerStatus]) -> JSONValue {
        .object(["carers": .object(statuses.mapValues { status in
            var object: [String: JSONValue] = ["waiting": .integer(status.waiting)]
            if let at = status.lastDelivery { object["lastDelivery"] = .string(at.description) }
            if let error = status.lastError { object["lastError"] = .string(error) }
            if let at = status.lastErrorAt { object["lastErrorAt"] = .string(at.description) }
            return .object(object)
        })])
    }

    private func publishStatus() {
        var statuses: [String: CarerOutbox.CarerStatus] = [:]
        for carer in carers { statuses[carer.id] = try? outbox.status(carer: carer.id) }
        statusChanged(statuses)
    }
}
