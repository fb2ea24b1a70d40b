import Foundation
import MeddCore
import MeddTestSupport
import Testing

/// Differential test: the planner against `systemd-analyze calendar` over the same span.
///
/// Each case is a systemd calendar spec and the medd schedule that means the same, both written by hand.
/// Times avoid 01:00–03:00 local, where the zones below have DST gaps or overlaps: systemd skips a time
/// in a gap and medd shifts it (see `systemdSkipsGapTimesMeddShiftsThem`), so only times that exist
/// exactly once are comparable. Base times sit just before DST transitions so each run crosses one.
@Suite struct SystemdCalendarDifferentialTests {
    typealias F = PlanFixture

    /// Path to `systemd-analyze`, or nil (after a loud warning) when it is not installed.
    static let systemdAnalyze: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/sbin"] {
            let candidate = directory + "/systemd-analyze"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        let warning = """

            ************************************************************************************
            WARNING: systemd-analyze is not installed: SystemdCalendarDifferentialTests SKIPPED.
            Install systemd (Debian: apt-get install systemd) to run the differential test.
            ************************************************************************************

            """
        print(warning)
        FileHandle.standardError.write(Data(warning.utf8))
        return nil
    }()

    static var available: Bool { systemdAnalyze != nil }

    /// Whether this systemd understands `--base-time` (systemd 247 and later).
    static let supportsBaseTime: Bool = {
        guard available else { return false }
        return (try? run(["calendar", "--iterations=1", "--base-time=@0", "*-*-* 00:00:00 UTC"]))?.status == 0
    }()

    struct Case: Sendable, CustomTestStringConvertible {
        let spec: String
        let zone: String
        let schedule: Schedule
        let base: String
        let iterations: Int
        var testDescription: String { "'\(spec) \(zone)' from \(base) ×\(iterations)" }
    }

    static func times(_ times: [String], _ days: Set<Weekday>? = nil) -> Schedule {
        .times(times.map(F.time), DayFilter(weekdays: days))
    }

    static func every(_ span: TimeSpan, _ from: String, _ until: String, monthdays: Set<Int>? = nil) -> Schedule {
        .interval(every: span, from: F.time(from), until: F.time(until), DayFilter(monthdays: monthdays))
    }

    /// `monthdays`: systemd writes days from the end of the month after `~` (`~01` is the last day).
    static func monthly(_ times: [String], _ monthdays: Set<Int>) -> Schedule {
        .times(times.map(F.time), DayFilter(monthdays: monthdays))
    }

    static let cases: [Case] = [
        Case(spec: "*-*-* 08:00:00", zone: "America/New_York", schedule: times(["08:00"]),
             base: "2027-02-20T00:00:17Z", iterations: 60),
        Case(spec: "Mon,Wed,Fri *-*-* 07:15,45:00", zone: "America/New_York",
             schedule: times(["07:15", "07:45"], [.mon, .wed, .fri]), base: "2027-09-20T00:00:17Z", iterations: 60),
        Case(spec: "*-*-* 04..23:00/20:00", zone: "America/New_York", schedule: every(.minutes(20), "04:00", "23:59"),
             base: "2027-03-10T00:00:17Z", iterations: 300),
        Case(spec: "*-*-* 06,12,18,23:00:00", zone: "Europe/Berlin", schedule: times(["06:00", "12:00", "18:00", "23:00"]),
             base: "2027-03-20T00:00:17Z", iterations: 80),
        Case(spec: "Sat,Sun *-*-* 09:30:00", zone: "Europe/Berlin", schedule: times(["09:30"], [.sat, .sun]),
             base: "2027-10-01T00:00:17Z", iterations: 50),
        Case(spec: "*-*-* 03..23:00/15:00", zone: "Europe/Berlin", schedule: every(.minutes(15), "03:00", "23:59"),
             base: "2027-10-29T00:00:17Z", iterations: 300),
        Case(spec: "*-*-* 00,08,16:00:00", zone: "Asia/Kathmandu", schedule: times(["00:00", "08:00", "16:00"]),
             base: "2027-01-01T00:00:17Z", iterations: 60),
        Case(spec: "Tue,Thu *-*-* 21:45:00", zone: "Asia/Kathmandu", schedule: times(["21:45"], [.tue, .thu]),
             base: "2027-06-01T00:00:17Z", iterations: 50),
        Case(spec: "*-*-* 00,12:30:00", zone: "Australia/Lord_Howe", schedule: times(["00:30", "12:30"]),
             base: "2027-03-25T00:00:17Z", iterations: 60),
        Case(spec: "Sun *-*-* 03:00,15:00", zone: "Australia/Lord_Howe", schedule: times(["03:00", "03:15"], [.sun]),
             base: "2027-09-01T00:00:17Z", iterations: 60),
        Case(spec: "Mon,Thu *-*-* 00:00:00", zone: "Australia/Lord_Howe", schedule: times(["00:00"], [.mon, .thu]),
             base: "2027-09-01T00:00:17Z", iterations: 50),
        Case(spec: "*-*-* 07..22/3:00:00", zone: "Asia/Tokyo", schedule: every(.hours(3), "07:00", "22:00"),
             base: "2027-02-20T00:00:17Z", iterations: 100),
        Case(spec: "*-*-* 23:59:00", zone: "Asia/Tokyo", schedule: times(["23:59"]),
             base: "2027-12-01T00:00:17Z", iterations: 50),
        Case(spec: "Mon..Fri *-*-* 09:00,30:00", zone: "UTC", schedule: times(["09:00", "09:30"], [.mon, .tue, .wed, .thu, .fri]),
             base: "2027-02-20T00:00:17Z", iterations: 60),
        Case(spec: "*-*-* *:00/30:00", zone: "UTC", schedule: every(.minutes(30), "00:00", "23:59"),
             base: "2028-02-27T00:00:17Z", iterations: 200),
        // Days of the month over three years (2028 a leap year): the 29th to 31st exist in some months only.
        Case(spec: "*-*-29..31 08:00:00", zone: "Europe/Berlin", schedule: monthly(["08:00"], [29, 30, 31]),
             base: "2027-01-01T00:00:17Z", iterations: 95),
        Case(spec: "*-*~01,03 09:30:00", zone: "America/New_York", schedule: monthly(["09:30"], [-1, -3]),
             base: "2027-01-01T00:00:17Z", iterations: 72),
        Case(spec: "*-*-01,15 06,12:00:00", zone: "Asia/Kathmandu", schedule: monthly(["06:00", "12:00"], [1, 15]),
             base: "2027-02-20T00:00:17Z", iterations: 100),
        Case(spec: "*-*~01 07..22/3:00:00", zone: "Australia/Lord_Howe", schedule: every(.hours(3), "07:00", "22:00", monthdays: [-1]),
             base: "2027-01-01T00:00:17Z", iterations: 120),
        Case(spec: "*-*-31 23:30:00", zone: "America/Sao_Paulo", schedule: monthly(["23:30"], [31]),
             base: "2027-01-01T00:00:17Z", iterations: 21),
    ]

    /// The planner yields exactly the instants systemd lists, in order, over the same span.
    @Test(.enabled(if: available, "systemd-analyze not installed"), arguments: cases)
    func agreesWithSystemd(_ testCase: Case) throws {
        let base = Self.supportsBaseTime ? F.utc(testCase.base) : Instant(seconds: Int64(Date().timeIntervalSince1970))
        let elapses = try Self.elapses("\(testCase.spec) \(testCase.zone)", after: base, iterations: testCase.iterations)
        try #require(elapses.count == testCase.iterations)
        var medication = Medication(id: "diff", name: "Diff", dose: "1", schedule: testCase.schedule)
        medication.timezone = .named(testCase.zone)
        let planner = Planner(configuration: Configuration(medications: [medication]).withZonesLoaded(), localZone: F.utcZone)
        // systemd lists elapses strictly after the base; the planner's window is [from, to).
        let doses = planner.doses(from: base + TimeSpan(seconds: 1), to: elapses.last! + TimeSpan(seconds: 1))
        #expect(doses.map(\.scheduled) == elapses)
    }

    /// The reason gap times are excluded above: systemd skips 02:30 on New York's spring-forward day,
    /// medd fires it at 03:30 EDT.
    @Test(.enabled(if: available, "systemd-analyze not installed"))
    func systemdSkipsGapTimesMeddShiftsThem() throws {
        try #require(Self.supportsBaseTime)
        let elapses = try Self.elapses("*-*-* 02:30:00 America/New_York", after: F.utc("2027-03-13T00:00:00Z"), iterations: 2)
        #expect(elapses == [F.utc("2027-03-13T07:30:00Z"), F.utc("2027-03-15T06:30:00Z")])
        let med = F.medication("m", times: ["02:30"], zone: .named("America/New_York"))
        let doses = F.planner([med]).doses(from: F.utc("2027-03-13T00:00:00Z"), to: F.utc("2027-03-15T12:00:00Z"))
        #expect(doses.map(\.scheduled) == [F.utc("2027-03-13T07:30:00Z"), F.utc("2027-03-14T07:30:00Z"), F.utc("2027-03-15T06:30:00Z")])
    }

    // MARK: - Running systemd-analyze

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: systemdAnalyze!)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "UTC"
        environment["LC_ALL"] = "C"
        environment["SYSTEMD_COLORS"] = "0"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The elapses systemd lists for `spec` after `base`, read from its UTC lines.
    static func elapses(_ spec: String, after base: Instant, iterations: Int) throws -> [Instant] {
        var arguments = ["calendar", "--iterations=\(iterations)", spec]
        if supportsBaseTime { arguments.insert("--base-time=@\(base.seconds)", at: 2) }
        let (status, output) = try run(arguments)
        guard status == 0 else { throw Failure(description: "systemd-analyze \(arguments) exited \(status): \(output)") }
        var result: [Instant] = []
        for line in output.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let value: Substring
            if line.hasPrefix("Next elapse:") || line.hasPrefix("Iter. #") {
                value = line.drop { $0 != ":" }.dropFirst()
                result.append(try parse(value, line: line))
            } else if line.hasPrefix("(in UTC):") {
                // Only printed when the local zone is not UTC: it restates the line before it in UTC.
                value = line.dropFirst("(in UTC):".count)
                result[result.count - 1] = try parse(value, line: line)
            }
        }
        return result
    }

    /// `Fri 2027-02-19 07:30:00 UTC` → instant.
    static func parse(_ text: Substring, line: String) throws -> Instant {
        let words = text.split(separator: " ")
        guard words.count == 4, words[3] == "UTC" else { throw Failure(description: "unexpected systemd line: \(line)") }
        return F.utc("\(words[1])T\(words[2])Z")
    }
}
