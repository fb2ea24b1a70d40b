import ICalendar
import Testing

/// Damaged samples never crash the reader: each gives a tree that writes and reads back the same, or
/// an error on a line of the input with a one-line message.
@Suite struct FuzzTests {
    /// Bytes that matter to the grammar, and pieces of UTF-8 sequences.
    private static let interesting: [UInt8] = Array("\r\n \t:;,=\"\\-Xz0".utf8) + [0x00, 0x7F, 0xC3, 0xBC, 0xF0, 0x9F, 0xFF]
    /// Lines and fragments that shift the structure.
    private static let fragments = [
        "BEGIN:VTODO\r\n", "END:VTODO\r\n", "BEGIN:VALARM\r\n", "END:VCALENDAR\r\n", "\r\n ", "\n\t", "\r\n\r\n",
        ";X-A=\"q:u;o,te\"", ";VALUE=DATE", ";TZID=Europe/Berlin", "20261122T080000Z", "\\n", "\\", "💊",
    ].map { Array($0.utf8) }

    private func mutate(_ bytes: [UInt8], using generator: inout Xorshift64Star) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
            let position = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<7, using: &generator) {
            case 0: bytes[position] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
            case 1: bytes[position] = Self.interesting.randomElement(using: &generator)!
            case 2: bytes.insert(Self.interesting.randomElement(using: &generator)!, at: position)
            case 3: bytes.remove(at: position)
            case 4: bytes.removeSubrange(position...)
            case 5: bytes.insert(contentsOf: Self.fragments.randomElement(using: &generator)!, at: position)
            default:
                // Move a run of bytes elsewhere: lines and components change places.
                let end = min(bytes.count, position + Int.random(in: 1...80, using: &generator))
                let run = Array(bytes[position..<end])
                bytes.removeSubrange(position..<end)
                bytes.insert(contentsOf: run, at: Int.random(in: 0...bytes.count, using: &generator))
            }
        }
        return bytes
    }

    /// Thousands of mutated samples: no trap, and every outcome keeps the reader's promises.
    @Test func mutatedSamplesNeverCrash() throws {
        let samples = Samples.all.map { Array($0.utf8) }
        var generator = Xorshift64Star(seed: 0x6963_616C)
        var parsed = 0
        for iteration in 0..<4000 {
            let bytes = mutate(samples[iteration % samples.count], using: &generator)
            do {
                let tree = try ICalendarParser.parse(bytes)
                parsed += 1
                try checkRoundTrip(tree)
            } catch {
                check(error, of: bytes)
            }
        }
        // Enough mutations keep the input valid for the round trip to be tested too.
        #expect(parsed > 200)
    }

    /// Random bytes, mostly the grammar's own, for what mutation of valid input does not reach.
    @Test func randomBytesNeverCrash() {
        var generator = Xorshift64Star(seed: 75)
        for _ in 0..<2000 {
            let bytes = Array("BEGIN:A\r\n".utf8) + (0..<Int.random(in: 0...200, using: &generator)).map { _ in
                Bool.random(using: &generator) ? Self.interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            do {
                try checkRoundTrip(try ICalendarParser.parse(bytes))
            } catch {
                check(error, of: bytes)
            }
        }
    }

    /// Values pieced together from the syntax of every type, under each VALUE: each accessor gives a
    /// value or a value error, never traps.
    @Test func randomValuesNeverCrash() {
        let pieces = ["2026", "11", "22", "T", "t", "08", "00", "60", "99", "Z", "z", "+", "-", "0", "9", "\\", "\\n", ",", ";", " ", "ü"]
        let parameters: [[ICalendarParameter]] = [
            [], [ICalendarParameter(name: "VALUE", value: "DATE")], [ICalendarParameter(name: "TZID", value: "Europe/Berlin")],
            [ICalendarParameter(name: "VALUE", values: ["DATE", "DATE-TIME"])], [ICalendarParameter(name: "VALUE", value: "PERIOD")],
        ]
        var generator = Xorshift64Star(seed: 338)
        for _ in 0..<3000 {
            let value = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let property = ICalendarProperty(name: "X", parameters: parameters.randomElement(using: &generator)!, value: value)
            readValue(property.text)
            readValue(property.texts)
            readValue(property.integer)
            readValue(property.dateTime)
            readValue(property.dateOrTime)
        }
    }

    /// A value error made in code names no line, and names the property.
    private func readValue<Value>(_ read: () throws(ICalendarError) -> Value) {
        do {
            _ = try read()
        } catch {
            #expect(error.line == nil && error.message.contains("X"), "\(error)")
        }
    }

    private func checkRoundTrip(_ tree: ICalendarComponent) throws {
        #expect(try ICalendarParser.parse(ICalendarWriter.text(of: tree)) == tree)
    }

    private func check(_ error: any Error, of bytes: [UInt8]) {
        guard let error = error as? ICalendarError else {
            Issue.record("not an ICalendarError: \(error)")
            return
        }
        let lineCount = bytes.count(where: { $0 == 10 }) + 1
        if let line = error.line {
            #expect((1...lineCount).contains(line), "\(error) in \(lineCount) lines")
        }
        #expect(!error.message.isEmpty && !error.description.contains(where: \.isNewline), "\(error)")
    }
}
