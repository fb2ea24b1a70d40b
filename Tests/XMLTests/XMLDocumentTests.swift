import Testing
import XML

/// libxml2 read into plain elements: namespaces resolved, hostile documents refused with a reason.
struct XMLDocumentTests {
    private static let dav = "DAV:"
    private static let caldav = "urn:ietf:params:xml:ns:caldav"

    /// A multistatus as Radicale writes it (default namespace, a prefix for CalDAV), text and CDATA kept.
    @Test func readsNamespacesAndText() throws {
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <response>
                <href>/anna/medications/a.ics</href>
                <propstat><prop><getetag>"1"</getetag><C:calendar-data><![CDATA[BEGIN:VCALENDAR\r\nEND:VCALENDAR]]></C:calendar-data></prop>
                <status>HTTP/1.1 200 OK</status></propstat>
              </response>
              <!-- a comment -->
              <sync-token>http://radicale.org/ns/sync/abc</sync-token>
            </multistatus>
            """
        let root = try XMLDocument.parse(Array(text.utf8))
        #expect(root.is(Self.dav, "multistatus"))
        #expect(root.children.count == 2)
        let response = try #require(root.child(Self.dav, "response"))
        #expect(response.child(Self.dav, "href")?.text == "/anna/medications/a.ics")
        let prop = try #require(response.child(Self.dav, "propstat")?.child(Self.dav, "prop"))
        // XML reads every line end as LF, in CDATA too.
        #expect(prop.child(Self.caldav, "calendar-data")?.text == "BEGIN:VCALENDAR\nEND:VCALENDAR")
        #expect(root.child(Self.dav, "sync-token")?.text == "http://radicale.org/ns/sync/abc")
    }

    /// Xandikos's numbered prefixes name the same namespaces.
    @Test func prefixesDoNotMatter() throws {
        let text = #"<ns0:multistatus xmlns:ns0="DAV:" xmlns:ns1="urn:ietf:params:xml:ns:caldav"><ns0:response><ns0:href>x</ns0:href></ns0:response></ns0:multistatus>"#
        let root = try XMLDocument.parse(Array(text.utf8))
        #expect(root.is(Self.dav, "multistatus"))
        #expect(root.child(Self.dav, "response")?.child(Self.dav, "href")?.text == "x")
        #expect(root.child(Self.caldav, "response") == nil)
    }

    /// Not well-formed input gives libxml2's message and the line.
    @Test func malformed() {
        #expect(throws: XMLError.self) { try XMLDocument.parse(Array("<a><b></a>".utf8)) }
        #expect(throws: XMLError.self) { try XMLDocument.parse([]) }
        #expect(throws: XMLError.self) { try XMLDocument.parse(Array("not xml at all".utf8)) }
        do {
            _ = try XMLDocument.parse(Array("<a>\n\n<b></c></a>".utf8))
            Issue.record("accepted")
        } catch {
            guard case .malformed(let message, let line) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(line == 3)
            #expect(!message.isEmpty)
        }
    }

    /// Entities are never expanded from outside, and an entity bomb does not get through.
    @Test func hostileEntities() throws {
        let external = """
            <?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>
            """
        if let root = try? XMLDocument.parse(Array(external.utf8)) {
            #expect(!root.text.contains("root:"))
        }
        var bomb = #"<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e0 "ha">"#
        for level in 1...12 { bomb += "<!ENTITY e\(level) \"" + String(repeating: "&e\(level - 1);", count: 10) + "\">" }
        bomb += "]><a>&e12;</a>"
        if let root = try? XMLDocument.parse(Array(bomb.utf8)) {
            #expect(root.text.utf8.count < 1_000_000)
        }
    }

    /// Size, depth and element count are bounded.
    @Test func limits() {
        var limits = XMLDocument.Limits()
        limits.bytes = 10
        #expect(throws: XMLError.tooLarge(bytes: 11, limit: 10)) { try XMLDocument.parse(Array("<a>123</a> ".utf8), limits: limits) }
        let deep = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
        #expect(throws: XMLError.tooDeep(limit: 64)) { try XMLDocument.parse(Array(deep.utf8)) }
        var few = XMLDocument.Limits()
        few.elements = 3
        #expect(throws: XMLError.tooManyElements(limit: 3)) { try XMLDocument.parse(Array("<a><b/><b/><b/></a>".utf8), limits: few) }
    }
}
