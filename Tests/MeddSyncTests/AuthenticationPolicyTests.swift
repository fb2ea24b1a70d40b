import Curl
import MeddCore
@testable import MeddSync
import Testing

/// Which HTTP authentication schemes may carry the password to which collection: Basic only where nobody
/// on the way can read it (https, or plain http to this machine), Digest anywhere.
struct AuthenticationPolicyTests {
    @Test(arguments: ["https://dav.example.org/a/", "https://192.168.1.2:8443/a/", "http://127.0.0.1:5232/a/", "http://127.8.9.1/a/",
                      "http://localhost/a/", "http://[::1]:8080/a/"])
    func basicAndDigestOverHTTPSOrToThisMachine(text: String) throws {
        #expect(CalDAVCollection.authenticationSchemes(for: try WebURL(parsing: text)) == [.basic, .digest])
    }

    /// Plain http to another machine: no such URL is read from the configuration (the first guard), and
    /// were one given, only Digest would go there.
    @Test(arguments: ["http://192.168.1.2/a/", "http://dav.example.org:8080/a/", "http://128.0.0.1/a/", "http://127.0.0.1.example.org/a/",
                      "http://[2001:db8::1]/a/", "http://localhost.example.org/a/"])
    func plainHTTPToAnotherMachineIsNoCollection(text: String) throws {
        #expect(throws: WebURL.Problem.self) { try WebURL(parsing: text) }
    }

    @Test func onlyDigestOverPlainHTTPToAnotherMachine() {
        #expect(CalDAVCollection.authenticationSchemes(overHTTPS: false, toLoopback: false) == .digest)
        #expect(CalDAVCollection.authenticationSchemes(overHTTPS: false, toLoopback: true) == [.basic, .digest])
        #expect(CalDAVCollection.authenticationSchemes(overHTTPS: true, toLoopback: false) == [.basic, .digest])
    }

    /// A server's href on another server is not followed: the request, and its password, stay on the collection's.
    @Test func hrefsOnAnotherServerAreNotFollowed() throws {
        let url = try WebURL(parsing: "https://dav.example.org:8443/anna/medication/")
        #expect(url.isOnThisServer("/anna/medication/x.ics") && url.isOnThisServer("x.ics"))
        #expect(url.isOnThisServer("HTTPS://DAV.example.org:8443/anna/medication/x.ics"))
        let defaultPort = try WebURL(parsing: "https://dav.example.org/anna/medication/")
        #expect(defaultPort.isOnThisServer("https://dav.example.org:443/anna/medication/x.ics"))
        #expect(defaultPort.isOnThisServer("https://dav.example.org/anna/medication/x.ics"))
        for elsewhere in ["http://dav.example.org:8443/anna/medication/x.ics", "https://dav.example.org/anna/medication/x.ics",
                          "https://dav.example.org:8443.evil.example/x.ics", "https://evil.example/anna/medication/x.ics"] {
            #expect(!url.isOnThisServer(elsewhere), "\(elsewhere)")
        }
    }

    /// The words medd-sync's status and journal give a server that asks for Basic where it may not go.
    @Test func basicOverPlainHTTPIsAPreciseError() {
        let failure = CalDAVCollection.Failure.basicOverPlainHTTP(url: "http://192.0.2.1:8080/anna/medications/")
        #expect(failure.description == "the server at http://192.0.2.1:8080/anna/medications/ asks for the password by HTTP Basic "
            + "authentication, which would send it readable over plain http; medd-sync sends a password over plain http to another "
            + "machine only by Digest: use https, or a server on a loopback address")
    }
}
