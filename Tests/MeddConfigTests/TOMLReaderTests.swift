@testable import MeddConfig
import MeddCore
import Testing

/// TOML 1.0 as its specification writes it, and for what it forbids an error at the character at fault.
struct TOMLReaderTests {
    private func read(_ text: String) -> TOMLTable? { try? TOMLReader.read(text).get() }

    private func value(_ written: String) -> TOMLValue? { read("x = " + written)?["x"] }

    /// `LINE:COLUMN: message`, or "accepted".
    private func error(_ text: String) -> String {
        switch TOMLReader.read(text) {
        case .success: "accepted"
        case .failure(let error): "\(error.position): \(error.message.english)"
        }
    }

    static let validValues = [
        "true", "false", "0", "+0", "-0", "+99", "42", "-17", "1_000", "5_349_221", "1_2_3_4_5",
        "0xDEADBEEF", "0xdead_beef", "0o01234567", "0o755", "0b11010110",
        "+1.0", "3.1415", "-0.01", "5e+22", "1e06", "-2E-2", "6.626e-34", "224_617.445_991_228", "1e1_0",
        "-0.0", "+0.0", "inf", "+inf", "-inf", "nan", "+nan", "-nan",
        "1979-05-27", "07:32:00", "00:32:00.999999", "1979-05-27T07:32:00", "1979-05-27t07:32:00",
        "1979-05-27 07:32:00", "1979-05-27T07:32:00Z", "1979-05-27T00:32:00-07:00",
        "1979-05-27T00:32:00.999999-07:00", "1979-05-27 07:32:00z", "2000-02-29",
    ]

    /// Every value form of the TOML 1.0 specification reads, alone, in an array and in an inline table.
    @Test(arguments: validValues)
    func readsValue(_ written: String) {
        #expect(error("x = \(written)\ny = [\(written), \(written)]\nz = { a = \(written) }\nw = [\(written)\t,\(written)\t]\t# \(written)\n") == "accepted")
    }

