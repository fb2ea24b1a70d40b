import MeddCore
import Testing

/// The `[sync]` collection address: https anywhere, plain http only to this machine, never credentials.
struct WebURLTests {
    /// Hosts, ports and paths are read as written; the path always ends in a slash.
    @Test func readsTheParts() throws {
        let url = try WebURL(parsing: "https://DAV.example.org:8443/anna/medication")
        #expect(url.scheme == .https)
        #expect(url.host == "dav.example.org")
        #expect(url.port == 8443)
        #expect(url.path == "/anna/medication/")
        #expect(url.description == "https://dav.example.org:8443/anna/medication/")
        let bare = try WebURL(parsing: "https://dav.example.org")
        #expect(bare.path == "/")
        let v6 = try WebURL(parsing: "http://[::1]:5232/a/")
        #expect(v6.host == "::1")
        #expect(v6.description == "http://[::1]:5232/a/")
    }

    /// Plain http is accepted to loopback addresses only.
    @Test(arguments: ["http://127.0.0.1/a/", "http://127.1.2.3:80/", "http://localhost:5232/x/", "http://[::1]/"])
    func plainHTTPToLoopback(text: String) throws {
        #expect(try WebURL(parsing: text).isLoopback)
    }

    /// Everything else is refused with the reason.
    @Test func refusals() {
        #expect(throws: WebURL.Problem.plainHTTPToRemoteHost("192.168.1.2")) { try WebURL(parsing: "http://192.168.1.2/a/") }
        #expect(throws: WebURL.Problem.plainHTTPToRemoteHost("128.0.0.1")) { try WebURL(parsing: "http://128.0.0.1/a/") }
        #expect(throws: WebURL.Problem.plainHTTPToRemoteHost("127.0.0.1.example.org")) {
            try WebURL(parsing: "http://127.0.0.1.example.org/a/")
        }
        #expect(throws: WebURL.Problem.credentials) { try WebURL(parsing: "https://anna:pw@dav.example.org/") }
        #expect(throws: WebURL.Problem.queryOrFragment) { try WebURL(parsing: "https://dav.example.org/a/?x=1") }
        #expect(throws: WebURL.Problem.unsupportedScheme("ftp")) { try WebURL(parsing: "ftp://dav.example.org/") }
        #expect(throws: WebURL.Problem.badPort("+80")) { try WebURL(parsing: "https://dav.example.org:+80/") }
        #expect(throws: WebURL.Problem.badPort("70000")) { try WebURL(parsing: "https://dav.example.org:70000/") }
        #expect(throws: WebURL.Problem.badPort("٣")) { try WebURL(parsing: "https://dav.example.org:٣/") }
        for text in ["", "dav.example.org/a/", "://x/", "https:///a/", "https://dav example.org/", "https://[::1/"] {
            #expect(throws: WebURL.Problem.self, "\(text)") { try WebURL(parsing: text) }
        }
    }

    /// A server's hrefs become full URLs: absolute paths on the same origin, names inside the collection.
    @Test func resolvesHrefs() throws {
        let url = try WebURL(parsing: "https://dav.example.org:8443/anna/medication/")
        #expect(url.resolving("/anna/medication/a.ics") == "https://dav.example.org:8443/anna/medication/a.ics")
        #expect(url.resolving("a.ics") == "https://dav.example.org:8443/anna/medication/a.ics")
        #expect(url.resolving("https://other.example.org/x.ics") == "https://other.example.org/x.ics")
    }
}

/// Addresses as a carer's `email` and `[mail] from` are written.
@Suite struct EmailAddressTests {
    @Test func addresses() {
        for good in ["anna@example.org", "anna.b+medd@mail.example.co.uk", "jürgen@beispiel.de", "a@b.c"] {
            #expect(EmailAddress(parsing: good)?.description == good, "\(good)")
        }
        for bad in ["anna", "@example.org", "anna@", "anna@example", "an na@example.org", "anna@@example.org", ".anna@example.org",
                    "an..na@example.org", "anna@-example.org", "anna@example..org", "<anna@example.org>", "anna@exa_mple.org"] {
            #expect(EmailAddress(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func senders() {
        #expect(MailSettings.sender(parsing: "medd <mum.medd@example.org>").map { [$0.name ?? "", $0.address.description] } == ["medd", "mum.medd@example.org"])
        #expect(MailSettings.sender(parsing: "mum.medd@example.org")?.name == nil)
        #expect(MailSettings.sender(parsing: "<mum.medd@example.org>")?.name == nil)
        #expect(MailSettings.sender(parsing: "\"medd\" <mum.medd@example.org>") == nil, "no quoted names")
        #expect(MailSettings.sender(parsing: "medd <mum.medd>") == nil)
        #expect(MailSettings.sender(parsing: "medd") == nil)
    }

    @Test func mailURLs() throws {
        #expect(try WebURL(parsing: "smtps://mail.example.org", directory: false, schemes: WebURL.Scheme.mail).description == "smtps://mail.example.org/")
        #expect(throws: WebURL.Problem.unsupportedScheme("smtp")) { try WebURL(parsing: "smtp://mail.example.org") }
        #expect(throws: WebURL.Problem.unsupportedScheme("https")) {
            try WebURL(parsing: "https://mail.example.org", directory: false, schemes: WebURL.Scheme.mail)
        }
    }
}
