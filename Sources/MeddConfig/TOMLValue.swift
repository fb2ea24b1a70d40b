/// A value of a TOML document with where it is written: for a value after `=` or in an array, its
/// first character; for a table or an array of tables made by headers, the name in the header that
/// made it.
package struct TOMLValue: Sendable {
    package enum Content: Sendable {
        case string(String)
        case integer(Int)
        /// `text` is the number as written, underscores included, so a decimal can be read exactly.
        case float(Double, text: String)
        case boolean(Bool)
        case dateTime(TOMLDateTime)
        case date(TOMLDate)
        case time(TOMLTime)
        case array([TOMLValue])
        case table(TOMLTable)
    }

    /// The kinds of value, for messages like "expected a string, found an array".
    package enum Kind: Sendable {
        case string, int, double, bool, dateTime, date, time, array, table
    }

    package var content: Content
    package var position: SourcePosition

    package init(_ content: Content, at position: SourcePosition) {
        self.content = content
        self.position = position
    }

    package var type: Kind {
        switch content {
        case .string: .string
        case .integer: .int
        case .float: .double
        case .boolean: .bool
        case .dateTime: .dateTime
        case .date: .date
        case .time: .time
        case .array: .array
        case .table: .table
        }
    }

    package var string: String? {
        if case .string(let string) = content { return string }
        return nil
    }

    package var int: Int? {
        if case .integer(let integer) = content { return integer }
        return nil
    }

    package var double: Double? {
        if case .float(let double, _) = content { return double }
        return nil
    }

    /// A float as it is written in the file (`0.5`, `1_000.25`, `5e-1`).
    package var floatText: String? {
        if case .float(_, let text) = content { return text }
        return nil
    }

    package var bool: Bool? {
        if case .boolean(let bool) = content { return bool }
        return nil
    }

    /// A local date (`2026-11-01`); not the date of a date-time.
    package var date: TOMLDate? {
        if case .date(let date) = content { return date }
        return nil
    }

    /// A local time (`08:00:00`); not the time of a date-time.
    package var time: TOMLTime? {
        if case .time(let time) = content { return time }
        return nil
    }

    package var dateTime: TOMLDateTime? {
        if case .dateTime(let dateTime) = content { return dateTime }
        return nil
    }

    package var array: [TOMLValue]? {
        if case .array(let array) = content { return array }
        return nil
    }

    package var table: TOMLTable? {
        if case .table(let table) = content { return table }
        return nil
    }
}
