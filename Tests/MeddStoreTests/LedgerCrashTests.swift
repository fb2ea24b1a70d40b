import Foundation
import Testing
@testable import MeddCore
@testable import MeddStore

/// SIGKILL at random moments: every acknowledged answer survives, and nothing is half-written.
@Suite struct LedgerCrashTests {
    struct Ack: Hashable {
        var dose: String
        var kind: String
        var usec: Int64
    }

    /// Starts the probe, lets it run for `delay`, kills it, and returns the complete `ack` lines it printed.
    static func runAndKill(directory: String, after delay: TimeInterval) throws -> [Ack] {
        let process = Process()
        process.executableURL = LedgerFixture.tool("ledger-probe")
        process.arguments = [directory, "400"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        Thread.sleep(forTimeInterval: delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // Only newline-terminated lines were acknowledged in full.
        return output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 4, parts[0] == "ack", let usec = Int64(parts[3]) else { return nil }
            return Ack(dose: String(parts[1]), kind: String(parts[2]), usec: usec)
        }
    }

    /// 200 kills, in ten state directories of twenty restarts each.
    @Test func killedProbeKeepsEveryAcknowledgedAnswer() throws {
        var generator = SystemRandomNumberGenerator()
        var kills = 0
        var acknowledged = 0
        for _ in 0..<10 {
            let directory = LedgerFixture.directory()
            var acks: Set<Ack> = []
            for _ in 0..<20 {
                let delay = Double.random(in: 0.005...0.25, using: &generator)
                acks.formUnion(try Self.runAndKill(directory: directory, after: delay))
                kills += 1
                let ledger = try Ledger(directory: directory)
                #expect(try ledger.integrityCheck() == "ok")
                let recorded = Set(try ledger.allEvents().map { Ack(dose: $0.dose.id.description, kind: $0.kind.rawValue, usec: $0.at.usec) })
                let lost = acks.subtracting(recorded)
                #expect(lost.isEmpty, "acknowledged but lost after kill \(kills): \(lost.prefix(3))")
                var replayed = LedgerFixture.book()
                try ledger.replayEverything(into: &replayed)
                let stored = try ledger.doseStates()
                #expect(stored == replayed.records.mapValues(\.state), "dose table disagrees with the replayed events after kill \(kills)")
            }
            acknowledged += acks.count
        }
        #expect(kills == 200)
        #expect(acknowledged > 200, "the probe must have acknowledged answers for the test to mean anything")
        print("ledger crash test: \(kills) kills, \(acknowledged) acknowledged answers checked")
    }
}
