import ArgumentParser

/// How `history` and `adherence` print: `--format table|json|csv`, where the global `--json` means json.
enum ReportFormat: String, CaseIterable, ExpressibleByArgument {
    case table, json, csv

    /// The format asked for; `--json` with another `--format` is a usage error.
    static func resolve(_ format: ReportFormat?, json: Bool) throws -> ReportFormat {
        if json, let format, format != .json {
            throw ValidationError("--json contradicts --format \(format.rawValue); give one of them")
        }
        return json ? .json : format ?? .table
    }
}
