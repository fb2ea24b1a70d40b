/// A TOML local date, `1979-05-27`.
package struct TOMLDate: Hashable, Sendable, CustomStringConvertible {
    package var year: Int
    package var month: Int
    package var day: Int

    package var description: String { TOMLDate.digits(year, 4) + "-" + TOMLDate.digits(month, 2) + "-" + TOMLDate.digits(day, 2) }

    /// `value` in decimal with leading zeros up to `count` digits.
    static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, count - text.count)) + text
    }
}

/// A TOML local time, `07:32:00.999999`; fractional seconds beyond nanoseconds are cut off, as TOML allows.
package struct TOMLTime: Hashable, Sendable, CustomStringConvertible {
    package var hour: Int
    package var minute: Int
    package var second: Int
    package var nanosecond: Int

    /// `HH:MM:SS`, then the nanoseconds without trailing zeros when there are any.
    package var description: String {
        var text = TOMLDate.digits(hour, 2) + ":" + TOMLDate.digits(minute, 2) + ":" + TOMLDate.digits(second, 2)
        if nanosecond > 0 {
            var fraction = TOMLDate.digits(nanosecond, 9)
            while fraction.last == "0" { fraction.removeLast() }
            text += "." + fraction
        }
        return text
    }
}

/// A TOML date-time: with a UTC offset (`1979-05-27T07:32:00Z`, `…-07:00`) or local (no offset).
package struct TOMLDateTime: Hashable, Sendable, CustomStringConvertible {
    package var date: TOMLDate
    package var time: TOMLTime
    /// Minutes east of UTC; nil for a local date-time.
    package var offsetMinutes: Int?

    /// RFC 3339 with a `T`: `Z` for a zero offset, else `+HH:MM`/`-HH:MM`; nothing for a local one.
    package var description: String {
        let text = date.description + "T" + time.description
        guard let offsetMinutes else { return text }
        if offsetMinutes == 0 { return text + "Z" }
        let magnitude = abs(offsetMinutes)
        return text + (offsetMinutes < 0 ? "-" : "+") + TOMLDate.digits(magnitude / 60, 2) + ":" + TOMLDate.digits(magnitude % 60, 2)
    }
}
