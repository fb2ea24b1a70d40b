import Foundation
import MeddControl
import MeddCore
import Testing

/// `medctl --json` output: the layout of Foundation's pretty-printing JSON writers, keys in byte order.
@Suite struct PrettyTextTests {
    static func foundationText(_ value: JSONValue) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: foundationObject(value),
                                              options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    static func foundationObject(_ value: JSONValue) -> Any {
        switch value {
        case .null: NSNull()
        case .bool(let value): value
        case .integer(let value): value
        case .number(let value): value
        case .decimal(let value): Decimal(string: value.description)!
        case .string(let value): value
        case .array(let values): values.map(foundationObject)
        case .object(let members): members.mapValues(foundationObject)
        }
    }

    static let values: [JSONValue] = [
        .null, .bool(true), .integer(-42), .number(100.0), .number(66.66666666666667), .number(0.1), .number(1e21),
        .number(1.5e-7), .number(-0.0), .number(2_000_000_000_000_000.5), .string(""),
        .string("/path \"quoted\" back\\slash\n\r\t\u{8}\u{C}\u{1}\u{1F}\u{7F} é 😀 \u{2028}"),
        .array([]), .object([:]),
        .object(["a": .array([]), "b": .object([:]), "c": .array([.integer(1), .array([.integer(2)])])]),
        .object(["status": .object(["nowusec": .integer(1_795_000_000_000_000), "next": .array([
            .object(["dose": .string("aspirin_20261122_08_00"), "percentage": .number(87.5), "late": .integer(0)]),
        ])])]),
        .array([.object(["k": .array([.object(["z": .null])])]), .object([:])]),
    ]

    /// Every kind of value is laid out as JSONSerialization lays it out, byte for byte.
    @Test(arguments: values) func matchesFoundation(value: JSONValue) throws {
        #expect(value.prettyText == (try Self.foundationText(value)))
    }

    /// Keys sort by their bytes, as the compact form and medctl's tables sort them.
    @Test func keysInByteOrder() {
        let value = JSONValue.object(["med9": .integer(1), "med10": .integer(2), "onTime": .integer(3), "once": .integer(4)])
        #expect(value.prettyText == "{\n  \"med10\" : 2,\n  \"med9\" : 1,\n  \"onTime\" : 3,\n  \"once\" : 4\n}")
    }

    /// The compact form is unchanged by the pretty one: no spaces, no line breaks, `.0` kept.
    @Test func compactStaysCompact() {
        let value = JSONValue.object(["a": .array([]), "b": .number(100.0), "c": .string("\u{8}")])
        #expect(String(decoding: value.serialized, as: UTF8.self) == #"{"a":[],"b":100.0,"c":"\b"}"#)
    }
}
