extension DayFilter {
    /// ` on mon, fri`, ` every 2 days`, ` 21 days on, 7 off`; empty for every day.
    var summary: String {
        var parts: [String] = []
        if let weekdays { parts.append("on " + Weekday.allCases.filter(weekdays.contains).map(\.rawValue).joined(separator: ", ")) }
        if let everyDays { parts.append("every \(everyDays) days") }
        if let cycle { parts.append("\(cycle.on) days on, \(cycle.off) off") }
        return parts.isEmpty ? "" : " " + parts.joined(separator: "; ")
    }
}
