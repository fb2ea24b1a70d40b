import MeddCore
import TOMLKit

/// The `[[hook]]` array.
extension ConfigValidator {
    func hooks(_ value: TOMLValue?, at path: ConfigPath) -> [Hook] {
        guard let value else { return [] }
        if value.type == .table {
            report(path, .key, "expected an array of tables, found a table; write [[hook]] instead of [hook]")
            return []
        }
        guard let elements = array(value, at: path, expected: "an array of tables ([[hook]])") else { return [] }
        var hooks: [Hook] = []
        for (offset, element) in elements.enumerated() {
            if let hook = hook(element, at: path.appending(index: offset)) { hooks.append(hook) }
        }
        return hooks
    }

    private func hook(_ value: TOMLValue, at path: ConfigPath) -> Hook? {
        guard let table = table(value, at: path, expected: "a table with on, exec and timeout") else { return nil }
        let issuesBefore = issues.count
        checkKeys(of: table, at: path, known: Keys.hook)
        var events: Set<EventKind>? = nil
        var argv: [String]? = nil
        if let value = table["on"]?.tomlValue {
            events = self.events(value, at: path.appending("on"))
        } else if !misspells("on", in: table, known: Keys.hook) {
            report(path, .key, "missing required key \"on\"; add e.g. on = [\"fired\", \"missed\"]")
        }
        if let value = table["exec"]?.tomlValue {
            argv = self.argv(value, at: path.appending("exec"), example: "[\"/usr/local/bin/my-hook\", \"--flag\"]", requireAbsolutePath: true)
        } else if !misspells("exec", in: table, known: Keys.hook) {
            report(path, .key, "missing required key \"exec\"; add e.g. exec = [\"/usr/local/bin/my-hook\", \"--flag\"]")
        }
        let timeout = table["timeout"].flatMap { positiveDuration($0.tomlValue, at: path.appending("timeout"), example: "10s") }
        guard issues.count == issuesBefore, let events, let argv else { return nil }
        return Hook(on: events, exec: argv, timeout: timeout ?? TimeSpan(seconds: 10))
    }

    /// A non-empty list of journal event kinds.
    private func events(_ value: TOMLValue, at path: ConfigPath) -> Set<EventKind>? {
        let kinds = EventKind.allCases.map(\.rawValue)
        let names = Self.list(kinds, conjunction: "or")
        guard let elements = array(value, at: path, expected: "an array of event kinds like [\"fired\", \"missed\"]") else {
            return nil
        }
        guard !elements.isEmpty else {
            report(path, .value, "is empty; list the events to run for, from \(names)")
            return nil
        }
        var events: Set<EventKind> = []
        var valid = true
        for (offset, element) in elements.enumerated() {
            let elementPath = path.appending(index: offset)
            guard let name = string(element, at: elementPath, expected: "an event kind like \"fired\"") else {
                valid = false
                continue
            }
            guard let kind = EventKind(rawValue: name) else {
                var text = "\(Self.quoted(name)) is not an event kind; "
                if let suggestion = KeySuggester.suggestion(for: name, among: kinds) {
                    text += "did you mean \"\(suggestion)\"?"
                } else {
                    text += "use \(names)"
                }
                report(elementPath, .value, text)
                valid = false
                continue
            }
            events.insert(kind)
        }
        return valid ? events : nil
    }

    /// An argv array, never a shell string; its first element an absolute path when `requireAbsolutePath`
    /// (else a name looked up in `PATH` is fine too).
    func argv(_ value: TOMLValue, at path: ConfigPath, example: String, requireAbsolutePath: Bool) -> [String]? {
        if value.type == .string {
            report(path, .value, "must be an argv array like \(example), never a shell string")
            return nil
        }
        guard let elements = array(value, at: path, expected: "an argv array like \(example)") else { return nil }
        guard !elements.isEmpty else {
            report(path, .value, "is empty; give the program and its arguments, e.g. \(example)")
            return nil
        }
        var argv: [String] = []
        for (offset, element) in elements.enumerated() {
            if let argument = string(element, at: path.appending(index: offset)) { argv.append(argument) }
        }
        guard argv.count == elements.count else { return nil }
        guard !argv[0].isEmpty else {
            report(path.appending(index: 0), .value, "is empty; name the program, e.g. \(example)")
            return nil
        }
        guard argv[0].hasPrefix("/") || !requireAbsolutePath else {
            report(path.appending(index: 0), .value, "\(Self.quoted(argv[0])) is not an absolute path; "
                + "name the program by its full path, e.g. \"/usr/local/bin/my-hook\"")
            return nil
        }
        return argv
    }
}
