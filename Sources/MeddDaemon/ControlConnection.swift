import MeddControl
import Systemd

/// One client of the control socket: NUL-framed calls in, replies out, perhaps a `Watch` stream.
final class ControlConnection: @unchecked Sendable {
    // @unchecked: confined to the loop thread.
    /// What the daemon does with one control call.
    enum Response {
        /// Send this NUL-terminated message (unless the call was `oneway`).
        case reply([UInt8])
        /// Send the reply in the pieces `next` makes (a long list), each asked for once less than
        /// `streamAhead` bytes wait to be sent, so a slow reader never makes the daemon hold the whole
        /// reply; nil ends it. The connection handles no further call until then. Nothing for a
        /// `oneway` call.
        case stream(_ next: () -> [UInt8]?)
        /// Keep the connection and stream a reply for every state change from now on.
        case watch
        /// The reply comes later, through `ControlConnection.deliver` (an answer waiting for its
        /// commit); the connection handles no further call until then, so replies stay in order.
        case deferred
    }

    /// A client that stops reading a watch stream is dropped once this much output is waiting.
    static let maximumPendingOutput = 4 * 1024 * 1024
    /// How much of a streamed reply may wait to be sent before the next piece is made: the next is made while
    /// the reader takes the last, rather than after.
    static let streamAhead = 256 * 1024

    let stream: StreamConnection
    private(set) var isWatching = false
    /// Real-time microseconds of the last message, for the idle timeout.
    private(set) var lastActivity: UInt64
    private var framer = VarlinkFramer()
    private var output: [UInt8] = []
    /// Bytes of `output` before this index are written already.
    private var outputStart = 0
    private var inputClosed = false
    private var closed = false
    private var source: LoopSource?
    /// A call's reply is deferred: later calls wait in the framer.
    private var awaitingReply = false
    private var awaitingOneway = false
    /// The rest of a reply being sent in pieces (`Response.stream`).
    private var streaming: (() -> [UInt8]?)?
    /// Watch events that came while a reply went out in pieces: they follow its last piece, so no
    /// event lands inside the reply.
    private var eventsAfterStream: [[UInt8]] = []
    private var eventsAfterStreamBytes = 0
    private let dispatch: (VarlinkCall, ControlConnection) -> Response
    private let onClose: (ControlConnection) -> Void
    /// What the calls made on this connection left to do when it closes (`whenClosed`).
    private var closeHandlers: [() -> Void] = []

    init(stream: StreamConnection, dispatch: @escaping (VarlinkCall, ControlConnection) -> Response,
         onClose: @escaping (ControlConnection) -> Void) {
        self.stream = stream
        self.dispatch = dispatch
        self.onClose = onClose
        lastActivity = EventLoop.wallClockUsec()
    }

    func start(on loop: EventLoop) throws(SystemError) {
        source = try loop.addIO(descriptor: stream.descriptor, events: .readable) { [unowned self] events in
            self.ready(events)
        }
        source?.describe("medd-control-client")
    }

    /// Queues one message for the client and writes what the socket takes now.
    func send(_ message: [UInt8]) {
        guard !closed else { return }
        if output.isEmpty { output = message } else { output += message }
        flushOutput()
    }

    /// Sends a watch event now, or after the reply being streamed.
    func sendEvent(_ message: [UInt8]) {
        guard !closed else { return }
        guard streaming != nil else { return send(message) }
        eventsAfterStream.append(message)
        eventsAfterStreamBytes += message.count
        if eventsAfterStreamBytes > Self.maximumPendingOutput { close() }
    }

    /// Sends the reply of the deferred call, then handles the calls that arrived meanwhile.
    func deliver(_ reply: [UInt8]) {
        guard awaitingReply else { return }
        awaitingReply = false
        if !awaitingOneway { send(reply) }
        processMessages()
    }

    func close() {
        guard !closed else { return }
        closed = true
        source?.cancel()
        source = nil
        stream.close()
        onClose(self)
        let handlers = closeHandlers
        closeHandlers = []
        for handler in handlers { handler() }
    }

    /// Runs `body` once the connection closes (at once if it has): the end of what a call handed
    /// the client, such as a backup copy.
    func whenClosed(_ body: @escaping () -> Void) {
        if closed { body() } else { closeHandlers.append(body) }
    }

    /// Work going on for the call it waits on counts as activity: it is not idle.
    func noteActivity() {
        lastActivity = EventLoop.wallClockUsec()
    }

    private func ready(_ events: IOEvents) {
        if !events.isDisjoint(with: [.error, .hangUp]), inputClosed || !events.contains(.readable) {
            close()
            return
        }
        if events.contains(.writable) {
            flushOutput()
            if continueStream() { processMessages() }
        }
        if !closed, !inputClosed, !events.subtracting(.writable).isEmpty { readInput() }
    }

    private func readInput() {
        while !closed, !inputClosed {
            switch stream.read() {
            case .bytes(let bytes):
                framer.append(bytes)
                processMessages()
            case .wouldBlock:
                return
            case .endOfStream:
                inputClosed = true
                flushOutput()
            }
        }
    }

    /// Makes pieces of the streamed reply while less than `streamAhead` bytes wait; true when the stream
    /// just ended (the calls that arrived meanwhile may go on).
    private func continueStream() -> Bool {
        while let next = streaming, !closed, output.count - outputStart < Self.streamAhead {
            guard let piece = next() else {
                streaming = nil
                let events = eventsAfterStream
                eventsAfterStream = []
                eventsAfterStreamBytes = 0
                for event in events { send(event) }
                flushOutput()  // settles what the connection waits for now, or closes it
                return true
            }
            send(piece)
        }
        return false
    }

    private func processMessages() {
        while !closed, !awaitingReply, streaming == nil {
            let message: [UInt8]
            do {
                guard let next = try framer.nextMessage() else { return }
                message = next
            } catch {
                // Over the size limit without a NUL: nothing sensible can follow on this stream.
                close()
                return
            }
            lastActivity = EventLoop.wallClockUsec()
            let call: VarlinkCall
            do {
                call = try VarlinkCall(message: message)
            } catch {
                guard let reply = error.reply else {
                    // Not JSON or not a call at all: there is no method to answer.
                    close()
                    return
                }
                send(VarlinkReply.error(reply))
                continue
            }
            switch dispatch(call, self) {
            case .reply(let reply):
                if !call.oneway { send(reply) }
            case .stream(let next):
                guard !call.oneway else { break }
                streaming = next
                _ = continueStream()
            case .watch:
                isWatching = true
            case .deferred:
                awaitingReply = true
                awaitingOneway = call.oneway
            }
        }
    }

    private func flushOutput() {
        guard !closed else { return }
        if outputStart < output.count {
            guard let written = stream.write(output[outputStart...]) else {
                close()
                return
            }
            outputStart += written
            // A reader taking a long reply slowly is not idle.
            if written > 0 { lastActivity = EventLoop.wallClockUsec() }
            if outputStart == output.count {
                output = []
                outputStart = 0
            } else if outputStart >= 64 * 1024 {
                // A reader that never quite catches up: drop the written part now and then.
                output.removeFirst(outputStart)
                outputStart = 0
            }
        }
        if output.count - outputStart > Self.maximumPendingOutput {
            close()
            return
        }
        if output.isEmpty {
            // A watcher that shut its sending side still reads the stream; anyone else is done once
            // its last reply is out.
            if inputClosed, !isWatching, !awaitingReply, streaming == nil { close() } else { source?.setIOEvents(inputClosed ? [] : .readable) }
        } else {
            source?.setIOEvents(inputClosed ? .writable : [.readable, .writable])
        }
    }
}
