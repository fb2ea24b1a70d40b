import ArgumentParser

/// What `medctl export` writes: the history as CSV, or the planned doses as an iCalendar file.
enum ExportFormat: String, CaseIterable, ExpressibleByArgument {
    case csv, ics
}
