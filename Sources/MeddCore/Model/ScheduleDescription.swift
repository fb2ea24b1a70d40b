/// A medication's schedule as data, for each program to word in its reader's language
/// (`ScheduleWords`): when it is due, on which days, the dose of each time that has its own, and
/// the steps of a tapering plan.
public struct ScheduleDescription: Hashable, Sendable {
    public var schedule: Schedule
    /// Dose text and units of particular times of `times`.
    public var timeAmounts: [WallTime: DoseAmount]
    /// Ascending by `from`.
    public var steps: [DoseStep]

    public init(schedule: Schedule, timeAmounts: [WallTime: DoseAmount] = [:], steps: [DoseStep] = []) {
        self.schedule = schedule
        self.timeAmounts = timeAmounts
        self.steps = steps
    }
}

extension Medication {
    /// What `medctl meds`, the report and the control interface put into words.
    public var scheduleDescription: ScheduleDescription {
        ScheduleDescription(schedule: schedule, timeAmounts: timeAmounts, steps: steps)
    }
}
