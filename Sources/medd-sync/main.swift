import Curl
import Logging
import MeddCarers
import MeddCommandLine
import MeddConfig
import MeddControl
import MeddCore
import MeddSync
import MeddSystem
import Systemd

/// `medd-sync`: medd's network side. Keeps medd's doses in a CalDAV collection and brings answers given
/// elsewhere back; tells carers of doses still open or missed.

/// sysexits: a usage error, and a configuration that cannot work (the unit does not restart on it).
let exitUsage: Int32 = 64
let exitConfig: Int32 = 78

func fail(_ message: String, status: Int32) -> Never {
    StandardErrorDestination.write("medd-sync: " + message)
    CurrentProcess.exit(status)
}

PeopleLanguage.setUp()
let configPath: String
let socketPath: String
let stateDirectory: String?
var testCarers: [String]?
do {
    switch try Invocation(Array(CommandLine.arguments.dropFirst())) {
    case .request(.help):
        print(Invocation.help, terminator: "")
        CurrentProcess.exit(0)
    case .request(.version):
        print("medd-sync \(MeddVersion.current)")
        CurrentProcess.exit(0)
    case .request(.completionScript(let shell)):
        print(Invocation.completionScript.text(for: shell), terminator: "")
        CurrentProcess.exit(0)
    case .follow(let config, let socket, let state):
        (configPath, socketPath, stateDirectory) = (config, socket, state)
    case .testCarers(let ids, let config, let state):
        (configPath, socketPath, stateDirectory, testCarers) = (config, "", state, ids)
    }
} catch {
    StandardErrorDestination.write(error.report(program: Invocation.program))
    CurrentProcess.exit(exitUsage)
}

let environment = ProcessEnvironment.variables
do {
    try EventLoop.blockLoopSignals()
} catch {
    fail("cannot block signals: \(error)", status: 71)
}
let destination = StandardErrorDestination.current()
LoggingSystem.bootstrap { DaemonLog.handler(label: $0, identifier: "medd-sync", destination: destination) }
var log = Logger(label: "medd-sync")
// SYSTEMD_LOG_LEVEL=debug, as systemd's own programs read it: every round and request in the journal.
if environment["SYSTEMD_LOG_LEVEL"] == "debug" { log.logLevel = .debug }

let configuration: Configuration
switch ConfigLoader.load(path: configPath) {
case .success(let loaded): configuration = loaded
case .failure(let errors): fail("\(configPath) has errors; medctl check --config \(configPath) lists them:\n\(errors)", status: exitConfig)
}
guard configuration.sync != nil || !configuration.carers.isEmpty else {
    fail("\(configPath) has no [sync] table and no [carer.ID], so there is nothing to do; man 8 medd-sync says what to add",
         status: exitConfig)
}

/// A `password_file` or `token_file` read at start: one that cannot be read ends medd-sync (the unit does
/// not restart on 78).
func fileSecret(_ path: String) -> String {
    switch PasswordReader.fromFile(path) {
    case .success(let read): return read
    case .failure(let error): fail("\(error)", status: exitConfig)
    }
}

/// A password from its source: a file read now (`fileSecret`), a `password_command` run on the loop when the
/// password is first needed, so that medd-sync follows medd meanwhile.
func passwordReader(_ source: SyncSettings.PasswordSource, loop: EventLoop) -> PasswordReader {
    let known: String? = switch source {
    case .file(let path): fileSecret(path)
    case .command: nil
    }
    return PasswordReader(source, loop: loop, environment: environment, known: known)
}

let localZone = (try? SystemZones.localZone()) ?? ZoneRules.utc
let catalogs = MessageCatalog.localeDirectory(executable: (try? CurrentProcess.executablePath()) ?? "/usr/bin/medd-sync")

/// A carer's words: the catalog of its `language` (English when there is none), else the system's.
func translation(for carer: Carer) -> (any Translator, LocaleFormats) {
    guard let language = carer.language else { return (Translation.current, Translation.currentFormats) }
    guard language != "en", let bytes = try? FileReader.bytes(at: "\(catalogs)/\(language)/LC_MESSAGES/\(PeopleLanguage.domain).mo"),
          let catalog = CompiledCatalog(bytes: bytes) else { return (EnglishTranslator(), .technical) }
    return (catalog, .technical)
}

@MainActor func carerOutbox() -> CarerOutbox {
    guard let directory = stateDirectory else {
        StandardErrorDestination.write(UsageError(tr("neither XDG_STATE_HOME nor HOME is set: pass --state-dir DIR")).report(program: Invocation.program))
        CurrentProcess.exit(exitUsage)
    }
    do {
        try FileSystem.createDirectories(directory, mode: 0o700)
        return try CarerOutbox(path: directory + "/carers.sqlite")
    } catch {
        fail("cannot keep carers' messages in \(directory): \(error)", status: 73)
    }
}

@MainActor func makeSynchronizer(_ settings: SyncSettings, loop: EventLoop, http: HTTPClient, link: MeddLink) -> Synchronizer {
    let collection = CalDAVCollection(url: settings.url, http: http, username: settings.username, password: nil, caFile: settings.caFile)
    collection.timeoutMilliseconds = Int(settings.timeout.seconds) * 1000
    let machine = (try? FileReader.bytes(at: "/proc/sys/kernel/hostname")).map { String(decoding: $0, as: UTF8.self) }?
        .split(whereSeparator: \.isNewline).first.map(String.init)
    let rendering = TodoRendering(grace: configuration.settings.grace, people: configuration.people, productVersion: MeddVersion.current,
                                  machine: machine)
    let zones = SystemZones.database()
    let times = ClientTimes(zoneNamed: { try? zones.rules(named: $0) }, medicationZone: { [configuration] id in
        guard let medication = configuration.medication(id) else { return nil }
        switch configuration.zoneChoice(for: medication) {
        case .local: return try? SystemZones.localZone()
        case .named(let name): return configuration.zones[name]
        }
    })
    return Synchronizer(
        loop: loop, link: link, collection: collection, settings: settings, rendering: rendering, times: times, log: log,
        passwordReader: settings.password.map { passwordReader($0, loop: loop) },
        healthChanged: { health in try? FileSystem.replaceFile(statusPath, with: health.json.serialized + [0x0A]) })
}

