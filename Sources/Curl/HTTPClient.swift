import CCurl
import Glibc
public import Systemd

/// HTTP through libcurl's multi interface, driven by the sd-event loop: libcurl tells which sockets to
/// watch (`CURLMOPT_SOCKETFUNCTION`) and when to wake it (`CURLMOPT_TIMERFUNCTION`); the loop hands the
/// readiness back. No request ever blocks the loop or another request.
public final class HTTPClient: @unchecked Sendable {
    // @unchecked: confined to the loop's thread, like the loop; libcurl's multi handle is not thread-safe.
    private let loop: EventLoop
    private let multi: UnsafeMutableRawPointer
    private var sockets: [Int32: LoopSource] = [:]
    private var timer: LoopSource?
    private var failedSockets: [Int32] = []
    private var failedSocketTimer: LoopSource?
    private var transfers: [ObjectIdentifier: Transfer] = [:]
    private let userAgent: String

    /// Requests still under way.
    public var activeTransfers: Int { transfers.count }

    public init(loop: EventLoop, userAgent: String) throws(HTTPError) {
        guard Self.globalInit == CURLE_OK, let multi = curl_multi_init() else { throw .failed("libcurl could not be initialised") }
        self.loop = loop
        self.multi = multi
        self.userAgent = userAgent
        let me = Unmanaged.passUnretained(self).toOpaque()
        medd_curl_multi_setopt_pointer(multi, CURLMOPT_SOCKETDATA, me)
        medd_curl_multi_setopt_pointer(multi, CURLMOPT_TIMERDATA, me)
        medd_curl_multi_setopt_socket_callback(multi) { _, socket, what, userdata, _ in
            Unmanaged<HTTPClient>.fromOpaque(userdata!).takeUnretainedValue().watch(socket, what)
            return 0
        }
        medd_curl_multi_setopt_timer_callback(multi) { _, milliseconds, userdata in
            Unmanaged<HTTPClient>.fromOpaque(userdata!).takeUnretainedValue().wake(in: milliseconds)
            return 0
        }
    }

    deinit {
        for transfer in transfers.values { transfer.detach(from: multi) }
        sockets.removeAll()
        timer = nil
        curl_multi_cleanup(multi)
    }

    /// `curl_global_init` once, before the first handle; libcurl asks for it before any thread starts.
    private static let globalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    /// Starts `request`; `completion` runs on the loop with the response or the reason there is none
    /// (at once, before this returns, for a request libcurl refuses to start).
    /// The returned handle cancels the request (and its completion) when `cancel()` is called.
    @discardableResult
    public func send(_ request: HTTPRequest, _ completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) -> Cancellation {
        start({ () throws(HTTPError) in try Transfer(request, userAgent: userAgent, completion: completion) }, completion)
    }

    private func start(_ make: () throws(HTTPError) -> Transfer, _ completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) -> Cancellation {
        let transfer: Transfer
        do {
            transfer = try make()
        } catch {
            completion(.failure(error))
            return Cancellation {}
        }
        let key = ObjectIdentifier(transfer)
        transfers[key] = transfer
        guard curl_multi_add_handle(multi, transfer.easy) == CURLM_OK else {
            transfers[key] = nil
            completion(.failure(.failed("libcurl refused the request")))
            return Cancellation {}
        }
        return Cancellation { [weak self, weak transfer] in
            guard let self, let transfer, self.transfers.removeValue(forKey: ObjectIdentifier(transfer)) != nil else { return }
            transfer.detach(from: self.multi)
        }
    }

    /// Submits `mail` over SMTP on the loop, as `send(_:_:)` makes a request; the response's status is
    /// the server's last reply code.
    @discardableResult
    public func send(mail: MailRequest, _ completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) -> Cancellation {
        start({ () throws(HTTPError) in try Transfer(mail, userAgent: userAgent, completion: completion) }, completion)
    }

    /// Ends a request early; its completion never runs.
    public struct Cancellation {
        private let body: () -> Void

        init(_ body: @escaping () -> Void) { self.body = body }

        public func cancel() { body() }
    }

    private func watch(_ socket: curl_socket_t, _ what: Int32) {
        // Always a fresh source: libcurl may have closed the descriptor and opened another under the same
        // number since it last spoke of it, and epoll forgets a closed descriptor, so changing the old
        // source's events would watch nothing.
        sockets[socket] = nil
        guard what != CURL_POLL_REMOVE else { return }
        var events: IOEvents = []
        if what & CURL_POLL_IN != 0 { events.insert(.readable) }
        if what & CURL_POLL_OUT != 0 { events.insert(.writable) }
        do {
            sockets[socket] = try loop.addIO(descriptor: socket, events: events) { [unowned self] ready in
                var mask: Int32 = 0
                if ready.contains(.readable) || ready.contains(.hangUp) { mask |= CURL_CSELECT_IN }
                if ready.contains(.writable) { mask |= CURL_CSELECT_OUT }
                if ready.contains(.error) { mask |= CURL_CSELECT_ERR }
                self.act(on: socket, mask)
            }
        } catch {
            // The loop refused the descriptor: on the next turn (never from inside libcurl's callback),
            // libcurl is told the socket failed, so its transfer ends with an error instead of waiting.
            failedSockets.append(socket)
            failedSocketTimer = try? loop.addTimer(atRealtimeUsec: 0) { [unowned self] _ in
                let failed = self.failedSockets
                self.failedSockets = []
                for socket in failed { self.act(on: socket, CURL_CSELECT_ERR) }
            }
        }
    }

    private func wake(in milliseconds: Int) {
        timer = nil
        guard milliseconds >= 0 else { return }
        let at = EventLoop.wallClockUsec() + UInt64(milliseconds) * 1000
        timer = try? loop.addTimer(atRealtimeUsec: at, accuracyUsec: 1000) { [unowned self] _ in
            self.timer = nil
            self.act(on: CURL_SOCKET_TIMEOUT, 0)
        }
    }

    private func act(on socket: curl_socket_t, _ mask: Int32) {
        var running: Int32 = 0
        curl_multi_socket_action(multi, socket, mask, &running)
        finishDoneTransfers()
    }

    private func finishDoneTransfers() {
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            let result = medd_curl_message_result(message)
            guard let transfer = transfers.values.first(where: { $0.easy == easy }) else { continue }
            transfers[ObjectIdentifier(transfer)] = nil
            transfer.detach(from: multi)
            transfer.complete(result)
        }
    }
}
