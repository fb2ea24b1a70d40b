/// The system's tz database: which file a zone name or the local zone comes from, read through a
/// `ZoneFileReader`. Zone names are looked up in `TZDIR` when it is set and non-empty, else in
/// `/usr/share/zoneinfo`; the local zone follows glibc (`TZ`, else `/etc/localtime`, else UTC).
public struct ZoneDatabase: Sendable {
    public static let standardDirectory = "/usr/share/zoneinfo"
    public static let localTimePath = "/etc/localtime"

    /// Where zone names are looked up.
    public let directory: String
    private let reader: any ZoneFileReader

    /// `tzdir` is the `TZDIR` environment variable, if set.
    public init(tzdir: String?, reader: any ZoneFileReader) {
        directory = tzdir.flatMap { $0.isEmpty ? nil : $0 } ?? Self.standardDirectory
        self.reader = reader
    }

    /// The file of a zone name: a relative path with no `..` component, inside `directory`.
    public func path(ofZone name: String) throws(ZoneFileError) -> String {
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"), !components.contains(".."), !components.contains(""),
              name.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw ZoneFileError("zone name \(DisplayText.quoted(name)) must be a relative path of visible ASCII characters "
                                + "without \"..\" or empty components, like \"Europe/Berlin\"")
        }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The rules of a zone named like `Europe/Berlin`.
    public func rules(named name: String) throws(ZoneFileError) -> ZoneRules {
        try rules(atPath: try path(ofZone: name), name: name)
    }

    /// The rules in the TZif file at `path`; errors name the path.
    public func rules(atPath path: String, name: String) throws(ZoneFileError) -> ZoneRules {
        do throws(ZoneFileError) {
            return try ZoneRules(name: name, tzif: try reader.bytes(at: path))
        } catch {
            throw error.at(path)
        }
    }

    /// The local zone as glibc finds it. `tz` is the `TZ` environment variable: empty means UTC;
    /// `:/path` or `/path` names a file, `:Name` or `Name` a zone in `directory`, and a `Name` with no
    /// such file is read as a POSIX TZ string. Without `TZ`, `/etc/localtime`, named after the zone its
    /// symbolic link points into; without that file, UTC — unless `missingIsUTC` is false (a running
    /// daemon, for which a missing file is more likely one being replaced), then it is an error.
    public func localZone(tz: String?, missingIsUTC: Bool = true) throws(ZoneFileError) -> ZoneRules {
        guard let tz else {
            do throws(ZoneFileError) {
                return try rules(atPath: Self.localTimePath, name: zoneName(ofFile: Self.localTimePath) ?? "localtime")
            } catch where error.fileIsMissing && missingIsUTC {
                return .utc
            }
        }
        guard !tz.isEmpty else { return .utc }
        let spec = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
        if spec.hasPrefix("/") {
            return try rules(atPath: spec, name: zoneName(ofFile: spec) ?? Self.lastComponent(of: spec))
        }
        do throws(ZoneFileError) {
            return try rules(named: spec)
        } catch where error.fileIsMissing || error.path == nil {
            do throws(ZoneFileError) {
                return ZoneRules(name: spec, rule: try PosixTZRule(parsing: spec, describedAs: "TZ"))
            } catch let posixError {
                // Text with digits, commas or <…> was meant as a rule; anything else as a zone name.
                let looksLikeRule = spec.utf8.contains { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "<") }
                throw looksLikeRule ? posixError : error
            }
        }
    }

    /// The files whose replacement changes the local zone, as directory and entry name (tools replace
    /// them by rename, which only a watch on the directory sees): the `TZ` file or `/etc/localtime`,
    /// and the zone file that one points to or names.
    public func localZoneFiles(tz: String?) -> [(directory: String, name: String)] {
        var files: [String] = []
        if let tz, !tz.isEmpty {
            let spec = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            if spec.hasPrefix("/") {
                files.append(spec)
            } else if let path = try? path(ofZone: spec) {
                files.append(path)
            }
        } else {
            files.append(Self.localTimePath)
        }
        if let link = files.first, let target = reader.symlinkTarget(at: link) {
            files.append(target.hasPrefix("/") ? target : Self.directory(of: link) + "/" + target)
        }
        return files.map { (Self.directory(of: $0), Self.lastComponent(of: $0)) }
    }

    /// `Europe/Berlin` for a symbolic link into `…/zoneinfo/Europe/Berlin`.
    private func zoneName(ofFile path: String) -> String? {
        guard let target = reader.symlinkTarget(at: path) else { return nil }
        let marker = Array("zoneinfo/".utf8)
        let bytes = Array(target.utf8)
        guard bytes.count > marker.count else { return nil }
        for start in 0...(bytes.count - marker.count) where bytes[start..<start + marker.count].elementsEqual(marker) {
            let name = String(decoding: bytes[(start + marker.count)...], as: UTF8.self)
            return name.isEmpty ? nil : name
        }
        return nil
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func lastComponent(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}
