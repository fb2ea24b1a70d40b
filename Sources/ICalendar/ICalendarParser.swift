/// Reads a calendar object (RFC 5545) into its tree of components, strictly and within
/// `ICalendarLimits`: whatever the bytes, it returns the tree or throws, and never traps.
public struct ICalendarParser {
    private let limits: ICalendarLimits
    /// The components begun and not yet ended, the outermost first.
    private var open: [ICalendarComponent] = []
    private var root: ICalendarComponent?
    private var componentCount = 0
    private var propertyCount = 0

    private init(limits: ICalendarLimits) {
        self.limits = limits
    }

    /// The one top-level component of `bytes` (for a CalDAV object, its VCALENDAR). A leading
    /// byte-order mark is skipped.
    public static func parse(_ bytes: [UInt8], limits: ICalendarLimits = ICalendarLimits()) throws(ICalendarError) -> ICalendarComponent {
        guard bytes.count <= limits.maximumBytes else { throw .inputTooLarge(bytes: bytes.count, limit: limits.maximumBytes) }
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        var reader = ContentLineReader(
            bytes: bytes, startingAt: bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0,
            maximumLineBytes: limits.maximumLineBytes
        )
        var parser = ICalendarParser(limits: limits)
        while let line = try reader.next() {
            try parser.add(try ContentLineParser.property(of: line, maximumParameters: limits.maximumParameters), at: line.firstLine)
        }
        return try parser.finish()
    }

    /// The one top-level component of `text`.
    public static func parse(_ text: String, limits: ICalendarLimits = ICalendarLimits()) throws(ICalendarError) -> ICalendarComponent {
        try parse(Array(text.utf8), limits: limits)
    }

    private mutating func add(_ property: ICalendarProperty, at line: Int) throws(ICalendarError) {
        if let root { throw .contentAfterEnd(line: line, component: root.name) }
        switch property.name {
        case "BEGIN": try begin(componentName(property, at: line), at: line)
        case "END": try end(componentName(property, at: line), at: line)
        default:
            guard !open.isEmpty else { throw .expectedBegin(line: line, found: property.name) }
            propertyCount += 1
            guard propertyCount <= limits.maximumProperties else { throw .tooManyProperties(line: line, limit: limits.maximumProperties) }
            open[open.count - 1].properties.append(property)
        }
    }

    private mutating func begin(_ name: String, at line: Int) throws(ICalendarError) {
        guard open.count < limits.maximumDepth else { throw .tooDeep(line: line, limit: limits.maximumDepth) }
        componentCount += 1
        guard componentCount <= limits.maximumComponents else { throw .tooManyComponents(line: line, limit: limits.maximumComponents) }
        var component = ICalendarComponent(name: name)
        component.line = line
        open.append(component)
    }

    private mutating func end(_ name: String, at line: Int) throws(ICalendarError) {
        guard let component = open.popLast() else { throw .expectedBegin(line: line, found: "END") }
        guard component.name == name else {
            throw .mismatchedEnd(line: line, open: component.name, openedAt: component.line ?? line, found: name)
        }
        if open.isEmpty {
            root = component
        } else {
            open[open.count - 1].components.append(component)
        }
    }

    /// The value of BEGIN or END: a component name (upper-cased), with no parameters.
    private func componentName(_ property: ICalendarProperty, at line: Int) throws(ICalendarError) -> String {
        guard property.parameters.isEmpty else { throw .beginOrEndWithParameters(line: line, keyword: property.name) }
        guard ICalendarSyntax.isName(property.value) else { throw .invalidComponentName(line: line, keyword: property.name) }
        return ICalendarSyntax.uppercased(property.value.utf8)
    }

    private func finish() throws(ICalendarError) -> ICalendarComponent {
        if let unclosed = open.last { throw .unclosedComponent(line: unclosed.line ?? 1, name: unclosed.name) }
        guard let root else { throw .noComponent }
        return root
    }
}
