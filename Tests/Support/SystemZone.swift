import Foundation
public import MeddCore

/// Zones from the system's tz database for tests, read with Foundation rather than medd's reader.
public enum SystemZone {
    public static let database = ZoneDatabase(tzdir: nil, reader: FoundationFiles())

    /// The rules of a zone the system has; stops the test run when it has not.
    public static func named(_ name: String) -> ZoneRules {
        do {
            return try database.rules(named: name)
        } catch {
            fatalError("zone \(name): \(error)")
        }
    }

    /// Files read with `FileManager`.
    public struct FoundationFiles: ZoneFileReader {
        public init() {}

        public func bytes(at path: String) throws(ZoneFileError) -> [UInt8] {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ZoneFileError("cannot read", path: path, fileIsMissing: !FileManager.default.fileExists(atPath: path))
            }
            return Array(data)
        }

        public func symlinkTarget(at path: String) -> String? {
            try? FileManager.default.destinationOfSymbolicLink(atPath: path)
        }
    }
}

extension Configuration {
    /// The configuration with the rules of every zone it names, as the loader would read them.
    public func withZonesLoaded() -> Configuration {
        var loaded = self
        let choices = [settings.timezone] + subjects.compactMap(\.timezone)
        for case .named(let name) in choices { loaded.zones[name] = SystemZone.named(name) }
        return loaded
    }
}
