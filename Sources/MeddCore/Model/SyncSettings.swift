/// The `[sync]` table: the CalDAV collection medd-sync keeps the doses in, and how often it asks.
/// medd itself only validates it; medd-sync acts on it.
public struct SyncSettings: Hashable, Sendable {
    public var url: WebURL
    public var username: String?
    public var password: PasswordSource?
    /// A PEM file of certificate authorities to trust instead of the system's (a private CA).
    public var caFile: String?
    /// Doses due from now to now + this are on the server.
    public var publishAhead: TimeSpan = .days(1)
    /// Final doses stay on the server this long after they were due.
    public var keep: TimeSpan = .days(2)
    /// How often the server is asked while a dose is open or due within the hour.
    public var poll: TimeSpan = TimeSpan(seconds: 30)
    /// How often it is asked otherwise; zero means only when a dose falls due.
    public var idlePoll: TimeSpan = .minutes(15)

    /// How long one request may take, connecting included, before it counts as failed.
    public var timeout: TimeSpan = TimeSpan(seconds: 30)

    /// The shortest `poll` accepted: a server is not to be hammered.
    public static let shortestPoll = TimeSpan(seconds: 10)

    /// The `timeout` values accepted.
    public static let timeouts = TimeSpan(seconds: 1)...TimeSpan(seconds: 600)

    public init(url: WebURL) {
        self.url = url
    }

    /// Where the password comes from; never the configuration file itself.
    public enum PasswordSource: Hashable, Sendable {
        /// A program run without a shell whose first line of output is the password.
        case command([String])
        /// A file holding the password, readable by its owner only (mode 0600).
        case file(String)
    }
}
