import Testing
import MeddCore
@testable import MeddControl

/// Replies and errors as NUL-terminated JSON with sorted keys.
@Suite struct EncodingTests {
    static func text(_ bytes: [UInt8]) -> String {
        #expect(bytes.last == 0)
        #expect(bytes.dropLast().contains(0) == false)
        return String(decoding: bytes.dropLast(), as: UTF8.self)
    }

    /// A plain reply, with keys sorted at every level.
    @Test func parametersReply() {
        let reply = VarlinkReply.parameters(["z": .integer(1), "a": .object(["y": .null, "b": .array([.bool(true), .number(1.5)])])])
        #expect(Self.text(reply) == #"{"parameters":{"a":{"b":[true,1.5],"y":null},"z":1}}"#)
    }

    /// A streamed reply carries `"continues": true`.
    @Test func continuesReply() {
        #expect(Self.text(VarlinkReply.parameters([:], continues: true)) == #"{"continues":true,"parameters":{}}"#)
    }

    /// A list made in pieces: each about the piece size, together one reply equal to the whole list,
    /// and nothing after the last; an empty list is `[]`.
    @Test func listInPieces() throws {
        var batches = (0..<10).map { day in (0..<50).map { JSONValue.object(["day": .integer(day), "n": .integer($0)]) } }[...]
        let expected = JSONValue.object(["parameters": .object(["doses": .array(Array(batches.joined()))])])
        let next = VarlinkReply.list("doses", pieceSize: 1024) {
            guard let batch = batches.popFirst() else { return nil }
            return { yield in batch.forEach(yield) }
        }
        var pieces: [[UInt8]] = []
        while let piece = next() { pieces.append(piece) }
        #expect(next() == nil)
        #expect(pieces.count > 3)
        #expect(pieces.dropLast().allSatisfy { $0.count >= 1024 && $0.count < 1024 + 50 * 30 && !$0.contains(0) })
        #expect(try JSONParser.parse(Array(Self.text(pieces.flatMap { $0 }).utf8)) == expected)
        let empty = VarlinkReply.list("doses") { nil }
        #expect(Self.text(try #require(empty())) == #"{"parameters":{"doses":[]}}"#)
    }

    /// A list given in parts: each part a reply of its own, every one but the last with `continues`.
    @Test func listInParts() throws {
        var elements: [UInt8] = []
        JSONValue.integer(1).write(into: &elements)
        elements.append(UInt8(ascii: ","))
        JSONValue.string("two").write(into: &elements)
        #expect(Self.text(VarlinkReply.page("doses", elements: elements, continues: true)) == #"{"continues":true,"parameters":{"doses":[1,"two"]}}"#)
        #expect(Self.text(VarlinkReply.page("doses", elements: [], continues: false)) == #"{"parameters":{"doses":[]}}"#)
    }

    /// A `Dose` written from its members, in key order, is byte for byte the dictionary's sorted
    /// serialization, with every optional member present and with none.
    @Test(arguments: [false, true])
    func doseMembersWriteAsTheObject(everyMember: Bool) throws {
        let id = try #require(DoseID(parsing: "bp_20261122_07_30"))
        var record = DoseRecord(dose: Dose(id: id, name: "Blood \"pressure\"", doseText: "", scheduled: Instant(seconds: 1_795_329_000),
                                           utcOffset: 3600, measurement: everyMember ? .bloodPressure : nil), state: .measured)
        if everyMember {
            record.answeredAt = Instant(seconds: 1_795_329_123)
            record.source = .caldav
            record.snoozeUntil = Instant(seconds: 1_795_329_600)
            record.note = "after\nthe walk"
            record.reason = "why"
            record.readings = [Reading(value: .bloodPressure(systolic: 132, diastolic: 84, pulse: 71), unit: "mmHg")]
            record.readingTimes = [Instant(seconds: 1_795_329_100)]
        }
        let configuration = Configuration(medications: [], measurements: [])
        var written: [UInt8] = []
        JSONValue.writeObject(into: &written) { record.addVarlinkMembers(in: configuration, to: &$0) }
        #expect(written == record.varlinkValue(in: configuration).serialized)
        let readingsDue = everyMember ? 2 : nil
        var forMum: [UInt8] = Array("[".utf8)
        JSONValue.writeObject(into: &forMum) { record.addVarlinkMembers(person: "mum", remind: false, readingsDue: readingsDue, to: &$0) }
        var builder = JSONObjectBuilder()
        record.addVarlinkMembers(person: "mum", remind: false, readingsDue: readingsDue, to: &builder)
        #expect(forMum == Array("[".utf8) + JSONValue.object(builder.object).serialized)
        #expect(builder.object["person"] == .string("mum") && builder.object["remind"] == .bool(false))
        #expect(builder.object["readingsDue"] == readingsDue.map(JSONValue.integer))
        let object = try #require(record.varlinkValue(person: "mum", remind: false).objectValue)
        #expect(object.count == builder.object.count - (everyMember ? 1 : 0))
    }

