import Logging
import MeddControl
import Systemd

/// The Varlink server on the control socket: accepts clients of the owner's UID, enforces the
/// connection limit and the idle timeout, and streams state changes to watchers.
final class ControlServer: @unchecked Sendable {
    // @unchecked: confined to the loop thread.
    static let connectionLimit = 64
    /// A connection with no message for this long is closed (watchers excepted).
    static let idleTimeoutUsec: UInt64 = 60_000_000

    let socket: ListeningSocket
    private let loop: EventLoop
    private let log: Logger
    private let dispatch: (VarlinkCall, ControlConnection) -> ControlConnection.Response
    private var connections: [ObjectIdentifier: ControlConnection] = [:]
    private var acceptSource: LoopSource?
    private var idleTimer: WakeTimer?
    private var refusedAtLimit = false

    init(socket: ListeningSocket, loop: EventLoop, log: Logger, dispatch: @escaping (VarlinkCall, ControlConnection) -> ControlConnection.Response) {
        self.socket = socket
        self.loop = loop
        self.log = log
        self.dispatch = dispatch
    }

    func start() throws(SystemError) {
        try StreamConnection.setNonBlocking(socket.descriptor)
        acceptSource = try loop.addIO(descriptor: socket.descriptor) { [unowned self] _ in self.acceptPending() }
        acceptSource?.describe("medd-control-accept")
        idleTimer = WakeTimer(loop: loop) { [unowned self] _ in self.closeIdleConnections() }
    }

    var watcherCount: Int { connections.values.filter(\.isWatching).count }

    /// Sends `message` to every connection that called `Watch`.
    func broadcast(_ message: [UInt8]) {
        for connection in connections.values where connection.isWatching {
            connection.sendEvent(message)
        }
    }

    func stop() {
        acceptSource?.cancel()
        for connection in Array(connections.values) { connection.close() }
        try? idleTimer?.arm(atRealtimeUsec: nil)
    }

    private func acceptPending() {
        while true {
            let stream: StreamConnection
            do {
                guard let accepted = try StreamConnection.accept(on: socket.descriptor) else { return }
                stream = accepted
            } catch {
                log.error("control socket: \(error)")
                return
            }
            admit(stream)
        }
    }

    private func admit(_ stream: StreamConnection) {
        guard connections.count < Self.connectionLimit else {
            if !refusedAtLimit {
                log.warning("control socket: \(Self.connectionLimit) clients connected; refusing more until some leave")
                refusedAtLimit = true
            }
            stream.close()
            return
        }
        refusedAtLimit = false
        let permitted = stream.peerUID == StreamConnection.ownUID
        if !permitted {
            log.warning("control socket: a client of UID \(stream.peerUID) is refused; only UID \(StreamConnection.ownUID) is served")
        }
        let connection = ControlConnection(stream: stream, dispatch: { [unowned self] call, connection in
            // Another user's client learns why each call fails, and nothing of the daemon's state.
            guard permitted else { return .reply(VarlinkReply.error(VarlinkError(name: "org.varlink.service.PermissionDenied"))) }
            let response = self.dispatch(call, connection)
            self.rearmIdleTimer()
            return response
        }, onClose: { [unowned self] closed in
            self.connections[ObjectIdentifier(closed)] = nil
            self.rearmIdleTimer()
        })
        connections[ObjectIdentifier(connection)] = connection
        do {
            try connection.start(on: loop)
        } catch {
            log.error("control socket: cannot watch a client: \(error)")
            connection.close()
        }
        rearmIdleTimer()
    }

    private func closeIdleConnections() {
        let cutoff = EventLoop.wallClockUsec() - Self.idleTimeoutUsec
        for connection in Array(connections.values) where !connection.isWatching && connection.lastActivity <= cutoff {
            connection.close()
        }
        rearmIdleTimer()
    }

    /// Arms the idle timer for the connection that goes idle first; disarmed with no connections.
    private func rearmIdleTimer() {
        let oldest = connections.values.filter { !$0.isWatching }.map(\.lastActivity).min()
        try? idleTimer?.arm(atRealtimeUsec: oldest.map { $0 + Self.idleTimeoutUsec })
    }
}
