import MeddControl
import MeddCore
import MeddStore

/// Answers the calls of the control socket. An answer is replied to only after the group commit
/// put its events on disk; everything else is replied to at once.
final class ControlCalls {
    /// Why a reload kept the previous configuration: errors in the file (one line each), or a
    /// ledger that could not give the history the new configuration needs.
    enum ReloadErrors: Error {
        case invalid(lines: [String])
        case storage(LedgerError)
    }

    /// Default range of `Adherence`.
    static let defaultAdherenceDays: Int64 = 30

    private unowned let runner: EffectRunner
    private let ledger: any LedgerStore
    private let clock: DaemonClock
    private let startedAt: Instant
    private let reload: () -> Result<Void, ReloadErrors>
    /// Starts a backup for a connection's `Backup` call.
    private let backup: (ControlConnection) -> ControlConnection.Response
    /// `Status`'s `desktop` object; nil when medd shows no notifications.
    private let desktop: () -> JSONValue?

    init(runner: EffectRunner, ledger: any LedgerStore, clock: DaemonClock, startedAt: Instant,
         desktop: @escaping () -> JSONValue? = { nil }, backup: @escaping (ControlConnection) -> ControlConnection.Response,
         reload: @escaping () -> Result<Void, ReloadErrors>) {
        self.runner = runner
        self.desktop = desktop
        self.backup = backup
        self.ledger = ledger
        self.clock = clock
        self.startedAt = startedAt
        self.reload = reload
    }

    private var book: DoseBook { runner.book }

    func respond(to call: VarlinkCall, from connection: ControlConnection) -> ControlConnection.Response {
        let request: ControlRequest
        do {
            request = try ControlRequest(call)
        } catch {
            return .reply(VarlinkReply.error(error.reply ?? .invalidParameter("parameters")))
        }
        switch request {
        case .getInfo:
            return .reply(VarlinkService.getInfo(version: MeddVersion.current))
        case .getInterfaceDescription(let interface):
            return .reply(VarlinkService.getInterfaceDescription(interface: interface))
        case .status:
            return .reply(status())
        case .listDoses(let request):
            do {
                return try listDoses(request)
            } catch {
                return .reply(VarlinkReply.error(error))
            }
        case .listHistory(let request):
            do {
                return try listHistory(request, repliesPerPage: call.more)
            } catch {
                return .reply(VarlinkReply.error(error))
            }
        case .taken(let request):
            return answering(at: request.at) { at, now in
                answer(request.dose, at: at ?? now, { $0.take(request.dose, at: at, note: request.note, source: request.source, now: now) },
                       to: connection) { [configuration = book.configuration] in ["dose": $0.record.varlinkValue(in: configuration)] }
            }
        case .snooze(let request):
            let length = request.minutes.map { TimeSpan(seconds: Int64($0) * 60) }
            let now = clock.now()
            return answer(request.dose, at: now, { $0.snooze(request.dose, length: length, source: .cli, now: now) }, to: connection) {
                [configuration = book.configuration] outcome in
                let until = outcome.record.snoozeUntil ?? outcome.record.dose.scheduled
                return [
                    "snoozeId": .string(outcome.record.id.snoozeID.description),
                    "until": .string(until.format(offsetSeconds: outcome.record.dose.utcOffset)),
                    "dose": outcome.record.varlinkValue(in: configuration),
                ]
            }
        case .skip(let request):
            return answering(at: request.at) { at, now in
                answer(request.dose, at: at ?? now, { $0.skip(request.dose, at: at, reason: request.reason, source: request.source, now: now) },
                       to: connection) { [configuration = book.configuration] in ["dose": $0.record.varlinkValue(in: configuration)] }
            }
        case .medications:
            let now = clock.now()
            return .reply(VarlinkReply.parameters(["medications": .array(book.configuration.medications.map {
                Self.medicationValue($0, in: book, now: now)
            })]))
        case .reload:
            return .reply(reply { () throws(VarlinkError) in
                let result = reload()
                switch result {
                case .success: break
                case .failure(.invalid(let lines)): throw VarlinkError.invalidConfig(lines)
                case .failure(.storage(let error)):
                    throw Self.storageFailed("the configuration was not reloaded: the dose history could not be read: \(error)")
                }
                let now = clock.now()
                let planned = book.doses(from: now, to: now + .days(Int64(book.settings.horizonDays))).count
                return ["medications": .integer(book.configuration.medications.count), "planned": .integer(planned)]
            })
        case .adherence(let request):
            return .reply(reply { () throws(VarlinkError) in try adherence(request) })
        case .effect(let request):
            return .reply(reply { () throws(VarlinkError) in try effect(request) })
        case .measure(let request):
            return answering(at: request.at) { at, now in
                let when = at ?? now
                let reminder = request.dose.flatMap(DoseID.init(parsing:))
                if request.dose != nil, reminder == nil { return .reply(VarlinkReply.error(VarlinkError.invalidParameter("dose"))) }
                return answer(reminder?.description ?? request.measurement, at: when, {
                    $0.measure(request.measurement, request.value, reminder: reminder, at: at, note: request.note, source: request.source, now: now)
                }, to: connection) { [configuration = book.configuration] outcome in
                    let record = outcome.record
                    let event = DoseEvent(kind: .measured, dose: record.dose, at: when, source: request.source, note: request.note,
                                          reading: request.value == nil ? nil : record.readings.last)
                    let due = configuration.measurement(request.measurement)?.readingsPerReminder ?? 1
                    return [
                        "reading": event.readingValue(person: configuration.measurement(request.measurement)?.person) ?? .null,
                        "dose": record.varlinkValue(in: configuration),
                        "remaining": .integer(record.state.isFinal ? 0 : max(0, due - record.readings.count)),
                    ]
                }
            }
        case .refill(let request):
            let now = clock.now()
            return answer(holding: HistoryRequest(), { book in
                book.refill(request.medication, amount: request.amount, note: request.note, source: .cli, now: now).map { outcome in
                    let med = book.configuration.medication(outcome.event.dose.medication)
                    return (med.map { Self.medicationValue($0, in: book, now: now) } ?? .null, outcome.effects)
                }
            }, to: connection) { ["medication": $0] }
        case .listReadings(let request):
            do {
                return try listReadings(request)
            } catch {
                return .reply(VarlinkReply.error(error))
            }
        case .importReadings(let request):
            return importReadings(request, to: connection)
        case .backup:
            return backup(connection)
        case .watch:
            return .watch
        }
    }

