import ICalendar
public import Logging
import MeddControl
public import MeddCore
public import Systemd

/// medd-sync at work, on one sd-event loop: rounds that read medd's doses and the server's to-dos and
/// reconcile them (`Reconciler`), medd's `Watch` stream that sends a local answer to the server at once,
/// and a poll timer that asks the server often while a dose is open and seldom otherwise. Nothing it
/// keeps must survive it: the server and medd's ledger are the truth, ETags and the sync token only
/// save requests.
public final class Synchronizer: @unchecked Sendable {
    // @unchecked: confined to the loop's thread.
    private let loop: EventLoop
    private let link: MeddLink
    private let collection: CalDAVCollection
    private let settings: SyncSettings
    private let rendering: TodoRendering
    private let times: ClientTimes
    private let log: Logger
    /// medd's clock less the wall clock (non-zero under `medd --pretend-now`): medd-sync goes by medd's clock.
    private var clockOffset: Int64 = 0
    /// Where the password comes from; nil when the server takes none.
    private let passwordReader: PasswordReader?
    public private(set) var health: SyncHealth

    private var local: [DoseID: LocalDose] = [:]
    private var listed: Range<Instant> = Instant(usec: 0)..<Instant(usec: 0)
    private var server: [DoseID: ServerEntry] = [:]
    private var syncToken: String?
    private var serverSyncs = true
    private var busy: Set<DoseID> = []
    private var again: Set<DoseID> = []
    private var roundRunning = false
    private var roundWanted = false
    private var pollTimer: LoopSource?
    private var pollAt: Instant?
    private var watchRetry: LoopSource?
    private var watching = false
    private var failures = 0
    private var races: [DoseID: Int] = [:]
    /// Changes `Watch` brought while a round waited for `ListDoses`, whose answer may be older.
    private var watchedDuringRound: [DoseID: LocalDose] = [:]
    private var mustRereadPassword = false
    private let healthChanged: (SyncHealth) -> Void
    /// The collection was checked to take to-dos (at start; a failed check is made again each round).
    private var collectionChecked = false
    /// Answers from the server that medd has had (recorded, kept as replaced, or refused), per dose.
    private var told: [DoseID: [Answer]] = [:]
    /// The DTSTAMP this process last wrote on each to-do: a client that dropped the X- properties but
    /// kept it said nothing of when it answered.
    private var ownStamps: [DoseID: Instant] = [:]
    /// When this process first read an answer whose client said nothing of when (`absorb`): its time.
    private var firstSeen: [DoseID: Instant] = [:]
    /// Doses whose to-do was on the server: one gone is recreated, and the journal says so.
    private var seenOnServer: Set<DoseID> = []
    /// Why the failing requests fail: reading (rounds) or writing (one dose's PUT or DELETE).
    private var failingArea: FailureArea?
    private var writesThisRound = 0
    private var verdictPending = false
    private var stopping = false

    private enum FailureArea { case reading, writing }

    /// What the server holds for one dose, as last read or written.
    private struct ServerEntry {
        var href: String
        var etag: String?
        var todo: ServerTodo?
    }

    public init(loop: EventLoop, link: MeddLink, collection: CalDAVCollection, settings: SyncSettings, rendering: TodoRendering,
                times: ClientTimes, log: Logger,
                passwordReader: PasswordReader?, healthChanged: @escaping (SyncHealth) -> Void) {
        self.loop = loop
        self.link = link
        self.collection = collection
        self.settings = settings
        self.rendering = rendering
        self.times = times
        self.log = log
        self.passwordReader = passwordReader
        self.healthChanged = healthChanged
        health = SyncHealth(server: collection.url.description)
    }

    /// Follows medd, says so in the status file, and starts the first round.
    public func start() {
        follow()
        healthChanged(health)
        round()
    }

    /// Before the loop ends: the change stream closes without a word of loss, and a `password_command`
    /// still running is stopped.
    public func stop() {
        stopping = true
        passwordReader?.cancel()
        link.close()
    }

