import MeddCommandLine
import MeddControl
import MeddCore
import MeddTerminal

/// `medctl refill`: add units to a medication's counted stock.
struct RefillCommand: Verb {
    static let name = "refill"
    static var abstract: String { tr("Add units to a medication's stock after a refill.") }
    static var discussion: String {
        tr("""
            AMOUNT is the units added: more than 0, a whole number or a decimal with at most three places \
            (30, 2.5; the decimal comma of your locale, 2,5, too), at most 100000. The medication must count \
            its stock (stock = N in its table of medd.toml); as-needed and paused ones are refilled too. \
            The stock then counts from its new level: once it is above refill_at again, the low-stock \
            warning is over, and the next dose that brings it down there warns anew. A new stock value in \
            medd.toml starts the count again from that value, without the refills before it. \
            --json prints the daemon's reply, {"medication": {...}}, the medication as `medctl meds --json` \
            lists it.
            """)
    }
    static var options: [OptionSpec] { [.value("note", "TEXT", tr("A note kept with the refill."))] }
    static var operand: OperandSpec? {
        .idAndValue("ID AMOUNT", help: tr("The medication's ID from the configuration, and the units added (30, 2.5)."))
    }

    let global: GlobalOptions
    let medication: String
    let amount: String
    let note: String?

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        // TRANSLATORS: ID and AMOUNT are typed as they are; 30 is an example amount.
        (medication, amount) = try arguments.idAndValue(tr("name a medication and the units added, like: medctl refill metformin 30"))
        note = arguments.string("note")
    }

    func run() throws {
        var parameters: [String: JSONValue] = ["medication": .string(medication), "amount": .string(amount)]
        if let note { parameters["note"] = .string(note) }
        let reply = try global.connect().call("Refill", parameters)
        if global.json { return Output.json(.object(reply)) }
        let added = (try? Quantity.parse(amount).get()) ?? .zero
        Output.line(Self.line(reply["medication"] ?? .null, added: added))
    }

    /// `refilled: Metformin +30, 35 on hand`, and where the stock stands against `refill_at` when the refill
    /// lifted it above or left it at or below.
    static func line(_ medication: JSONValue, added: Quantity) -> String {
        let style = Style.current
        let name = medication["name"]?.stringValue ?? ""
        guard let stock = medication["stock"]?.quantityValue else { return StateName.styledEvent("refilled", style: style) }
        // TRANSLATORS: %1$s is the event (refilled), %2$s the medication's name, %3$s the units added (30, 2.5), %4$s the
        // units on hand after them.
        var text = tr("%1$s: %2$s +%3$s, %4$s on hand", StateName.styledEvent("refilled", style: style), style.bold(name),
                      added.localized, stock.localized)
        if let refillAt = medication["refillAt"]?.quantityValue {
            if stock <= refillAt {
                // TRANSLATORS: after a refill; %1$s is the medication's refill level (refill_at).
                text += "; " + style.paint(tr("still at or below its refill level, %1$s", refillAt.localized), "31")
            } else if stock - added <= refillAt {
                // TRANSLATORS: after a refill that ends a low-stock warning; %1$s is the refill level (refill_at).
                text += "; " + tr("above its refill level, %1$s, again", refillAt.localized)
            }
        }
        return text
    }

    /// `+30, 35 on hand`: what a refill added, and the units on hand after it, in `medctl watch`'s line.
    static func amounts(_ added: Quantity, _ stock: Quantity) -> String {
        // TRANSLATORS: after a refill; %1$s is the units added (30, 2.5), %2$s the units on hand after them.
        tr("+%1$s, %2$s on hand", added.localized, stock.localized)
    }
}
