import MeddCore

extension Configuration {
    /// This configuration with the medication or measurement `id` paused (or not) and paused until a day
    /// (or not): what `medctl pause` and `resume` must give.
    func pausing(_ id: String, paused: Bool, until: LocalDate?) -> Configuration {
        var changed = self
        if let index = changed.medications.firstIndex(where: { $0.id == id }) {
            changed.medications[index].paused = paused
            changed.medications[index].pausedUntil = until
        }
        if let index = changed.measurements.firstIndex(where: { $0.id == id }) {
            changed.measurements[index].reminders.paused = paused
            changed.measurements[index].reminders.pausedUntil = until
        }
        return changed
    }
}
