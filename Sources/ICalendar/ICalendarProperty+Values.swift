public import MeddCore

/// Typed values (RFC 5545 3.3): read from a property, throwing an error that names it and its line,
/// and made into a property ready to write.
extension ICalendarProperty {
    /// A TEXT property (SUMMARY, DESCRIPTION, UID …) holding `text`, escaped.
    public init(name: String, parameters: [ICalendarParameter] = [], text: String) {
        self.init(name: name, parameters: parameters, value: ICalendarText.escape(text))
    }

    /// A DATE-TIME property; a zoned one carries its TZID parameter.
    public init(name: String, dateTime: ICalendarDateTime) {
        self.init(name: name, value: dateTime.description)
        if case .tzid(let tzid) = dateTime.zone { parameters = [ICalendarParameter(name: "TZID", value: tzid)] }
    }

    /// A DATE property: `NAME;VALUE=DATE:20261122`.
    public init(name: String, date: LocalDate) {
        self.init(name: name, parameters: [ICalendarParameter(name: "VALUE", value: "DATE")], value: date.compact)
    }

    /// The value read as TEXT, unescaped.
    public func text() throws(ICalendarError) -> String {
        guard let text = ICalendarText.unescape(value) else { throw invalid(.text) }
        return text
    }

    /// The value read as a list of TEXT (CATEGORIES, RESOURCES), each unescaped.
    public func texts() throws(ICalendarError) -> [String] {
        guard let texts = ICalendarText.unescapeList(value) else { throw invalid(.text) }
        return texts
    }

    /// The value read as an INTEGER (PERCENT-COMPLETE, PRIORITY, SEQUENCE): `[+|-]digits`, within 32 bits.
    public func integer() throws(ICalendarError) -> Int {
        var digits = value.utf8[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        var magnitude = 0
        for digit in digits {
            // Checked before each step, so the sum can never overflow however many digits there are.
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit), magnitude <= Int(Int32.max) else { throw invalid(.integer) }
            magnitude = magnitude * 10 + Int(digit - UInt8(ascii: "0"))
        }
        let integer = negative ? -magnitude : magnitude
        guard !digits.isEmpty, (Int(Int32.min)...Int(Int32.max)).contains(integer) else { throw invalid(.integer) }
        return integer
    }

    /// The value read as a DATE-TIME (COMPLETED, DTSTAMP, LAST-MODIFIED, or a DUE known to have a
    /// time), local to the zone its TZID names when it has one.
    public func dateTime() throws(ICalendarError) -> ICalendarDateTime {
        if let type = try singleParameter("VALUE"), ICalendarSyntax.uppercased(type.utf8) != "DATE-TIME" {
            throw .unsupportedValueType(line: line, property: name, type: type)
        }
        return try parseDateTime()
    }

    /// The value read as a DATE when `VALUE=DATE` says so, as a DATE-TIME otherwise.
    public func dateOrTime() throws(ICalendarError) -> ICalendarDateOrTime {
        switch try singleParameter("VALUE").map({ ICalendarSyntax.uppercased($0.utf8) }) {
        case nil, "DATE-TIME": return .dateTime(try parseDateTime())
        case "DATE":
            // A TZID says nothing about a whole day, so one beside VALUE=DATE is let be.
            guard let date = ICalendarDateTime.date(parsing: value) else { throw invalid(.date) }
            return .date(date)
        case let type?: throw .unsupportedValueType(line: line, property: name, type: type)
        }
    }

    private func parseDateTime() throws(ICalendarError) -> ICalendarDateTime {
        let tzid = try singleParameter("TZID")
        guard let dateTime = ICalendarDateTime(parsing: value, tzid: tzid) else {
            if tzid != nil, ICalendarDateTime(parsing: value) != nil { throw .zoneOnUTCTime(line: line, property: name) }
            throw invalid(.dateTime)
        }
        return dateTime
    }

    /// The one value of parameter `parameter`, or nil when the property has none.
    private func singleParameter(_ parameter: String) throws(ICalendarError) -> String? {
        guard let values = self.parameter(parameter) else { return nil }
        guard values.count == 1 else { throw .multipleParameterValues(line: line, property: name, parameter: parameter) }
        return values[0]
    }

    private func invalid(_ expected: ICalendarError.ValueType) -> ICalendarError {
        .invalidValue(line: line, property: name, expected: expected)
    }
}
