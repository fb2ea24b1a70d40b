/// A component of a calendar object (RFC 5545 3.4, 3.6): VCALENDAR, VTODO, VALARM, VTIMEZONE …, with
/// its properties and the components it holds, each in the order they were written.
public struct ICalendarComponent: Sendable, Equatable {
    /// In upper case when read; written in upper case.
    public var name: String
    public var properties: [ICalendarProperty]
    public var components: [ICalendarComponent]
    /// The input line of its BEGIN; nil for a component made in code.
    public internal(set) var line: Int?

    /// A component with the given content.
    public init(name: String, properties: [ICalendarProperty] = [], components: [ICalendarComponent] = []) {
        self.name = name
        self.properties = properties
        self.components = components
    }

    /// The first property called `name` (in any case).
    public func property(_ name: String) -> ICalendarProperty? {
        let wanted = ICalendarSyntax.uppercased(name.utf8)
        return properties.first { $0.name == wanted }
    }

    /// Every property called `name` (in any case), such as the ATTENDEEs or RELATED-TOs.
    public func properties(named name: String) -> [ICalendarProperty] {
        let wanted = ICalendarSyntax.uppercased(name.utf8)
        return properties.filter { $0.name == wanted }
    }

    /// Every component directly inside this one called `name` (in any case), such as the VTODOs of a VCALENDAR.
    public func components(named name: String) -> [ICalendarComponent] {
        let wanted = ICalendarSyntax.uppercased(name.utf8)
        return components.filter { $0.name == wanted }
    }

    /// Equal when the names, properties and components are: where a component was read is not compared.
    public static func == (lhs: ICalendarComponent, rhs: ICalendarComponent) -> Bool {
        lhs.name == rhs.name && lhs.properties == rhs.properties && lhs.components == rhs.components
    }
}
