// libFuzzer target for the Varlink wire layer; built by scripts/fuzz-varlink.sh, not by SwiftPM.
// The first input byte picks the read size, the rest is the byte stream a client sends.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVarlink(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let readSize = Int(bytes[0]) + 1
    let stream = bytes.dropFirst()
    var framer = VarlinkFramer(maximumMessageSize: 4096)
    var offset = stream.startIndex
    do {
        while offset < stream.endIndex {
            let end = min(offset + readSize, stream.endIndex)
            framer.append(stream[offset..<end])
            offset = end
            precondition(framer.bufferedCount <= framer.maximumMessageSize + readSize, "framer over its bound")
            while let message = try framer.nextMessage() {
                check(message)
            }
        }
    } catch {
        return 0
    }
    return 0
}

/// Decodes one message; whatever parses must re-serialize to the same value.
private func check(_ message: [UInt8]) {
    if let value = try? JSONParser.parse(message) {
        let again = try? JSONParser.parse(value.serialized)
        precondition(again == value, "JSON round trip changed the value")
    }
    do {
        let call = try VarlinkCall(message: message)
        _ = try ControlRequest(call)
        _ = VarlinkReply.parameters(call.parameters, continues: call.more)
    } catch {
        if let reply = error.reply { _ = VarlinkReply.error(reply) }
    }
}
