import Systemd
import Testing

/// journald's field-name rules, checked before anything is sent.
@Suite struct JournalFieldNameTests {
    /// Names journald accepts pass.
    @Test(arguments: ["MESSAGE", "MEDD_EVENT", "A", "X9", "A_", String(repeating: "A", count: 64)])
    func validNamesPass(name: String) throws {
        try JournalFieldName.validate(name)
    }

    /// Each kind of bad name is refused with its precise problem.
    @Test(arguments: [
        ("", JournalFieldNameError.Problem.empty),
        (String(repeating: "A", count: 65), .tooLong(length: 65)),
        ("_PID", .leadingUnderscore),
        ("9LIVES", .leadingDigit),
        ("medd_event", .invalidByte(UInt8(ascii: "m"), offset: 0)),
        ("MEDD-EVENT", .invalidByte(UInt8(ascii: "-"), offset: 4)),
        ("MEDD EVENT", .invalidByte(UInt8(ascii: " "), offset: 4)),
        ("MEDD=X", .invalidByte(UInt8(ascii: "="), offset: 4)),
        ("MÜLLER", .invalidByte(0xC3, offset: 1)),
    ])
    func badNamesThrowPrecisely(name: String, problem: JournalFieldNameError.Problem) {
        #expect(throws: JournalFieldNameError(name: name, problem: problem)) { try JournalFieldName.validate(name) }
    }

    /// The error says which name, which byte and why.
    @Test func errorDescriptionIsPrecise() {
        let error = JournalFieldNameError(name: "MEDD-EVENT", problem: .invalidByte(UInt8(ascii: "-"), offset: 4))
        #expect(error.description == "invalid journal field name \"MEDD-EVENT\": byte 4 ('-') is not A-Z, 0-9 or '_'")
    }

    /// Arbitrary keys become valid names: uppercased, other characters `_`, leading `_` or digit fixed, prefixed, cut.
    @Test(arguments: [
        ("request-id", "MEDD_", "MEDD_REQUEST_ID"),
        ("dose.id", "MEDD_", "MEDD_DOSE_ID"),
        ("Müller", "MEDD_", "MEDD_M_LLER"),
        ("9lives", "MEDD_", "MEDD_9LIVES"),
        ("9lives", "", "X9LIVES"),
        ("__private", "", "PRIVATE"),
        ("", "", "X"),
        ("___", "", "X"),
        ("key", "app.", "APP_KEY"),
        (String(repeating: "k", count: 80), "MEDD_", "MEDD_" + String(repeating: "K", count: 59)),
    ])
    func sanitizedNamesAreValid(key: String, prefix: String, expected: String) throws {
        let name = JournalFieldName.sanitized(key, prefix: prefix)
        #expect(name == expected)
        try JournalFieldName.validate(name)
    }
}
