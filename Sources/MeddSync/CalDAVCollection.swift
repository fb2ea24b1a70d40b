public import Curl
public import MeddCore

/// The CalDAV collection on the server, as HTTP requests: the REPORTs that read it (sync-collection,
/// calendar-multiget, calendar-query), and conditional PUT and DELETE of one dose's to-do, each named
/// `<dose-id>.ics` so that every machine writes the same resource for the same dose.
public final class CalDAVCollection: @unchecked Sendable {
    // @unchecked: confined to the loop's thread, like its HTTPClient.
    public let url: WebURL
    private let http: HTTPClient
    private let username: String?
    private let caFile: String?
    /// Read again when the server refuses it (401), so a changed password is picked up.
    public var password: String?
    public var timeoutMilliseconds = 30_000
    public var responseLimit = 8 * 1024 * 1024
    /// The schemes the password may go with to this server (`authenticationSchemes(for:)`).
    private let allowedAuthentication: HTTPAuthentication
    /// Those a request offers: at first every allowed one (libcurl asks the server which it wants), then
    /// the one the server asked for, so that Basic goes with the first request again and a server that
    /// changes its scheme is followed.
    private var authentication: HTTPAuthentication

    public init(url: WebURL, http: HTTPClient, username: String?, password: String?, caFile: String?) {
        self.url = url
        self.http = http
        self.username = username
        self.password = password
        self.caFile = caFile
        allowedAuthentication = Self.authenticationSchemes(for: url)
        authentication = allowedAuthentication
    }

    /// Basic sends the password itself, readable by anyone on the way: only over https, or over plain
    /// http to this machine (a loopback address). Digest proves it without sending it, and goes
    /// anywhere; over plain http to another machine it is the only scheme.
    public static func authenticationSchemes(for url: WebURL) -> HTTPAuthentication {
        authenticationSchemes(overHTTPS: url.scheme == .https, toLoopback: url.isLoopback)
    }

    /// The rule itself. The configuration takes no plain http to another machine and requests go only to
    /// the collection's server (`WebURL.isOnThisServer`), so Digest alone is the second guard, not a way in.
    static func authenticationSchemes(overHTTPS: Bool, toLoopback: Bool) -> HTTPAuthentication {
        overHTTPS || toLoopback ? [.basic, .digest] : .digest
    }

    /// Why a request did not do what it asked.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        case transport(HTTPError)
        /// 401: no credentials, or wrong ones.
        case refusedCredentials(Int)
        /// A conditional request lost: another machine changed (or created) the resource first.
        case preconditionFailed
        /// The sync token is no longer valid (or the server cannot sync from it): read everything again.
        case invalidSyncToken(Int)
        case unexpectedStatus(Int, String)
        case unreadable(String)
        /// The URL names no collection (404), or one that is not a calendar of to-dos.
        case unsuitableCollection(String)
        /// The server asks for Basic over plain http to another machine, where only Digest may go.
        case basicOverPlainHTTP(url: String)

        public var description: String {
            switch self {
            case .transport(let error): "\(error)"
            case .refusedCredentials(let status): "the server refused the user name or password (HTTP \(status))"
            case .preconditionFailed: "another client changed the to-do first"
            case .invalidSyncToken(let status): "the server no longer accepts the sync token (HTTP \(status))"
            case .unexpectedStatus(let status, let what): "the server answered HTTP \(status)\(Self.meaning(status).map { " (\($0))" } ?? "") to \(what)"
            case .unreadable(let reason): reason
            case .unsuitableCollection(let reason): reason
            case .basicOverPlainHTTP(let url):
                "the server at \(url) asks for the password by HTTP Basic authentication, which would send it readable over "
                    + "plain http; medd-sync sends a password over plain http to another machine only by Digest: use https, "
                    + "or a server on a loopback address"
            }
        }

