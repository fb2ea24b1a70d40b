/// The history as CSV, one record per dose; times exactly as the daemon gives them (ISO 8601 with
/// the dose's offset).
enum HistoryCSV {
    static let header = ["id", "medication", "name", "dose", "scheduled", "state", "answered_at", "source", "note"]

    static func document(_ doses: [DoseRow]) -> String {
        CSVText.document(header: header, rows: doses.map { dose in
            [dose.id, dose.medication, dose.name, dose.dose, dose.json["scheduled"]?.stringValue ?? "",
             dose.state, dose.json["answeredAt"]?.stringValue ?? "", dose.source ?? "", dose.note ?? ""]
        })
    }
}
