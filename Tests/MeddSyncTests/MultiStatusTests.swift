import MeddCore
import MeddSync
import Testing

/// The REPORT answers of Radicale and Xandikos, as the two servers write them.
struct MultiStatusTests {
    /// Radicale: the token first, data with the ETag, a removed resource as 404.
    @Test func radicaleSyncCollection() throws {
        let text = """
            <?xml version='1.0' encoding='utf-8'?>
            <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><sync-token>http://radicale.org/ns/sync/ab12</sync-token>\
            <response><href>/anna/medications/aspirin_20261122_08_00.ics</href><propstat><prop><getetag>"e1"</getetag>\
            <C:calendar-data>BEGIN:VCALENDAR&#13;\nEND:VCALENDAR&#13;\n</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response>\
            <response><href>/anna/medications/aspirin_20261121_08_00.ics</href><status>HTTP/1.1 404 Not Found</status></response></multistatus>
            """
        let status = try MultiStatus(parsing: Array(text.utf8))
        #expect(status.syncToken == "http://radicale.org/ns/sync/ab12")
        #expect(status.resources.count == 2)
        #expect(status.resources[0].etag == "\"e1\"")
        #expect(status.resources[0].calendarData == "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
        #expect(status.resources[1].status == 404)
        #expect(MultiStatus.doseID(ofHref: status.resources[1].href)?.description == "aspirin_20261121_08_00")
    }

    /// Xandikos: numbered prefixes, calendar data refused in its own propstat, the token last, %-escaped hrefs.
    @Test func xandikosSyncCollection() throws {
        let text = """
            <ns0:multistatus xmlns:ns0="DAV:" xmlns:ns1="urn:ietf:params:xml:ns:caldav"><ns0:response>\
            <ns0:href>http://127.0.0.1:5/user/calendars/calendar/aspirin_20261122_08_00%2Eics</ns0:href>\
            <ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:getetag>"x"</ns0:getetag></ns0:prop></ns0:propstat>\
            <ns0:propstat><ns0:status>HTTP/1.1 404 Not Found</ns0:status><ns0:prop><ns1:calendar-data /></ns0:prop></ns0:propstat>\
            </ns0:response><ns0:sync-token>0123abcd</ns0:sync-token></ns0:multistatus>
            """
        let status = try MultiStatus(parsing: Array(text.utf8))
        #expect(status.syncToken == "0123abcd")
        #expect(status.resources.count == 1)
        #expect(status.resources[0].status == 200)
        #expect(status.resources[0].etag == "\"x\"")
        #expect(status.resources[0].calendarData == nil)
        #expect(MultiStatus.doseID(ofHref: status.resources[0].href)?.description == "aspirin_20261122_08_00")
    }

    /// Answers that are not a multistatus, or not XML, are errors with a reason.
    @Test func refusals() {
        #expect(throws: MultiStatus.Problem.notMultiStatus("error")) {
            try MultiStatus(parsing: Array(#"<error xmlns="DAV:"><valid-sync-token/></error>"#.utf8))
        }
        #expect(throws: MultiStatus.Problem.self) { try MultiStatus(parsing: Array("500 Internal Server Error".utf8)) }
        #expect(throws: MultiStatus.Problem.responseWithoutHref) {
            try MultiStatus(parsing: Array(#"<multistatus xmlns="DAV:"><response><status>HTTP/1.1 200 OK</status></response></multistatus>"#.utf8))
        }
        #expect(MultiStatus.doseID(ofHref: "/a/shopping.ics") == nil)
        #expect(MultiStatus.doseID(ofHref: "/a/") == nil)
    }
}
