/// A strict RFC 8259 parser with a nesting limit that rejects duplicate keys.
public struct JSONParser {
    public static let defaultMaximumDepth = 64

    private let bytes: [UInt8]
    private let maximumDepth: Int
    private var index = 0
    private var depth = 0
    /// Where the objects of a streamed array go (`parse(_:streaming:element:)`).
    private var streamed: ((RawObject) -> Void)?

    private init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Parses exactly one JSON value, surrounded only by whitespace.
    public static func parse(
        _ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        return try parser.parseWhole(streaming: nil)
    }

    /// Parses `bytes` as `parse` does, with every check, except for the array at `path` (object keys from the
    /// top, e.g. `["parameters", "doses"]`): it is not built, each object in it is handed to `element` as a
    /// `RawObject` (its keys and where each value stands in `bytes`) in order, and the array is empty in the
    /// value returned; an element that is not an object is left out. A reply of thousands of doses is read
    /// without a dictionary or a string for each.
    public static func parse(
        _ bytes: [UInt8], streaming path: [String], maximumDepth: Int = defaultMaximumDepth, element: (RawObject) -> Void
    ) throws(JSONParseError) -> JSONValue {
        try withoutActuallyEscaping(element) { element throws(JSONParseError) in
            var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
            parser.streamed = element
            return try parser.parseWhole(streaming: path[...])
        }
    }