    /// Times and dose IDs written into the bytes read as their text does, in the common case and beyond it
    /// (a year past 9999, an offset of a hundred hours).
    @Test(arguments: [(Int64(1_795_329_000), 3600), (Int64(-62_135_596_800), -1800), (Int64(253_402_300_800), 0), (Int64(0), 360_000)])
    func timesAndIDsAppendAsTheirText(seconds: Int64, offset: Int) throws {
        let time = Instant(seconds: seconds)
        var bytes: [UInt8] = Array("x".utf8)
        time.appendFormat(offsetSeconds: offset, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "x" + time.format(offsetSeconds: offset))
        let date = LocalDate(dayNumber: time.seconds / 86_400)
        let id = DoseID(medication: "a-b_1", date: date, time: try #require(WallTime(hour: 8, minute: 5)))
        var idBytes: [UInt8] = []
        id.appendDescription(to: &idBytes)
        #expect(String(decoding: idBytes, as: UTF8.self) == id.description)
    }

    @Test func integersAreWrittenWholeWithTheirSign() {
        for value in [0, 7, -7, 10, 1_479_970_800_000_000, Int.max, Int.min] {
            #expect(String(decoding: JSONValue.integer(value).serialized, as: UTF8.self) == String(value))
        }
    }

    /// Strings are escaped so that the output parses back to the same value.
    @Test func escapingRoundTrips() throws {
        let value = JSONValue.object(["s": .string("quote\" backslash\\ nul\u{0} tab\t é 😀 \u{1F}")])
        let bytes = value.serialized
        #expect(!bytes.contains(0))
        #expect(try JSONParser.parse(bytes) == value)
    }

    /// An `io.medd.Control` error from a rejection.
    @Test func rejectionError() throws {
        let id = try #require(DoseID(parsing: "aspirin_20261122_08_00"))
        #expect(Self.text(VarlinkReply.error(VarlinkError(.alreadyFinal(id, .taken))))
            == #"{"error":"io.medd.Control.AlreadyFinal","parameters":{"dose":"\#(id)","state":"taken"}}"#)
        #expect(Self.text(VarlinkReply.error(VarlinkError(.noSuchDose("x"))))
            == #"{"error":"io.medd.Control.NoSuchDose","parameters":{"dose":"x"}}"#)
        #expect(VarlinkError(.ambiguous([id])).parameters == ["candidates": .array([.string(id.description)])])
        #expect(VarlinkError(.limitReached("at most 4 a day")) == .control("LimitReached", ["message": .string("at most 4 a day")]))
        #expect(VarlinkError(.noSuchMedication("m")) == .control("NoSuchMedication", ["medication": .string("m")]))
        #expect(VarlinkError(.invalidParameter("at")).name == "org.varlink.service.InvalidParameter")
        #expect(Self.text(VarlinkReply.error(.invalidConfig(["a.toml:1:1: bad"])))
            == #"{"error":"io.medd.Control.InvalidConfig","parameters":{"errors":["a.toml:1:1: bad"]}}"#)
    }

    /// `GetInfo` names the vendor, product, version, url and both interfaces.
    @Test func getInfo() {
        #expect(Self.text(VarlinkService.getInfo(version: "1.2.3", url: "https://example.org"))
            == #"{"parameters":{"interfaces":["org.varlink.service","io.medd.Control"],"product":"medd","url":"https://example.org","vendor":"medd","version":"1.2.3"}}"#)
    }

    /// `GetInterfaceDescription` returns the IDL, or `InterfaceNotFound`.
    @Test func getInterfaceDescription() throws {
        let reply = try JSONParser.parse(Array(VarlinkService.getInterfaceDescription(interface: "io.medd.Control").dropLast()))
        #expect(reply == .object(["parameters": .object(["description": .string(ControlInterface.description)])]))
        #expect(Self.text(VarlinkService.getInterfaceDescription(interface: "nope"))
            == #"{"error":"org.varlink.service.InterfaceNotFound","parameters":{"interface":"nope"}}"#)
        #expect(Self.text(VarlinkService.getInterfaceDescription(interface: "org.varlink.service")).contains("interface org.varlink.service"))
    }
}