    /// A medication as `Medications` lists it: with the stock `book` counts now and its forecast.
    private static func medicationValue(_ med: Medication, in book: DoseBook, now: Instant) -> JSONValue {
        med.varlinkValue(stock: book.stock[med.id], forecast: book.stockForecast(of: med, now: now), zone: book.settings.timezone,
                         expiry: book.expiryStatus(of: med, at: now), person: book.configuration.person(of: med), localZone: book.localZone)
    }

    private func reply(_ body: () throws(VarlinkError) -> [String: JSONValue]) -> [UInt8] {
        do {
            return VarlinkReply.parameters(try body())
        } catch {
            return VarlinkReply.error(error)
        }
    }

    /// An answer's `at` (nil: none given) and now; an `at` that is no instant is refused at once.
    private func answering(at text: String?, _ body: (Instant?, Instant) -> ControlConnection.Response) -> ControlConnection.Response {
        do {
            let at = try text.map { text throws(VarlinkError) in try instant(text, parameter: "at") }
            return body(at, clock.now())
        } catch {
            return .reply(VarlinkReply.error(error))
        }
    }

    /// A refusal is replied to at once; an accepted answer is already in the book, and its reply
    /// waits for the group commit at the end of this loop pass.
    private func answer(_ target: String, at when: Instant, _ decide: (inout DoseBook) -> Result<DoseBook.Outcome, DoseBook.Rejection>,
                        to connection: ControlConnection,
                        _ parameters: @escaping (DoseBook.Outcome) -> [String: JSONValue]) -> ControlConnection.Response {
        answer(holding: book.historyRequest(forAnswer: target, at: when), { decide(&$0).map { ($0, $0.effects) } }, to: connection, parameters)
    }

    private func answer<Value>(holding request: HistoryRequest, _ decide: (inout DoseBook) -> Result<(Value, [DoseBook.Effect]), DoseBook.Rejection>,
                               to connection: ControlConnection,
                               _ parameters: @escaping (Value) -> [String: JSONValue]) -> ControlConnection.Response {
        let refusal = runner.answer(holding: request, decide) { [weak connection] outcome, failure in
            if let failure {
                connection?.deliver(VarlinkReply.error(Self.storageFailed("the answer was not recorded: \(failure)")))
            } else {
                connection?.deliver(VarlinkReply.parameters(parameters(outcome)))
            }
        }
        switch refusal {
        case .rejected(let rejection): return .reply(VarlinkReply.error(VarlinkError(rejection)))
        case .unreadable(let error): return .reply(VarlinkReply.error(Self.storageFailed("the dose history could not be read: \(error)")))
        case nil: return .deferred
        }
    }