    // MARK: Rounds

    /// Reads both sides and reconciles every dose; one at a time, a request during one runs after it.
    /// medd first (its clock and doses, so the status counts what waits even while the password is read),
    /// then the password when needed, the collection's check, the server.
    public func round() {
        guard !roundRunning else {
            roundWanted = true
            return
        }
        roundRunning = true
        roundWanted = false
        watchedDuringRound = [:]
        pollAt = nil
        log.debug("round: asking medd and \(collection.url)")
        pollTimer = nil
        askMedd()
    }

    /// The password, when one is needed and not known yet (or the server refused it), then the collection.
    private func authenticate() {
        guard let passwordReader, collection.password == nil || mustRereadPassword else { return checkCollection() }
        // A password_command may take a while: the round waits, medd's changes are kept meanwhile (`follow`).
        if mustRereadPassword { passwordReader.forget() }
        passwordReader.read { [self] result in
            guard !stopping else { return }
            switch result {
            case .success(let password):
                collection.password = password
                mustRereadPassword = false
                checkCollection()
            case .failure(let error):
                finishRound(failure: "cannot read the password: \(error)", fromServer: false)
            }
        }
    }

    /// The check of the collection once (again each round until it passed), then what it holds.
    private func checkCollection() {
        guard collectionChecked else {
            return collection.check { [self] result in
                switch result {
                case .success:
                    collectionChecked = true
                    log.debug("the collection takes to-dos")
                    readServer()
                case .failure(let failure):
                    finishRound(failure: "\(failure)", fromServer: true, refused: failure)
                }
            }
        }
        readServer()
    }

    private func askMedd() {
        writesThisRound = 0
        link.call("Status") { [self] reply in
            switch reply {
            case .failure(let failure):
                finishRound(failure: "cannot reach medd: \(failure)", fromServer: false)
            case .success(let parameters):
                if let medds = parameters["nowUsec"]?.intValue { clockOffset = Int64(medds) - Int64(EventLoop.wallClockUsec()) }
                readLocal()
            }
        }
    }

    /// What medd holds for the window, and an hour before it (a to-do just past `keep` is still known).
    private func readLocal() {
        let now = clock()
        let from = now - settings.keep - .hours(1)
        let to = now + settings.publishAhead
        link.call("ListDoses", ["from": .string(from.description), "to": .string(to.description)]) { [self] reply in
            switch reply {
            case .failure(let failure):
                finishRound(failure: "cannot read the doses from medd: \(failure)", fromServer: false)
            case .success(let parameters):
                local = Dictionary((parameters["doses"]?.arrayValue ?? []).compactMap(LocalDose.init(varlink:)).map { ($0.id, $0) },
                                   uniquingKeysWith: { $1 }).merging(watchedDuringRound) { $1 }
                listed = from..<to
                countWaiting()
                authenticate()
            }
        }
    }

    private func readServer() {
        guard serverSyncs else {
            return collection.everything { [self] result in
                switch result {
                case .success(let status):
                    server = [:]
                    absorb(status)
                    reconcileAll()
                case .failure(let failure):
                    finishRound(failure: "\(failure)", fromServer: true, refused: failure)
                }
            }
        }
        collection.changes(since: syncToken) { [self] result in
            switch result {
            case .success(let status):
                if syncToken == nil { server = [:] }
                absorb(status)
                syncToken = status.syncToken
                fetchMissingData()
            case .failure(.invalidSyncToken(let code)):
                log.info("the server no longer accepts the sync token (HTTP \(code)); reading the whole collection again")
                syncToken = nil
                readServer()
            case .failure(.unexpectedStatus(let status, _)) where syncToken == nil && [400, 403, 405, 415, 501].contains(status):
                log.info("the server does not offer sync-collection (HTTP \(status)); reading the whole collection each time")
                serverSyncs = false
                readServer()
            case .failure(let failure):
                finishRound(failure: "\(failure)", fromServer: true, refused: failure)
            }
        }
    }