    static let invalidValues: [(String, String)] = [
        ("2h", "1:5: 2h is not a number, boolean, date or time; quote text, durations and times, e.g. \"2h\""),
        ("tru", "1:5: tru is not a number, boolean, date or time; quote text, durations and times, e.g. \"tru\""),
        ("True", "1:5: True is not a number, boolean, date or time; quote text, durations and times, e.g. \"True\""),
        ("07:32", "1:5: 07:32 is not a number, boolean, date or time; quote text, durations and times, e.g. \"07:32\""),
        ("01", "1:5: leading zeros are not allowed in 01"),
        ("-007", "1:6: leading zeros are not allowed in -007"),
        ("1__0", "1:6: an underscore in a number must stand between two digits, as in 1_000: 1__0"),
        ("1_", "1:6: an underscore in a number must stand between two digits, as in 1_000: 1_"),
        ("1e_5", "1:6: the exponent of 1e_5 has no digits"),
        ("0x", "1:5: 0x is not a hexadecimal number; write 0x and the digits 0-9, a-f or A-F"),
        ("0x_1", "1:5: 0x_1 is not a hexadecimal number; write 0x and the digits 0-9, a-f or A-F"),
        ("+0x1", "1:5: a hexadecimal, octal or binary number takes no sign: +0x1"),
        ("0o8", "1:5: 0o8 is not an octal number; write 0o and the digits 0-7"),
        ("0b2", "1:5: 0b2 is not a binary number; write 0b and the digits 0 and 1"),
        ("1.", "1:6: a decimal point needs digits on both sides: 1."),
        (".5", "1:5: a decimal point needs digits on both sides: .5"),
        ("1.e5", "1:6: a decimal point needs digits on both sides: 1.e5"),
        ("1e", "1:6: the exponent of 1e has no digits"),
        ("00.5", "1:5: leading zeros are not allowed in 00.5"),
        ("infinity", "1:5: infinity is not a number, boolean, date or time; quote text, durations and times, e.g. \"infinity\""),
        ("NaN", "1:5: NaN is not a number, boolean, date or time; quote text, durations and times, e.g. \"NaN\""),
        ("9223372036854775808", "1:5: 9223372036854775808 is out of range; TOML integers go from -9223372036854775808 to 9223372036854775807"),
        ("0x8000000000000000", "1:5: 0x8000000000000000 is out of range; TOML integers go from -9223372036854775808 to 9223372036854775807"),
        ("1979-05-27T", "1:16: 1979-05-27T is not a valid date-time; write it like 2026-11-01T08:00:00 or, with a UTC offset, 2026-11-01T08:00:00+01:00"),
        ("1979-05-27T:07", "1:16: 1979-05-27T:07 is not a valid date-time; write it like 2026-11-01T08:00:00 or, with a UTC offset, 2026-11-01T08:00:00+01:00"),
        ("1979-5-27", "1:5: 1979-5-27 is not a valid date; write dates as YYYY-MM-DD, e.g. 2026-11-01"),
        ("7:32:00", "1:5: 7:32:00 is not a number, boolean, date or time; quote text, durations and times, e.g. \"7:32:00\""),
        ("07:32:00.", "1:5: 07:32:00. is not a number, boolean, date or time; quote text, durations and times, e.g. \"07:32:00.\""),
        ("1979-05-27T07:32:00+7:00", "1:24: 1979-05-27T07:32:00+7:00 has an invalid UTC offset; write Z or an offset like +01:00"),
        ("1979-05-27T07:32:00+24:00", "1:24: 1979-05-27T07:32:00+24:00 has an invalid UTC offset; write Z or an offset like +01:00"),
        ("1979-05-27T07:32:00Zulu", "1:24: 1979-05-27T07:32:00Zulu is not a valid date-time; write it like 2026-11-01T08:00:00 or, with a UTC offset, 2026-11-01T08:00:00+01:00"),
        ("1979-05-27 07:32", "1:16: 1979-05-27 07:32 is not a valid date-time; write it like 2026-11-01T08:00:00 or, with a UTC offset, 2026-11-01T08:00:00+01:00"),
        ("1979-13-01", "1:10: 1979-13-01 is not a valid date: months go from 01 to 12"),
        ("1979-02-29", "1:13: 1979-02-29 is not a valid date: its month has 28 days"),
        ("1900-02-29", "1:13: 1900-02-29 is not a valid date: its month has 28 days"),
        ("2026-04-31", "1:13: 2026-04-31 is not a valid date: its month has 30 days"),
        ("0000-01-01", "1:5: 0000-01-01 is not a valid date: years go from 0001 to 9999"),
        ("24:00:00", "1:5: 24:00:00 is not a valid time: hours go from 00 to 23"),
        ("23:60:00", "1:8: 23:60:00 is not a valid time: minutes go from 00 to 59"),
        ("23:59:60", "1:11: 23:59:60 is not a valid time: seconds go from 00 to 59"),
        ("=", "1:5: expected a value, found \"=\""),
        ("", "1:5: expected a value, found the end of the file"),
        ("é", "1:5: é is not a number, boolean, date or time; quote text, durations and times, e.g. \"é\""),
    ]

    /// What is no TOML value is refused with what is wrong with it, where it is wrong.
    @Test(arguments: invalidValues)
    func refusesValue(_ written: String, _ expected: String) {
        #expect(error("x = \(written)") == expected)
    }

    /// Numbers of every base and form, read exactly; a float keeps its text.
    @Test func numbers() throws {
        #expect(value("0xDEAD_beef")?.int == 0xDEAD_BEEF)
        #expect(value("0o755")?.int == 0o755)
        #expect(value("0b1101_0110")?.int == 0b1101_0110)
        #expect(value("-9223372036854775808")?.int == Int.min)
        #expect(value("0x7FFFFFFFFFFFFFFF")?.int == Int.max)
        #expect(value("+1_000")?.int == 1000)
        #expect(value("224_617.445_991_228")?.double == 224_617.445_991_228)
        #expect(value("224_617.445_991_228")?.floatText == "224_617.445_991_228")
        #expect(value("6.626e-34")?.double == 6.626e-34)
        #expect(value("1e400")?.double == .infinity)
        #expect(value("-inf")?.double == -.infinity)
        #expect(try #require(value("-nan")?.double).isNaN)
        #expect(value("-0.0")?.double?.sign == .minus)
        #expect(value("1")?.double == nil && value("1.0")?.int == nil)
    }

