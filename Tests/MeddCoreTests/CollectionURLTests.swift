import MeddCore
import Testing

/// The `[sync]` collection address: https anywhere, plain http only to this machine, never credentials.
struct CollectionURLTests {
    /// Hosts, ports and paths are read as written; the path always ends in a slash.
    @Test func readsTheParts() throws {
        let url = try CollectionURL(parsing: "https://DAV.example.org:8443/anna/medication")
        #expect(url.scheme == .https)
        #expect(url.host == "dav.example.org")
        #expect(url.port == 8443)
        #expect(url.path == "/anna/medication/")
        #expect(url.description == "https://dav.example.org:8443/anna/medication/")
        let bare = try CollectionURL(parsing: "https://dav.example.org")
        #expect(bare.path == "/")
        let v6 = try CollectionURL(parsing: "http://[::1]:5232/a/")
        #expect(v6.host == "::1")
        #expect(v6.description == "http://[::1]:5232/a/")
    }

    /// Plain http is accepted to loopback addresses only.
    @Test(arguments: ["http://127.0.0.1/a/", "http://127.1.2.3:80/", "http://localhost:5232/x/", "http://[::1]/"])
    func plainHTTPToLoopback(text: String) throws {
        #expect(try CollectionURL(parsing: text).isLoopback)
    }

    /// Everything else is refused with the reason.
    @Test func refusals() {
        #expect(throws: CollectionURL.Problem.plainHTTPToRemoteHost("192.168.1.2")) { try CollectionURL(parsing: "http://192.168.1.2/a/") }
        #expect(throws: CollectionURL.Problem.plainHTTPToRemoteHost("128.0.0.1")) { try CollectionURL(parsing: "http://128.0.0.1/a/") }
        #expect(throws: CollectionURL.Problem.plainHTTPToRemoteHost("127.0.0.1.example.org")) {
            try CollectionURL(parsing: "http://127.0.0.1.example.org/a/")
        }
        #expect(throws: CollectionURL.Problem.credentials) { try CollectionURL(parsing: "https://anna:pw@dav.example.org/") }
        #expect(throws: CollectionURL.Problem.queryOrFragment) { try CollectionURL(parsing: "https://dav.example.org/a/?x=1") }
        #expect(throws: CollectionURL.Problem.unsupportedScheme("ftp")) { try CollectionURL(parsing: "ftp://dav.example.org/") }
        #expect(throws: CollectionURL.Problem.badPort("+80")) { try CollectionURL(parsing: "https://dav.example.org:+80/") }
        #expect(throws: CollectionURL.Problem.badPort("70000")) { try CollectionURL(parsing: "https://dav.example.org:70000/") }
        #expect(throws: CollectionURL.Problem.badPort("٣")) { try CollectionURL(parsing: "https://dav.example.org:٣/") }
        for text in ["", "dav.example.org/a/", "://x/", "https:///a/", "https://dav example.org/", "https://[::1/"] {
            #expect(throws: CollectionURL.Problem.self, "\(text)") { try CollectionURL(parsing: text) }
        }
    }

    /// A server's hrefs become full URLs: absolute paths on the same origin, names inside the collection.
    @Test func resolvesHrefs() throws {
        let url = try CollectionURL(parsing: "https://dav.example.org:8443/anna/medication/")
        #expect(url.resolving("/anna/medication/a.ics") == "https://dav.example.org:8443/anna/medication/a.ics")
        #expect(url.resolving("a.ics") == "https://dav.example.org:8443/anna/medication/a.ics")
        #expect(url.resolving("https://other.example.org/x.ics") == "https://other.example.org/x.ics")
    }
}
