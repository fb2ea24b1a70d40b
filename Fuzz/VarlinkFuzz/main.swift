// libFuzzer target for the Varlink wire layer and the parsers the daemon applies to parameters;
// built by scripts/fuzz-varlink.sh (MeddControl and MeddCore as one module), not by SwiftPM.
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
    let value = try? JSONParser.parse(message)
    if let value {
        let again = try? JSONParser.parse(value.serialized)
        precondition(again == value, "JSON round trip changed the value")
    }
    checkStreamed(message, against: value)
    do {
        let call = try VarlinkCall(message: message)
        _ = try ControlRequest(call)
        _ = VarlinkReply.parameters(call.parameters, continues: call.more)
        for case .string(let text) in call.parameters.values {
            parseLikeTheDaemon(text)
        }
    } catch {
        if let reply = error.reply { _ = VarlinkReply.error(reply) }
    }
}

/// medctl's reading of a reply's list object by object accepts what `parse` accepts, and each object is the one
/// `parse` builds.
private func checkStreamed(_ message: [UInt8], against value: JSONValue?) {
    var objects: [JSONValue] = []
    let streamed = try? JSONParser.parse(message, streaming: ["parameters", "doses"]) { objects.append($0.value) }
    precondition((streamed == nil) == (value == nil), "streaming accepts what parse refuses, or the other way")
    guard let value, let streamed else { return }
    if let elements = value["parameters"]?["doses"]?.arrayValue {
        precondition(objects == elements.filter { $0.objectValue != nil }, "a streamed object differs from the parsed one")
        precondition(streamed["parameters"]?["doses"] == .array([]), "the streamed array is not left empty")
    } else {
        precondition(objects.isEmpty && streamed == value, "streaming changed a value without the list")
    }
}

/// What the daemon does with a string parameter: a dose ID, an instant or a date.
private func parseLikeTheDaemon(_ text: String) {
    if let id = DoseID(parsing: text) {
        precondition(DoseID(parsing: id.description) == id, "dose ID round trip")
    }
    // Formatting may leave the four-digit years at the very ends of the range; within them it must round-trip.
    if let instant = Instant(iso8601: text), let again = Instant(iso8601: instant.format(offsetSeconds: 3600)) {
        precondition(again == Instant(seconds: instant.seconds), "instant round trip")
    }
    _ = LocalDate(parsing: text)
    _ = MedicationID.isValid(text)
}
