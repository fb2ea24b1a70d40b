/// What a calendar cell shows: the worst outcome of the day's doses, so a gap stands out.
enum CalendarOutcome: CaseIterable {
    case onTime, late, skipped, missed, nothing

    init(_ day: CalendarDay) {
        let counts = day.counts
        self = counts.missed > 0 ? .missed : counts.skipped > 0 ? .skipped : counts.late > 0 ? .late
            : counts.onTime > 0 ? .onTime : .nothing
    }

    /// Distinct without colour, densest for the best day.
    var glyph: String {
        switch self {
        case .onTime: "██"
        case .late: "▓▓"
        case .skipped: "▒▒"
        case .missed: "░░"
        case .nothing: "··"
        }
    }

    var meaning: String {
        switch self {
        case .onTime: "all on time"
        case .late: "some late"
        case .skipped: "some skipped"
        case .missed: "some missed"
        case .nothing: "none answered"
        }
    }

    func cell(_ style: Style) -> String {
        switch self {
        case .onTime: style.paint(glyph, "32")
        case .late: style.paint(glyph, "33")
        case .skipped: style.paint(glyph, "34")
        case .missed: style.paint(glyph, "31")
        case .nothing: style.dim(glyph)
        }
    }
}
