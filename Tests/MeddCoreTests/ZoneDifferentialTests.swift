import Foundation
import MeddCore
import MeddTestSupport
import Testing

/// Differential test: `ZoneRules` against Python's `zoneinfo` (fold=0) on every zone file of the
/// system's tz database, around every transition from 2000 to 2040. `zone_differential.py` lists,
/// per zone and local date, the offsets Python reads the 96 quarter-hour wall times with, and the
/// offsets of the local times it gives back for those instants; this test computes the same with
/// `resolve` and `local` and compares.
@Suite struct ZoneDifferentialTests {
    @Test func resolveAndLocalMatchPythonZoneinfo() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("zone_differential.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, SystemZone.database.directory]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let summary = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 zone_differential.py failed: \(summary)")

        var zones: [String: ZoneRules] = [:]
        var compared = 0
        var mismatches: [String] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            try #require(fields.count == 4, "unexpected line from python: \(line)")
            let (name, date) = (fields[0], try #require(LocalDate(parsing: fields[1])))
            let rules = zones[name] ?? SystemZone.named(name)
            zones[name] = rules
            var resolved: [Int64] = []
            var local: [Int64] = []
            for quarter in 0..<96 {
                let time = WallTime(minuteOfDay: quarter * 15)!
                let naive = date.dayNumber * 86_400 + Int64(quarter * 900)
                let instant = rules.resolve(date, time).instant
                resolved.append(naive - instant.seconds)
                let (backDate, backTime) = rules.local(instant)
                local.append(backDate.dayNumber * 86_400 + Int64(backTime.minuteOfDay) * 60 - instant.seconds)
            }
            compared += 1
            let mine = "\(Self.runLength(resolved)) \(Self.runLength(local))"
            let python = "\(fields[2]) \(fields[3])"
            if mine != python, mismatches.count < 10 {
                mismatches.append("\(name) \(date): medd resolve/local offsets \(mine), Python \(python)")
            }
        }
        print("ZoneDifferentialTests: python3 zoneinfo reports \(summary.trimmingCharacters(in: .whitespacesAndNewlines)); compared \(compared) zone-days × 96 wall times")
        #expect(compared > 1000, "compared only \(compared) zone-days: is tzdata installed?")
        #expect(mismatches.isEmpty, "first mismatches:\n\(mismatches.joined(separator: "\n"))")
    }

    /// `3600x8,7200x88`, as the script writes it.
    static func runLength(_ values: [Int64]) -> String {
        var runs: [(value: Int64, count: Int)] = []
        for value in values {
            if let last = runs.last, last.value == value { runs[runs.count - 1].count += 1 } else { runs.append((value, 1)) }
        }
        return runs.map { "\($0.value)x\($0.count)" }.joined(separator: ",")
    }
}
