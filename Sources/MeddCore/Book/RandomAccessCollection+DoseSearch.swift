/// Searches in doses sorted by due instant (a plan, or a slice of one).
extension RandomAccessCollection where Element == Dose {
    /// The index of the first dose due after `instant`.
    func firstIndex(dueAfter instant: Instant) -> Index {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = index(low, offsetBy: distance(from: low, to: high) / 2)
            if self[middle].scheduled > instant { high = middle } else { low = index(after: middle) }
        }
        return low
    }

    /// The index of `dose` (same ID, same due instant), if present.
    func index(ofPlanned dose: Dose) -> Index? {
        let due = self[firstIndex(dueAfter: Instant(usec: dose.scheduled.usec - 1))...].prefix { $0.scheduled == dose.scheduled }
        return due.firstIndex { $0.id == dose.id }
    }
}
