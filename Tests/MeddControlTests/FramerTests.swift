import Testing
import MeddControl

/// Splitting a byte stream into NUL-terminated messages.
@Suite struct FramerTests {
    static let stream: [UInt8] = Array(#"{"method":"io.medd.Control.Status"}"#.utf8) + [0]
        + Array(#"{"method":"io.medd.Control.Reload","parameters":{}}"#.utf8) + [0]

    static func drain(_ framer: inout VarlinkFramer) throws -> [[UInt8]] {
        var messages: [[UInt8]] = []
        while let message = try framer.nextMessage() { messages.append(message) }
        return messages
    }

    /// Two messages come out the same wherever the stream is split in two.
    @Test func splitAtEveryPosition() throws {
        let expected = Self.stream.split(separator: 0, omittingEmptySubsequences: false).dropLast().map(Array.init)
        for cut in 0...Self.stream.count {
            var framer = VarlinkFramer()
            framer.append(Self.stream[..<cut])
            var messages = try Self.drain(&framer)
            framer.append(Self.stream[cut...])
            messages += try Self.drain(&framer)
            #expect(messages == expected, "cut at \(cut)")
            #expect(framer.bufferedCount == 0)
        }
    }

    /// Feeding one byte per read yields the same messages.
    @Test func oneByteReads() throws {
        var framer = VarlinkFramer()
        var messages: [[UInt8]] = []
        for byte in Self.stream {
            framer.append([byte])
            messages += try Self.drain(&framer)
        }
        #expect(messages.count == 2)
    }

    /// A hundred messages in one read all come out, in order.
    @Test func manyMessagesInOneRead() throws {
        var chunk: [UInt8] = []
        for index in 0..<100 { chunk += Array("\(index)".utf8) + [0] }
        var framer = VarlinkFramer()
        framer.append(chunk)
        let messages = try Self.drain(&framer)
        #expect(messages.map { String(decoding: $0, as: UTF8.self) } == (0..<100).map(String.init))
    }

    /// A lone NUL is an empty message.
    @Test func emptyMessage() throws {
        var framer = VarlinkFramer()
        framer.append([0, 0])
        #expect(try Self.drain(&framer) == [[], []])
    }

    /// A message of exactly the limit passes; one byte more fails, with or without its NUL.
    @Test func exactLimitAndOver() throws {
        var framer = VarlinkFramer(maximumMessageSize: 16)
        framer.append([UInt8](repeating: 0x41, count: 16) + [0])
        #expect(try framer.nextMessage()?.count == 16)

        var over = VarlinkFramer(maximumMessageSize: 16)
        over.append([UInt8](repeating: 0x41, count: 17) + [0])
        #expect(throws: VarlinkFrameError.messageTooLarge(limit: 16)) { try over.nextMessage() }

        var unterminated = VarlinkFramer(maximumMessageSize: 16)
        unterminated.append([UInt8](repeating: 0x41, count: 16))
        #expect(try unterminated.nextMessage() == nil)
        unterminated.append([0x41])
        #expect(throws: VarlinkFrameError.messageTooLarge(limit: 16)) { try unterminated.nextMessage() }
        #expect(throws: VarlinkFrameError.messageTooLarge(limit: 16)) { try unterminated.nextMessage() }
    }

    /// 1 MiB without a NUL fails at the default limit and never buffers more than limit + one read.
    @Test func mebibyteWithoutNUL() throws {
        var framer = VarlinkFramer()
        let read = [UInt8](repeating: 0x20, count: 4096)
        var failedAfter: Int?
        for count in 1...256 {
            framer.append(read)
            #expect(framer.bufferedCount <= VarlinkFramer.defaultMaximumMessageSize + read.count)
            do {
                _ = try framer.nextMessage()
            } catch {
                failedAfter = count
                break
            }
        }
        #expect(failedAfter == 17)
        #expect(framer.bufferedCount == 0)
        framer.append(read)
        #expect(framer.bufferedCount == 0)
    }

    /// Consumed bytes are released, so a long stream of small messages stays small.
    @Test func longStreamStaysBounded() throws {
        var framer = VarlinkFramer(maximumMessageSize: 64)
        for _ in 0..<10_000 {
            framer.append(Array("{\"a\":1}".utf8) + [0] + Array("{\"b\"".utf8))
            _ = try Self.drain(&framer)
            framer.append(Array(":2}".utf8) + [0])
            _ = try Self.drain(&framer)
            #expect(framer.bufferedCount == 0)
        }
    }
}
