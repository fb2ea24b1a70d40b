import Foundation
import MeddCore
import MeddTestSupport
import Testing

/// `medctl adherence` and `history` over journal files of several machines (`--file`, `--directory`,
/// `--host`), written by systemd-journal-remote: the real binary, real journal files, no daemon.
@Suite(.enabled(if: JournalFiles.unavailableReason == nil, "needs systemd-journal-remote to write journal files"))
struct JournalFilesCommandTests {
    static let laptop = JournalFiles.Machine(hostname: "laptop", machineID: "11111111111111111111111111111111", uid: 1000)
    static let desktop = JournalFiles.Machine(hostname: "desktop", machineID: "22222222222222222222222222222222", uid: 1000,
                                              bootID: "fedcba9876543210fedcba9876543210")
    static let guest = JournalFiles.Machine(hostname: "desktop", machineID: "22222222222222222222222222222222", uid: 1001,
                                            bootID: "fedcba9876543210fedcba9876543210")
    static let range = ["--since", "2026-11-20", "--until", "2026-11-22"]

    /// Files for three machines and users with the same configuration: the same dose IDs, answered
    /// differently on each. Written once for the suite.
    static let files: (directory: String, laptop: String, desktop: String) = {
        do {
            let directory = try JournalFiles.directory()
            let laptopFile = directory + "/laptop.journal", desktopFile = directory + "/desktop.journal"
            var clock: Int64 = 1_795_500_000_000_000
            func entry(_ machine: JournalFiles.Machine, _ kind: EventKind, _ dose: String, after minutes: Int64,
                       person: String? = nil, note: String? = nil) -> [(String, String)] {
                clock += 1_000_000
                return machine.entry(event(kind, dose, after: minutes, note: note), person: person.map { Person(id: $0) }, realtimeUsec: clock)
            }
            let laptop = [
                entry(Self.laptop, .taken, "metformin_20261120_08_00", after: 10, person: "mum", note: "with food"),
                entry(Self.laptop, .taken, "metformin_20261120_20_00", after: 90, person: "mum"),
                entry(Self.laptop, .skipped, "metformin_20261121_08_00", after: 2, person: "mum"),
                entry(Self.laptop, .taken, "metformin_20261121_08_00", after: 5, person: "mum"),
                entry(Self.laptop, .missed, "aspirin_20261121_08_00", after: 120, person: "dad"),
                entry(Self.laptop, .taken, "metformin_20261122_08_00", after: 0, person: "mum"),
            ]
            let desktop = [
                entry(Self.desktop, .skipped, "metformin_20261120_08_00", after: 30, person: "mum"),
                entry(Self.guest, .missed, "metformin_20261120_08_00", after: 120),
                entry(Self.desktop, .taken, "metformin_20261121_08_00", after: 200, person: "mum"),
            ]
            try JournalFiles.write(laptop, to: laptopFile)
            try JournalFiles.write(desktop, to: desktopFile)
            return (directory, laptopFile, desktopFile)
        } catch {
            fatalError("cannot write the journal files: \(error)")
        }
    }()

    static func event(_ kind: EventKind, _ id: String, after minutes: Int64, note: String? = nil) -> DoseEvent {
        let doseID = DoseID(parsing: id)!
        let local = Instant(seconds: doseID.date.dayNumber * 86_400 + Int64(doseID.time.minuteOfDay * 60))
        let dose = Dose(id: doseID, name: doseID.medication == "aspirin" ? "Aspirin" : "Metformin", doseText: "1 tablet",
                        scheduled: local - .hours(1), utcOffset: 3600)
        return DoseEvent(kind: kind, dose: dose, at: dose.scheduled + .minutes(minutes), source: .cli, note: note)
    }

    static func medctl(_ arguments: [String]) throws -> MedctlRunner.Result {
        try MedctlRunner.run(arguments, environment: ["NO_COLOR": "1", "MEDD_SOCKET": "/nonexistent/medd.sock"])
    }

