// libFuzzer target for the iCalendar reader; built by scripts/fuzz-icalendar.sh, not by medd's own package.
// Each input is the body of a calendar object as a CalDAV server would send it. A tree that parses must
// write and read back as the same tree, and its values are read as medd-sync reads them; an error must
// name a line of the input and say what is wrong on one line.
import ICalendar

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICalendar(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do throws(ICalendarError) {
        let tree = try ICalendarParser.parse(bytes)
        checkRoundTrip(tree)
        readEveryValue(tree)
    } catch {
        checkError(error, lineCount: bytes.count(where: { $0 == 10 }) + 1)
    }
    return 0
}

/// `precondition` whose message survives `-O`, so the crash report says which invariant broke.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// Writing quotes parameter values and folds lines, so the text written may pass the limits the
/// input kept to; it is read back with room to spare.
private let roomy = ICalendarLimits(maximumBytes: 1 << 24, maximumLineBytes: 1 << 20)

private func checkRoundTrip(_ tree: ICalendarComponent) {
    do {
        let text = try ICalendarWriter.text(of: tree)
        let again = try ICalendarParser.parse(text, limits: roomy)
        require(again == tree, "the tree read back from what was written differs")
        require(try ICalendarWriter.text(of: again) == text, "writing the same tree twice gave different text")
    } catch {
        fatalError("a tree that was read could not be written and read back: \(error)")
    }
}

/// The value accessors on every property: they may throw, never trap.
private func readEveryValue(_ component: ICalendarComponent) {
    for property in component.properties {
        _ = try? property.text()
        _ = try? property.texts()
        _ = try? property.integer()
        _ = try? property.dateOrTime()
        if let dateTime = try? property.dateTime() {
            let tzid: String? = if case .tzid(let name) = dateTime.zone { name } else { nil }
            require(ICalendarDateTime(parsing: dateTime.description, tzid: tzid) == dateTime, "\(dateTime) did not read back the same")
        }
    }
    component.components.forEach(readEveryValue)
}

private func checkError(_ error: ICalendarError, lineCount: Int) {
    if let line = error.line {
        require((1...lineCount).contains(line), "line \(line) is outside the input's \(lineCount) lines: \(error)")
    }
    require(!error.message.isEmpty, "an error without a message")
    require(!error.description.contains(where: \.isNewline), "a message on several lines: \(error)")
}
