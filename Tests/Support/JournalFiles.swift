import Foundation
public import MeddCore

/// Real journal files for tests, written by systemd's own `systemd-journal-remote` from entries in
/// the journal export format, as it writes what another machine sends it: the entries keep the
/// trusted fields given (`_HOSTNAME`, `_MACHINE_ID`, `_UID`).
public enum JournalFiles {
    public static let remote = "/lib/systemd/systemd-journal-remote"

    /// Why journal files cannot be written here, or nil.
    public static var unavailableReason: String? {
        FileManager.default.isExecutableFile(atPath: remote)
            ? nil : "\(remote) is missing (Debian package systemd-journal-remote; scripts/setup.sh installs it)"
    }

    /// One machine and user, and the clock of its entries.
    public struct Machine: Sendable {
        public var origin: JournalOrigin
        public var bootID: String

        public init(hostname: String, machineID: String, uid: UInt32, bootID: String = "0123456789abcdef0123456789abcdef") {
            origin = JournalOrigin(hostname: hostname, machineID: machineID, uid: uid)
            self.bootID = bootID
        }

        /// medd's entry for `event` as this machine's journald stores it, received at `realtimeUsec`.
        public func entry(_ event: DoseEvent, person: Person? = nil, realtimeUsec: Int64) -> [(String, String)] {
            var fields = [("__REALTIME_TIMESTAMP", String(realtimeUsec)), ("__MONOTONIC_TIMESTAMP", String(realtimeUsec / 1000)),
                          ("_BOOT_ID", bootID)]
            fields += event.journalFields(person: person)
            if let hostname = origin.hostname { fields.append(("_HOSTNAME", hostname)) }
            if let machineID = origin.machineID { fields.append(("_MACHINE_ID", machineID)) }
            if let uid = origin.uid { fields.append(("_UID", String(uid))) }
            return fields
        }
    }

    /// Writes `entries` to a new journal file at `path` (which must end in `.journal`).
    public static func write(_ entries: [[(String, String)]], to path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: remote)
        process.arguments = ["--output=\(path)", "-"]
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: exportFormat(entries))
        try input.fileHandleForWriting.close()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw JournalFileError(description: "\(remote) --output=\(path) failed: \(String(decoding: message, as: UTF8.self))")
        }
    }

    /// The journal export format: each field in its binary form (name, newline, 64-bit little-endian
    /// length, the bytes, newline), an empty line after each entry; the double-underscore address
    /// fields as text, as the format requires.
    private static func exportFormat(_ entries: [[(String, String)]]) -> Data {
        var data = Data()
        for entry in entries {
            for (name, value) in entry {
                if name.hasPrefix("__") {
                    data.append(contentsOf: Array("\(name)=\(value)\n".utf8))
                    continue
                }
                let bytes = Array(value.utf8)
                data.append(contentsOf: Array(name.utf8) + [0x0A])
                withUnsafeBytes(of: UInt64(bytes.count).littleEndian) { data.append(contentsOf: $0) }
                data.append(contentsOf: bytes + [0x0A])
            }
            data.append(0x0A)
        }
        return data
    }

    /// A fresh temporary directory.
    public static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("medd-journal-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

public struct JournalFileError: Error, CustomStringConvertible {
    public var description: String
}
