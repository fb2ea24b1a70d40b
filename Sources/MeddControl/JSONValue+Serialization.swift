import MeddCore

extension JSONValue {
    /// Compact JSON with object keys sorted, so equal values always serialize to equal bytes.
    public var serialized: [UInt8] {
        var output: [UInt8] = []
        write(into: &output)
        return output
    }

    /// JSON for people: one member or element a line, indented two spaces a level, `"key" : value`
    /// with keys sorted, an empty array or object as its brackets around an empty line, and a
    /// whole `.number` without its `.0` (the layout Foundation's pretty-printing writers use).
    public var prettyText: String {
        var output: [UInt8] = []
        write(into: &output, depth: 0)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the compact JSON to `output` (for building one message from many values).
    public func write(into output: inout [UInt8]) {
        write(into: &output, depth: nil)
    }

    private static func writeMember(_ member: (key: String, value: JSONValue), depth: Int?, into output: inout [UInt8]) {
        writeString(member.key, into: &output)
        output.append(contentsOf: (depth == nil ? ":" : " : ").utf8)
        member.value.write(into: &output, depth: depth.map { $0 + 1 })
    }

    /// Compact when `depth` is nil, else indented as nested `depth` levels deep.
    private func write(into output: inout [UInt8], depth: Int?) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .integer(let value): Self.writeInteger(value, into: &output)
        case .number(let value):
            let text = value.isFinite ? "\(value)" : "null"
            output.append(contentsOf: (depth != nil && text.hasSuffix(".0") ? text.dropLast(2) : text[...]).utf8)
        case .decimal(let value): output.append(contentsOf: value.description.utf8)
        case .string(let value): Self.writeString(value, into: &output)
        case .array(let elements):
            Self.writeContainer(UInt8(ascii: "["), UInt8(ascii: "]"), count: elements.count, depth: depth, into: &output) { index, output in
                elements[index].write(into: &output, depth: depth.map { $0 + 1 })
            }
        case .object(let members):
            let sorted = members.sorted { $0.key < $1.key }
            Self.writeContainer(UInt8(ascii: "{"), UInt8(ascii: "}"), count: sorted.count, depth: depth, into: &output) { index, output in
                Self.writeMember(sorted[index], depth: depth, into: &output)
            }
        }
    }

    private static func writeContainer(
        _ open: UInt8, _ close: UInt8, count: Int, depth: Int?, into output: inout [UInt8],
        element: (Int, inout [UInt8]) -> Void
    ) {
        output.append(open)
        for index in 0..<count {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if let depth { writeLineBreak(indentedBy: depth + 1, into: &output) }
            element(index, &output)
        }
        if let depth {
            if count == 0 { output.append(UInt8(ascii: "\n")) }
            writeLineBreak(indentedBy: depth, into: &output)
        }
        output.append(close)
    }

    /// Digits straight into the output, the last first: a history of years is a quarter of a million integers.
    private static func writeInteger(_ value: Int, into output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            output.append(contentsOf: UnsafeMutableBufferPointer(rebasing: digits[start...]))
        }
    }

    private static func writeLineBreak(indentedBy depth: Int, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    static func writeString(_ string: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // A native string's bytes at once (a history of years is millions of strings); others byte by byte.
        let plain = string.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: needsEscape) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if plain != true { writeEscaped(string, into: &output) }
        output.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static func writeEscaped(_ string: String, into output: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
            case 0x0A: output.append(contentsOf: #"\n"#.utf8)
            case 0x0D: output.append(contentsOf: #"\r"#.utf8)
            case 0x09: output.append(contentsOf: #"\t"#.utf8)
            case 0x08: output.append(contentsOf: #"\b"#.utf8)
            case 0x0C: output.append(contentsOf: #"\f"#.utf8)
            case 0x00..<0x20:
                output.append(contentsOf: #"\u00"#.utf8)
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            default: output.append(byte)
            }
        }
    }
}
