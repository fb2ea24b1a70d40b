import ICalendar
import Testing

/// Each limit: reached is fine, passed is an error naming the line that passed it.
@Suite struct LimitTests {
    /// Components nested `depth` deep, each with one property.
    static func nested(depth: Int) -> String {
        let names = (1...depth).map { "C\($0)" }
        return (names.map { "BEGIN:\($0)\r\nP:1\r\n" } + names.reversed().map { "END:\($0)\r\n" }).joined()
    }

    /// The input's size is checked before anything is read.
    @Test func inputSize() throws {
        let bytes = Array(Samples.tasksOrg.utf8)
        _ = try ICalendarParser.parse(bytes, limits: ICalendarLimits(maximumBytes: bytes.count))
        #expect(throws: ICalendarError.inputTooLarge(bytes: bytes.count, limit: bytes.count - 1)) {
            try ICalendarParser.parse(bytes, limits: ICalendarLimits(maximumBytes: bytes.count - 1))
        }
        let huge = [UInt8](repeating: 0xFF, count: (1 << 20) + 1)
        #expect(throws: ICalendarError.inputTooLarge(bytes: huge.count, limit: 1 << 20)) { try ICalendarParser.parse(huge) }
    }

    /// Eight components deep by default, the ninth BEGIN refused.
    @Test func depth() throws {
        _ = try ICalendarParser.parse(Self.nested(depth: 8))
        #expect(throws: ICalendarError.tooDeep(line: 17, limit: 8)) { try ICalendarParser.parse(Self.nested(depth: 9)) }
        #expect(throws: ICalendarError.tooDeep(line: 5, limit: 2)) {
            try ICalendarParser.parse(Self.nested(depth: 3), limits: ICalendarLimits(maximumDepth: 2))
        }
    }

    /// Components are counted at every depth.
    @Test func componentCount() throws {
        let text = "BEGIN:A\r\n" + String(repeating: "BEGIN:B\r\nEND:B\r\n", count: 3) + "END:A\r\n"
        _ = try ICalendarParser.parse(text, limits: ICalendarLimits(maximumComponents: 4))
        #expect(throws: ICalendarError.tooManyComponents(line: 6, limit: 3)) {
            try ICalendarParser.parse(text, limits: ICalendarLimits(maximumComponents: 3))
        }
    }

    /// Properties are counted in all components together.
    @Test func propertyCount() throws {
        let text = Self.nested(depth: 3)
        _ = try ICalendarParser.parse(text, limits: ICalendarLimits(maximumProperties: 3))
        #expect(throws: ICalendarError.tooManyProperties(line: 6, limit: 2)) {
            try ICalendarParser.parse(text, limits: ICalendarLimits(maximumProperties: 2))
        }
        let many = "BEGIN:A\r\n" + String(repeating: "P:1\r\n", count: 10_001) + "END:A\r\n"
        #expect(throws: ICalendarError.tooManyProperties(line: 10_002, limit: 10_000)) { try ICalendarParser.parse(many) }
    }

    /// Parameters are counted per property.
    @Test func parameterCount() throws {
        let parameters = (1...4).map { ";P\($0)=x" }.joined()
        let text = "BEGIN:A\r\nX\(parameters):v\r\nEND:A\r\n"
        _ = try ICalendarParser.parse(text, limits: ICalendarLimits(maximumParameters: 4))
        #expect(throws: ICalendarError.tooManyParameters(line: 2, property: "X", limit: 3)) {
            try ICalendarParser.parse(text, limits: ICalendarLimits(maximumParameters: 3))
        }
    }

    /// A content line's length counts once unfolded; the error names the line it starts on.
    @Test func lineLength() throws {
        let folded = "BEGIN:A\r\nDESCRIPTION:" + String(repeating: "0123456789\r\n ", count: 10) + "\r\nEND:A\r\n"
        _ = try ICalendarParser.parse(folded, limits: ICalendarLimits(maximumLineBytes: 112))
        #expect(throws: ICalendarError.lineTooLong(line: 2, limit: 111)) {
            try ICalendarParser.parse(folded, limits: ICalendarLimits(maximumLineBytes: 111))
        }
        let unfolded = "BEGIN:A\r\nX:" + String(repeating: "x", count: 1 << 16) + "\r\nEND:A\r\n"
        #expect(throws: ICalendarError.lineTooLong(line: 2, limit: 1 << 16)) { try ICalendarParser.parse(unfolded) }
    }
}
