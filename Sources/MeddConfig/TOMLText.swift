public import MeddCore

/// A value written as TOML, for a key a command sets in the configuration file.
public struct TOMLText: Hashable, Sendable {
    public let text: String

    private init(_ text: String) { self.text = text }

    /// A basic string in double quotes, with `"`, `\`, control characters and line separators escaped.
    public static func string(_ value: String) -> TOMLText { TOMLText(quoted(value)) }

    public static func strings(_ values: [String]) -> TOMLText {
        TOMLText("[" + values.map(quoted).joined(separator: ", ") + "]")
    }

    public static func bool(_ value: Bool) -> TOMLText { TOMLText(value ? "true" : "false") }

    public static func integer(_ value: Int) -> TOMLText { TOMLText(String(value)) }

    /// A whole number as an integer (`60`), else the exact decimal (`0.5`): both read back exactly.
    public static func quantity(_ value: Quantity) -> TOMLText { TOMLText(value.description) }

    /// A key as written in a header or before `=`: bare when it can be, else quoted.
    public static func key(_ name: String) -> String {
        ConfigPath.isBare(name) ? name : quoted(name)
    }

    /// TOML's basic string takes every escape `DisplayText` writes.
    private static func quoted(_ value: String) -> String { DisplayText.quoted(value) }
}
