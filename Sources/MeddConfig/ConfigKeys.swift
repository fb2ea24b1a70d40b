/// The keys each table of the configuration may hold, in the contract's order.
enum ConfigKeys {
    static let topLevel = ["settings", "medication", "hook"]
    static let settings = ["horizon_days", "grace", "renotify", "snooze", "early", "timezone"]
    static let medication = [
        "name", "dose", "times", "days", "every_days", "cycle", "every", "from", "until", "start", "end",
        "timezone", "notes", "paused", "as_needed", "min_interval", "max_per_day", "stock", "per_dose", "refill_at",
    ]
    static let cycle = ["on", "off"]
    static let hook = ["on", "exec", "timeout"]
    /// The keys that give a medication a schedule; none of them go with `as_needed = true`.
    static let schedule = ["times", "every", "days", "every_days", "cycle"]
}
