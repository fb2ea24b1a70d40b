import MeddCore

extension HookRun {
    /// A new run ID: 128 random bits in hex, like a journal's boot ID, so no two runs share one even
    /// across ledgers (a restored backup, a new state directory).
    static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return [generator.next(), generator.next()].map { (value: UInt64) in
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
