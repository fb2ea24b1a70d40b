import CSystemd

/// A subscription to bus messages; dropping it unsubscribes.
public final class BusMatch: @unchecked Sendable {
    // @unchecked: confined to the loop's thread like the bus it belongs to.
    var slot: OpaquePointer?
    let handler: LoopCallback<BusMessage>

    init(handler: LoopCallback<BusMessage>) { self.handler = handler }

    public func cancel() {
        if let slot {
            sd_bus_slot_unref(slot)
            self.slot = nil
        }
    }

    deinit { cancel() }
}