    private func status() -> [UInt8] {
        let now = clock.now()
        var parameters: [String: JSONValue] = [
            "version": .string(MeddVersion.current),
            "startedAt": .string(localZoneRules.format(startedAt)),
            "nowUsec": .integer(Int(now.usec)),
            "pending": .integer(book.count(of: .pending)),
            "snoozed": .integer(book.count(of: .snoozed)),
        ]
        if let next = book.nextDose(after: now) { parameters["nextDose"] = DoseRecord(dose: next).varlinkValue(in: book.configuration) }
        if let desktop = desktop() { parameters["desktop"] = desktop }
        return VarlinkReply.parameters(parameters)
    }

    private func listDoses(_ request: ControlRequest.ListDoses) throws(VarlinkError) -> ControlConnection.Response {
        let now = clock.now()
        let from = try request.from.map { text throws(VarlinkError) in try instant(text, parameter: "from") }
            ?? localZoneRules.startOfDay(localZoneRules.local(now).date)
        let to = try request.to.map { text throws(VarlinkError) in try instant(text, parameter: "to") }
            ?? now + .days(Int64(book.settings.horizonDays))
        guard from <= to else { throw VarlinkError.invalidParameter("to") }
        try requireConfigured(request.medication, orMeasurement: true)
        let doses: DoseBook
        do {
            doses = try runner.bookHolding(from: from, to: to, medication: request.medication)
        } catch {
            throw Self.storageFailed("the dose history could not be read: \(error)")
        }
        // A day of doses at a time: consecutive ranges list in the order the whole one does. The
        // records are sorted once, so each day costs its own doses, not the whole (maybe years long) view.
        let recorded = doses.recordsInDueOrder(medication: request.medication)
        let configuration = book.configuration
        var cursor = from
        return .stream(VarlinkReply.list("doses") {
            guard cursor < to else { return nil }
            let start = cursor
            cursor = min(to, cursor + .days(1))
            return { [end = cursor] yield in
                doses.forEachDose(from: start, to: end, medication: request.medication, recorded: recorded[...]) {
                    yield($0.varlinkValue(in: configuration))
                }
            }
        })
    }

    /// History from the ledger, a page at a time. Called with `more`, the doses come in replies of about
    /// `historyReplySize` each, so a client can write the first while the ledger gives the next, and a page
    /// the ledger cannot give ends the replies with an error; without it, the pages make one reply's list. The first page is read
    /// before any reply starts, so an unreadable ledger is an error either way.
    private func listHistory(_ request: ControlRequest.ListDoses, repliesPerPage: Bool) throws(VarlinkError) -> ControlConnection.Response {
        let now = clock.now()
        let from = try request.from.map { text throws(VarlinkError) in try instant(text, parameter: "from") } ?? now - .days(Self.defaultAdherenceDays)
        let to = try request.to.map { text throws(VarlinkError) in try instant(text, parameter: "to") }
            ?? now + .days(Int64(book.settings.horizonDays))
        guard from <= to else { throw VarlinkError.invalidParameter("to") }
        try requireConfigured(request.medication, orMeasurement: true)
        let configuration = book.configuration
        let ledger = self.ledger
        func page(after last: DoseRecord?) throws(VarlinkError) -> [DoseRecord]? {
            do {
                let events = try ledger.finalEvents(since: from, until: to, medication: request.medication,
                                                    after: last.map { ($0.dose.scheduled, $0.id) }, limit: Self.historyPage)
                return try Self.historyRecords(events, ledger: ledger)
            } catch {
                throw Self.storageFailed("the dose history could not be read: \(error)")
            }
        }
        var next: Result<[DoseRecord]?, VarlinkError> = .success(try page(after: nil))
        func advance(past records: [DoseRecord]) {
            next = records.count < Self.historyPage ? .success(nil) : Result { () throws(VarlinkError) in try page(after: records.last) }
        }
        if repliesPerPage {
            var pending: ArraySlice<DoseRecord> = []
            var sentLast = false
            return .stream {
                guard !sentLast else { return nil }
                var elements: [UInt8] = []
                elements.reserveCapacity(Self.historyReplySize + 64 * 1024)
                while elements.count < Self.historyReplySize {
                    guard let record = pending.popFirst() else {
                        guard case .success(let records?) = next else { break }
                        pending = records[...]
                        advance(past: records)
                        continue
                    }
                    if !elements.isEmpty { elements.append(UInt8(ascii: ",")) }
                    JSONValue.writeObject(into: &elements) { record.addVarlinkMembers(in: configuration, to: &$0) }
                }
                if elements.isEmpty, case .failure(let error) = next {
                    sentLast = true
                    return VarlinkReply.error(error)
                }
                let continues = if pending.isEmpty, case .success(nil) = next { false } else { true }
                sentLast = !continues
                return VarlinkReply.page("doses", elements: elements, continues: continues)
            }
        }
        return .stream(VarlinkReply.list("doses") {
            guard case .success(let records?) = next else { return nil }
            advance(past: records)
            return { yield in records.forEach { yield($0.varlinkValue(in: configuration)) } }
        })
    }

