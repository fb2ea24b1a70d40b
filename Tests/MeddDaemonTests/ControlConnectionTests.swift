import Glibc
import MeddControl
import Systemd
import Testing
@testable import MeddDaemon

/// One client connection, over a real socket pair on a real sd-event loop: framing, ordering, limits.
@Suite struct ControlConnectionTests {
    /// A connection whose calls are answered by `dispatch`, and the client's end of the socket.
    final class Client {
        let loop: EventLoop
        let connection: ControlConnection
        let peer: Int32
        private(set) var closed = false
        private(set) var calls: [String] = []

        init(_ dispatch: @escaping (VarlinkCall) -> ControlConnection.Response = { _ in .reply(VarlinkReply.parameters([:])) }) throws {
            loop = try EventLoop()
            let pair = try StreamConnection.pair()
            peer = pair.peer
            var seen: [String] = []
            var onClose: () -> Void = {}
            connection = ControlConnection(stream: pair.connection, dispatch: { call, _ in
                seen.append(call.method)
                return dispatch(call)
            }, onClose: { _ in onClose() })
            try connection.start(on: loop)
            onClose = { [unowned self] in self.closed = true }
            callsSeen = { seen }
        }

        private var callsSeen: () -> [String] = { [] }
        var methods: [String] { callsSeen() }

        deinit { Glibc.close(peer) }

        func send(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { Glibc.send(peer, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }

        func call(_ method: String, oneway: Bool = false) -> String {
            #"{"method":"\#(method)"\#(oneway ? #","oneway":true"# : "")}"# + "\0"
        }

        /// Turns the loop until `done` or a second passes.
        func spin(until done: () -> Bool) throws {
            let deadline = EventLoop.wallClockUsec() + 1_000_000
            while !done(), EventLoop.wallClockUsec() < deadline { try loop.runOnce(timeoutUsec: 10_000) }
        }

        /// What the client has received so far, split at NULs; `nil` once the daemon closed its end.
        func receive() -> [String]? {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(peer, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if count > 0 { bytes += buffer[..<count]; continue }
                if count == 0 { return nil }
                break
            }
            return bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Two calls in one write get two replies, in order; a call split over writes gets one.
    @Test func callsAreFramedWhateverTheWrites() throws {
        var number = 0
        let client = try Client { _ in
            number += 1
            return .reply(VarlinkReply.parameters(["n": .integer(number)]))
        }
        client.send(client.call("io.medd.Control.Status") + client.call("io.medd.Control.Medications"))
        let status = client.call("io.medd.Control.Status")
        client.send(String(status.prefix(10)))
        try client.spin { client.methods.count == 2 }
        client.send(String(status.dropFirst(10)))
        try client.spin { client.methods.count == 3 }
        #expect(client.receive() == [#"{"parameters":{"n":1}}"#, #"{"parameters":{"n":2}}"#, #"{"parameters":{"n":3}}"#])
    }

    /// A deferred reply holds back the calls after it: replies leave in the order the calls came.
    @Test func aDeferredReplyKeepsTheOrder() throws {
        let client = try Client { call in
            call.method == "io.medd.Control.Taken" ? .deferred : .reply(VarlinkReply.parameters(["after": .bool(true)]))
        }
        client.send(#"{"method":"io.medd.Control.Taken","parameters":{"dose":"a"}}"# + "\0" + client.call("io.medd.Control.Status"))
        try client.spin { !client.methods.isEmpty }
        try client.loop.runOnce(timeoutUsec: 10_000)
        #expect(client.methods == ["io.medd.Control.Taken"])
        #expect(client.receive() == [])
        client.connection.deliver(VarlinkReply.parameters(["taken": .bool(true)]))
        try client.spin { client.methods.count == 2 }
        #expect(client.receive() == [#"{"parameters":{"taken":true}}"#, #"{"parameters":{"after":true}}"#])
    }

    /// A oneway call is carried out and not answered.
    @Test func onewayCallsGetNoReply() throws {
        let client = try Client()
        client.send(client.call("io.medd.Control.Reload", oneway: true) + client.call("io.medd.Control.Status"))
        try client.spin { client.methods.count == 2 }
        #expect(client.receive() == [#"{"parameters":{}}"#])
    }

    /// A message over the size limit with no NUL in sight ends the connection; nothing is dispatched.
    @Test func anOversizedMessageClosesTheConnection() throws {
        let client = try Client()
        client.send(String(repeating: " ", count: VarlinkFramer.defaultMaximumMessageSize + 1))
        try client.spin { client.closed }
        #expect(client.closed)
        #expect(client.methods.isEmpty)
        #expect(client.receive() == nil)
    }

    /// Bytes that are not a call at all close the connection; a well-formed call with bad parameters
    /// gets an error and the connection stays.
    @Test func garbageClosesAndBadParametersDoNot() throws {
        let bad = try Client()
        bad.send(#"{"parameters":{}}"# + "\0")
        try bad.spin { bad.closed }
        #expect(bad.closed)
        let good = try Client()
        good.send(#"{"method":"io.medd.Control.Snooze","parameters":{"minutes":"ten"}}"# + "\0" + good.call("io.medd.Control.Status"))
        try good.spin { good.methods.count == 1 }
        try good.spin { good.receive().map { $0.count == 2 } ?? false }
        #expect(!good.closed)
    }

    /// A watcher that stops reading is dropped once its backlog passes the limit, not buffered forever.
    @Test func aWatcherThatStopsReadingIsDropped() throws {
        let client = try Client { _ in .watch }
        client.send(#"{"method":"io.medd.Control.Watch","more":true}"# + "\0")
        try client.spin { client.connection.isWatching }
        let chunk = VarlinkReply.parameters(["pad": .string(String(repeating: "x", count: 60_000))], continues: true)
        var sent = 0
        // The socket pair itself buffers a few hundred KiB before the connection has to keep any.
        while !client.closed, sent <= 2 * ControlConnection.maximumPendingOutput {
            client.connection.send(chunk)
            sent += chunk.count
        }
        #expect(client.closed)
    }

    /// A watch event that comes while a reply goes out in pieces follows the reply's last piece
    /// instead of landing inside it.
    @Test func aWatchEventWaitsForTheStreamedReply() throws {
        let pieces = [Array(#"{"parameters":{"pad":""#.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 400_000),
                      [UInt8](repeating: UInt8(ascii: "b"), count: 400_000),
                      Array(#""}}"#.utf8) + [0]]
        let client = try Client { call in
            if call.method == "io.medd.Control.Watch" { return .watch }
            var next = pieces.makeIterator()
            return .stream { next.next() }
        }
        client.send(#"{"method":"io.medd.Control.Watch","more":true}"# + "\0")
        try client.spin { client.connection.isWatching }
        client.send(client.call("io.medd.Control.ListDoses"))
        try client.spin { client.methods.count == 2 }
        let event = VarlinkReply.parameters(["event": .integer(1)], continues: true)
        client.connection.sendEvent(event)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        try client.spin {
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(client.peer, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                guard count > 0 else { break }
                bytes += buffer[..<count]
            }
            return bytes.filter { $0 == 0 }.count >= 2
        }
        let messages = bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(messages.count == 2)
        #expect(messages.first?.hasSuffix(#""}}"#) == true && messages.first?.utf8.count == pieces.joined().count - 1)
        #expect(messages.last == String(decoding: event.dropLast(), as: UTF8.self))
    }
}
