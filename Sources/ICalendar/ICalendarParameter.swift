/// A property parameter (RFC 5545 3.2): `TZID=Europe/Berlin`, `MEMBER="mailto:a@example.org","mailto:b@example.org"`.
public struct ICalendarParameter: Hashable, Sendable {
    /// In upper case when read; written in upper case.
    public var name: String
    /// The values, without the quotes any of them had.
    public var values: [String]

    /// A parameter with the given values.
    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }

    /// A parameter with one value.
    public init(name: String, value: String) {
        self.init(name: name, values: [value])
    }
}
