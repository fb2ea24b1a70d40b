public import MeddCore

extension AdherenceCounts {
    /// The `AdherenceCounts` object of the control interface.
    public var varlinkValue: JSONValue {
        .object([
            "onTime": .integer(onTime),
            "late": .integer(late),
            "skipped": .integer(skipped),
            "missed": .integer(missed),
            "taken": .integer(taken),
            "percentage": percentage.map(JSONValue.number) ?? .null,
        ])
    }
}
