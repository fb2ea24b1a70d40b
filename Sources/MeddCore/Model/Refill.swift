/// What a `refilled` event holds: the units added to a medication's counted stock, and the units on hand
/// once they were added. Both exact, in thousandths like every amount of stock.
public struct Refill: Hashable, Sendable {
    public var amount: Quantity
    /// The level after this refill: `MEDD_STOCK`.
    public var stock: Quantity

    public init(amount: Quantity, stock: Quantity) {
        self.amount = amount
        self.stock = stock
    }

    /// The most one refill adds: a year of a large dose is far below it, a slip of the keyboard
    /// (`3000000` for `30`) is not.
    public static let largest = Quantity(units: 100_000)
}

/// A refill as journal fields (and ledger text), and back.
extension Refill {
    /// `MEDD_AMOUNT` and `MEDD_STOCK`, each the exact decimal with a point (`30`, `2.5`).
    public var journalFields: [(String, String)] {
        [("MEDD_AMOUNT", amount.description), ("MEDD_STOCK", stock.description)]
    }

    /// The refill an entry's fields describe; nil when either amount is missing or not a decimal.
    public init?(journalFields fields: [String: String]) {
        guard let amount = fields["MEDD_AMOUNT"], let stock = fields["MEDD_STOCK"] else { return nil }
        self.init(recorded: amount, stock: stock)
    }

    /// A refill as it was recorded, both amounts as the decimal text `description` writes.
    public init?(recorded amount: String, stock: String) {
        guard case .success(let added) = Quantity.parse(amount), case .success(let level) = Quantity.parse(stock) else { return nil }
        self.init(amount: added, stock: level)
    }
}
