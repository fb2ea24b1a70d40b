// toml-probe: MeddConfig's TOML reader for the differential test against Python's tomllib
// (Tests/EndToEnd/test_toml_differential.py). It reads many documents from standard input, each as its
// length in bytes on a line of its own followed by that many bytes, and writes one JSON line for each:
//   {"value": TABLE}                                     the document, in toml-test's tagged form:
//                                                        {"type": "integer", "value": "42"} for each scalar
//   {"error": {"line": L, "column": C, "message": M}}    the first syntax error
// With file arguments it reads each file as one document instead.
import MeddConfig
import MeddControl
import MeddCore
import Systemd

func describe(_ bytes: ArraySlice<UInt8>) -> JSONValue {
    guard let text = String(validating: bytes, as: UTF8.self) else {
        return .object(["error": .object(["line": .integer(1), "column": .integer(1), "message": .string("not valid UTF-8")])])
    }
    switch TOMLReader.read(text) {
    case .success(let table):
        return .object(["value": tagged(table)])
    case .failure(let error):
        return .object(["error": .object([
            "line": .integer(error.position.line), "column": .integer(error.position.column), "message": .string(error.message.english),
        ])])
    }
}

func tagged(_ table: TOMLTable) -> JSONValue {
    var members: [String: JSONValue] = [:]
    for entry in table.entries { members[entry.key] = tagged(entry.value) }
    return .object(members)
}

func tagged(_ value: TOMLValue) -> JSONValue {
    func scalar(_ type: String, _ text: String) -> JSONValue { .object(["type": .string(type), "value": .string(text)]) }
    switch value.content {
    case .string(let string): return scalar("string", string)
    case .integer(let integer): return scalar("integer", String(integer))
    case .float(let double, _): return scalar("float", "\(double)")
    case .boolean(let bool): return scalar("bool", bool ? "true" : "false")
    case .dateTime(let dateTime): return scalar(dateTime.offsetMinutes == nil ? "datetime-local" : "datetime", dateTime.description)
    case .date(let date): return scalar("date-local", date.description)
    case .time(let time): return scalar("time-local", time.description)
    case .array(let elements): return .array(elements.map(tagged))
    case .table(let table): return tagged(table)
    }
}

func fail(_ message: String) -> Never {
    try? DescriptorIO.writeAll(Array("toml-probe: \(message)\n".utf8), to: 2)
    CurrentProcess.exit(2)
}

var documents: [ArraySlice<UInt8>] = []
if CommandLine.arguments.count > 1 {
    for path in CommandLine.arguments.dropFirst() {
        do { documents.append(try FileReader.bytes(at: path)[...]) } catch { fail("\(path): \(error)") }
    }
} else {
    let input: [UInt8]
    do {
        guard let all = try DescriptorIO.readAll(DescriptorIO.standardInput, limit: 1 << 30) else { fail("more than 1 GiB on standard input") }
        input = all
    } catch {
        fail("reading standard input: \(error)")
    }
    var offset = 0
    while offset < input.count {
        guard let lineEnd = input[offset...].firstIndex(of: UInt8(ascii: "\n")),
              let length = Int(String(decoding: input[offset..<lineEnd], as: UTF8.self)), length >= 0, lineEnd + 1 + length <= input.count else {
            fail("malformed batch at byte \(offset): expected a length, a line feed and that many bytes")
        }
        documents.append(input[(lineEnd + 1)..<(lineEnd + 1 + length)])
        offset = lineEnd + 1 + length
    }
}

var output: [UInt8] = []
for document in documents {
    describe(document).write(into: &output)
    output.append(UInt8(ascii: "\n"))
}
do { try DescriptorIO.writeAll(output, to: DescriptorIO.standardOutput) } catch { fail("writing: \(error)") }
