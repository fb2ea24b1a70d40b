// libFuzzer target for the zone readers; built by scripts/fuzz-zones.sh, not by medd's own package.
// Each input is read as a TZif file and as a POSIX TZ string. Whatever parses is then asked for
// offsets, resolved times and local times around each of its transitions, as the planner would.
import MeddCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZone(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        exercise(try ZoneRules(name: "fuzz", tzif: bytes))
    } catch {
        checkMessage(error)
    }
    if let text = String(validating: bytes, as: UTF8.self) {
        do {
            exercise(ZoneRules(name: "fuzz", rule: try PosixTZRule(parsing: text)))
        } catch {
            checkMessage(error)
        }
    }
    return 0
}

/// `precondition` whose message survives `-O`, so the crash report says which invariant broke.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

private func checkMessage(_ error: ZoneFileError) {
    require(!error.message.isEmpty, "an error without a message")
    require(!error.message.contains(where: \.isNewline), "a message on several lines: \(error.message)")
}

/// Instants medd can hold: a year from 1 to 9999.
private let earliest: Int64 = -62_135_596_800
private let latest: Int64 = 253_402_300_799

private func exercise(_ rules: ZoneRules) {
    var seconds: [Int64] = [0, 1_795_330_800]
    for transition in rules.transitions.prefix(64) {
        seconds += [transition - 1, transition, transition + 1].map { min(max($0, earliest + 200_000), latest - 200_000) }
    }
    for second in seconds {
        let offset = rules.offset(atSecond: second)
        require(rules.offset(atSecond: second) == offset, "the offset at \(second) changed between two lookups")
        let (date, time) = rules.local(Instant(seconds: second))
        let resolved = rules.resolve(date, time)
        require(resolved.offset == rules.offset(atSecond: resolved.instant.seconds), "resolve's offset is not the one in force at its instant")
        _ = rules.format(resolved.instant)
        _ = rules.startOfDay(date)
    }
}
