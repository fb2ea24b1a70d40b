public import MeddCore

/// Numbers, spans and dates as the report words them.
public enum ReportText {
    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                                 "October", "November", "December"]

    /// `Sep`.
    static func monthAbbreviation(_ month: Int) -> String { String(months[month - 1].prefix(3)) }

    /// `3 September 2026`.
    public static func longDate(_ date: LocalDate) -> String { "\(date.day) \(months[date.month - 1]) \(date.year)" }

    /// `3 Sep`.
    static func shortDate(_ date: LocalDate) -> String { "\(date.day) \(monthAbbreviation(date.month))" }

    /// The share taken as `medctl adherence` prints it: `87.5%`, or `–` when no dose counts.
    public static func percentage(_ counts: AdherenceCounts) -> String {
        counts.percentage.map { FixedDecimal.text($0) + "%" } ?? "–"
    }

    /// `45 min`, `1 h`, `2 h 30` for a non-negative count of minutes.
    static func duration(minutes: Int) -> String {
        if minutes < 60 { return "\(minutes) min" }
        let rest = minutes % 60
        return rest == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(rest < 10 ? "0" : "")\(rest)"
    }

    /// How a taken dose's time compares with its due time: `at the due time`, `12 min before due`,
    /// `1 h 05 after due`.
    static func lateness(minutes: Int) -> String {
        if minutes == 0 { return "at the due time" }
        return minutes > 0 ? "\(duration(minutes: minutes)) after due" : "\(duration(minutes: -minutes)) before due"
    }

    /// `1 dose`, `3 doses`.
    static func count(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(value) \(value == 1 ? singular : plural)"
    }
}
