import Curl
import Logging
import MeddConfig
import MeddControl
import MeddCore
import MeddSync
import MeddSystem
import Systemd

/// `medd-sync`: keeps medd's doses in a CalDAV collection and brings answers given elsewhere back.
let usage = """
    usage: medd-sync [--config PATH] [--socket PATH]

    Keeps the doses of medd in the CalDAV collection that [sync] in the configuration names, and
    records in medd the answers given on a phone or another machine. Runs in the foreground.

      --config PATH   configuration file (default: $XDG_CONFIG_HOME/medd/medd.toml)
      --socket PATH   medd's control socket (default: $MEDD_SOCKET, else $XDG_RUNTIME_DIR/medd/control.sock)
      --version       print the version and exit
      --help          print this help and exit
    """

/// sysexits: a usage error, and a configuration that cannot work (the unit does not restart on it).
let exitUsage: Int32 = 64
let exitConfig: Int32 = 78

func fail(_ message: String, status: Int32) -> Never {
    StandardErrorDestination.write("medd-sync: " + message)
    CurrentProcess.exit(status)
}

var configOption: String?
var socketOption: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--help", "-h":
        print(usage)
        CurrentProcess.exit(0)
    case "--version":
        print("medd-sync \(MeddVersion.current)")
        CurrentProcess.exit(0)
    case "--config", "--socket":
        guard let value = arguments.popFirst(), !value.isEmpty else { fail("\(argument) needs a value\n\(usage)", status: exitUsage) }
        if argument == "--config" { configOption = value } else { socketOption = value }
    default:
        fail("unknown argument \(DisplayText.quoted(argument))\n\(usage)", status: exitUsage)
    }
}

let environment = ProcessEnvironment.variables
let paths = DefaultPaths(environment: environment)
guard let configPath = configOption ?? paths.config else { fail("neither XDG_CONFIG_HOME nor HOME is set: pass --config PATH", status: exitUsage) }
guard let socketPath = socketOption ?? environment["MEDD_SOCKET"].flatMap({ $0.isEmpty ? nil : $0 }) ?? paths.socket else {
    fail("XDG_RUNTIME_DIR is not set: pass --socket PATH", status: exitUsage)
}

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
guard let settings = configuration.sync else {
    fail("\(configPath) has no [sync] table, so there is nothing to sync; man 8 medd-sync says what to add", status: exitConfig)
}

var password: String? = nil
if let source = settings.password {
    switch PasswordReader.read(source, environment: environment) {
    case .success(let read): password = read
    case .failure(let error): fail("\(error)", status: exitConfig)
    }
}

let statusPath = DefaultPaths.syncStatus(besideSocket: socketPath)
let status: Int32
do {
    let loop = try EventLoop()
    let http = try HTTPClient(loop: loop, userAgent: "medd-sync/\(MeddVersion.current)")
    let collection = CalDAVCollection(url: settings.url, http: http, username: settings.username, password: password, caFile: settings.caFile)
    collection.timeoutMilliseconds = Int(settings.timeout.seconds) * 1000
    let link = MeddLink(path: socketPath, loop: loop)
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
    let synchronizer = Synchronizer(
        loop: loop, link: link, collection: collection, settings: settings, rendering: rendering, times: times, log: log,
        passwordSource: settings.password.map { source in { PasswordReader.read(source, environment: environment).map { $0 } } },
        healthChanged: { health in try? FileSystem.replaceFile(statusPath, with: health.json.serialized + [0x0A]) })
    let stop: (Signal) -> Void = { _ in
        Notifier.stopping()
        loop.exit()
    }
    let signals = try [Signal.terminate, .interrupt].map { try loop.addSignal($0, stop) }
    let resync = try loop.addSignal(.hangUp) { _ in synchronizer.round() }
    _ = try loop.enableWatchdog()
    log.info("syncing with \(settings.url) for medd at \(socketPath)")
    synchronizer.start()
    Notifier.ready(status: "syncing with \(settings.url)")
    status = try loop.run()
    synchronizer.stop()
    FileSystem.removeFile(statusPath)
    withExtendedLifetime((signals, resync, http)) {}
} catch {
    fail("\(error)", status: 71)
}
CurrentProcess.exit(status)
