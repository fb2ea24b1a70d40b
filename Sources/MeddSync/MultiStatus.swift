public import MeddCore
public import XML

/// A WebDAV `207 Multi-Status` answer (RFC 4918) to the REPORTs medd-sync sends: each resource's href,
/// status, ETag and calendar data, and the collection's new sync token (RFC 6578).
public struct MultiStatus: Hashable, Sendable {
    public struct Resource: Hashable, Sendable {
        /// As the server wrote it: an absolute path, or (Xandikos, at times) a full URL, %-escaped.
        public var href: String
        /// The resource's own status: 200 for one that is there, 404 for one removed since the token.
        public var status: Int
        public var etag: String?
        public var calendarData: String?
    }

    public var resources: [Resource]
    public var syncToken: String?

    static let dav = "DAV:"
    static let caldav = "urn:ietf:params:xml:ns:caldav"

    /// Why an answer is not a multistatus medd-sync can use.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        case xml(XMLError)
        case notMultiStatus(String)
        case responseWithoutHref

        public var description: String {
            switch self {
            case .xml(let error): "the server's answer is not XML medd-sync can read: \(error)"
            case .notMultiStatus(let name): "the server answered with <\(name)>, not a WebDAV multistatus"
            case .responseWithoutHref: "the server's multistatus has a response without an href"
            }
        }
    }

    public init(parsing bytes: [UInt8]) throws(Problem) {
        let root: XMLElement
        do {
            root = try XMLDocument.parse(bytes)
        } catch {
            throw .xml(error)
        }
        guard root.is(Self.dav, "multistatus") else { throw .notMultiStatus(root.name) }
        var resources: [Resource] = []
        for response in root.children(Self.dav, "response") {
            guard let href = response.child(Self.dav, "href")?.text.trimmedWhitespace, !href.isEmpty else { throw .responseWithoutHref }
            var resource = Resource(href: href, status: Self.statusCode(response.child(Self.dav, "status")?.text) ?? 200)
            for propstat in response.children(Self.dav, "propstat") {
                guard let prop = propstat.child(Self.dav, "prop"),
                      (Self.statusCode(propstat.child(Self.dav, "status")?.text) ?? 200) == 200 else { continue }
                if let etag = prop.child(Self.dav, "getetag")?.text.trimmedWhitespace, !etag.isEmpty { resource.etag = etag }
                if let data = prop.child(Self.caldav, "calendar-data")?.text, !data.trimmedWhitespace.isEmpty { resource.calendarData = data }
            }
            resources.append(resource)
        }
        self.resources = resources
        syncToken = root.child(Self.dav, "sync-token")?.text.trimmedWhitespace
    }

    /// What a PROPFIND of the collection itself says of it.
    public struct Collection: Hashable, Sendable {
        /// Its resourcetype holds CalDAV's `calendar`.
        public var isCalendar: Bool
        /// The components it takes (`VTODO`, `VEVENT` …); nil when it does not say, and then takes all.
        public var components: Set<String>?
    }

    /// Reads the answer to a Depth 0 PROPFIND of `resourcetype` and `supported-calendar-component-set`.
    public static func collection(parsing bytes: [UInt8]) throws(Problem) -> Collection {
        let root: XMLElement
        do {
            root = try XMLDocument.parse(bytes)
        } catch {
            throw .xml(error)
        }
        guard root.is(dav, "multistatus") else { throw .notMultiStatus(root.name) }
        var found = Collection(isCalendar: false, components: nil)
        for propstat in root.children(dav, "response").first?.children(dav, "propstat") ?? [] {
            guard let prop = propstat.child(dav, "prop"), (statusCode(propstat.child(dav, "status")?.text) ?? 200) == 200 else { continue }
            if let type = prop.child(dav, "resourcetype"), type.child(caldav, "calendar") != nil { found.isCalendar = true }
            if let set = prop.child(caldav, "supported-calendar-component-set") {
                found.components = Set(set.children(caldav, "comp").compactMap { $0.attribute("name")?.uppercased() })
            }
        }
        return found
    }

    /// `HTTP/1.1 404 Not Found` → 404.
    private static func statusCode(_ line: String?) -> Int? {
        guard let line else { return nil }
        let parts = line.trimmedWhitespace.split(separator: " ")
        guard parts.count >= 2, let code = Int(parts[1]), (100...599).contains(code) else { return nil }
        return code
    }

    /// The dose whose to-do an href names: medd-sync names each `<dose-id>.ics` in the collection.
    public static func doseID(ofHref href: String) -> DoseID? {
        let name = percentDecoded(String(href.split(separator: "/").last ?? ""))
        guard name.hasSuffix(".ics") else { return nil }
        return DoseID(parsing: String(name.dropLast(4)))
    }

    /// An href with its %XX escapes read back.
    static func percentDecoded(_ href: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = href.utf8[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    /// Without white space at either end.
    var trimmedWhitespace: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
