/// `cycle = { on = N, off = M }`: N days on, M days off, counted from the medication's start.
public struct Cycle: Hashable, Sendable {
    public var on: Int
    public var off: Int

    public init(on: Int, off: Int) {
        self.on = on
        self.off = off
    }

    func isOn(daysSinceStart: Int64) -> Bool {
        daysSinceStart % Int64(on + off) < Int64(on)
    }
}