/// `--test-carers`: a test message on every channel of the carers named, each outcome printed; exits.
@MainActor func exit(testing names: [String], sender: CarerSender, loop: EventLoop) -> Never {
    let unknown = names.filter { name in !configuration.carers.contains { $0.id == name } }
    guard unknown.isEmpty, !configuration.carers.isEmpty else {
        let known = configuration.carers.map(\.id).joined(separator: ", ")
        fail(configuration.carers.isEmpty ? "\(configPath) has no [carer.ID]" : "no carer \(unknown.joined(separator: ", ")) in \(configPath) (carers: \(known))",
             status: exitUsage)
    }
    let carers = configuration.carers.filter { names.isEmpty || names.contains($0.id) }
    let now = Instant(usec: Int64(EventLoop.wallClockUsec()))
    var waiting = 0
    var failed = false
    for carer in carers {
        let message = CarerMessage(kind: .test, carer: carer.id, eventAt: now, createdAt: now)
        for delivery in CarerNotifier.deliveries(of: message, to: carer, zone: localZone, translation: translation(for: carer)) {
            let channel = delivery.channel
            waiting += 1
            sender.send(delivery, to: carer, at: now) { result in
                switch result {
                // TRANSLATORS: `medctl carers test`: %1$s is a carer's ID, %2$s a channel (email, ntfy, command; never translated).
                case .success: print(tr("%1$s by %2$s: sent", carer.id, channel.rawValue))
                case .failure(let failure):
                    // TRANSLATORS: `medctl carers test`: %1$s is a carer's ID, %2$s a channel (email, ntfy, command), %3$s why it failed.
                    print(tr("%1$s by %2$s: failed: %3$s", carer.id, channel.rawValue, failure.description))
                    failed = true
                }
                waiting -= 1
                if waiting == 0 { loop.exit() }
            }
        }
    }
    if waiting > 0 { _ = try? loop.run() }
    CurrentProcess.exit(failed ? 1 : 0)
}

let statusPath = DefaultPaths.syncStatus(besideSocket: socketPath)
let carersStatusPath = DefaultPaths.carersStatus(besideSocket: socketPath)
let status: Int32
do {
    let loop = try EventLoop()
    let http = try HTTPClient(loop: loop, userAgent: "medd-sync/\(MeddVersion.current)")
    let secrets = CarerSender.Secrets(
        mailPassword: configuration.mail?.password.map { passwordReader($0, loop: loop) },
        ntfyTokens: Dictionary(uniqueKeysWithValues: configuration.carers.compactMap { carer in
            carer.ntfy?.tokenFile.map { (carer.id, fileSecret($0)) }
        }))
    let sender = CarerSender(loop: loop, http: http, mail: configuration.mail, secrets: secrets, zone: localZone,
                             baseEnvironment: ["PATH=\(environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")", "HOME=\(environment["HOME"] ?? "/")",
                                               "LANG=\(environment["LANG"] ?? "C.UTF-8")"])
    if let names = testCarers {
        exit(testing: names, sender: sender, loop: loop)
    }
    let link = MeddLink(path: socketPath, loop: loop)
    let synchronizer = configuration.sync.map { settings in
        makeSynchronizer(settings, loop: loop, http: http, link: link)
    }
    let notifier = configuration.carers.isEmpty ? nil : CarerNotifier(
        loop: loop, link: MeddLink(path: socketPath, loop: loop), outbox: carerOutbox(), sender: sender, carers: configuration.carers,
        people: configuration.people, zone: localZone, translators: translation(for:), log: log,
        statusChanged: { statuses in try? FileSystem.replaceFile(carersStatusPath, with: CarerNotifier.statusJSON(statuses).serialized + [0x0A]) })
    let stop: (Signal) -> Void = { _ in
        Notifier.stopping()
        loop.exit()
    }
    let signals = try [Signal.terminate, .interrupt].map { try loop.addSignal($0, stop) }
    let resync = try loop.addSignal(.hangUp) { _ in
        synchronizer?.round()
        notifier?.reconcile()
    }
    _ = try loop.enableWatchdog()
    var doing: [String] = []
    if let settings = configuration.sync { doing.append("syncing with \(settings.url)") }
    if !configuration.carers.isEmpty { doing.append("telling \(configuration.carers.count) carer(s)") }
    log.info("\(doing.joined(separator: ", ")) for medd at \(socketPath)")
    synchronizer?.start()
    notifier?.start()
    Notifier.ready(status: doing.joined(separator: ", "))
    status = try loop.run()
    synchronizer?.stop()
    notifier?.stop()
    // A mail password_command still running is killed with its process group, not left behind.
    secrets.mailPassword?.cancel()
    FileSystem.removeFile(statusPath)
    FileSystem.removeFile(carersStatusPath)
    withExtendedLifetime((signals, resync, http)) {}
} catch {
    fail("\(error)", status: 71)
}
CurrentProcess.exit(status)
