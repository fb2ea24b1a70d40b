/// A property of a component, one content line (RFC 5545 3.1): `DUE;TZID=Europe/Berlin:20261122T080000`.
public struct ICalendarProperty: Sendable, Equatable {
    /// In upper case when read; written in upper case.
    public var name: String
    /// In the order they were written.
    public var parameters: [ICalendarParameter]
    /// The value as written: TEXT still escaped, lists still joined (see `text()`, `texts()`).
    public var value: String
    /// The input line the property began on; nil for a property made in code.
    public internal(set) var line: Int?

    /// A property with a value as it is to be written (see `init(name:parameters:text:)` for TEXT).
    public init(name: String, parameters: [ICalendarParameter] = [], value: String) {
        self.name = name
        self.parameters = parameters
        self.value = value
    }

    /// The values of the parameter called `name` (in any case), or nil when there is none.
    public func parameter(_ name: String) -> [String]? {
        let wanted = ICalendarSyntax.uppercased(name.utf8)
        return parameters.first { $0.name == wanted }?.values
    }

    /// Equal when the names, parameters and values are: where a property was read is not compared,
    /// so a tree read back from what was written equals the tree written.
    public static func == (lhs: ICalendarProperty, rhs: ICalendarProperty) -> Bool {
        lhs.name == rhs.name && lhs.parameters == rhs.parameters && lhs.value == rhs.value
    }
}
