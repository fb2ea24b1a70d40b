import MeddCore

/// The `[[hook]]` array.
extension ConfigValidator {
    func hooks(_ value: TOMLValue?, at path: ConfigPath) -> [Hook] {
        guard let value else { return [] }
        if value.type == .table {
            // TRANSLATORS: %1$s and %2$s are table headers of the configuration file, never translated.
            report(path, .key, Translatable("expected an array of tables, found a table; write %1$s instead of %2$s", "[[hook]]", "[hook]"))
            return []
        }
        guard let elements = array(value, at: path, expected: Translatable("an array of tables (%1$s)", "[[hook]]")) else { return [] }
        var hooks: [Hook] = []
        for (offset, element) in elements.enumerated() {
            if let hook = hook(element, at: path.appending(index: offset)) { hooks.append(hook) }
        }
        return hooks
    }

    private func hook(_ value: TOMLValue, at path: ConfigPath) -> Hook? {
        // TRANSLATORS: %1$s, %2$s and %3$s are keys of the configuration file, never translated.
        guard let table = table(value, at: path, expected: Translatable("a table with %1$s, %2$s and %3$s", "on", "exec", "timeout")) else { return nil }
        let issuesBefore = issues.count
        checkKeys(of: table, at: path, known: Keys.hook)
        var events: Set<EventKind>? = nil
        var argv: [String]? = nil
        if let value = table["on"] {
            events = self.events(value, at: path.appending("on"))
        } else if !misspells("on", in: table, known: Keys.hook) {
            report(path, .key, Self.missingKey("on", example: "on = [\"fired\", \"missed\"]"))
        }
        if let value = table["exec"] {
            argv = self.argv(value, at: path.appending("exec"), example: "[\"/usr/local/bin/my-hook\", \"--flag\"]", requireAbsolutePath: true)
        } else if !misspells("exec", in: table, known: Keys.hook) {
            report(path, .key, Self.missingKey("exec", example: "exec = [\"/usr/local/bin/my-hook\", \"--flag\"]"))
        }
        let timeout = table["timeout"].flatMap { positiveDuration($0, at: path.appending("timeout"), example: "10s") }
        guard issues.count == issuesBefore, let events, let argv else { return nil }
        return Hook(on: events, exec: argv, timeout: timeout ?? TimeSpan(seconds: 10))
    }

    /// A non-empty list of journal event kinds.
    private func events(_ value: TOMLValue, at path: ConfigPath) -> Set<EventKind>? {
        let kinds = EventKind.allCases.map(\.rawValue)
        let names = Self.alternatives(kinds)
        guard let elements = array(value, at: path, expected: Translatable("an array of event kinds like %1$s", "[\"fired\", \"missed\"]")) else {
            return nil
        }
        guard !elements.isEmpty else {
            // TRANSLATORS: %1$s is the event kinds as the configuration writes them (fired, renotified, …).
            report(path, .value, Translatable("is empty; list the events to run for, from %1$s", names))
            return nil
        }
        var events: Set<EventKind> = []
        var valid = true
        for (offset, element) in elements.enumerated() {
            let elementPath = path.appending(index: offset)
            guard let name = string(element, at: elementPath, expected: Translatable("an event kind like %1$s", "\"fired\"")) else {
                valid = false
                continue
            }
            guard let kind = EventKind(rawValue: name) else {
                let text = if let suggestion = KeySuggester.suggestion(for: name, among: kinds) {
                    // TRANSLATORS: %1$s is the value written, %2$s the event kind it is probably a misspelling of.
                    Translatable("%1$s is not an event kind; did you mean %2$s?", Self.quoted(name), "\"\(suggestion)\"")
                } else {
                    // TRANSLATORS: %1$s is the value written, %2$s the event kinds (fired, renotified, …).
                    Translatable("%1$s is not an event kind; use %2$s", Self.quoted(name), names)
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
            // TRANSLATORS: %1$s is an example like ["/usr/local/bin/my-hook", "--flag"]; an argv array is a program
            // and its arguments as a list.
            report(path, .value, Translatable("must be an argv array like %1$s, never a shell string", example))
            return nil
        }
        guard let elements = array(value, at: path, expected: Translatable("an argv array like %1$s", example)) else { return nil }
        guard !elements.isEmpty else {
            report(path, .value, Translatable("is empty; give the program and its arguments, e.g. %1$s", example))
            return nil
        }
        var argv: [String] = []
        for (offset, element) in elements.enumerated() {
            if let argument = string(element, at: path.appending(index: offset)) { argv.append(argument) }
        }
        guard argv.count == elements.count else { return nil }
        guard !argv[0].isEmpty else {
            report(path.appending(index: 0), .value, Translatable("is empty; name the program, e.g. %1$s", example))
            return nil
        }
        guard argv[0].hasPrefix("/") || !requireAbsolutePath else {
            report(path.appending(index: 0), .value, Translatable("%1$s is not an absolute path; name the program by its full path, e.g. %2$s",
                                                                  Self.quoted(argv[0]), "\"/usr/local/bin/my-hook\""))
            return nil
        }
        return argv
    }
}