    /// Each dose as its final event left it; a reminder to measure that asks for more than one reading
    /// (or was done without its last) folded from all its events, so that it holds every reading.
    private static func historyRecords(_ events: [DoseEvent], ledger: any LedgerStore) throws(LedgerError) -> [DoseRecord] {
        let several = events.filter { $0.dose.isMeasurement && ($0.reading?.of ?? 2) > 1 }.map(\.dose.id)
        guard !several.isEmpty else { return events.map(DoseRecord.init(folding:)) }
        let folded = Dictionary(try ledger.records(HistoryRequest(doses: several)).map { ($0.id, $0) }) { first, _ in first }
        return events.map { folded[$0.dose.id] ?? DoseRecord(folding: $0) }
    }

    /// How many doses of history one read of the ledger gives.
    static let historyPage = 2000
    /// About how long a reply of history called with `more` grows before the next one starts: doses with long
    /// notes make a page too long for one reply.
    static let historyReplySize = 64 * 1024

    /// A medication a query names (or a measurement, where its reminders count) must be in the configuration
    /// (nil names every one).
    private func requireConfigured(_ medication: String?, orMeasurement: Bool = false) throws(VarlinkError) {
        if let medication, book.configuration.medication(medication) == nil,
           !orMeasurement || book.configuration.measurement(medication) == nil {
            throw VarlinkError(DoseBook.Rejection.noSuchMedication(medication))
        }
    }

    private func listReadings(_ request: ControlRequest.ListReadings) throws(VarlinkError) -> ControlConnection.Response {
        let now = clock.now()
        // A reading may be dated up to `onTimeTolerance` ahead of the daemon's clock (another machine's clock).
        let to = try request.to.map { text throws(VarlinkError) in try instant(text, parameter: "to") }
            ?? now + DoseBook.onTimeTolerance + TimeSpan(seconds: 1)
        let from = try request.from.map { text throws(VarlinkError) in try instant(text, parameter: "from") }
            ?? to - .days(Self.defaultAdherenceDays)
        guard from <= to else { throw VarlinkError.invalidParameter("to") }
        let configuration = book.configuration
        if let measurement = request.measurement, configuration.measurement(measurement) == nil {
            throw VarlinkError(DoseBook.Rejection.noSuchMeasurement(measurement))
        }
        let events: [DoseEvent]
        do {
            events = try ledger.readings(from: from, to: to, measurement: request.measurement)
        } catch {
            throw Self.storageFailed("\(error)")
        }
        var remaining = events[...]
        return .stream(VarlinkReply.list("readings") {
            guard !remaining.isEmpty else { return nil }
            let batch = remaining.prefix(256)
            remaining = remaining.dropFirst(batch.count)
            return { yield in
                for event in batch {
                    if let value = event.readingValue(person: configuration.person(ofMedication: event.dose.medication)?.id) { yield(value) }
                }
            }
        })
    }

    /// Checks and records imported readings; the reply waits for the commit, as an answer's does.
    private func importReadings(_ request: ControlRequest.ImportReadings, to connection: ControlConnection) -> ControlConnection.Response {
        var readings: [DoseBook.ImportedReading] = []
        for (index, object) in request.readings.enumerated() {
            func text(_ key: String) -> String? { object[key]?.stringValue }
            var dose: DoseID?
            if let id = text("dose") {
                guard let parsed = DoseID(parsing: id) else { return .reply(VarlinkReply.error(VarlinkError.invalidParameter("readings[\(index)].dose"))) }
                dose = parsed
            }
            readings.append(DoseBook.ImportedReading(
                measurement: text("measurement") ?? "", value: text("value") ?? "", unit: text("unit") ?? "",
                at: Instant(usec: Int64(object["usec"]?.intValue ?? 0)), dose: dose, target: text("target"),
                number: object["number"]?.intValue ?? 1, of: object["of"]?.intValue ?? 1,
                source: text("source").flatMap(EventSource.init(rawValue:)) ?? .cli, note: text("note")))
        }
        guard readings.count <= MethodSignature.importBatch else { return .reply(VarlinkReply.error(VarlinkError.invalidParameter("readings"))) }
        let existing: [DoseEvent]
        if let first = readings.map(\.at).min(), let last = readings.map(\.at).max() {
            do {
                existing = try ledger.readings(from: first, to: Instant(usec: last.usec + 1), measurement: nil)
            } catch {
                return .reply(VarlinkReply.error(Self.storageFailed("the readings could not be read: \(error)")))
            }
        } else {
            existing = []
        }
        let now = clock.now()
        let history = HistoryRequest(doses: readings.compactMap(\.dose))
        if request.dryRun {
            var copy = book
            return .reply(reply { () throws(VarlinkError) in
                switch copy.importReadings(readings, existing: existing, now: now) {
                case .success(let outcome): return ["added": .integer(outcome.added), "present": .integer(outcome.present)]
                case .failure(let rejection): throw VarlinkError(rejection)
                }
            })
        }
        return answer(holding: history, { $0.importReadings(readings, existing: existing, now: now).map { ($0, $0.effects) } }, to: connection) {
            ["added": .integer($0.added), "present": .integer($0.present)]
        }
    }