    /// Resources a sync-collection named without their data (Xandikos): one calendar-multiget.
    private func fetchMissingData() {
        let missing = server.values.filter { $0.todo == nil }.map(\.href)
        guard !missing.isEmpty else { return reconcileAll() }
        collection.multiget(missing) { [self] result in
            switch result {
            case .success(let status):
                absorb(status)
                reconcileAll()
            case .failure(let failure):
                finishRound(failure: "\(failure)", fromServer: true, refused: failure)
            }
        }
    }

    /// Takes what a REPORT said of each resource into `server`.
    private func absorb(_ status: MultiStatus) {
        for resource in status.resources {
            guard let id = MultiStatus.doseID(ofHref: resource.href) else { continue }
            if resource.status == 404 || resource.status == 410 {
                server[id] = nil
                continue
            }
            var entry = ServerEntry(href: resource.href, etag: resource.etag, todo: nil)
            if let data = resource.calendarData {
                do throws(ICalendarError) {
                    entry.todo = ServerTodo(calendar: try ICalendarParser.parse(data))
                } catch {
                    log.warning("the to-do at \(resource.href) is not iCalendar medd-sync can read (\(error)); it is left as it is")
                    continue
                }
                // Another client's object under a name like ours: not a dose's to-do.
                guard entry.todo?.doseID == id else { continue }
            }
            server[id] = entry
            seenOnServer.insert(id)
            if let todo = entry.todo {
                firstSeen[id] = todo.answerIsUntimed(times: times, ownStamp: ownStamps[id]) ? firstSeen[id] ?? clock() : nil
            }
        }
    }

    private func reconcileAll() {
        let now = clock()
        for id in Set(local.keys).union(server.keys).sorted() { reconcile(id, now: now) }
        finishRound(failure: nil, fromServer: true)
    }

    private func finishRound(failure: String?, fromServer: Bool, refused: CalDAVCollection.Failure? = nil) {
        log.debug("round: done\(failure.map { " (\($0))" } ?? "")")
        roundRunning = false
        if let failure {
            if case .refusedCredentials? = refused { mustRereadPassword = true }
            failed(failure, area: .reading)
        } else if writesThisRound == 0 {
            succeeded()
        } else {
            // A round that reads well is in sync once its writes are through: the first one that
            // succeeds says so, one that fails says why (a server that only lets the account read).
            verdictPending = true
        }
        countWaiting()
        if roundWanted { return round() }
        schedulePoll()
    }

    /// The answers given here that the server does not hold yet, for `medctl status`.
    private func countWaiting() {
        let now = clock()
        let window = Reconciler.window(at: now, settings)
        let waiting = local.values.filter { dose in
            guard let mine = dose.answer, mine.kind.isGivenByAPerson, dose.source != .caldav, window.contains(dose.due) else { return false }
            // One that lost to the server's (a change of mind backdated here) is not for uploading.
            guard let theirs = remote(dose.id, now: now)?.answer else { return true }
            return theirs.kind != mine.kind && mine.wins(over: theirs)
        }.count
        guard waiting != health.waiting else { return }
        health.waiting = waiting
        healthChanged(health)
    }

    /// What the server holds for a dose, its answers' times read as `ServerTodo.answer` reads them.
    private func remote(_ id: DoseID, now: Instant) -> Reconciler.Remote? {
        guard let todo = server[id]?.todo else { return nil }
        let answer = todo.answer(times: times, ownStamp: ownStamps[id], seenAt: firstSeen[id] ?? now)
        return Reconciler.Remote(todo: todo, answer: answer, earlier: todo.earlierAnswers)
    }

    // MARK: One dose