    /// The one value the bytes hold, surrounded only by whitespace, once they are known to be UTF-8.
    private mutating func parseWhole(streaming path: ArraySlice<String>?) throws(JSONParseError) -> JSONValue {
        guard String(validating: bytes, as: UTF8.self) != nil else { throw .notUTF8 }
        skipWhitespace()
        let value = try parseValue(streaming: path)
        skipWhitespace()
        guard index == bytes.count else { throw .syntax(offset: index) }
        return value
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    /// `path`: the keys still to follow to the streamed array, when this value is on the way to it.
    private mutating func parseValue(streaming path: ArraySlice<String>? = nil) throws(JSONParseError) -> JSONValue {
        guard let byte = current else { throw .syntax(offset: index) }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(streaming: path)
        case UInt8(ascii: "[") where path?.isEmpty == true: return try parseStreamedArray()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw .syntax(offset: index)
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw .syntax(offset: index) }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] {
            throw .syntax(offset: index + offset)
        }
        index += count
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        guard depth <= maximumDepth else { throw .tooDeep }
    }

    private mutating func parseObject(streaming path: ArraySlice<String>? = nil) throws(JSONParseError) -> JSONValue {
        var members: [String: JSONValue] = [:]
        try parseContainer(closedBy: UInt8(ascii: "}")) { parser throws(JSONParseError) in
            // Room for a Dose's members at once: growing one member at a time rehashes them all each time.
            if members.isEmpty { members.reserveCapacity(16) }
            let key = try parser.parseKey()
            let value = try parser.parseValue(streaming: path?.first == key ? path?.dropFirst() : nil)
            guard members.updateValue(value, forKey: key) == nil else { throw .duplicateKey(key) }
        }
        return .object(members)
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        var elements: [JSONValue] = []
        try parseContainer(closedBy: UInt8(ascii: "]")) { parser throws(JSONParseError) in elements.append(try parser.parseValue()) }
        return .array(elements)
    }

    /// The elements of an array or the members of an object, from its opening bracket to `close`: `element`
    /// reads each (whitespace around it skipped), and commas come between them; the nesting is counted.
    private mutating func parseContainer(
        closedBy close: UInt8, _ element: (inout JSONParser) throws(JSONParseError) -> Void
    ) throws(JSONParseError) {
        try enter()
        index += 1
        skipWhitespace()
        if current == close {
            index += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case close:
                index += 1
                depth -= 1
                return
            default: throw .syntax(offset: index)
            }
        }
    }

    /// A member's key and the colon after it.
    private mutating func parseKey() throws(JSONParseError) -> String {
        guard current == UInt8(ascii: "\"") else { throw .syntax(offset: index) }
        let key = try parseString()
        try skipColon()
        return key
    }

    private mutating func skipColon() throws(JSONParseError) {
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw .syntax(offset: index) }
        index += 1
        skipWhitespace()
    }

    /// The streamed array: each object read as a `RawObject`, each other element parsed and dropped.
    private mutating func parseStreamedArray() throws(JSONParseError) -> JSONValue {
        var object = RawObject(bytes: bytes)
        try parseContainer(closedBy: UInt8(ascii: "]")) { parser throws(JSONParseError) in
            guard parser.current == UInt8(ascii: "{") else { return _ = try parser.parseValue() }
            try parser.parseRawObject(into: &object)
            parser.streamed?(object)
        }
        return .array([])
    }

    /// An object's keys and the extent of each value, checked as `parseObject` checks them; a string value
    /// is scanned, not built.
    private mutating func parseRawObject(into object: inout RawObject) throws(JSONParseError) {
        object.removeAll()
        try parseContainer(closedBy: UInt8(ascii: "}")) { parser throws(JSONParseError) in
            guard parser.current == UInt8(ascii: "\"") else { throw .syntax(offset: parser.index) }
            let keyStart = parser.index
            var member = RawObject.Member(key: 0..<0, value: 0..<0)
            if try parser.skipString() {
                parser.index = keyStart
                member.decodedKey = Array(try parser.parseString().utf8)
            }
            member.key = (keyStart + 1)..<(parser.index - 1)
            try parser.skipColon()
            let start = parser.index
            if parser.current == UInt8(ascii: "\"") {
                member.escaped = try parser.skipString()
            } else {
                _ = try parser.parseValue()
            }
            member.value = start..<parser.index
            try object.add(member)
        }
    }

    /// Passes over a string, checked as `parseString` checks it; true when it holds an escape.
    private mutating func skipString() throws(JSONParseError) -> Bool {
        let start = index
        index = bytes.withUnsafeBufferPointer { all in
            var position = start + 1
            while position < all.count, all[position] >= 0x20, all[position] != UInt8(ascii: "\""), all[position] != UInt8(ascii: "\\") {
                position += 1
            }
            return position
        }
        if current == UInt8(ascii: "\"") {
            index += 1
            return false
        }
        index = start
        _ = try parseString()
        return true
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        while index < bytes.count, bytes[index] >= 0x20, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            index += 1
        }
        if current == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
        }
        var utf8 = Array(bytes[start..<index])
        while true {
            guard let byte = current else { throw .syntax(offset: index) }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                try parseEscape(into: &utf8)
            case 0x00..<0x20:
                throw .syntax(offset: index)
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONParseError) {
        guard let byte = current else { throw .syntax(offset: index) }
        index += 1
        let simple: UInt8? = switch byte {
        case UInt8(ascii: "\""): 0x22
        case UInt8(ascii: "\\"): 0x5C
        case UInt8(ascii: "/"): 0x2F
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple {
            utf8.append(simple)
            return
        }
        guard byte == UInt8(ascii: "u") else { throw .syntax(offset: index - 1) }
        var scalar = try parseHex4()
        if (0xD800..<0xDC00).contains(scalar) {
            guard current == UInt8(ascii: "\\") else { throw .syntax(offset: index) }
            index += 1
            guard current == UInt8(ascii: "u") else { throw .syntax(offset: index) }
            index += 1
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw .syntax(offset: index) }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw .syntax(offset: index) }
        utf8.append(contentsOf: String(Character(unicode)).utf8)
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw .syntax(offset: index) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .syntax(offset: index)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        var integral = true
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            guard skipDigits() else { throw .syntax(offset: index) }
        }
        if current == UInt8(ascii: ".") {
            integral = false
            index += 1
            guard skipDigits() else { throw .syntax(offset: index) }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            integral = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() else { throw .syntax(offset: index) }
        }
        if integral, let value = Self.integer(bytes[start..<index]) { return .integer(value) }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw .syntax(offset: start) }
        guard value.isFinite else { throw .numberOutOfRange(offset: start) }
        return .number(value)
    }

    /// An optional minus and digits as an `Int`, read without making a string (two for each dose of a long
    /// history); nil when it does not fit.
    private static func integer(_ text: ArraySlice<UInt8>) -> Int? {
        let negative = text.first == UInt8(ascii: "-")
        var magnitude: UInt64 = 0
        for byte in text.dropFirst(negative ? 1 : 0) {
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            magnitude = sum
        }
        if negative { return magnitude <= UInt64(Int.max) + 1 ? Int(truncatingIfNeeded: 0 &- magnitude) : nil }
        return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
    }

    /// Skips decimal digits; false when there were none.
    private mutating func skipDigits() -> Bool {
        let start = index
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index > start
    }
}

extension JSONParser {
    /// An object of a streamed array as it stands in the message: its keys in the order written, and the
    /// bytes of each value, read only when asked.
    public struct RawObject {
        fileprivate let bytes: [UInt8]
        private var members: [Member] = []
        /// The keys, once an object has more than a few: a scan for a duplicate would be quadratic.
        private var keySet: Set<[UInt8]> = []
        private static let scannedKeys = 16

