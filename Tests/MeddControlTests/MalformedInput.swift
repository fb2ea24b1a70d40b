import Testing
import MeddControl

/// One hostile message and the error it must produce.
struct MalformedInput: CustomTestStringConvertible, Sendable {
    enum Outcome: Hashable, Sendable {
        case frame(VarlinkFrameError)
        case decode(VarlinkDecodeError)
    }

    var name: String
    /// The stream as sent; a NUL is appended unless `terminated` is false.
    var bytes: [UInt8]
    var terminated = true
    var expected: Outcome

    var testDescription: String { name }

    init(_ name: String, _ text: String, _ expected: VarlinkDecodeError) {
        self.name = name
        self.bytes = Array(text.utf8)
        self.expected = .decode(expected)
    }

    init(_ name: String, bytes: [UInt8], terminated: Bool = true, _ expected: Outcome) {
        self.name = name
        self.bytes = bytes
        self.terminated = terminated
        self.expected = expected
    }

    /// Runs the stream through a framer and the decoder; the first error, or nil if all passed.
    func run() -> Outcome? {
        var framer = VarlinkFramer()
        framer.append(terminated ? bytes + [0] : bytes)
        do {
            while let message = try framer.nextMessage() {
                do {
                    _ = try ControlRequest(VarlinkCall(message: message))
                } catch {
                    return .decode(error)
                }
            }
        } catch {
            return .frame(error)
        }
        return nil
    }
}
