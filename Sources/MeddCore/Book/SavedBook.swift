/// What the ledger hands back at start-up: the book's saved state and the events of the doses the
/// book must hold — not every event ever recorded (`DoseBook.restore`).
public struct SavedBook: Sendable {
    public var watermark: Instant?
    /// The counts with their levels as last saved: a level counts doses whose events are not replayed.
    public var stock: [String: StockCount]
    /// The snooze slots as last saved: which dose holds each.
    public var snoozes: [SnoozeID: DoseID]
    /// In recording order, every event of the doses that are open, due from `heldFrom`, or have an
    /// event that happened from `heldFrom` on.
    public var events: [DoseEvent]
    public var heldFrom: Instant
    /// When medd started tracking each medication (`DoseBook.trackedSince`).
    public var trackedSince: [String: Instant]
    /// Every `expiring` and `expired` event ever recorded, however old: each is owed once.
    public var expiryEvents: [DoseEvent]

    public init(watermark: Instant?, stock: [String: StockCount], snoozes: [SnoozeID: DoseID],
                events: [DoseEvent], heldFrom: Instant, trackedSince: [String: Instant] = [:], expiryEvents: [DoseEvent] = []) {
        self.watermark = watermark
        self.stock = stock
        self.snoozes = snoozes
        self.events = events
        self.heldFrom = heldFrom
        self.trackedSince = trackedSince
        self.expiryEvents = expiryEvents
    }
}