        fileprivate struct Member {
            /// The key's bytes between its quotes; `decodedKey` when it holds an escape.
            var key: Range<Int>
            var decodedKey: [UInt8]?
            /// The value's bytes; `escaped` when it is a string that holds an escape.
            var value: Range<Int>
            var escaped = false

            init(key: Range<Int>, value: Range<Int>) {
                self.key = key
                self.value = value
            }
        }

        fileprivate init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        fileprivate mutating func removeAll() {
            members.removeAll(keepingCapacity: true)
            keySet.removeAll(keepingCapacity: true)
        }

        fileprivate mutating func add(_ member: Member) throws(JSONParseError) {
            let duplicate = bytes.withUnsafeBufferPointer { all in
                Self.withKey(member, in: all) { key in
                    if members.count < Self.scannedKeys { return members.contains { Self.key(of: $0, in: all, is: key) } }
                    if keySet.isEmpty { keySet = Set(members.map { Self.withKey($0, in: all, Array.init) }) }
                    return !keySet.insert(Array(key)).inserted
                }
            }
            guard !duplicate else { throw .duplicateKey(name(of: member)) }
            members.append(member)
        }

        private static func withKey<Result>(_ member: Member, in all: UnsafeBufferPointer<UInt8>,
                                            _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            if let decoded = member.decodedKey { return decoded.withUnsafeBufferPointer(body) }
            return body(UnsafeBufferPointer(rebasing: all[member.key]))
        }

        /// Whether `member`'s key is `wanted`: lengths first, as most keys differ in length.
        private static func key(of member: Member, in all: UnsafeBufferPointer<UInt8>, is wanted: UnsafeBufferPointer<UInt8>) -> Bool {
            if let decoded = member.decodedKey { return decoded.elementsEqual(wanted) }
            guard member.key.count == wanted.count else { return false }
            var position = member.key.lowerBound
            for byte in wanted {
                guard all[position] == byte else { return false }
                position += 1
            }
            return true
        }

        private func name(of member: Member) -> String {
            String(decoding: member.decodedKey ?? Array(bytes[member.key]), as: UTF8.self)
        }

        private func member(_ key: String) -> Member? {
            var key = key
            return key.withUTF8 { wanted in
                bytes.withUnsafeBufferPointer { all in members.first { Self.key(of: $0, in: all, is: wanted) } }
            }
        }

        /// The value of `key`, built (nil when there is no such member).
        public subscript(key: String) -> JSONValue? {
            member(key).map(value(at:))
        }

        /// The whole object, built.
        public var value: JSONValue {
            .object(Dictionary(uniqueKeysWithValues: members.map { (name(of: $0), value(at: $0)) }))
        }

        /// A member's value was checked as it was read: building it cannot fail.
        private func value(at member: Member) -> JSONValue {
            var parser = JSONParser(bytes: bytes, maximumDepth: JSONParser.defaultMaximumDepth)
            parser.index = member.value.lowerBound
            return (try? parser.parseValue()) ?? .null
        }

        /// The text of the string value of `key`; nil when there is none, or it is not a string.
        public func string(_ key: String) -> String? {
            self[key]?.stringValue
        }

        /// Hands `body` the UTF-8 of the string value of `key` (its escapes undone) without making a string
        /// of it; nil when there is no such member or it is not a string.
        public func withUTF8<Result>(_ key: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
            guard let member = member(key), bytes[member.value.lowerBound] == UInt8(ascii: "\"") else { return nil }
            guard !member.escaped else {
                guard case .string(var text) = value(at: member) else { return nil }
                return text.withUTF8(body)
            }
            let contents = (member.value.lowerBound + 1)..<(member.value.upperBound - 1)
            return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[contents])) }
        }

        /// Whether the string value of `key` is exactly `text`.
        public func has(_ key: String, equalTo text: String) -> Bool {
            var text = text
            return text.withUTF8 { expected in withUTF8(key) { $0.elementsEqual(expected) } } ?? false
        }
    }
}

/// Why bytes are not one acceptable JSON value.
public enum JSONParseError: Error, Hashable, Sendable {
    case notUTF8
    /// Syntax error at this byte offset.
    case syntax(offset: Int)
    /// A number too large for a `Double` (e.g. `1e999`), at this byte offset.
    case numberOutOfRange(offset: Int)
    /// Arrays and objects nested deeper than the parser's limit.
    case tooDeep
    /// An object names the same key twice.
    case duplicateKey(String)
}
