import MeddControl
import MeddCore
import Systemd

/// One blocking Varlink connection to medd's control socket.
final class ControlClient {
    let path: String
    private let connection: StreamConnection
    private var framer = VarlinkFramer(maximumMessageSize: 256 * 1024 * 1024)

    init(path: String) throws(ClientError) {
        self.path = path
        let address: SocketAddress
        do {
            address = try SocketAddress(path: path)
        } catch {
            // SocketAddress refuses only an empty path and one longer than an address holds.
            throw .unreachable(path: path, reason: path.isEmpty ? error.description
                                                : tr("the path is longer than %1$d bytes", String(SocketAddress.longestPath)))
        }
        do {
            connection = try StreamConnection.connect(to: address)
        } catch {
            throw .unreachable(path: path, reason: error.reason)
        }
    }

    /// Calls `method` (`io.medd.Control.` is prepended to a bare name) and returns the reply's parameters.
    func call(_ method: String, _ parameters: [String: JSONValue] = [:]) throws(ClientError) -> [String: JSONValue] {
        try send(method, parameters, more: false)
        return try receive().parameters
    }

    /// Calls `method` with `more: true` and hands each reply's parameters to `each` until the
    /// daemon stops streaming or `each` returns false.
    func stream(_ method: String, _ parameters: [String: JSONValue] = [:],
                _ each: ([String: JSONValue]) throws(ClientError) -> Bool) throws(ClientError) {
        try stream(method, parameters, parsing: { message throws(JSONParseError) in try JSONParser.parse(message) }, each)
    }

    /// Calls `method` with `more: true` and hands `element` each object of each reply's `parameters.<list>`
    /// as it is read, without building it; `replied` follows each reply, until the daemon stops streaming
    /// or `replied` returns false.
    func stream(_ method: String, _ parameters: [String: JSONValue], list: String, element: (JSONParser.RawObject) -> Void,
                replied: () -> Bool) throws(ClientError) {
        try stream(method, parameters, parsing: { message throws(JSONParseError) in
            try JSONParser.parse(message, streaming: ["parameters", list], element: element)
        }) { _ in replied() }
    }

    /// Calls `method` with `more: true`, reads each reply with `parse` and hands its parameters to `each`, until
    /// the daemon stops streaming or `each` returns false.
    private func stream(_ method: String, _ parameters: [String: JSONValue], parsing parse: ([UInt8]) throws(JSONParseError) -> JSONValue,
                        _ each: ([String: JSONValue]) throws(ClientError) -> Bool) throws(ClientError) {
        try send(method, parameters, more: true)
        while true {
            let reply = try receive(parsing: parse)
            guard try each(reply.parameters), reply.continues else { return }
        }
    }

    private func send(_ method: String, _ parameters: [String: JSONValue], more: Bool) throws(ClientError) {
        var message: [String: JSONValue] = [
            "method": .string(method.contains("." as Character) ? method : "io.medd.Control." + method),
            "parameters": .object(parameters),
        ]
        if more { message["more"] = .bool(true) }
        var bytes = JSONValue.object(message).serialized
        bytes.append(0)
        do {
            try connection.send(all: bytes)
        } catch {
            // TRANSLATORS: sending a call to medd failed; %1$s is why (from the system).
            throw .protocolFailure(path: path, reason: tr("sending: %1$s", error.reason))
        }
    }

    private func receive(
        parsing parse: ([UInt8]) throws(JSONParseError) -> JSONValue = { message throws(JSONParseError) in try JSONParser.parse(message) }
    ) throws(ClientError) -> (parameters: [String: JSONValue], continues: Bool) {
        let message = try nextMessage()
        let value: JSONValue
        do {
            value = try parse(message)
        } catch {
            throw .protocolFailure(path: path, reason: tr("the reply is not JSON (%1$s)", "\(error)"))
        }
        guard let reply = value.objectValue else { throw .protocolFailure(path: path, reason: tr("the reply is not an object")) }
        let parameters = reply["parameters"]?.objectValue ?? [:]
        if let error = reply["error"]?.stringValue { throw .daemon(name: error, parameters: parameters) }
        return (parameters, reply["continues"]?.boolValue ?? false)
    }

    private func nextMessage() throws(ClientError) -> [UInt8] {
        while true {
            do {
                if let message = try framer.nextMessage() { return message }
            } catch {
                throw .protocolFailure(path: path, reason: "\(error)")
            }
            let bytes: [UInt8]
            do {
                bytes = try connection.receive()
            } catch {
                // TRANSLATORS: reading medd's reply failed; %1$s is why (from the system).
                throw .protocolFailure(path: path, reason: tr("reading: %1$s", error.reason))
            }
            if bytes.isEmpty { throw .protocolFailure(path: path, reason: tr("medd closed the connection (did it stop?)")) }
            framer.append(bytes)
        }
    }
}
