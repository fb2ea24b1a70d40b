import Foundation
import MeddCore
import MeddTestSupport
import Testing

/// `ZoneDatabase`: which file a name or the local zone comes from, over an in-memory file system.
@Suite struct ZoneDatabaseTests {
    /// Files and symbolic links by path; a link is followed when its file is read.
    struct MemoryFiles: ZoneFileReader {
        var files: [String: [UInt8]] = [:]
        var links: [String: String] = [:]

        func bytes(at path: String) throws(ZoneFileError) -> [UInt8] {
            if let target = links[path] {
                return try bytes(at: target.hasPrefix("/") ? target : "/etc/" + target)
            }
            guard let bytes = files[path] else { throw ZoneFileError("No such file or directory", path: path, fileIsMissing: true) }
            return bytes
        }

        func symlinkTarget(at path: String) -> String? { links[path] }
    }

    static func systemBytes(_ name: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + name)!)
    }

    static let files = MemoryFiles(files: [
        "/usr/share/zoneinfo/Europe/Berlin": systemBytes("Europe/Berlin"),
        "/usr/share/zoneinfo/Asia/Tokyo": systemBytes("Asia/Tokyo"),
        "/usr/share/zoneinfo/EST5EDT": systemBytes("EST5EDT"),
        "/srv/tz/Test/Custom": systemBytes("Asia/Kathmandu"),
        "/srv/local/zone": systemBytes("Asia/Tokyo"),
    ], links: ["/etc/localtime": "/usr/share/zoneinfo/Europe/Berlin"])

    static func database(_ files: MemoryFiles = files, tzdir: String? = nil) -> ZoneDatabase {
        ZoneDatabase(tzdir: tzdir, reader: files)
    }

    @Test func namesAreRelativePathsInTheDirectory() throws {
        #expect(try Self.database().path(ofZone: "Europe/Berlin") == "/usr/share/zoneinfo/Europe/Berlin")
        #expect(try Self.database(tzdir: "/srv/tz").path(ofZone: "Test/Custom") == "/srv/tz/Test/Custom")
        #expect(try Self.database(tzdir: "").path(ofZone: "UTC") == "/usr/share/zoneinfo/UTC")
        #expect(try Self.database(tzdir: "/srv/tz").rules(named: "Test/Custom").offset(atSecond: 1_800_000_000) == 20_700)
        let refusal = "must be a relative path of visible ASCII characters without \"..\" or empty components, like \"Europe/Berlin\""
        for name in ["../etc/passwd", "Europe/../../etc/passwd", "/etc/localtime", "", "Europe//Berlin", "Europe/Ber lin"] {
            #expect(throws: ZoneFileError("zone name \(DisplayText.quoted(name)) \(refusal)")) { try Self.database().path(ofZone: name) }
        }
    }

    @Test func missingAndMalformedFilesNameThePath() {
        #expect(throws: ZoneFileError("No such file or directory", path: "/usr/share/zoneinfo/Foo/Bar", fileIsMissing: true)) {
            try Self.database().rules(named: "Foo/Bar")
        }
        var files = Self.files
        files.files["/usr/share/zoneinfo/Bad"] = Array("not a zone".utf8)
        #expect(throws: ZoneFileError("not a TZif file", path: "/usr/share/zoneinfo/Bad")) { try Self.database(files).rules(named: "Bad") }
        #expect((try? Self.database(files).rules(named: "Bad"))?.name == nil)
    }

    /// Without `TZ`: `/etc/localtime`, named after where its link points; a plain file is `localtime`; none is UTC.
    @Test func localZoneFromEtcLocaltime() throws {
        let linked = try Self.database().localZone(tz: nil)
        #expect(linked.name == "Europe/Berlin")
        #expect(linked == SystemZone.named("Europe/Berlin"))
        // Set but empty is UTC, as glibc reads it.
        #expect(try Self.database().localZone(tz: "") == .utc)
        var plain = Self.files
        plain.links = [:]
        plain.files["/etc/localtime"] = Self.systemBytes("Asia/Tokyo")
        #expect(try Self.database(plain).localZone(tz: nil).name == "localtime")
        #expect(try Self.database(plain).localZone(tz: nil).offset(atSecond: 0) == 32_400)
        plain.files["/etc/localtime"] = nil
        #expect(try Self.database(plain).localZone(tz: nil) == .utc)
        // A running daemon reads a missing file as one being replaced: an error, not UTC.
        #expect(throws: ZoneFileError.self) { try Self.database(plain).localZone(tz: nil, missingIsUTC: false) }
        // A colon before a rule is ignored, as glibc does.
        #expect(try Self.database().localZone(tz: ":CET-1CEST,M3.5.0,M10.5.0/3").offset(atSecond: 1_782_864_000) == 7_200)
        var dangling = Self.files
        dangling.links["/etc/localtime"] = "/usr/share/zoneinfo/Gone"
        #expect(try Self.database(dangling).localZone(tz: nil) == .utc)
    }

    /// `TZ` as glibc reads it: a zone name with or without a colon, an absolute path, or a POSIX TZ string.
    @Test func localZoneFromTZ() throws {
        #expect(try Self.database().localZone(tz: ":Asia/Tokyo").name == "Asia/Tokyo")
        #expect(try Self.database().localZone(tz: "Asia/Tokyo").offset(atSecond: 0) == 32_400)
        #expect(try Self.database(tzdir: "/srv/tz").localZone(tz: "Test/Custom").offset(atSecond: 1_800_000_000) == 20_700)
        let file = try Self.database().localZone(tz: ":/srv/local/zone")
        #expect(file.name == "zone")
        #expect(file.offset(atSecond: 0) == 32_400)
        #expect(try Self.database().localZone(tz: "/srv/local/zone").name == "zone")
        // A zone file wins over the same text read as a rule, as in glibc.
        #expect(try Self.database().localZone(tz: "EST5EDT") == SystemZone.named("EST5EDT"))
        let rule = try Self.database().localZone(tz: "CET-1CEST,M3.5.0,M10.5.0/3")
        #expect(rule.name == "CET-1CEST,M3.5.0,M10.5.0/3")
        #expect(rule.offset(atSecond: 1_815_696_000) == 7200)
        #expect(throws: ZoneFileError("No such file or directory", path: "/usr/share/zoneinfo/Foo/Bar", fileIsMissing: true)) {
            try Self.database().localZone(tz: "Foo/Bar")
        }
        #expect(throws: ZoneFileError("No such file or directory", path: "/usr/share/zoneinfo/Foo", fileIsMissing: true)) {
            try Self.database().localZone(tz: ":Foo")
        }
        #expect(throws: ZoneFileError("bad TZ \"CET-1CEST,M3\" at character 13: expected \".\"")) {
            try Self.database().localZone(tz: "CET-1CEST,M3")
        }
    }

    /// The files to watch: the one the local zone is read from, and the zone file its link points to.
    @Test func localZoneFiles() {
        let etc = Self.database().localZoneFiles(tz: nil)
        #expect(etc.map { "\($0.directory)|\($0.name)" } == ["/etc|localtime", "/usr/share/zoneinfo/Europe|Berlin"])
        #expect(Self.database().localZoneFiles(tz: ":/srv/local/zone").map { "\($0.directory)|\($0.name)" } == ["/srv/local|zone"])
        #expect(Self.database().localZoneFiles(tz: "Asia/Tokyo").map { "\($0.directory)|\($0.name)" } == ["/usr/share/zoneinfo/Asia|Tokyo"])
    }
}
