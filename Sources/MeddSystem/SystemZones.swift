public import MeddCore
import Systemd

/// The system's tz database and local zone, read from the real files (`TZDIR`, `TZ`, `/etc/localtime`).
public enum SystemZones {
    /// Zone names looked up in `TZDIR`, else in `/usr/share/zoneinfo`.
    public static func database() -> ZoneDatabase {
        database(tzdir: ProcessEnvironment.value("TZDIR"))
    }

    /// Zone names looked up in `tzdir`, else (nil or empty) in `/usr/share/zoneinfo`.
    public static func database(tzdir: String?) -> ZoneDatabase {
        ZoneDatabase(tzdir: tzdir, reader: Files())
    }

    /// The local zone as glibc finds it; `missingIsUTC` as `ZoneDatabase.localZone` takes it.
    public static func localZone(missingIsUTC: Bool = true) throws(ZoneFileError) -> ZoneRules {
        try database().localZone(tz: ProcessEnvironment.value("TZ"), missingIsUTC: missingIsUTC)
    }

    /// The files whose replacement changes the local zone, as directory and entry name.
    public static func localZoneFiles() -> [(directory: String, name: String)] {
        database().localZoneFiles(tz: ProcessEnvironment.value("TZ"))
    }

    /// Zone files through `FileReader`, errors worded as the system words them.
    private struct Files: ZoneFileReader {
        func bytes(at path: String) throws(ZoneFileError) -> [UInt8] {
            do {
                return try FileReader.bytes(at: path)
            } catch {
                throw ZoneFileError(error.reason, path: path, fileIsMissing: error.fileIsMissing)
            }
        }

        func symlinkTarget(at path: String) -> String? {
            try? FileReader.symlinkTarget(at: path)
        }
    }
}