    /// Brings one dose to agreement; a dose already being written is looked at again once that ends.
    private func reconcile(_ id: DoseID, now: Instant) {
        guard !busy.contains(id) else {
            again.insert(id)
            return
        }
        let entry = server[id]
        if entry != nil, entry?.todo == nil { return }
        let remote = remote(id, now: now)
        guard let action = Reconciler.action(local: local[id], server: remote, told: told[id] ?? [], now: now, settings: settings,
                                             listed: listed) else {
            return
        }
        busy.insert(id)
        if roundRunning, action.writesToServer { writesThisRound += 1 }
        switch action {
        case .publish(let dose, let extras):
            if remote == nil, seenOnServer.contains(id) {
                log.notice("the to-do of \(id) is gone from the server (another client deleted it); medd holds the dose in the window, so it is published again")
            }
            if let remote, let replaced = remote.answer, replaced.kind != dose.answer?.kind {
                let mine = dose.answer.map { "medd's \($0)" } ?? "the open dose"
                let from = remote.todo.statusIsMedds ? remote.todo.meddAnsweredBy.map { " (from \($0))" } ?? "" : " (from another client)"
                let why = replaced.kind == .missed ? "a person's answer beats missed" : "the later answer wins"
                log.notice("\(id): the server's \(replaced)\(from) is replaced by \(mine): \(why)")
            }
            publish(dose, extras, over: entry)
        case .remove(let id):
            collection.delete(id, href: entry?.href, etag: entry?.etag) { [self] result in
                switch result {
                case .success:
                    server[id] = nil
                    seenOnServer.remove(id)
                    wrote()
                    done(id)
                case .failure(let failure):
                    writeFailed(id, failure)
                }
            }
        case .answer(let id, let answer):
            tellMedd(id, answer)
        }
    }

    private func publish(_ dose: LocalDose, _ extras: TodoRendering.Extras, over entry: ServerEntry?) {
        let now = clock()
        let text = rendering.text(for: dose, now: now, extras: extras)
        collection.put(dose.id, calendar: text, replacing: entry?.todo == nil ? nil : entry?.etag) { [self] result in
            switch result {
            case .success(let etag):
                let written = (try? ICalendarParser.parse(text)).flatMap(ServerTodo.init(calendar:))
                server[dose.id] = ServerEntry(href: collection.href(of: dose.id), etag: etag, todo: written)
                seenOnServer.insert(dose.id)
                ownStamps[dose.id] = written?.stamp
                if etag == nil { syncToken = nil }
                wrote()
                done(dose.id)
                countWaiting()
            case .failure(let failure):
                writeFailed(dose.id, failure)
            }
        }
    }

