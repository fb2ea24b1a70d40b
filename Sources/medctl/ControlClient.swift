import Glibc
import MeddControl

/// One blocking Varlink connection to medd's control socket.
final class ControlClient {
    let path: String
    private let descriptor: Int32
    private var framer = VarlinkFramer(maximumMessageSize: 256 * 1024 * 1024)

    init(path: String) throws(ClientError) {
        self.path = path
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.utf8.count < capacity else { throw .unreachable(path: path, reason: "the path is longer than \(capacity - 1) bytes") }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: path.utf8)
            buffer[path.utf8.count] = 0
        }
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .unreachable(path: path, reason: Self.lastError()) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let reason = Self.lastError()
            close(descriptor)
            throw .unreachable(path: path, reason: reason)
        }
    }

    deinit { close(descriptor) }

    /// Calls `method` (`io.medd.Control.` is prepended to a bare name) and returns the reply's parameters.
    func call(_ method: String, _ parameters: [String: JSONValue] = [:]) throws(ClientError) -> [String: JSONValue] {
        try send(method, parameters, more: false)
        return try receive().parameters
    }

    /// Calls `method` with `more: true` and hands each reply's parameters to `each` until the
    /// daemon stops streaming or `each` returns false.
    func stream(_ method: String, _ parameters: [String: JSONValue] = [:],
                _ each: ([String: JSONValue]) throws(ClientError) -> Bool) throws(ClientError) {
        try send(method, parameters, more: true)
        while true {
            let reply = try receive()
            guard try each(reply.parameters), reply.continues else { return }
        }
    }

    private func send(_ method: String, _ parameters: [String: JSONValue], more: Bool) throws(ClientError) {
        var message: [String: JSONValue] = [
            "method": .string(method.contains(".") ? method : "io.medd.Control." + method),
            "parameters": .object(parameters),
        ]
        if more { message["more"] = .bool(true) }
        var bytes = JSONValue.object(message).serialized
        bytes.append(0)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .protocolFailure(path: path, reason: "sending: \(Self.lastError())")
            }
            offset += written
        }
    }

    private func receive() throws(ClientError) -> (parameters: [String: JSONValue], continues: Bool) {
        let message = try nextMessage()
        let value: JSONValue
        do {
            value = try JSONParser.parse(message)
        } catch {
            throw .protocolFailure(path: path, reason: "the reply is not JSON (\(error))")
        }
        guard let reply = value.objectValue else { throw .protocolFailure(path: path, reason: "the reply is not an object") }
        let parameters = reply["parameters"]?.objectValue ?? [:]
        if let error = reply["error"]?.stringValue { throw .daemon(name: error, parameters: parameters) }
        return (parameters, reply["continues"]?.boolValue ?? false)
    }

    private func nextMessage() throws(ClientError) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            do {
                if let message = try framer.nextMessage() { return message }
            } catch {
                throw .protocolFailure(path: path, reason: "\(error)")
            }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .protocolFailure(path: path, reason: "reading: \(Self.lastError())")
            }
            if count == 0 { throw .protocolFailure(path: path, reason: "medd closed the connection (did it stop?)") }
            framer.append(chunk[..<count])
        }
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
