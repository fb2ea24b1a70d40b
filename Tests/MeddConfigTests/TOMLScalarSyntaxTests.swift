@testable import MeddConfig
import MeddCore
import Testing

/// The pre-check of unquoted values accepts every TOML 1.0 value and rejects the rest.
struct TOMLScalarSyntaxTests {
    static let valid = [
        "true", "false", "0", "+0", "-0", "+99", "42", "-17", "1_000", "5_349_221", "1_2_3_4_5",
        "0xDEADBEEF", "0xdead_beef", "0o01234567", "0o755", "0b11010110",
        "+1.0", "3.1415", "-0.01", "5e+22", "1e06", "-2E-2", "6.626e-34", "224_617.445_991_228",
        "-0.0", "+0.0", "inf", "+inf", "-inf", "nan", "+nan", "-nan",
        "1979-05-27", "07:32:00", "00:32:00.999999", "1979-05-27T07:32:00", "1979-05-27t07:32:00",
        "1979-05-27 07:32:00", "1979-05-27T07:32:00Z", "1979-05-27T00:32:00-07:00",
        "1979-05-27T00:32:00.999999-07:00", "1979-05-27 07:32:00z",
    ]

    static let invalid = [
        "2h", "tru", "True", "01", "1__0", "_1", "1_", "0x", "0x_1", "+0x1", "0X1F", "0o8", "0b2",
        "1.", ".5", "1.e5", "1e", "1e_5", "00.5", "infinity", "NaN",
        "1979-05-27T", "1979-05-27T:07", "1979-5-27", "07:32", "7:32:00", "07:32:00.",
        "1979-05-27T07:32:00+7:00", "1979-05-27T07:32:00Zulu", "=", "é",
    ]

    /// Every value form of the TOML 1.0 specification passes the pre-check.
    @Test(arguments: valid)
    func acceptsValidValue(_ token: String) {
        #expect(TOMLScalarSyntax.isValid(token))
    }

    /// Malformed values are caught before toml++ sees them.
    @Test(arguments: invalid)
    func rejectsInvalidValue(_ token: String) {
        #expect(!TOMLScalarSyntax.isValid(token))
    }

    /// A valid value in a file never becomes a syntax error, whatever the context.
    @Test(arguments: valid)
    func validValueInFileIsNoSyntaxError(_ token: String) {
        let text = "x = \(token)\ny = [\(token), \(token)]\nz = { a = \(token) }\n"
        guard case .failure(let errors) = ConfigLoader.parse(text, path: "t.toml") else { return }
        #expect(!errors.diagnostics.contains { $0.message.english.hasPrefix("TOML syntax error") }, "\(errors)")
    }
}
