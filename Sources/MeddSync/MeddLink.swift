public import MeddControl
public import Systemd

/// medd-sync's side of medd's control socket, on the loop and never blocking it: one connection for
/// calls (answered in order) and one for the `Watch` stream, which keeps its connection to itself.
public final class MeddLink: @unchecked Sendable {
    // @unchecked: confined to the loop's thread.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The socket could not be reached, or the connection broke.
        case unreachable(String)
        /// medd answered with a Varlink error.
        case refused(name: String, parameters: [String: JSONValue])

        public var description: String {
            switch self {
            case .unreachable(let reason): reason
            case .refused(let name, let parameters): "\(name) \(JSONValue.object(parameters).prettyText)"
            }
        }

        /// Why medd refused, in words: its `message` when the error carries one, else the error's name
        /// and parameters as `name (key value, …)`.
        public var plainReason: String {
            switch self {
            case .unreachable(let reason): return reason
            case .refused(let name, let parameters):
                if let message = parameters["message"]?.stringValue { return message }
                let member = name.split(separator: ".").last.map(String.init) ?? name
                let details = parameters.keys.sorted().compactMap { key in parameters[key]?.stringValue.map { "\(key) \($0)" } }
                return details.isEmpty ? member : "\(member) (\(details.joined(separator: ", ")))"
            }
        }
    }

    public typealias Reply = Result<[String: JSONValue], Failure>

    private let path: String
    private let loop: EventLoop
    private var calls: Connection?
    private var watch: Connection?

    public init(path: String, loop: EventLoop) {
        self.path = path
        self.loop = loop
    }

    /// Calls `method` of `io.medd.Control`; `reply` runs on the loop with the reply's parameters.
    public func call(_ method: String, _ parameters: [String: JSONValue] = [:], _ reply: @escaping (Reply) -> Void) {
        do throws(Failure) {
            if calls == nil {
                calls = try Connection(path: path, loop: loop, closesWhenAnswered: true) { [weak self] in self?.calls = nil }
            }
            calls?.send(method, parameters, more: false, reply)
        } catch {
            reply(.failure(error))
        }
    }

    /// Follows `Watch`: `change` runs for every state change medd streams; `ended` once when the
    /// stream stops (medd stopped or restarted), after which `watch` may be called again.
    public func watch(_ change: @escaping ([String: JSONValue]) -> Void, ended: @escaping (Failure) -> Void) throws(Failure) {
        watch = nil
        let connection = try Connection(path: path, loop: loop) { [weak self] in self?.watch = nil }
        watch = connection
        connection.send("Watch", [:], more: true) { reply in
            switch reply {
            case .success(let parameters): change(parameters)
            case .failure(let failure): ended(failure)
            }
        }
    }

    /// Both connections closed; pending replies fail.
    public func close() {
        calls?.close(because: "medd-sync is stopping")
        watch?.close(because: "medd-sync is stopping")
    }

    /// One non-blocking connection: a queue of calls waiting for their replies, in order. The calls'
    /// connection closes once every call is answered: medd closes a connection idle for a minute, and
    /// waking it up for that between two rounds would be a wake-up of an idle medd.
    private final class Connection {
        private let stream: StreamConnection
        private var source: LoopSource?
        private var framer = VarlinkFramer(maximumMessageSize: 16 * 1024 * 1024)
        private var outgoing: [UInt8] = []
        private var waiting: [(more: Bool, reply: (Reply) -> Void)] = []
        private let closed: () -> Void
        private let closesWhenAnswered: Bool
        private var isOpen = true

        init(path: String, loop: EventLoop, closesWhenAnswered: Bool = false, closed: @escaping () -> Void) throws(Failure) {
            self.closed = closed
            self.closesWhenAnswered = closesWhenAnswered
            let address: SocketAddress
            do {
                address = try SocketAddress(path: path)
            } catch {
                throw .unreachable("cannot connect to medd at \(path): \(error)")
            }
            do throws(SystemError) {
                stream = try StreamConnection.connect(to: address)
                try StreamConnection.setNonBlocking(stream.descriptor)
                source = try loop.addIO(descriptor: stream.descriptor, events: .readable) { [unowned self] events in
                    self.ready(events)
                }
            } catch {
                throw .unreachable("cannot connect to medd at \(path): \(error.reason)")
            }
        }

        func send(_ method: String, _ parameters: [String: JSONValue], more: Bool, _ reply: @escaping (Reply) -> Void) {
            var message: [String: JSONValue] = ["method": .string("io.medd.Control." + method), "parameters": .object(parameters)]
            if more { message["more"] = .bool(true) }
            outgoing += JSONValue.object(message).serialized + [0]
            waiting.append((more, reply))
            flush()
        }

        private func ready(_ events: IOEvents) {
            if events.contains(.writable) { flush() }
            guard isOpen, events.contains(.readable) || events.contains(.hangUp) || events.contains(.error) else { return }
            while isOpen {
                switch stream.read(limit: 64 * 1024) {
                case .bytes(let bytes):
                    framer.append(bytes)
                    deliver()
                case .wouldBlock:
                    return
                case .endOfStream:
                    return close(because: "medd closed the connection")
                }
            }
        }

        private func deliver() {
            while isOpen {
                let message: [UInt8]
                do {
                    guard let next = try framer.nextMessage() else { return }
                    message = next
                } catch {
                    return close(because: "medd sent a message that is too large")
                }
                guard let reply = (try? JSONParser.parse(message))?.objectValue, !waiting.isEmpty else {
                    return close(because: "medd sent something that is not a reply")
                }
                let parameters = reply["parameters"]?.objectValue ?? [:]
                let continues = reply["continues"]?.boolValue ?? false
                let handler = waiting[0].reply
                if !continues { waiting.removeFirst() }
                if let error = reply["error"]?.stringValue {
                    handler(.failure(.refused(name: error, parameters: parameters)))
                } else {
                    handler(.success(parameters))
                }
                // The handler may have made the next call on this connection already.
                if closesWhenAnswered, waiting.isEmpty, outgoing.isEmpty { return close(because: "every call answered") }
            }
        }

        private func flush() {
            while isOpen, !outgoing.isEmpty {
                guard let sent = stream.write(outgoing[...]) else { return close(because: "medd closed the connection") }
                if sent == 0 { break }
                outgoing.removeFirst(sent)
            }
            source?.setIOEvents(outgoing.isEmpty ? .readable : [.readable, .writable])
        }

        func close(because reason: String) {
            guard isOpen else { return }
            isOpen = false
            source = nil
            stream.close()
            let pending = waiting
            waiting = []
            closed()
            for entry in pending { entry.reply(.failure(.unreachable(reason))) }
        }
    }
}
