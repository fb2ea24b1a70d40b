import Foundation
import MeddCore

/// The summary for people: a title line, then one row per medication and a TOTAL row.
extension AdherenceSummary {
    func printTable(style: Style = .current) {
        Output.line("Adherence of doses due \(LocalTimeText.dateTime(since)) to \(LocalTimeText.dateTime(until)), \(source.phrase)")
        guard !report.medications.isEmpty else {
            return Output.line("no dose due in that range has been answered or missed")
        }
        let header = ["MEDICATION", "ON TIME", "LATE", "SKIPPED", "MISSED", "TAKEN %"]
        var rows = medicationIDs.map { [TerminalText.cell($0)] + Self.figures(report.medications[$0]!) }
        rows.append([style.bold("TOTAL")] + Self.figures(report.total).map(style.bold))
        Output.table(header, Self.rightAligned(rows, under: header))
    }

    private static func figures(_ counts: AdherenceCounts) -> [String] {
        [counts.onTime, counts.late, counts.skipped, counts.missed].map(String.init)
            + [counts.percentage.map { String(format: "%.1f%%", $0) } ?? "–"]
    }

    /// Pads every column but the first on the left, so numbers line up on their right edge.
    private static func rightAligned(_ rows: [[String]], under header: [String]) -> [[String]] {
        let widths = header.indices.map { column in
            ([header[column]] + rows.map { $0[column] }).map(Output.visibleWidth).max() ?? 0
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == 0 ? cell : String(repeating: " ", count: widths[column] - Output.visibleWidth(cell)) + cell
            }
        }
    }
}
