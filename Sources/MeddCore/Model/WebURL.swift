/// The address of a service medd-sync talks to (a CalDAV collection, an ntfy topic): https, or plain
/// http to a loopback host only. It never carries a user name or password (those come from `username`
/// and a password or token source, so they stay out of logs).
public struct WebURL: Hashable, Sendable, CustomStringConvertible {
    public var scheme: Scheme
    /// The host as written: a name, an IPv4 address, or an IPv6 address without its brackets.
    public var host: String
    public var port: Int?
    /// The path: a collection's ends in "/".
    public var path: String

    public enum Scheme: String, Hashable, Sendable {
        case http, https
        /// Mail submission: with STARTTLS (plain only to a loopback host), or TLS from the start.
        case smtp, smtps

        public static let web: Set<Scheme> = [.http, .https]
        public static let mail: Set<Scheme> = [.smtp, .smtps]

        /// The port a URL without one means.
        public var defaultPort: Int {
            switch self {
            case .http: 80
            case .https: 443
            case .smtp: 587
            case .smtps: 465
            }
        }
    }

    /// Why a URL is refused, in words for an error message.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        case notAURL
        case unsupportedScheme(String)
        case credentials
        case queryOrFragment
        case badPort(String)
        case plainHTTPToRemoteHost(String)

        public var description: String {
            switch self {
            case .notAURL:
                "is not a URL; write the collection's address like \"https://dav.example.org/anna/medication/\""
            case .unsupportedScheme(let scheme):
                "uses \(DisplayText.quoted(scheme)); only https (and http to this machine) is supported"
            case .credentials:
                "holds a user name or password; give them as username and password_command or password_file instead"
            case .queryOrFragment:
                "has a query or fragment (? or #); a collection's address has neither"
            case .badPort(let port):
                "has port \(DisplayText.quoted(port)); a port is a number from 1 to 65535"
            case .plainHTTPToRemoteHost(let host):
                "uses plain http to \(DisplayText.quoted(host)), which would send medication names and the password "
                    + "unencrypted; use https, or http only to a loopback address (127.0.0.1, [::1], localhost)"
            }
        }
    }

    /// `directory`: the address of a collection, whose path ends in "/" (one is added); otherwise the
    /// path is kept as written (an ntfy topic). `schemes`: those accepted (a mail server's are smtp and smtps).
    public init(parsing text: String, directory: Bool = true, schemes: Set<Scheme> = Scheme.web) throws(Problem) {
        guard let separator = text.rangeOfText("://") else { throw .notAURL }
        let schemeText = String(text[..<separator.lowerBound]).lowercased()
        guard let scheme = Scheme(rawValue: schemeText), schemes.contains(scheme) else {
            throw schemeText.isEmpty ? .notAURL : .unsupportedScheme(schemeText)
        }
        let rest = text[separator.upperBound...]
        guard !rest.contains(where: { $0 == "?" || $0 == "#" }) else { throw .queryOrFragment }
        guard !rest.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true }) else { throw .notAURL }
        let authority = rest.prefix { $0 != "/" }
        guard !authority.contains("@" as Character) else { throw .credentials }
        var path = String(rest.dropFirst(authority.count))
        if path.isEmpty { path = "/" }
        if directory, !path.hasSuffix("/") { path += "/" }
        let (host, portText) = try Self.split(authority)
        guard !host.isEmpty else { throw .notAURL }
        var port: Int? = nil
        if let portText {
            guard portText.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(portText), (1...65_535).contains(number) else {
                throw .badPort(String(portText))
            }
            port = number
        }
        self.scheme = scheme
        self.host = host.lowercased()
        self.port = port
        self.path = path
        if scheme == .http, !isLoopback { throw .plainHTTPToRemoteHost(self.host) }
    }

    /// `host[:port]` or `[v6][:port]`.
    private static func split(_ authority: Substring) throws(Problem) -> (host: Substring, port: Substring?) {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw .notAURL }
            let host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if after.isEmpty { return (host, nil) }
            guard after.hasPrefix(":") else { throw .notAURL }
            return (host, after.dropFirst())
        }
        let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2 { return (parts[0], parts[1]) }
        return (authority, nil)
    }

    /// localhost, 127.0.0.0/8 or ::1: traffic that never leaves the machine.
    public var isLoopback: Bool {
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } && (Int($0).map { $0 <= 255 } ?? false) }) else {
            return false
        }
        return octets[0] == "127"
    }

    public var description: String {
        let hostText = host.contains(":" as Character) ? "[\(host)]" : host
        return "\(scheme.rawValue)://\(hostText)\(port.map { ":\($0)" } ?? "")\(path)"
    }

    /// The URL of a resource in this collection, from its href as a server gives it: an absolute path
    /// ("/anna/medication/x.ics"), a full URL, or a name relative to the collection.
    public func resolving(_ href: String) -> String {
        if href.containsText("://") { return href }
        return href.hasPrefix("/") ? origin + href : origin + path + href
    }

    /// Whether `href` names a resource on this server: a path, or an absolute URL with this scheme, host
    /// and port. A server's answer that names one elsewhere is not followed (the password would go there).
    public func isOnThisServer(_ href: String) -> Bool {
        guard href.containsText("://") else { return true }
        guard let other = try? WebURL(parsing: href, directory: false, schemes: [scheme]) else { return false }
        return other.host == host && (other.port ?? scheme.defaultPort) == (port ?? scheme.defaultPort)
    }

    /// `https://host:port`, as requests name it.
    private var origin: String {
        let hostText = host.contains(":" as Character) ? "[\(host)]" : host
        return "\(scheme.rawValue)://\(hostText)\(port.map { ":\($0)" } ?? "")"
    }
}
