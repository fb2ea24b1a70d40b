import Foundation
import Glibc
@testable import Systemd
import Testing

/// sd_notify and the watchdog, received by a real `NOTIFY_SOCKET` listener.
@Suite struct NotifyTests {
    /// A datagram socket playing the service manager's end of `$NOTIFY_SOCKET`.
    final class Listener {
        let path: String
        let descriptor: Int32

        init() throws {
            path = LoopProbeRunner.temporaryPath("notify.sock")
            descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            var address = try SocketAddress(path: path)
            let bound = address.withSockaddr { bind(descriptor, $0, $1) }
            guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
        }

        /// Every datagram received so far.
        func messages() -> [String] {
            var result: [String] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(descriptor, &buffer, buffer.count, 0)
                guard count > 0 else { return result }
                result.append(String(decoding: buffer[0..<count], as: UTF8.self))
            }
        }

        /// Collects datagrams while `process` runs (the queue holds only ~10 unread ones, and a
        /// full queue would block the sender), then the rest after it exits.
        func collect(until process: Process) -> [String] {
            var received: [String] = []
            while process.isRunning {
                received += messages()
                Thread.sleep(forTimeInterval: 0.005)
            }
            process.waitUntilExit()
            return received + messages()
        }

        deinit { close(descriptor) }
    }

    /// READY=1 with STATUS, STATUS, RELOADING=1, READY again and STOPPING=1 arrive in order.
    @Test func lifecycleMessagesArrive() throws {
        let listener = try Listener()
        let (probe, output) = try LoopProbeRunner.start(["notify", "50"], environment: ["NOTIFY_SOCKET": listener.path])
        let messages = listener.collect(until: probe)
        #expect(probe.terminationStatus == 0, "\(LoopProbeRunner.output(output))")
        #expect(messages == [
            "READY=1\nSTATUS=probe ready",
            "STATUS=probe working",
            "RELOADING=1",
            "READY=1\nSTATUS=probe reloaded",
            "STOPPING=1",
        ])
        #expect(LoopProbeRunner.output(output).contains("watchdog false"))
    }

    /// With WATCHDOG_USEC=200ms sd-event pings WATCHDOG=1 every 50–75 % of it (100–150 ms): 6–10 in one second.
    @Test func watchdogPingsAtTheExpectedRate() throws {
        let listener = try Listener()
        let (probe, output) = try LoopProbeRunner.start(["notify", "1000"], environment: ["NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "200000"])
        let messages = listener.collect(until: probe)
        #expect(LoopProbeRunner.output(output).contains("watchdog true"))
        let pings = messages.filter { $0 == "WATCHDOG=1" }.count
        print("watchdog: \(pings) pings in 1 s with WATCHDOG_USEC=200000")
        #expect((6...11).contains(pings))
    }
}
