/// One time zone's rules, as a TZif file gives them: UTC offsets changing at transition instants,
/// then a POSIX TZ rule after the last one. Maps nominal local times to instants under medd's DST
/// rules: a time in a spring-forward gap reads with the offset before the gap; one that occurs
/// twice takes the first.
///
/// Two values are equal when they have the same name, transitions, local time types and footer,
/// so a zone file replaced by one with other rules compares unequal.
public struct ZoneRules: Hashable, Sendable {
    /// `Europe/Berlin`, `localtime`, or the TZ string it came from: for messages and logs.
    public let name: String
    /// Transition instants in seconds since the epoch, strictly ascending.
    public let transitions: [Int64]
    /// `types[transitionTypes[i]]` is in force from `transitions[i]` on.
    public let transitionTypes: [UInt8]
    /// At least one; `types[0]` is in force before the first transition.
    public let types: [LocalTimeType]
    /// In force after the last transition (for all time when there are none); nil keeps the last type.
    public let footer: PosixTZRule?
    /// `types[transitionTypes[i]].offset`, so a lookup touches one array.
    private let transitionOffsets: [Int]

    /// A UTC offset, whether it is daylight time, and its abbreviation (`CEST`).
    public struct LocalTimeType: Hashable, Sendable {
        public let offset: Int
        public let isDaylight: Bool
        public let abbreviation: String

        public init(offset: Int, isDaylight: Bool, abbreviation: String) {
            self.offset = offset
            self.isDaylight = isDaylight
            self.abbreviation = abbreviation
        }
    }

    /// The rules in the bytes of a TZif file.
    public init(name: String, tzif bytes: [UInt8]) throws(ZoneFileError) {
        let contents = try TZifParser.parse(bytes)
        self.init(name: name, transitions: contents.transitions, transitionTypes: contents.transitionTypes,
                  types: contents.types, footer: contents.footer)
    }

    /// The rules of a POSIX TZ string alone, as `TZ=CET-1CEST,M3.5.0,M10.5.0/3` gives them.
    public init(name: String, rule: PosixTZRule) {
        self.init(name: name, transitions: [], transitionTypes: [],
                  types: [LocalTimeType(offset: rule.standardOffset, isDaylight: false, abbreviation: rule.standardAbbreviation)],
                  footer: rule)
    }

    /// A zone that is always `offset` seconds east of UTC.
    public init(name: String, fixedOffset offset: Int) {
        self.init(name: name, rule: PosixTZRule(fixedOffset: offset, abbreviation: name))
    }

    private init(name: String, transitions: [Int64], transitionTypes: [UInt8], types: [LocalTimeType], footer: PosixTZRule?) {
        self.name = name
        self.transitions = transitions
        self.transitionTypes = transitionTypes
        self.types = types
        self.footer = footer
        transitionOffsets = transitionTypes.map { types[Int($0)].offset }
    }

    /// Coordinated Universal Time.
    public static let utc = ZoneRules(name: "UTC", fixedOffset: 0)

    /// The zone's UTC offset in seconds at an instant.
    public func offset(atSecond second: Int64) -> Int {
        guard let first = transitions.first else { return footer?.offset(atSecond: second) ?? types[0].offset }
        guard second >= first else { return types[0].offset }
        // The last transition at or before `second`.
        var low = 0
        var high = transitions.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if transitions[middle] <= second { low = middle } else { high = middle }
        }
        if low == transitions.count - 1, let footer { return footer.offset(atSecond: second) }
        return transitionOffsets[low]
    }

    /// The instant a nominal local time names, and the offset in force then.
    ///
    /// A time in a spring-forward gap is read with the offset before the gap (02:30 → 03:30);
    /// a time that occurs twice in a fall-back overlap resolves to its first occurrence.
    public func resolve(_ date: LocalDate, _ time: WallTime) -> (instant: Instant, offset: Int) {
        let naive = date.dayNumber * 86_400 + Int64(time.minuteOfDay) * 60
        // No zone's offset changes twice within 36 hours, so these bracket every candidate offset.
        let before = offset(atSecond: naive - 129_600)
        let after = offset(atSecond: naive + 129_600)
        // Fast path: the same offset on both sides almost always means no transition in between.
        if before == after, offset(atSecond: naive - Int64(before)) == before {
            return (Instant(seconds: naive - Int64(before)), before)
        }
        let candidates = (before, after, offset(atSecond: naive - Int64(before)), offset(atSecond: naive - Int64(after)))
        var earliest = Int64.max
        for candidate in [candidates.0, candidates.1, candidates.2, candidates.3] {
            let second = naive - Int64(candidate)
            if second < earliest, offset(atSecond: second) == candidate { earliest = second }
        }
        let second = earliest == .max ? naive - Int64(before) : earliest
        return (Instant(seconds: second), offset(atSecond: second))
    }

    /// The local calendar date and wall time at an instant (seconds truncated).
    public func local(_ instant: Instant) -> (date: LocalDate, time: WallTime) {
        let shifted = instant.seconds + Int64(offset(atSecond: instant.seconds))
        let day = shifted.floorDivided(by: 86_400)
        let minute = Int((shifted - day * 86_400) / 60)
        return (LocalDate(dayNumber: day), WallTime(minuteOfDay: minute)!)
    }

    /// Local midnight starting the given date (the earliest instant of that date).
    public func startOfDay(_ date: LocalDate) -> Instant {
        resolve(date, WallTime(minuteOfDay: 0)!).instant
    }

    /// The instant formatted in ISO 8601 with this zone's offset.
    public func format(_ instant: Instant) -> String {
        instant.format(offsetSeconds: offset(atSecond: instant.seconds))
    }
}
