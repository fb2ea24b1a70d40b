import MeddCore

/// `--days N` of medd's `--plan` and medctl's `plan` and `export`: the planner's limits.
public enum DayCount {
    /// The usage error's words for a count outside `Planner.dayCounts`.
    public static func outOfRange(_ given: Int) -> String {
        // TRANSLATORS: %1$d and %2$d are the fewest and most days, %3$d the number given.
        tr("--days must be from %1$d to %2$d; got %3$d", String(Planner.dayCounts.lowerBound), String(Planner.dayCounts.upperBound),
           String(given))
    }
}