    /// Dates and times of every form, with their fields and offsets.
    @Test func datesAndTimes() throws {
        #expect(value("2000-02-29")?.date == TOMLDate(year: 2000, month: 2, day: 29))
        #expect(value("07:32:00.123456789123")?.time == TOMLTime(hour: 7, minute: 32, second: 0, nanosecond: 123_456_789))
        #expect(value("07:32:00.5")?.time?.description == "07:32:00.5")
        let offset = try #require(value("1979-05-27 00:32:00.999999-07:00")?.dateTime)
        #expect(offset.offsetMinutes == -420 && offset.time.nanosecond == 999_999_000)
        #expect(offset.description == "1979-05-27T00:32:00.999999-07:00")
        #expect(value("1979-05-27t07:32:00z")?.dateTime?.description == "1979-05-27T07:32:00Z")
        #expect(value("1979-05-27T07:32:00")?.dateTime?.offsetMinutes == nil)
        #expect(value("1979-05-27")?.time == nil && value("07:32:00")?.date == nil)
    }

    /// Every escape, multi-line trimming and continuation, and quotes before the closing ones.
    @Test func strings() {
        #expect(value(#""\b\t\n\f\r\"\\\u00E9\U0001F600""#)?.string == "\u{8}\t\n\u{C}\r\"\\é😀")
        #expect(value(#"'C:\Users\nodejs'"#)?.string == #"C:\Users\nodejs"#)
        #expect(value("\"\"\"\nRoses\r\nViolets\"\"\"")?.string == "Roses\nViolets")
        #expect(value("\"\"\"\r\nThe quick \\\n\n   brown \\   \r\n  fox.\"\"\"")?.string == "The quick brown fox.")
        #expect(value(#""""Here are two quotation marks: "". Simple enough.""""#)?.string == #"Here are two quotation marks: "". Simple enough."#)
        #expect(value(#"""""This," she said, "is just a pointless statement."""""#)?.string == #""This," she said, "is just a pointless statement.""#)
        #expect(value("'''\nThe first newline is\ntrimmed in raw strings.\n'''")?.string == "The first newline is\ntrimmed in raw strings.\n")
        #expect(value("''''That,' she said, 'is still pointless.'''''")?.string == "'That,' she said, 'is still pointless.''")
        #expect(value("\"tab\there\"")?.string == "tab\there")
        #expect(value(#""\u0000""#)?.string == "\u{0}")
    }

