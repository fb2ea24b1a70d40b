import MeddCore

/// An answer the dose book accepted whose events are not committed yet, and the reply that
/// acknowledges it once they are (none for a notification button).
struct PendingAnswer {
    let connection: ControlConnection?
    let effects: [Effect]
    let reply: [UInt8]
}
