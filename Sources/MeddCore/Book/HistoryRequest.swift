/// Doses whose records the book may need but may not hold (`DoseBook.heldFrom`): the runtime reads
/// them from the ledger and hands them to `DoseBook.remember` before asking the book.
public struct HistoryRequest: Hashable, Sendable {
    /// A span of instants, `[from, to)`, for one medication or (nil) all.
    public struct Span: Hashable, Sendable {
        public var medication: String?
        public var from: Instant
        public var to: Instant

        public init(medication: String?, from: Instant, to: Instant) {
            self.medication = medication
            self.from = from
            self.to = to
        }
    }

    /// These doses.
    public var doses: [DoseID] = []
    /// Doses due in a span.
    public var due: [Span] = []
    /// Doses with a `taken` event that happened in a span (what as-needed limits count).
    public var taken: [Span] = []
    /// Doses with any event that happened in a span.
    public var touched: [Span] = []

    public init(doses: [DoseID] = [], due: [Span] = [], taken: [Span] = [], touched: [Span] = []) {
        self.doses = doses
        self.due = due
        self.taken = taken
        self.touched = touched
    }

    public var isEmpty: Bool { doses.isEmpty && due.isEmpty && taken.isEmpty && touched.isEmpty }
}
