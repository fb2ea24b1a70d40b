// libFuzzer target for what medd-sync reads from a CalDAV server; built by scripts/fuzz-sync.sh, not by
// medd's own package. Each input is the body of a REPORT's answer, read as `CalDAVCollection` and
// `Synchronizer.absorb` read it: `MultiStatus(parsing:)` (XML over libxml2), then each resource's href
// as a dose ID and its calendar data through `ICalendarParser.parse` and `ServerTodo(calendar:)`. The
// same bytes are also read as the body of a calendar object, straight into the iCalendar reader and
// `ServerTodo`. Whatever the bytes, each step gives a value or an error, never a trap, and the same
// value twice; what it gives keeps the promises its readers make.
import ICalendar
import MeddCore
import MeddSync

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSync(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var answers: [Answer] = []
    do throws(MultiStatus.Problem) {
        let status = try MultiStatus(parsing: bytes)
        require((try? MultiStatus(parsing: bytes)) == status, "reading the same answer twice gave different multistatus")
        for resource in status.resources {
            check(resource)
            let id = MultiStatus.doseID(ofHref: resource.href)
            if let id { require(DoseID(parsing: id.description) == id, "the dose ID of \(resource.href) does not read back the same") }
            if let calendarData = resource.calendarData {
                // As `Synchronizer.absorb`: the text as XML gave it.
                if let todo = readTodo({ () throws(ICalendarError) in try ICalendarParser.parse(calendarData) }) {
                    answers += todo.answer.map { [$0] } ?? []
                }
            }
        }
        if let token = status.syncToken { require(token == trimmed(token), "a sync token with white space at an end") }
    } catch {
        require(!error.description.isEmpty, "a problem without a description")
        // It goes to the journal and into `medctl status` as one line.
        require(!error.description.contains(where: \.isNewline), "a problem on several lines: \(error)")
        do throws(MultiStatus.Problem) {
            _ = try MultiStatus(parsing: bytes)
            fatalError("an answer refused once was read the second time")
        } catch let again {
            require(again == error, "the same answer refused twice for different reasons: \(error), then \(again)")
        }
    }
    if let todo = readTodo({ () throws(ICalendarError) in try ICalendarParser.parse(bytes) }) {
        answers += todo.answer.map { [$0] } ?? []
    }
    checkWinners(answers)
    return 0
}

/// `precondition` whose message survives `-O`, so the crash report says which invariant broke.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

private func trimmed(_ text: String) -> String {
    String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
}

/// What `MultiStatus` keeps of a response: an href, a status code, an ETag and calendar data that say something.
private func check(_ resource: MultiStatus.Resource) {
    require(!resource.href.isEmpty && resource.href == trimmed(resource.href), "an empty or untrimmed href: \(resource.href)")
    require((100...599).contains(resource.status), "status \(resource.status) is no HTTP status")
    if let etag = resource.etag { require(!etag.isEmpty && etag == trimmed(etag), "an empty or untrimmed ETag: \(etag)") }
    if let calendarData = resource.calendarData { require(!trimmed(calendarData).isEmpty, "blank calendar data kept") }
}

/// A calendar object read twice the same way, then as medd-sync reads a dose's to-do.
private func readTodo(_ parse: () throws(ICalendarError) -> ICalendarComponent) -> ServerTodo? {
    let calendar: ICalendarComponent
    do throws(ICalendarError) {
        calendar = try parse()
    } catch {
        require(!error.message.isEmpty, "an error without a message")
        require(!error.description.contains(where: \.isNewline), "a message on several lines: \(error)")
        return nil
    }
    require((try? parse()) == calendar, "reading the same calendar object twice gave different trees")
    guard let todo = ServerTodo(calendar: calendar) else { return nil }
    require(ServerTodo(calendar: calendar) == todo, "reading the same to-do twice gave different values")
    checkAnswer(of: todo)
    return todo
}

/// An open to-do holds no answer; a completed one says taken, a cancelled one skipped or (medd's own record) missed.
private func checkAnswer(of todo: ServerTodo) {
    let answer = todo.answer
    switch todo.status {
    case .needsAction, .inProcess:
        require(answer == nil, "an open to-do holds an answer: \(todo)")
    case .completed:
        require(answer?.kind == .taken, "a completed to-do is not taken: \(todo)")
    case .cancelled:
        require(answer?.kind == .skipped || (answer?.kind == .missed && todo.meddState == .missed), "a cancelled to-do reads as \(String(describing: answer)): \(todo)")
    }
}

/// Every machine decides alike: of two answers to one dose, at most one beats the other.
private func checkWinners(_ answers: [Answer]) {
    for first in answers {
        for second in answers {
            require(!(first.wins(over: second) && second.wins(over: first)), "\(first) and \(second) each win over the other")
            if first == second { require(!first.wins(over: second), "\(first) wins over itself") }
        }
    }
}
