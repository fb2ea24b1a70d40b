import Testing
import MeddControl
import MeddCore

/// Decoding valid calls of every method into typed requests.
@Suite struct DecodingTests {
    static func request(_ json: String) throws -> ControlRequest {
        try ControlRequest(VarlinkCall(message: Array(json.utf8)))
    }

    /// `GetInfo` and `GetInterfaceDescription` of `org.varlink.service`.
    @Test func serviceMethods() throws {
        #expect(try Self.request(#"{"method":"org.varlink.service.GetInfo"}"#) == .getInfo)
        #expect(try Self.request(#"{"method":"org.varlink.service.GetInterfaceDescription","parameters":{"interface":"io.medd.Control"}}"#)
            == .getInterfaceDescription(interface: "io.medd.Control"))
    }

    /// Methods without parameters, with absent, null or empty `parameters`.
    @Test func parameterlessMethods() throws {
        #expect(try Self.request(#"{"method":"io.medd.Control.Status"}"#) == .status)
        #expect(try Self.request(#"{"method":"io.medd.Control.Reload","parameters":null}"#) == .reload)
        #expect(try Self.request(#"{"method":"io.medd.Control.Status","parameters":{}}"#) == .status)
        #expect(try Self.request(#"{"method":"io.medd.Control.Watch","more":true}"#) == .watch)
        #expect(try Self.request(#"{"method":"io.medd.Control.Backup"}"#) == .backup)
        #expect(throws: VarlinkDecodeError.self) { try Self.request(#"{"method":"io.medd.Control.Backup","parameters":{"file":"/tmp/x"}}"#) }
    }

    /// `ListDoses` with none, some and all of its parameters.
    @Test func listDoses() throws {
        #expect(try Self.request(#"{"method":"io.medd.Control.ListDoses"}"#) == .listDoses(ControlRequest.ListDoses()))
        #expect(try Self.request(#"{"method":"io.medd.Control.ListDoses","parameters":{"from":"2026-11-22T00:00:00+01:00","to":"2026-11-23T00:00:00+01:00","medication":"aspirin"}}"#)
            == .listDoses(ControlRequest.ListDoses(from: "2026-11-22T00:00:00+01:00", to: "2026-11-23T00:00:00+01:00", medication: "aspirin")))
        #expect(try Self.request(#"{"method":"io.medd.Control.ListDoses","parameters":{"medication":null}}"#) == .listDoses(ControlRequest.ListDoses()))
    }

    /// `Taken` with a dose ID, a time and a note (escapes and non-ASCII included).
    @Test func taken() throws {
        #expect(try Self.request(#"{"method":"io.medd.Control.Taken","parameters":{"dose":"aspirin_20261122_08_00"}}"#)
            == .taken(ControlRequest.Taken(dose: "aspirin_20261122_08_00")))
        #expect(try Self.request(#"{"method":"io.medd.Control.Taken","parameters":{"dose":"aspirin","at":"2026-11-22T08:05:00+01:00","note":"mit Wasser \u00e9\ud83d\ude00\n"}}"#)
            == .taken(ControlRequest.Taken(dose: "aspirin", at: "2026-11-22T08:05:00+01:00", note: "mit Wasser é😀\n")))
    }

    /// `Taken` and `Skip` say who answered: `cli` unless a client names `caldav`; the daemon's own sources
    /// (`daemon`, `desktop`, `hook`) and unknown words are refused, naming `source`.
    @Test func answerSource() throws {
        #expect(try Self.request(#"{"method":"io.medd.Control.Taken","parameters":{"dose":"a","source":"caldav"}}"#)
            == .taken(ControlRequest.Taken(dose: "a", source: .caldav)))
        #expect(try Self.request(#"{"method":"io.medd.Control.Skip","parameters":{"dose":"a","source":"cli"}}"#)
            == .skip(ControlRequest.Skip(dose: "a", source: .cli)))
        #expect(try Self.request(#"{"method":"io.medd.Control.Skip","parameters":{"dose":"a","source":null}}"#)
            == .skip(ControlRequest.Skip(dose: "a", source: .cli)))
        for refused in ["daemon", "desktop", "hook", "CalDAV", ""] {
            #expect(throws: VarlinkDecodeError.invalidParameter("source")) {
                try Self.request(#"{"method":"io.medd.Control.Taken","parameters":{"dose":"a","source":"\#(refused)"}}"#)
            }
        }
        #expect(throws: VarlinkDecodeError.invalidParameter("source")) {
            try Self.request(#"{"method":"io.medd.Control.Skip","parameters":{"dose":"a","source":1}}"#)
        }
    }

    /// `Snooze` with and without minutes, at both ends of the range.
    @Test func snooze() throws {
        #expect(try Self.request(#"{"method":"io.medd.Control.Snooze","parameters":{"dose":"a"}}"#) == .snooze(ControlRequest.Snooze(dose: "a")))
        #expect(try Self.request(#"{"method":"io.medd.Control.Snooze","parameters":{"dose":"a","minutes":1}}"#) == .snooze(ControlRequest.Snooze(dose: "a", minutes: 1)))
        let maximum = MethodSignature.maximumSnoozeMinutes
        #expect(try Self.request(#"{"method":"io.medd.Control.Snooze","parameters":{"dose":"a","minutes":\#(maximum)}}"#)
            == .snooze(ControlRequest.Snooze(dose: "a", minutes: maximum)))
    }

    /// `Skip` with and without a reason.
    @Test func skip() throws {
        #expect(try Self.request(#"{"method":"io.medd.Control.Skip","parameters":{"dose":"a"}}"#) == .skip(ControlRequest.Skip(dose: "a")))
        #expect(try Self.request(#"{"method":"io.medd.Control.Skip","parameters":{"dose":"a","reason":""}}"#) == .skip(ControlRequest.Skip(dose: "a", reason: "")))
    }

    /// `Adherence` with a range and a medication.
    @Test func adherence() throws {
        #expect(try Self.request(#"{"method":"io.medd.Control.Adherence","parameters":{"since":"2026-11-01","until":"2026-11-22","medication":"a"}}"#)
            == .adherence(ControlRequest.Adherence(since: "2026-11-01", until: "2026-11-22", medication: "a")))
    }

    /// The `oneway`, `more` and `upgrade` flags, whitespace around the value, and unknown envelope keys.
    @Test func flags() throws {
        let call = try VarlinkCall(message: Array(" \n{\"method\":\"io.medd.Control.Status\",\"oneway\":true,\"more\":false,\"upgrade\":true,\"x\":[1]}\t".utf8))
        #expect(call.oneway && !call.more && call.upgrade)
    }

    /// `10` is an integer, `10.0` and `1e1` are not, booleans are not numbers.
    @Test func numbersAreKeptApart() throws {
        #expect(try JSONParser.parse(Array("10".utf8)) == .integer(10))
        #expect(try JSONParser.parse(Array("10.0".utf8)) == .number(10))
        #expect(try JSONParser.parse(Array("1e1".utf8)) == .number(10))
        #expect(try JSONParser.parse(Array("true".utf8)) == .bool(true))
        #expect(try JSONParser.parse(Array("-0".utf8)) == .integer(0))
        #expect(try JSONParser.parse(Array("99999999999999999999".utf8)) == .number(1e20))
        #expect(try JSONParser.parse(Array("9223372036854775807".utf8)) == .integer(Int.max))
        #expect(try JSONParser.parse(Array("-9223372036854775808".utf8)) == .integer(Int.min))
        #expect(try JSONParser.parse(Array("9223372036854775808".utf8)) == .number(9_223_372_036_854_775_808))
        #expect(try JSONParser.parse(Array("-9223372036854775809".utf8)) == .number(-0x1p63))
        #expect(try JSONParser.parse(Array("[1795154871000000,-42]".utf8)) == .array([.integer(1_795_154_871_000_000), .integer(-42)]))
    }
}