    /// An answer found on the server goes to medd as `Taken` or `Skip` with `source` `caldav` and its own
    /// time; medd records it, or keeps it as replaced when the answer it holds wins. One medd refuses
    /// (given more than `early` before due, past an as-needed limit) reopens the to-do, saying why.
    private func tellMedd(_ id: DoseID, _ answer: Answer) {
        let reply: (MeddLink.Reply) -> Void = { [self] reply in
            switch reply {
            case .success(let parameters):
                told[id, default: []].append(answer)
                let before = local[id]
                if let dose = parameters["dose"].flatMap(LocalDose.init(varlink:)) { local[id] = dose }
                if let now = local[id]?.answer, now.isSame(as: answer), before?.answer.map({ $0.isSame(as: answer) }) != true {
                    log.info("\(id) was \(answer) on another device; recorded")
                } else if let holds = local[id]?.answer, !holds.isSame(as: answer) {
                    log.info("\(id) was \(answer) on another device; recorded as replaced, since medd holds \(holds)")
                }
                done(id, again: true)
            case .failure(.refused(let name, let parameters)) where ["NotYetDue", "AlreadyFinal", "LimitReached", "InvalidParameter", "InvalidValue"]
                .contains(name.split(separator: ".").last.map(String.init) ?? ""):
                told[id, default: []].append(answer)
                let reason = MeddLink.Failure.refused(name: name, parameters: parameters).plainReason
                log.warning("medd did not record \(id) as \(answer) on another device: \(reason); the to-do is reopened with the reason")
                guard let dose = local[id] else { return done(id) }
                publish(dose, TodoRendering.Extras(replaced: server[id]?.todo?.replacedAnswers ?? [],
                                                   notice: "medd did not record this answer (\(answer)): \(reason)"), over: server[id])
            case .failure(.refused(let name, _)):
                told[id, default: []].append(answer)
                log.warning("medd does not know \(id), answered on another device (\(name)); is the configuration the same on every machine?")
                done(id)
            case .failure(let failure):
                failed("cannot tell medd the answer to \(id): \(failure)", area: .reading)
                done(id)
            }
        }
        let at = min(answer.at, clock())
        let parameters: [String: JSONValue] = ["dose": .string(id.description), "at": .string(at.description), "source": .string("caldav")]
        if local[id]?.measurement != nil, answer.kind == .taken {
            let todo = server[id]?.todo
            if let todo, todo.meddState == .measured, !todo.meddReadings.isEmpty {
                // Measured on another machine, whose medd-sync wrote each reading with its time: recorded here
                // as they were taken there (medd adds none it has already).
                let readings = todo.meddReadings
                let objects: [JSONValue] = readings.enumerated().map { index, reading in
                    .object(["measurement": .string(id.medication), "value": .string(reading.value), "unit": .string(reading.unit),
                             "usec": .integer(Int(reading.at.usec)), "dose": .string(id.description), "number": .integer(index + 1),
                             "of": .integer(readings.count), "source": .string("caldav")])
                }
                return link.call("ImportReadings", ["readings": .array(objects)], reply)
            }
            // A reminder to measure completed on the phone: the reading written on it, or done without one.
            var measure = parameters
            measure["measurement"] = .string(id.medication)
            if let value = todo?.writtenReading { measure["value"] = .string(value) }
            return link.call("Measure", measure, reply)
        }
        switch answer.kind {
        case .taken: link.call("Taken", parameters, reply)
        case .skipped: link.call("Skip", parameters, reply)
        case .missed: done(id)
        }
    }

    /// A write lost a race or failed: on 412 the to-do is read again and the dose reconciled anew.
    private func writeFailed(_ id: DoseID, _ failure: CalDAVCollection.Failure) {
        guard case .preconditionFailed = failure else {
            if case .refusedCredentials = failure { mustRereadPassword = true }
            failed("\(failure)", area: .writing)
            busy.remove(id)
            again.remove(id)
            return
        }
        collection.multiget([collection.href(of: id)]) { [self] result in
            switch result {
            case .success(let status):
                server[id] = nil
                absorb(status)
                done(id, lostRace: true)
            case .failure(let failure):
                failed("\(failure)", area: .reading)
                busy.remove(id)
            }
        }
    }

    /// The dose's request ended; it is looked at again when medd changed it meanwhile, or after a lost
    /// race (at most `racesPerDose` times in a row: another writer that keeps winning waits for the next round).
    private func done(_ id: DoseID, lostRace: Bool = false, again lookAgain: Bool = false) {
        busy.remove(id)
        if lookAgain { again.insert(id) }
        if lostRace {
            races[id, default: 0] += 1
            guard races[id, default: 0] <= Self.racesPerDose else { return }
        } else {
            races[id] = nil
        }
        if again.remove(id) != nil || lostRace { reconcile(id, now: clock()) }
    }

    private static let racesPerDose = 3

    // MARK: medd's Watch stream

    private func follow() {
        watchRetry = nil
        do throws(MeddLink.Failure) {
            try link.watch({ [self] change in
                // A refill or a notice names its medication and a moment, not a dose to publish.
                if change["event"]?.stringValue.flatMap(EventKind.init(rawValue:))?.isAboutMedication == true { return }
                guard let dose = change["dose"].flatMap(LocalDose.init(varlink:)) else { return }
                local[dose.id] = dose
                if roundRunning {
                    watchedDuringRound[dose.id] = dose
                    // The round may wait long (a password_command, a slow server): medctl status says what waits.
                    countWaiting()
                } else {
                    reconcile(dose.id, now: clock())
                }
                if dose.state.isOpen { schedulePoll() }
            }, ended: { [self] failure in
                watching = false
                guard !stopping else { return }
                log.warning("lost medd's change stream (\(failure)); following it again")
                retryFollow()
            })
            if !watching { log.info("following medd's changes") }
            watching = true
        } catch {
            failed("cannot follow medd: \(error)", area: .reading)
            retryFollow()
        }
    }