    static func json(_ arguments: [String]) throws -> Any {
        let result = try medctl(arguments)
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    static func counts(_ onTime: Int, _ late: Int, _ skipped: Int, _ missed: Int) -> [String: Int] {
        ["onTime": onTime, "late": late, "skipped": skipped, "missed": missed, "taken": onTime + late]
    }

    /// Only the whole-number members of a counts object (percentage aside).
    static func whole(_ value: Any?) -> [String: Int] {
        ((value as? [String: Any]) ?? [:]).filter { $0.key != "percentage" }.compactMapValues { $0 as? Int }
    }

    /// JSON: every machine and user with its own counts, in host, machine ID, UID order; the totals over
    /// all of them; the same from the files as from their directory.
    @Test func adherenceCountsEachMachineAndUserApart() throws {
        let fromFiles = try #require(Self.json(["adherence", "--file", Self.files.laptop, "--file", Self.files.desktop, "--json"]
                                               + Self.range) as? [String: Any])
        let machines = try #require(fromFiles["machines"] as? [[String: Any]])
        #expect(machines.map { "\($0["hostname"]!) \($0["uid"]!)" } == ["desktop 1000", "desktop 1001", "laptop 1000"])
        #expect(machines.map { $0["machineId"] as? String } == ["22222222222222222222222222222222", "22222222222222222222222222222222",
                                                                "11111111111111111111111111111111"])
        #expect(machines.map { Self.whole($0["total"]) } == [Self.counts(0, 1, 1, 0), Self.counts(0, 0, 0, 1), Self.counts(2, 1, 0, 1)])
        let laptopMedications = try #require(machines[2]["medications"] as? [String: Any])
        #expect(Self.whole(laptopMedications["metformin"]) == Self.counts(2, 1, 0, 0))
        #expect(Self.whole(laptopMedications["aspirin"]) == Self.counts(0, 0, 0, 1))
        #expect(Self.whole(fromFiles["total"]) == Self.counts(2, 2, 1, 2))
        #expect(Self.whole((fromFiles["medications"] as? [String: Any])?["metformin"]) == Self.counts(2, 2, 1, 1))
        #expect(Self.whole((fromFiles["people"] as? [String: Any])?["mum"]) == Self.counts(2, 2, 1, 0),
                "the guest's metformin names no one")
        #expect(Self.whole((fromFiles["people"] as? [String: Any])?["dad"]) == Self.counts(0, 0, 0, 1))
        #expect(fromFiles["source"] as? String == "journal")
        let fromDirectory = try Self.json(["adherence", "--directory", Self.files.directory, "--json"] + Self.range)
        #expect(NSDictionary(dictionary: fromFiles).isEqual(fromDirectory as? [String: Any]))
    }

    /// --host keeps one machine's groups; a name no entry has is a usage error listing the hosts.
    @Test func hostSelectsAMachine() throws {
        let laptop = try #require(Self.json(["adherence", "--directory", Self.files.directory, "--host", "laptop", "--json"]
                                            + Self.range) as? [String: Any])
        #expect((laptop["machines"] as? [[String: Any]])?.map { $0["hostname"] as? String } == ["laptop"])
        #expect(Self.whole(laptop["total"]) == Self.counts(2, 1, 0, 1))
        let desktop = try #require(Self.json(["adherence", "--file", Self.files.laptop, "--file", Self.files.desktop, "--host",
                                              "desktop", "--json"] + Self.range) as? [String: Any])
        #expect((desktop["machines"] as? [[String: Any]])?.count == 2)
        let missing = try Self.medctl(["adherence", "--directory", Self.files.directory, "--host", "nosuch"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("medctl: --host nosuch: no medd answer in the journal directory \(Self.files.directory) "
                                         + "comes from a host named nosuch; the hosts there are desktop, laptop\n"), "\(missing.stderr)")
        let history = try Self.medctl(["history", "--file", Self.files.laptop, "--host", "desktop"])
        #expect(history.status == 2 && history.stderr.contains("the hosts there are laptop"), "\(history.stderr)")
    }

    /// The table groups rows by HOST, with UID when there are several users, each machine ending in
    /// its "(all)" row; one machine alone has no HOST column.
    @Test func tableGroupsRowsByMachine() throws {
        let result = try Self.medctl(["adherence", "--directory", Self.files.directory] + Self.range)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines == [
            "Adherence of doses due 2026-11-20 00:00 to 2026-11-22 00:00, from the journal directory \(Self.files.directory)",
            "HOST UID PERSON MEDICATION ON TIME LATE SKIPPED MISSED TAKEN %",
            "desktop 1000 mum metformin 0 1 1 0 50.0%",
            "desktop 1000 (all) 0 1 1 0 50.0%",
            "desktop 1001 (no person) metformin 0 0 0 1 0.0%",
            "desktop 1001 (all) 0 0 0 1 0.0%",
            "laptop 1000 dad aspirin 0 0 0 1 0.0%",
            "laptop 1000 dad (all) 0 0 0 1 0.0%",
            "laptop 1000 mum metformin 2 1 0 0 100.0%",
            "laptop 1000 mum (all) 2 1 0 0 100.0%",
            "laptop 1000 (all) 2 1 0 1 75.0%",
            "TOTAL 2 2 1 2 57.1%",
        ])
        let oneUser = try Self.medctl(["adherence", "--directory", Self.files.directory, "--person", "mum"] + Self.range)
        #expect(oneUser.stdout.split(separator: "\n").dropFirst().first?.split(separator: " ").prefix(2) == ["HOST", "MEDICATION"],
                "\(oneUser.stdout)")
        let alone = try Self.medctl(["adherence", "--file", Self.files.laptop, "--med", "metformin"] + Self.range)
        #expect(alone.stdout.split(separator: "\n").dropFirst().first?.split(separator: " ").first == "MEDICATION", "\(alone.stdout)")
    }

    /// From files, CSV rows start with hostname,machine_id,uid: each machine's medications and total,
    /// then the total over all with those cells empty.
    @Test func csvStartsWithTheMachine() throws {
        let result = try Self.medctl(["adherence", "--file", Self.files.desktop, "--format", "csv"] + Self.range)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            hostname,machine_id,uid,medication,on_time,late,skipped,missed,taken,percentage\r
            desktop,22222222222222222222222222222222,1000,metformin,0,1,1,0,1,50.0\r
            desktop,22222222222222222222222222222222,1000,total,0,1,1,0,1,50.0\r
            desktop,22222222222222222222222222222222,1001,metformin,0,0,0,1,0,0.0\r
            desktop,22222222222222222222222222222222,1001,total,0,0,0,1,0,0.0\r
            ,,,total,0,1,1,1,1,33.3\r

            """)
    }

    /// history lists each machine's final answers as dose objects with the machine, oldest due first
    /// (then by dose ID and machine); CSV and table show the machine.
    @Test func historyListsEachMachinesFinalDoses() throws {
        let arguments = ["history", "--file", Self.files.laptop, "--file", Self.files.desktop] + Self.range
        let doses = try #require(Self.json(arguments + ["--json"]) as? [[String: Any]])
        #expect(doses.map { "\($0["id"]!) \($0["hostname"]!) \($0["uid"]!) \($0["state"]!)" } == [
            "metformin_20261120_08_00 desktop 1000 skipped",
            "metformin_20261120_08_00 desktop 1001 missed",
            "metformin_20261120_08_00 laptop 1000 taken",
            "metformin_20261120_20_00 laptop 1000 taken",
            "aspirin_20261121_08_00 laptop 1000 missed",
            "metformin_20261121_08_00 desktop 1000 taken",
            "metformin_20261121_08_00 laptop 1000 taken",
        ])
        let first = doses[2]
        #expect(first["scheduled"] as? String == "2026-11-20T08:00:00+01:00" && first["answeredAt"] as? String == "2026-11-20T08:10:00+01:00")
        #expect(first["note"] as? String == "with food" && first["person"] as? String == "mum" && first["source"] as? String == "cli")
        #expect(first["machineId"] as? String == "11111111111111111111111111111111" && first["usec"] as? Int == 1_795_158_000_000_000)
        let csv = try Self.medctl(arguments + ["--format", "csv", "--med", "aspirin"])
        #expect(csv.stdout == """
            hostname,machine_id,uid,id,medication,name,dose,scheduled,state,answered_at,source,note\r
            laptop,11111111111111111111111111111111,1000,aspirin_20261121_08_00,aspirin,Aspirin,1 tablet,2026-11-21T08:00:00+01:00,missed,2026-11-21T10:00:00+01:00,cli,\r

            """)
        let table = try Self.medctl(arguments + ["--person", "mum"])
        let rows = table.stdout.split(separator: "\n").map { $0.split(separator: " ").prefix(3).joined(separator: " ") }
        #expect(rows == ["HOST DUE DOSE", "desktop 2026-11-20 08:00", "laptop 2026-11-20 08:00", "laptop 2026-11-20 20:00",
                         "desktop 2026-11-21 08:00", "laptop 2026-11-21 08:00"], "\(table.stdout)")
    }

    /// --directory with --file, empty names and a file that is not a journal are refused precisely.
    @Test func badSourcesAreRefused() throws {
        let both = try Self.medctl(["adherence", "--directory", Self.files.directory, "--file", Self.files.laptop])
        #expect(both.status == 2 && both.stderr.contains("--directory and --file both say where the journal is; give one of them"))
        #expect(try Self.medctl(["history", "--directory", ""]).status == 2)
        #expect(try Self.medctl(["history", "--host", "two words"]).status == 2)
        let junk = Self.files.directory + "/junk.txt"
        try Data("not a journal".utf8).write(to: URL(fileURLWithPath: junk))
        let bad = try Self.medctl(["adherence", "--file", Self.files.laptop, "--file", junk])
        #expect(bad.status == 1)
        #expect(bad.stderr == "medctl: cannot read the journal file \(junk): No data available (not a journal file, or a damaged one)\n")
        let missing = try Self.medctl(["history", "--directory", Self.files.directory + "/nothing"])
        #expect(missing.status == 1 && missing.stderr.contains("cannot read the journal directory \(Self.files.directory)/nothing: No such file or directory"))
        let empty = try JournalFiles.directory()
        let none = try Self.medctl(["adherence", "--directory", empty, "--json"])
        #expect(none.status == 0 && none.stderr.contains("no medd answers in the journal directory \(empty)"))
    }
}
