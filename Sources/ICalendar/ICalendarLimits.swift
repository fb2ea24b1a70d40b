/// How much the parser reads before it gives up: whatever a server or a phone sends, the memory and
/// time spent on it stay bounded. The defaults hold any real calendar object many times over.
public struct ICalendarLimits: Hashable, Sendable {
    /// The whole input, in bytes.
    public var maximumBytes: Int
    /// Components inside one another, the outermost (VCALENDAR) counting as one.
    public var maximumDepth: Int
    /// Components in all, at every depth.
    public var maximumComponents: Int
    /// Properties in all, in every component.
    public var maximumProperties: Int
    /// Parameters of one property.
    public var maximumParameters: Int
    /// One content line once unfolded, in bytes, without its line break.
    public var maximumLineBytes: Int

    /// Limits with the given bounds; the defaults are 1 MiB, 8 deep, 1,000 components, 10,000
    /// properties, 64 parameters and 64 KiB a line.
    public init(
        maximumBytes: Int = 1 << 20, maximumDepth: Int = 8, maximumComponents: Int = 1_000,
        maximumProperties: Int = 10_000, maximumParameters: Int = 64, maximumLineBytes: Int = 1 << 16
    ) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
        self.maximumComponents = maximumComponents
        self.maximumProperties = maximumProperties
        self.maximumParameters = maximumParameters
        self.maximumLineBytes = maximumLineBytes
    }
}
