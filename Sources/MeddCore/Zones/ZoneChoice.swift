/// Which time zone a schedule follows: the system's (moving with it) or a pinned IANA zone.
public enum ZoneChoice: Hashable, Sendable, Codable, CustomStringConvertible {
    case local
    case named(String)

    public var description: String {
        switch self {
        case .local: return "local"
        case .named(let identifier): return identifier
        }
    }
}
