import MeddControl
import Testing

/// `JSONParser.parse(_:streaming:element:)`: the objects of the streamed array read member by member are the
/// objects `parse` builds, every check still made, and the rest of the value as `parse` gives it.
@Suite struct StreamedParsingTests {
    private static func streamed(_ text: String, path: [String] = ["parameters", "doses"]) throws(JSONParseError) -> (value: JSONValue, objects: [JSONValue]) {
        var objects: [JSONValue] = []
        let value = try JSONParser.parse(Array(text.utf8), streaming: path) { objects.append($0.value) }
        return (value, objects)
    }

    @Test func objectsAreThoseParseBuilds() throws {
        let text = #"""
            {"continues":true,"parameters":{"doses":[
              {"id":"a_20261122_08_00","note":"say \"hi\"\n\u00e9","usec":1795329000000000,"readings":["120/80"],"x":{"y":[1,2.5,null]}},
              {"\u0069d":"escaped key","remind":false},
              {},
              7, "not an object", [1],
              {"name":"Blood pressure","measurement":"bloodPressure"}
            ],"other":[{"a":1}]}}
            """#
        let full = try JSONParser.parse(Array(text.utf8))
        let (value, objects) = try Self.streamed(text)
        let elements = try #require(full["parameters"]?["doses"]?.arrayValue)
        #expect(objects == elements.filter { $0.objectValue != nil })
        #expect(value["parameters"]?["doses"] == .array([]))
        #expect(value["parameters"]?["other"] == full["parameters"]?["other"])
        #expect(value["continues"] == .bool(true))
    }

    @Test func membersAreReadWithoutBuildingTheObject() throws {
        let text = #"{"parameters":{"doses":[{"id":"a_1","note":"a,\"b\"\u00e9","state":"taken","person":"mum","n":5}]}}"#
        var seen = 0
        _ = try JSONParser.parse(Array(text.utf8), streaming: ["parameters", "doses"]) { dose in
            seen += 1
            #expect(dose.withUTF8("id") { String(decoding: $0, as: UTF8.self) } == "a_1")
            #expect(dose.withUTF8("note") { String(decoding: $0, as: UTF8.self) } == "a,\"b\"é")
            #expect(dose.withUTF8("n") { _ in true } == nil, "not a string")
            #expect(dose.withUTF8("missing") { _ in true } == nil)
            #expect(dose.has("person", equalTo: "mum") && !dose.has("person", equalTo: "mu") && !dose.has("missing", equalTo: ""))
            #expect(dose.string("state") == "taken" && dose["n"] == .integer(5))
        }
        #expect(seen == 1)
    }

    /// What `parse` refuses, streaming refuses too: inside a streamed object or around the array.
    @Test(arguments: [
        #"{"parameters":{"doses":[{"id":"a","id":"b"}]}}"#,
        #"{"parameters":{"doses":[{"id":"a","\u0069d":"b"}]}}"#,
        #"{"parameters":{"doses":[{"id":"a\x"}]}}"#,
        #"{"parameters":{"doses":[{"id":01}]}}"#,
        #"{"parameters":{"doses":[{"id" "a"}]}}"#,
        #"{"parameters":{"doses":[{"id":"a"},]}}"#,
        #"{"parameters":{"doses":[{"id":"a"}]}"#,
        #"{"parameters":{"doses":[{"id":"a"}]}} x"#,
        #"{"parameters":{"doses":[{"id":"\ud800"}]}}"#,
    ])
    func whatParseRefusesIsRefused(text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Array(text.utf8)) }
        #expect(throws: JSONParseError.self) { try Self.streamed(text) }
    }

    @Test func aDuplicateAmongManyKeysIsFound() throws {
        let members = (0..<40).map { #""k\#($0)":\#($0)"# }
        let unique = "{\"parameters\":{\"doses\":[{" + members.joined(separator: ",") + "}]}}"
        #expect(try Self.streamed(unique).objects.first?.objectValue?.count == 40)
        let twice = "{\"parameters\":{\"doses\":[{" + (members + [#""k3":0"#]).joined(separator: ",") + "}]}}"
        #expect(throws: JSONParseError.duplicateKey("k3")) { try Self.streamed(twice) }
    }

    @Test func depthIsStillBounded() {
        let deep = #"{"parameters":{"doses":[{"a":"# + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "}]}}"
        #expect(throws: JSONParseError.tooDeep) { try Self.streamed(deep) }
    }

    @Test func withoutTheArrayTheValueIsParsedWhole() throws {
        let text = #"{"parameters":{"doses":{"not":"an array"}}}"#
        let (value, objects) = try Self.streamed(text)
        #expect(objects.isEmpty)
        #expect(value == (try JSONParser.parse(Array(text.utf8))))
    }
}