        /// What a status means for medd-sync, said plainly.
        private static func meaning(_ status: Int) -> String? {
            switch status {
            case 403: "forbidden: the account may not do this in the collection"
            case 404: "not found"
            case 405: "the server does not allow this request there"
            case 409: "conflict"
            case 413: "the to-do is larger than the server takes"
            case 415: "the server does not take this kind of content there"
            case 500...599: "the server failed"
            default: nil
            }
        }
    }

    /// Checks that the URL names a calendar collection that takes to-dos (PROPFIND, RFC 4791 5.2.3): at
    /// start, so that a wrong `url` is said in plain words, not found out by writes that go nowhere. A
    /// collection that does not list its components takes them all; a server that answers PROPFIND
    /// with anything but 207 or 404 is let be (the REPORTs that follow say what is wrong).
    public func check(_ done: @escaping (Result<Void, Failure>) -> Void) {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">\
            <D:prop><D:resourcetype/><C:supported-calendar-component-set/></D:prop></D:propfind>
            """
        var request = self.request("PROPFIND", url.path, body: Array(body.utf8), contentType: "application/xml; charset=utf-8")
        request.headers.append((name: "Depth", value: "0"))
        let where_ = url.description
        send(request, what: "PROPFIND \(where_)") { result in
            done(result.flatMap { response in
                switch response.status {
                case 207: break
                case 404, 410: return .failure(.unsuitableCollection("there is no collection at \(where_) (HTTP \(response.status)); check url in [sync]"))
                // A server that will not say (PROPFIND not allowed there): the REPORTs that follow tell.
                default: return .success(())
                }
                let found: MultiStatus.Collection
                do throws(MultiStatus.Problem) {
                    found = try MultiStatus.collection(parsing: response.body)
                } catch {
                    return .failure(.unreadable("PROPFIND \(where_): \(error)"))
                }
                guard found.isCalendar else {
                    return .failure(.unsuitableCollection("\(where_) is not a calendar collection; url in [sync] must name one that takes to-dos (VTODO)"))
                }
                if let components = found.components, !components.contains("VTODO") {
                    let takes = components.isEmpty ? "nothing" : "only " + components.sorted().joined(separator: ", ")
                    return .failure(.unsuitableCollection("the calendar at \(where_) takes \(takes), not to-dos (VTODO); "
                                                          + "make one that takes to-dos and name it in url in [sync]"))
                }
                return .success(())
            })
        }
    }

    /// The href medd-sync gives a dose's to-do.
    public func href(of dose: DoseID) -> String { url.path + dose.description + ".ics" }

    /// RFC 6578: what changed since `token` (everything, with nil). Servers that send no calendar data
    /// here (Xandikos) leave `calendarData` nil: read those with `multiget`.
    public func changes(since token: String?, _ done: @escaping (Result<MultiStatus, Failure>) -> Void) {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:sync-collection xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">\
            <D:sync-token>\(DisplayText.xmlEscaped(token ?? ""))</D:sync-token><D:sync-level>1</D:sync-level>\
            <D:prop><D:getetag/><C:calendar-data/></D:prop></D:sync-collection>
            """
        report(body, what: "REPORT sync-collection on \(url)") { result in
            switch result {
            case .failure(.unexpectedStatus(let status, _)) where token != nil && [400, 403, 409, 412, 500].contains(status):
                done(.failure(.invalidSyncToken(status)))
            default:
                done(result)
            }
        }
    }

    /// Every to-do in the collection, with data: for servers without sync-collection.
    public func everything(_ done: @escaping (Result<MultiStatus, Failure>) -> Void) {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">\
            <D:prop><D:getetag/><C:calendar-data/></D:prop>\
            <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"/></C:comp-filter></C:filter></C:calendar-query>
            """
        report(body, what: "REPORT calendar-query on \(url)", done)
    }

    /// The current ETag and data of these resources (calendar-multiget).
    public func multiget(_ hrefs: [String], _ done: @escaping (Result<MultiStatus, Failure>) -> Void) {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">\
            <D:prop><D:getetag/><C:calendar-data/></D:prop>\
            \(hrefs.map { "<D:href>\(DisplayText.xmlEscaped($0))</D:href>" }.joined())</C:calendar-multiget>
            """
        report(body, what: "REPORT calendar-multiget on \(url)", done)
    }

    /// PUT the to-do: only if none exists (`etag` nil) or only over that version. Gives the new ETag
    /// when the server says it (nil otherwise: read it back before the next conditional write).
    public func put(_ dose: DoseID, calendar text: String, replacing etag: String?, _ done: @escaping (Result<String?, Failure>) -> Void) {
        var request = self.request("PUT", href(of: dose), body: Array(text.utf8), contentType: "text/calendar; charset=utf-8")
        request.headers.append(etag.map { (name: "If-Match", value: $0) } ?? (name: "If-None-Match", value: "*"))
        let target = url.resolving(href(of: dose))
        send(request, what: "PUT \(target)") { result in
            done(result.flatMap { response in
                switch response.status {
                case 200...299: .success(response.header("etag"))
                case 412: .failure(.preconditionFailed)
                default: .failure(.unexpectedStatus(response.status, "PUT \(target)"))
                }
            })
        }
    }

    /// DELETE the to-do, only that version when `etag` is given; one already gone counts as removed.
    public func delete(_ dose: DoseID, href: String?, etag: String?, _ done: @escaping (Result<Void, Failure>) -> Void) {
        if let href, !url.isOnThisServer(href) {
            return done(.failure(.unreadable("the server named \(href) for \(dose), which is not on \(url)")))
        }
        var request = self.request("DELETE", href ?? self.href(of: dose), body: [], contentType: nil)
        if let etag { request.headers.append((name: "If-Match", value: etag)) }
        let target = url.resolving(href ?? self.href(of: dose))
        send(request, what: "DELETE \(target)") { result in
            done(result.flatMap { response in
                switch response.status {
                case 200...299, 404, 410: .success(())
                case 412: .failure(.preconditionFailed)
                default: .failure(.unexpectedStatus(response.status, "DELETE \(target)"))
                }
            })
        }
    }

    private func report(_ body: String, what: String, _ done: @escaping (Result<MultiStatus, Failure>) -> Void) {
        var request = self.request("REPORT", url.path, body: Array(body.utf8), contentType: "application/xml; charset=utf-8")
        request.headers.append((name: "Depth", value: "1"))
        send(request, what: what) { result in
            done(result.flatMap { response in
                guard response.status == 207 else { return .failure(.unexpectedStatus(response.status, what)) }
                do throws(MultiStatus.Problem) {
                    return .success(try MultiStatus(parsing: response.body))
                } catch {
                    return .failure(.unreadable("\(what): \(error)"))
                }
            })
        }
    }

    private func request(_ method: String, _ href: String, body: [UInt8], contentType: String?) -> HTTPRequest {
        var request = HTTPRequest(method: method, url: url.resolving(href), body: body)
        if let contentType { request.headers.append((name: "Content-Type", value: contentType)) }
        request.username = username
        request.password = password
        request.authentication = authentication
        request.caFile = caFile
        request.timeoutMilliseconds = timeoutMilliseconds
        request.responseLimit = responseLimit
        return request
    }

    /// The scheme the server's challenge asked for, of those allowed here: Digest when it offers both.
    private func follow(_ offered: HTTPAuthentication) {
        let usable = offered.intersection(allowedAuthentication)
        guard !usable.isEmpty else { return }
        authentication = usable.contains(.digest) ? .digest : usable
    }

    private func send(_ request: HTTPRequest, what: String, _ done: @escaping (Result<HTTPResponse, Failure>) -> Void) {
        http.send(request) { [self] result in
            if case .success(let response) = result { follow(response.offeredAuthentication) }
            switch result {
            case .failure(let error):
                done(.failure(.transport(error)))
            case .success(let response) where response.status == 401:
                // A challenge only for schemes the password may not go with here: no password was sent.
                let offered = response.offeredAuthentication
                if request.password != nil, offered.contains(.basic), offered.isDisjoint(with: allowedAuthentication) {
                    return done(.failure(.basicOverPlainHTTP(url: url.description)))
                }
                done(.failure(.refusedCredentials(response.status)))
            case .success(let response):
                done(.success(response))
            }
        }
    }
}