    /// `[since, until)` of an `Adherence` or `Effect` call: until now, and since `days` before `until`, unless
    /// given; and its medication, if any, configured.
    private func range(of request: ControlRequest.Adherence, days: Int64) throws(VarlinkError) -> (since: Instant, until: Instant) {
        let until = try request.until.map { text throws(VarlinkError) in try instant(text, parameter: "until") } ?? clock.now()
        let since = try request.since.map { text throws(VarlinkError) in try instant(text, parameter: "since") } ?? until - .days(days)
        guard since <= until else { throw VarlinkError.invalidParameter("until") }
        try requireConfigured(request.medication)
        return (since, until)
    }

    private func adherence(_ request: ControlRequest.Adherence) throws(VarlinkError) -> [String: JSONValue] {
        let (since, until) = try range(of: request, days: Self.defaultAdherenceDays)
        let report: AdherenceReport
        do {
            report = try ledger.adherence(since: since, until: until, medication: request.medication)
        } catch {
            throw Self.storageFailed("\(error)")
        }
        return [
            "since": .string(localZoneRules.format(since)),
            "until": .string(localZoneRules.format(until)),
            "medications": .object(report.medications.mapValues(\.varlinkValue)),
            "total": report.total.varlinkValue,
        ]
    }

    /// Default range of `Effect`.
    static let defaultEffectDays: Int64 = 90

    /// Each medication a measurement is `for`, against that measurement, from the ledger's readings and final doses.
    private func effect(_ request: ControlRequest.Adherence) throws(VarlinkError) -> [String: JSONValue] {
        let (since, until) = try range(of: request, days: Self.defaultEffectDays)
        let configuration = book.configuration
        let mode = configuration.settings.effect
        var effects: [JSONValue] = []
        do {
            for measurement in configuration.measurements.sorted(by: { $0.id < $1.id }) {
                let medications = measurement.medications.filter { request.medication == nil || $0 == request.medication }
                guard !medications.isEmpty else { continue }
                let readings = try ledger.readings(from: since, to: until, measurement: measurement.id)
                    .compactMap { event in event.reading.map { (at: event.at, value: $0.value) } }
                for medication in medications {
                    let finals = try ledger.finalEvents(since: since, until: until, medication: medication, after: nil, limit: nil)
                    let input = MedicationEffect.Input(
                        medication: medication, measurement: measurement, readings: readings,
                        intakes: finals.filter { $0.kind == .taken }.map(\.at),
                        finals: finals.map { (due: $0.dose.scheduled, taken: $0.kind == .taken) }, period: since..<until, mode: mode)
                    effects.append(MedicationEffect.evaluate(input).varlinkValue)
                }
            }
        } catch {
            throw Self.storageFailed("\(error)")
        }
        return [
            "since": .string(localZoneRules.format(since)),
            "until": .string(localZoneRules.format(until)),
            "mode": .string(mode.rawValue),
            "effects": .array(effects),
        ]
    }

    /// The ledger could not be read or written.
    private static func storageFailed(_ message: String) -> VarlinkError {
        .control("StorageFailed", ["message": .string(message)])
    }

    private var localZoneRules: ZoneRules { book.localZone }

    /// An ISO 8601 instant with its offset, or a date meaning local midnight.
    private func instant(_ text: String, parameter: String) throws(VarlinkError) -> Instant {
        if let instant = Instant(iso8601: text) { return instant }
        if let date = LocalDate(parsing: text) { return localZoneRules.startOfDay(date) }
        throw VarlinkError.invalidParameter(parameter)
    }
}