    private func retryFollow() {
        watchRetry = try? loop.addTimer(atRealtimeUsec: EventLoop.wallClockUsec() + 2_000_000, accuracyUsec: 100_000) { [self] _ in
            follow()
            round()
        }
    }

    private func clock() -> Instant {
        Instant(usec: Int64(EventLoop.wallClockUsec()) + clockOffset)
    }

    // MARK: When to ask again

    /// Arms the next round; a round already armed sooner stays (a change from medd may call for an
    /// earlier round, never put one off).
    private func schedulePoll() {
        guard !roundRunning else { return }
        let now = clock()
        let next = failures > 0 ? now + backoff() : nextPoll(at: now)
        if let armed = pollAt, pollTimer != nil, armed <= next { return }
        pollAt = next
        let wait = max(next.usec - now.usec, 1_000)
        log.debug("next round in \(wait / 1000) ms")
        pollTimer = try? loop.addTimer(atRealtimeUsec: EventLoop.wallClockUsec() + UInt64(wait), accuracyUsec: 500_000) { [self] _ in
            round()
        }
    }

    /// `poll` while a dose is open or due within the hour, else `idle_poll` (never past the moment the
    /// next dose comes within the hour); with `idle_poll = "0"`, when the next dose falls due.
    func nextPoll(at now: Instant) -> Instant {
        let open = local.values.contains { $0.state.isOpen }
        let nextDue = local.values.filter { $0.state == .planned && $0.due > now }.map(\.due).min()
        if open || nextDue.map({ $0 <= now + .hours(1) }) == true { return now + settings.poll }
        let soonest = now + settings.poll
        if settings.idlePoll.seconds == 0 { return max(nextDue ?? now + .days(1), soonest) }
        let idle = now + settings.idlePoll
        guard let nextDue else { return idle }
        return min(idle, max(nextDue - .hours(1), soonest))
    }

    /// 2 s, doubling, never longer than the regular wait.
    private func backoff() -> TimeSpan {
        let regular = nextPoll(at: clock()).seconds - clock().seconds
        let doubled = Int64(2) << min(failures - 1, 10)
        return TimeSpan(seconds: max(1, min(doubled, max(regular, 2))))
    }

    // MARK: Health

    /// A failure is said once, and again only when it changes: a request that keeps failing the same
    /// way does not fill the journal, nor does it flap with the requests that work beside it.
    private func failed(_ message: String, area: FailureArea) {
        failures += 1
        verdictPending = false
        let first = health.failingSince == nil
        let changed = message != health.lastError
        health.lastError = message
        health.lastErrorAt = clock()
        if first || failingArea == .reading && area == .writing { failingArea = area }
        if first {
            health.failingSince = clock()
            log.warning("sync with \(collection.url) is failing: \(message); retrying")
        } else if changed {
            log.warning("sync with \(collection.url) still fails, now: \(message); retrying")
        }
        healthChanged(health)
    }

    /// A write went through: the round it belongs to worked, and whatever failed works again.
    private func wrote() {
        if verdictPending || failingArea != nil { succeeded() }
    }

    private func succeeded() {
        if let since = health.failingSince {
            log.notice("sync with \(collection.url) works again (it failed since \(since))")
        } else if health.lastSuccess == nil {
            log.info("in sync with \(collection.url)")
        }
        failures = 0
        failingArea = nil
        verdictPending = false
        health.failingSince = nil
        health.lastSuccess = clock()
        healthChanged(health)
    }
}
