import Foundation
import Glibc
@testable import Systemd
import Testing

/// The control socket: passed by `systemd-socket-activate`, bound by us, stale, or in use.
@Suite struct SocketActivationTests {
    static let activator = ["/usr/bin/systemd-socket-activate", "/lib/systemd/systemd-socket-activate"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    static let available: Bool = {
        if activator == nil { print("WARNING: systemd-socket-activate not found: the socket activation test is SKIPPED") }
        return activator != nil
    }()

    /// Connects to a unix socket and returns what the other end wrote, or nil when nothing answers.
    static func greet(_ path: String) -> String? {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        guard var address = try? SocketAddress(path: path) else { return nil }
        let connected = address.withSockaddr { connect(descriptor, $0, $1) }
        guard connected == 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(descriptor, &buffer, buffer.count)
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : nil
    }

    static func waitForSocket(_ path: String) -> Bool {
        for _ in 0..<500 {
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFSOCK { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    /// Under systemd-socket-activate the probe serves the descriptor it was passed.
    @Test(.enabled(if: available)) func servesThePassedDescriptor() throws {
        let path = LoopProbeRunner.temporaryPath("control.sock")
        let (activator, output) = try LoopProbeRunner.start(["-l", path, LoopProbeRunner.binary, "socket", path],
                                                            executable: Self.activator!)
        defer { activator.terminate(); activator.waitUntilExit() }
        #expect(Self.waitForSocket(path))
        #expect(Self.greet(path) == "hello from loop-probe\n")
        #expect(LoopProbeRunner.waitFor("activated", in: output))
    }

    /// Bound by us, the socket is 0600 in a 0700 directory and answers.
    @Test func bindsWithPrivatePermissions() throws {
        let path = LoopProbeRunner.temporaryPath("medd/control.sock")
        let (probe, output) = try LoopProbeRunner.start(["socket", path])
        defer { probe.terminate(); probe.waitUntilExit() }
        #expect(LoopProbeRunner.waitFor("bound", in: output))
        var socketInfo = stat()
        var directoryInfo = stat()
        #expect(stat(path, &socketInfo) == 0)
        #expect(stat((path as NSString).deletingLastPathComponent, &directoryInfo) == 0)
        #expect(socketInfo.st_mode & 0o777 == 0o600)
        #expect(directoryInfo.st_mode & 0o777 == 0o700)
        #expect(Self.greet(path) == "hello from loop-probe\n")
    }

    /// A socket file nobody answers on is stale: it is replaced.
    @Test func replacesAStaleSocket() throws {
        let path = LoopProbeRunner.temporaryPath("control.sock")
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = try SocketAddress(path: path)
        _ = address.withSockaddr { bind(stale, $0, $1) }
        close(stale)
        #expect(Self.waitForSocket(path))
        let (probe, output) = try LoopProbeRunner.start(["socket", path])
        defer { probe.terminate(); probe.waitUntilExit() }
        #expect(LoopProbeRunner.waitFor("bound", in: output))
        #expect(Self.greet(path) == "hello from loop-probe\n")
    }

    /// A socket another process answers on is refused with a message saying so; the first keeps serving.
    @Test func refusesASocketInUse() throws {
        let path = LoopProbeRunner.temporaryPath("control.sock")
        let (first, firstOutput) = try LoopProbeRunner.start(["socket", path])
        defer { first.terminate(); first.waitUntilExit() }
        #expect(LoopProbeRunner.waitFor("bound", in: firstOutput))
        let (second, secondOutput) = try LoopProbeRunner.start(["socket", path])
        second.waitUntilExit()
        #expect(second.terminationStatus == 1)
        #expect(LoopProbeRunner.output(secondOutput) == "loop-probe: another process is already answering on \(path); is medd already running? (`medctl status`)\n")
        #expect(Self.greet(path) == "hello from loop-probe\n")
    }
}
