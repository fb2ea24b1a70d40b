import MeddControl
import MeddCore

/// The members of one JSON object, read with the checks a report's decoder needs: each value of the
/// expected type and within bounds, or an error naming where it is.
struct JSONFields {
    /// The longest text a report's field may hold, in UTF-8 bytes.
    static let longestText = 64 * 1024

    let members: [String: JSONValue]
    let path: String

    init(_ value: JSONValue, path: String) throws(ReportDecodingError) {
        guard let members = value.objectValue else { throw ReportDecodingError(path: path, "expected an object") }
        self.members = members
        self.path = path
    }

    private func at(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private func value(_ key: String) throws(ReportDecodingError) -> JSONValue {
        guard let value = members[key], value != .null else { throw ReportDecodingError(path: at(key), "missing") }
        return value
    }

    func has(_ key: String) -> Bool { members[key].map { $0 != .null } ?? false }

    func string(_ key: String) throws(ReportDecodingError) -> String {
        guard let text = try value(key).stringValue else { throw ReportDecodingError(path: at(key), "expected a string") }
        guard text.utf8.count <= Self.longestText else {
            throw ReportDecodingError(path: at(key), "longer than \(Self.longestText) bytes")
        }
        return text
    }

    func optionalString(_ key: String) throws(ReportDecodingError) -> String? {
        has(key) ? try string(key) : nil
    }

    func int(_ key: String, in range: ClosedRange<Int>) throws(ReportDecodingError) -> Int {
        guard let number = try value(key).intValue else { throw ReportDecodingError(path: at(key), "expected a whole number") }
        guard range.contains(number) else {
            throw ReportDecodingError(path: at(key), "\(number) is outside \(range.lowerBound)…\(range.upperBound)")
        }
        return number
    }

    func optionalInt(_ key: String, in range: ClosedRange<Int>) throws(ReportDecodingError) -> Int? {
        has(key) ? try int(key, in: range) : nil
    }

    /// An amount of units (`27.25`), within `range`.
    func quantity(_ key: String, in range: ClosedRange<Quantity>) throws(ReportDecodingError) -> Quantity {
        guard let amount = try value(key).quantityValue else {
            throw ReportDecodingError(path: at(key), "expected a number with at most three decimal places")
        }
        guard range.contains(amount) else {
            throw ReportDecodingError(path: at(key), "\(amount) is outside \(range.lowerBound)…\(range.upperBound)")
        }
        return amount
    }

    func optionalQuantity(_ key: String, in range: ClosedRange<Quantity>) throws(ReportDecodingError) -> Quantity? {
        has(key) ? try quantity(key, in: range) : nil
    }

    func double(_ key: String, in range: ClosedRange<Double>) throws(ReportDecodingError) -> Double {
        guard let number = try value(key).doubleValue else { throw ReportDecodingError(path: at(key), "expected a number") }
        guard range.contains(number) else {
            throw ReportDecodingError(path: at(key), "\(number) is outside \(range.lowerBound)…\(range.upperBound)")
        }
        return number
    }

    func bool(_ key: String) throws(ReportDecodingError) -> Bool {
        guard let flag = try value(key).boolValue else { throw ReportDecodingError(path: at(key), "expected true or false") }
        return flag
    }

    func date(_ key: String) throws(ReportDecodingError) -> LocalDate {
        guard let date = LocalDate(parsing: try string(key)) else { throw ReportDecodingError(path: at(key), "expected YYYY-MM-DD") }
        return date
    }

    func choice<Value: RawRepresentable & CaseIterable>(_ key: String, of type: Value.Type = Value.self)
        throws(ReportDecodingError) -> Value where Value.RawValue == String {
        let text = try string(key)
        guard let value = Value(rawValue: text) else {
            let names = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw ReportDecodingError(path: at(key), "\"\(text)\" is none of \(names)")
        }
        return value
    }

    /// The elements of an array, each read by `element` with its own path, at most `limit` of them.
    func array<Element>(_ key: String, limit: Int,
                        _ element: (JSONValue, String) throws(ReportDecodingError) -> Element) throws(ReportDecodingError) -> [Element] {
        guard let values = try value(key).arrayValue else { throw ReportDecodingError(path: at(key), "expected an array") }
        guard values.count <= limit else { throw ReportDecodingError(path: at(key), "more than \(limit) elements") }
        var elements: [Element] = []
        elements.reserveCapacity(values.count)
        for (index, value) in values.enumerated() { elements.append(try element(value, "\(at(key))[\(index)]")) }
        return elements
    }

    func object(_ key: String) throws(ReportDecodingError) -> JSONFields {
        try JSONFields(try value(key), path: at(key))
    }
}
