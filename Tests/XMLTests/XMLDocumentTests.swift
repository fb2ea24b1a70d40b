import Glibc
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

    /// libxml2's messages on several lines come as one (found by scripts/fuzz-sync.sh): bytes that are
    /// not UTF-8 give "Input is not proper UTF-8, indicate encoding !" and "Bytes: 0xB2 0xC4 0x6D 0x65".
    @Test func messageOnOneLine() throws {
        let error = try #require(throws: XMLError.self) { try XMLDocument.parse(Array("<a>".utf8) + [0xB2, 0xC4] + Array("me</a>".utf8)) }
        #expect(error.description.hasPrefix("not well-formed XML at line 1: "), "\(error)")
        let lines = error.description.split(whereSeparator: \.isNewline)
        #expect(lines.count == 1, "\(error)")
    }

    /// Nothing on standard error (found by scripts/fuzz-sync.sh): bytes the converter of a declared
    /// encoding refuses are an error that libxml2 raises with no parser at hand, which its generic
    /// handler printed whatever the parser's options said.
    @Test func nothingOnStandardError() throws {
        let document = Array(#"<?xml version="1.0" encoding="EUC-JP"?><a>"#.utf8) + [0xF0, 0x9F, 0x92, 0x8A] + Array("</a>".utf8)
        let printed = try standardError {
            #expect(throws: XMLError.self) { try XMLDocument.parse(document) }
        }
        // Only libxml2's lines count: tests running alongside may write on standard error meanwhile.
        #expect(!printed.contains("encoding error"), "\(printed)")
        #expect(!printed.contains("I/O error"), "\(printed)")
    }

    /// What is written on standard error (file descriptor 2) while `body` runs.
    private func standardError(_ body: () throws -> Void) throws -> String {
        let capture = try #require(tmpfile())
        defer { fclose(capture) }
        let saved = dup(STDERR_FILENO)
        try #require(saved >= 0 && dup2(fileno(capture), STDERR_FILENO) >= 0)
        defer {
            dup2(saved, STDERR_FILENO)
            close(saved)
        }
        try body()
        rewind(capture)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = fread(&buffer, 1, buffer.count, capture), count > 0 { bytes += buffer[..<count] }
        return String(decoding: bytes, as: UTF8.self)
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
