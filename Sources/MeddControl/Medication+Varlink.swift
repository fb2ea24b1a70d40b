public import MeddCore

extension Medication {
    /// The `Medication` object of the control interface, with the stock level the daemon counts and
    /// the zone it follows (its own, else the settings').
    public func varlinkValue(stockLevel: Int?, zone: ZoneChoice) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(id),
            "name": .string(name),
            "dose": .string(dose),
            "schedule": .string(schedule.summary),
            "paused": .bool(paused),
            "asNeeded": .bool(isAsNeeded),
        ]
        if case .named(let identifier) = timezone ?? zone { object["timezone"] = .string(identifier) }
        if let stockLevel { object["stock"] = .integer(stockLevel) }
        if let refillAt { object["refillAt"] = .integer(refillAt) }
        if let notes { object["notes"] = .string(notes) }
        return .object(object)
    }
}
