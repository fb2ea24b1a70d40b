import Curl
import MeddCore
import MeddSync
import Testing

/// Which HTTP authentication schemes may carry the password to which collection: Basic only where nobody
/// on the way can read it (https, or plain http to this machine), Digest anywhere.
struct AuthenticationPolicyTests {
    @Test(arguments: ["https://dav.example.org/a/", "https://192.168.1.2:8443/a/", "http://127.0.0.1:5232/a/", "http://127.8.9.1/a/",
                      "http://localhost/a/", "http://[::1]:8080/a/"])
    func basicAndDigestOverHTTPSOrToThisMachine(text: String) throws {
        let url = try WebURL(parsing: text, plainHTTPToAnyHost: true)
        #expect(CalDAVCollection.authenticationSchemes(for: url) == [.basic, .digest])
    }

    @Test(arguments: ["http://192.168.1.2/a/", "http://dav.example.org:8080/a/", "http://128.0.0.1/a/", "http://127.0.0.1.example.org/a/",
                      "http://[2001:db8::1]/a/", "http://localhost.example.org/a/"])
    func onlyDigestOverPlainHTTPToAnotherMachine(text: String) throws {
        let url = try WebURL(parsing: text, plainHTTPToAnyHost: true)
        #expect(CalDAVCollection.authenticationSchemes(for: url) == .digest)
    }

    /// The words medd-sync's status and journal give a server that asks for Basic where it may not go.
    @Test func basicOverPlainHTTPIsAPreciseError() {
        let failure = CalDAVCollection.Failure.basicOverPlainHTTP(url: "http://192.0.2.1:8080/anna/medications/")
        #expect(failure.description == "the server at http://192.0.2.1:8080/anna/medications/ asks for the password by HTTP Basic "
            + "authentication, which would send it readable over plain http; medd-sync sends a password over plain http to another "
            + "machine only by Digest: use https, or a server on a loopback address")
    }
}