    static let stringErrors: [(String, String)] = [
        ("x = \"abc\ny = 1", "1:9: unterminated string (it starts at 1:5); is a closing quote missing?"),
        ("x = 'abc", "1:9: unterminated string (it starts at 1:5); is a closing quote missing?"),
        ("x = \"\"\"abc\n\"\"", "2:3: unterminated multi-line string (it starts at 1:5); is a closing \"\"\" missing?"),
        ("x = '''abc", "1:11: unterminated multi-line string (it starts at 1:5); is a closing ''' missing?"),
        (#"x = "a\x41""#, #"1:7: \x is not an escape sequence; TOML has \b, \t, \n, \f, \r, \", \\, \uXXXX and \UXXXXXXXX, and a backslash itself is written \\"#),
        (#"x = "\e""#, #"1:6: \e is not an escape sequence; TOML has \b, \t, \n, \f, \r, \", \\, \uXXXX and \UXXXXXXXX, and a backslash itself is written \\"#),
        (#"x = "\u00e""#, #"1:6: \u00e needs 4 hexadecimal digits, e.g. \u00E9"#),
        (#"x = "\U0001F60""#, #"1:6: \U0001F60 needs 8 hexadecimal digits, e.g. \U0001F600"#),
        (#"x = "\uD800""#, #"1:6: \uD800 is not a Unicode character: code points D800 to DFFF and above 10FFFF are none"#),
        (#"x = "\U00110000""#, #"1:6: \U00110000 is not a Unicode character: code points D800 to DFFF and above 10FFFF are none"#),
        ("x = \"a\u{7}b\"", #"1:7: the control character \u0007 is not allowed in a string; in a string in double quotes write it as \u0007"#),
        ("x = 'a\u{7F}'", #"1:7: the control character \u007F is not allowed in a string; in a string in double quotes write it as \u007F"#),
        ("x = \"\"\"a\rb\"\"\"", "1:9: a carriage return must be followed by a line feed; save the file with LF or CRLF line ends"),
        ("x = \"\"\"a\\  b\"\"\"", #"1:12: only spaces may follow a backslash that ends a line; write a backslash itself as \\"#),
        ("x = 1 # a\u{1}b", #"1:10: the control character \u0001 is not allowed in a comment"#),
        ("x = 1\r", "1:6: a carriage return must be followed by a line feed; save the file with LF or CRLF line ends"),
    ]

    @Test(arguments: stringErrors)
    func refusesStringsAndCharacters(_ text: String, _ expected: String) {
        #expect(error(text) == expected)
    }

    /// Keys keep the order they were first written in; bare, quoted and dotted keys name the same tables.
    @Test func tablesAndKeys() throws {
        let text = """
            b = 1
            a.y = 2
            "a".x = 3
            [t."sub table".'z']
            k = "v"
            [t]
            first = true
            [[fruit]]
            name = "apple"
            [fruit.physical]
            color = "red"
            [[fruit.variety]]
            name = "red delicious"
            [[fruit]]
            name = "banana"
            """
        let document = try #require(read(text))
        #expect(document.keys == ["b", "a", "t", "fruit"])
        #expect(document["a"]?.table?.keys == ["y", "x"])
        #expect(document["t"]?.table?.keys == ["sub table", "first"])
        #expect(document["t"]?.table?["sub table"]?.table?["z"]?.table?["k"]?.string == "v")
        let fruit = try #require(document["fruit"]?.array)
        #expect(fruit.count == 2)
        #expect(fruit[0].table?["physical"]?.table?["color"]?.string == "red")
        #expect(fruit[0].table?["variety"]?.array?.first?.table?["name"]?.string == "red delicious")
        #expect(fruit[1].table?.keys == ["name"])
        #expect(document.entry("fruit")?.keyPosition.description == "8:3")
        #expect(fruit[1].position.description == "14:3")
        #expect(read("[a.b.c]\n[a]\nb.d = 1\n[a.b.c.e]\n") != nil)
        #expect(read("[fruit]\napple.color = \"red\"\n[fruit.apple.texture]\nsmooth = true\n") != nil)
        #expect(read("\u{FEFF}a = 1")?["a"]?.int == 1)
        #expect(read("") != nil && read("# only a comment\r\n\r\n")?.isEmpty == true)
    }

    static let redefinitions: [(String, String)] = [
        ("a = 1\na = 2", "2:1: the key \"a\" is already defined at 1:1; each key may be defined only once"),
        ("a.b = 1\na.b = 2", "2:3: the key \"a.b\" is already defined at 1:3; each key may be defined only once"),
        ("a = 1\na.b = 2", "2:1: the key \"a\" is already defined at 1:1; each key may be defined only once"),
        ("a = 1\n\"a\" = 2", "2:1: the key \"a\" is already defined at 1:1; each key may be defined only once"),
        ("[a]\n[a]", "2:2: the table [a] is already defined at 1:2; each table may be defined only once"),
        ("[a]\nb = 1\n[a.b]", "3:4: the key \"a.b\" is already defined at 2:1; each key may be defined only once"),
        ("a.b = 1\n[a]", "2:2: the table [a] is already defined by the dotted key at 1:1; each table may be defined only once"),
        ("[a]\nb.c = 1\n[a.b]", "3:4: the table [a.b] is already defined by the dotted key at 2:1; each table may be defined only once"),
        ("[a.b]\n[a]\nb.c = 1", "3:1: \"b\" is a table with its own header [a.b] at 1:4; write its keys under that header, not as dotted keys"),
        ("a = {}\na.b = 1", "2:1: \"a\" is an inline table (at 1:5), which cannot be extended; write all its keys inside its braces"),
        ("a = {}\n[a]", "2:2: \"a\" is an inline table (at 1:5), which cannot be extended; write all its keys inside its braces"),
        ("a = {b = {}}\n[a.b.c]", "2:2: \"a\" is an inline table (at 1:5), which cannot be extended; write all its keys inside its braces"),
        ("a = {b = 1, b = 2}", "1:13: the key \"b\" is already defined at 1:6; each key may be defined only once"),
        ("a = {b = {c = 1}, b.d = 2}", "1:19: \"b\" is an inline table (at 1:10), which cannot be extended; write all its keys inside its braces"),
        ("a = []\n[[a]]", "2:3: \"a\" is an array written out at 1:5, which cannot be extended; only arrays of tables made with [[…]] headers can"),
        ("[a]\n[[a]]", "2:3: \"a\" is already a table (at 1:2); it cannot also be an array of tables"),
        ("[[a]]\n[a]", "2:2: \"a\" is an array of tables (first at 1:3); add a table to it with [[a]]"),
        ("[[t.arr]]\n[t]\narr.x = 1", "3:1: \"arr\" is an array of tables (first at 1:5); add a table to it with [[t.arr]]"),
    ]

    /// Each key and table is defined once; inline tables and written-out arrays are closed.
    @Test(arguments: redefinitions)
    func refusesRedefinitions(_ text: String, _ expected: String) {
        #expect(error(text) == expected)
    }

    static let structureErrors: [(String, String)] = [
        ("a b = 1", "1:3: expected \"=\" after the key \"a\", found \"b\""),
        ("a = 1 2", "1:7: expected the end of the line after the value of \"a\", found \"2\""),
        // A decimal comma, as German writes numbers: the number is given back with a point.
        ("per_dose = 0,5", "1:13: the value of \"per_dose\" has a decimal comma; write the number with a point: 0.5"),
        ("stock = -12,25 # tablets", "1:12: the value of \"stock\" has a decimal comma; write the number with a point: -12.25"),
        ("a = 1_000,5", "1:10: the value of \"a\" has a decimal comma; write the number with a point: 1_000.5"),
        ("a = 1, 5", "1:6: expected the end of the line after the value of \"a\", found \",\""),
        ("a = \"1\",5", "1:8: expected the end of the line after the value of \"a\", found \",\""),
        ("= 1", "1:1: expected a key, found \"=\""),
        ("a. = 1", "1:4: expected a key, found \"=\""),
        ("äpfel = 1", "1:1: \"ä\" cannot be part of a bare key, which takes only A-Z, a-z, 0-9, - and _; put the key in quotes"),
        ("time:zone = 1", "1:5: \":\" cannot be part of a bare key, which takes only A-Z, a-z, 0-9, - and _; put the key in quotes"),
        ("[a", "1:3: expected \"]\" to close the table header, found the end of the file"),
        ("[[a]\n", "1:5: expected \"]]\" to close the table header, found the end of the line"),
        ("[a] b", "1:5: expected the end of the line after the header [a], found \"b\""),
        ("[]", "1:2: expected a table name, found \"]\""),
        ("a = [1 2]", "1:8: expected \",\" or \"]\" after an array element, found \"2\"; is a comma missing before it?"),
        ("a = [1 }", "1:8: expected \",\" or \"]\" after an array element, found \"}\""),
        ("a = [,]", "1:6: expected a value or \"]\", found \",\""),
        ("a = {b = 1,}", "1:11: an inline table takes no comma after its last value; remove this comma"),
        ("a = {b = 1\n}", "1:11: an inline table must be written on one line; use a [table] header for a longer one"),
        ("a = {b = 1 c = 2}", "1:12: expected \",\" or \"}\" after a value in an inline table, found \"c\"; is a comma missing before it?"),
        ("a = {b 1}", "1:8: expected \"=\" after the key \"b\", found \"1\""),
        ("a = 1\n\u{2028}", "2:1: \"\\u2028\" cannot be part of a bare key, which takes only A-Z, a-z, 0-9, - and _; put the key in quotes"),
    ]

    @Test(arguments: structureErrors)
    func refusesStructure(_ text: String, _ expected: String) {
        #expect(error(text) == expected)
    }

    /// Nesting is bounded: exactly the limit reads, one level more is refused where it starts.
    @Test func nestingDepth() {
        let limit = TOMLReader.maximumDepth
        let tooDeep = "nested too deeply: at most \(limit) levels of tables and arrays"
        #expect(error("a = " + String(repeating: "[", count: limit) + String(repeating: "]", count: limit)) == "accepted")
        #expect(error("a = " + String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)) == "1:\(5 + limit): \(tooDeep)")
        #expect(error("a = " + String(repeating: "{b = ", count: limit) + "1" + String(repeating: "}", count: limit)) == "accepted")
        #expect(error("a = " + String(repeating: "{b = ", count: limit + 1) + "1" + String(repeating: "}", count: limit + 1)).hasSuffix(tooDeep))
        #expect(error("[" + Array(repeating: "t", count: limit).joined(separator: ".") + "]") == "accepted")
        #expect(error("[" + Array(repeating: "t", count: limit + 1).joined(separator: ".") + "]") == "1:\(2 + 2 * limit): \(tooDeep)")
    }
}
