// loop-probe: runs pieces of the Systemd bridge in their own process, for tests and benchmarks
// that need a clean environment ($NOTIFY_SOCKET, $WATCHDOG_USEC, socket activation, /proc counters).
import Foundation
import Glibc
import Systemd

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func nowUsec() -> UInt64 { EventLoop.wallClockUsec() }

// A peer that hangs up before reading must not kill a server writing to it.
signal(SIGPIPE, SIG_IGN)
let arguments = CommandLine.arguments.dropFirst()
let loop = try EventLoop()

switch arguments.first {
case "notify":
    // READY, STATUS, RELOADING, STOPPING, with the watchdog pinging from the loop for `ms`.
    let milliseconds = UInt64(arguments.dropFirst().first ?? "0") ?? 0
    let watchdog = try loop.enableWatchdog()
    Notifier.ready(status: "probe ready")
    Notifier.status("probe working")
    Notifier.reloading()
    Notifier.reloaded(status: "probe reloaded")
    let stop = try loop.addTimer(atRealtimeUsec: nowUsec() + milliseconds * 1000) { _ in loop.exit() }
    _ = try loop.run()
    Notifier.stopping()
    say("watchdog \(watchdog)")
    _ = stop

case "idle":
    // One timer an hour away; the test reads our context switches from /proc while we sleep.
    let timer = WakeTimer(loop: loop) { _ in say("woke") }
    try timer.arm(atRealtimeUsec: nowUsec() + 3_600_000_000)
    let term = try loop.addSignal(.terminate) { _ in loop.exit() }
    say("armed")
    _ = try loop.run()
    _ = term

case "timers":
    // N timers at distinct wall-clock instants; prints each one's lateness in microseconds.
    let count = Int(arguments.dropFirst().first ?? "100") ?? 100
    let start = nowUsec() + 50_000
    var lateness: [UInt64] = []
    var sources: [LoopSource] = []
    for index in 0..<count {
        let due = start + UInt64(index) * 7_000
        sources.append(try loop.addTimer(atRealtimeUsec: due) { _ in
            lateness.append(nowUsec() - due)
            if lateness.count == count { loop.exit() }
        })
    }
    _ = try loop.run()
    say(lateness.map(String.init).joined(separator: " "))

case "socket":
    // Serves the control socket (passed by systemd or bound here), greeting each connection.
    let path = String(arguments.dropFirst().first ?? "/tmp/loop-probe.sock")
    let listening: ListeningSocket
    do {
        listening = try ListeningSocket.open(path: path)
    } catch {
        FileHandle.standardError.write(Data("loop-probe: \(error)\n".utf8))
        exit(1)
    }
    say(listening.activated ? "activated" : "bound")
    // Greets every connection until SIGTERM.
    let accepted = try loop.addIO(descriptor: listening.descriptor) { _ in
        let connection = accept(listening.descriptor, nil, nil)
        guard connection >= 0 else { return }
        _ = "hello from loop-probe\n".withCString { write(connection, $0, strlen($0)) }
        close(connection)
    }
    let term = try loop.addSignal(.terminate) { _ in loop.exit() }
    _ = try loop.run()
    _ = (accepted, term)

case "clock":
    // Prints `clock-changed` when the wall clock is stepped, then exits.
    let watcher = try ClockChangeWatcher(loop: loop) {
        say("clock-changed")
        loop.exit()
    }
    say("watching")
    _ = try loop.run()
    _ = watcher

case "child":
    // Spawns `sh -c 'exit 7'` and prints the status the loop's child source reports.
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup("sleep 0.05; exit 7"), nil]
    guard posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0 else { exit(1) }
    let child = try loop.addChild(pid: pid) { status in
        say("child \(status)")
        loop.exit()
    }
    _ = try loop.run()
    _ = child

case "command":
    // LoopCommand: one program whose standard error is ours (only its standard output is kept), then one
    // killed at its deadline, then one cancelled, whose completion never runs; each ending printed in turn.
    func report(_ outcome: LoopCommand.Outcome) {
        say("\(outcome.ending) \(String(decoding: outcome.output, as: UTF8.self).debugDescription) truncated \(outcome.truncated)")
    }
    var commands: [LoopCommand] = []
    commands.append(try LoopCommand(["/bin/sh", "-c", "echo output; echo err >&2; exit 3"], environment: [], errors: .inherited, on: loop,
                                    outputLimit: 5, timeoutUsec: 10_000_000) { outcome in
        report(outcome)
        let started = EventLoop.monotonicUsec()
        commands.append(try! LoopCommand(["/bin/sh", "-c", "echo joined >&2; exec sleep 30"], environment: [], on: loop, outputLimit: 100,
                                         timeoutUsec: 200_000) { outcome in
            report(outcome)
            say("within 2 s \(EventLoop.monotonicUsec() - started < 2_000_000)")
            let cancelled = try! LoopCommand(["/bin/sleep", "30"], environment: [], on: loop, outputLimit: 10, timeoutUsec: 10_000_000) { _ in
                say("cancelled command completed")
            }
            cancelled.cancel()
            commands.append(try! LoopCommand(["/bin/true"], environment: [], on: loop, outputLimit: 10, timeoutUsec: 10_000_000) { outcome in
                report(outcome)
                loop.exit()
            })
        })
    })
    _ = try loop.run()
    _ = commands

case "signal":
    // Prints the signals SIGHUP and SIGTERM as the loop receives them; exits on SIGTERM.
    let hangup = try loop.addSignal(.hangUp) { say("signal \($0.rawValue)") }
    let term = try loop.addSignal(.terminate) { signal in
        say("signal \(signal.rawValue)")
        loop.exit()
    }
    say("ready")
    _ = try loop.run()
    _ = (hangup, term)

default:
    FileHandle.standardError.write(Data("usage: loop-probe notify MS | idle | timers N | socket PATH | clock | child | command | signal\n".utf8))
    exit(2)
}
