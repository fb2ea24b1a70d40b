import Foundation
import Glibc
@testable import Systemd
import Testing

/// What `Bus.close()` does to a call still waiting for its reply, on a private dbus-daemon.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon"), "needs dbus-daemon"))
struct BusCloseTests {
    /// A reply that arrives is delivered; a call pending when the bus is closed is dropped: its
    /// handler never runs (sd-bus answers pending calls with an error only when the peer goes away).
    @Test func closeDropsPendingCallsWithoutRunningTheirHandlers() async {
        await #expect(processExitsWith: .success) {
            alarm(20)
            let daemon = Process()
            daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
            daemon.arguments = ["--session", "--nofork", "--print-address"]
            let output = Pipe()
            daemon.standardOutput = output
            guard (try? daemon.run()) != nil else { exit(80) }
            defer { daemon.terminate() }
            let address = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
            guard let loop = try? EventLoop(), let bus = try? Bus.openUser(on: loop) else { exit(81) }
            let getId = BusMethodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                      interface: "org.freedesktop.DBus", member: "GetId")
            var answered = false
            guard (try? bus.call(getId) { _ in answered = true }) != nil else { exit(82) }
            let deadline = EventLoop.wallClockUsec() + 5_000_000
            while !answered, EventLoop.wallClockUsec() < deadline { _ = try? loop.runOnce(timeoutUsec: 50_000) }
            guard answered else { exit(83) }

            var pendingRan = false
            guard (try? bus.call(getId) { _ in pendingRan = true }) != nil else { exit(84) }
            bus.close()
            for _ in 0..<10 { _ = try? loop.runOnce(timeoutUsec: 20_000) }
            exit(pendingRan ? 85 : 0)
        }
    }
}
