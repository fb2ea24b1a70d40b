import MeddCore
import TOMLKit

/// The `[sync]` table: the CalDAV collection medd-sync keeps the doses in.
extension ConfigValidator {
    func sync(_ value: TOMLValue?, at path: ConfigPath) -> SyncSettings? {
        guard let value, let table = table(value, at: path, expected: "a table ([sync])") else { return nil }
        let issuesBefore = issues.count
        checkKeys(of: table, at: path, known: Keys.sync)
        var url: CollectionURL? = nil
        if let value = table["url"]?.tomlValue {
            url = collectionURL(value, at: path.appending("url"))
        } else if !misspells("url", in: table, known: Keys.sync) {
            report(path, .key, "missing required key \"url\"; add the collection's address, e.g. url = \"https://dav.example.org/anna/medication/\"")
        }
        let username = table["username"].flatMap { text($0.tomlValue, at: path.appending("username"), example: "\"anna\"") }
        let password = passwordSource(in: table, at: path)
        if password != nil, username == nil, table["username"] == nil {
            report(path, .key, "a password needs a user name; add username = \"…\"")
        }
        let caFile = table["ca_file"].flatMap { absolutePath($0.tomlValue, at: path.appending("ca_file"), example: "/etc/ssl/private-ca.pem") }
        var settings = url.map(SyncSettings.init(url:))
        if let value = table["publish_ahead"]?.tomlValue,
           let span = positiveDuration(value, at: path.appending("publish_ahead"), example: "1d") {
            settings?.publishAhead = span
        }
        if let value = table["keep"]?.tomlValue, let span = duration(value, at: path.appending("keep"), example: "2d") {
            settings?.keep = span
        }
        if let value = table["poll"]?.tomlValue, let span = duration(value, at: path.appending("poll"), example: "30s") {
            if span < SyncSettings.shortestPoll {
                report(path.appending("poll"), .value, "\(Self.quoted(value.string ?? span.description)) is too short; "
                    + "ask the server at most every \(SyncSettings.shortestPoll), e.g. \"30s\"")
            }
            settings?.poll = span
        }
        if let value = table["idle_poll"]?.tomlValue, let span = duration(value, at: path.appending("idle_poll"), example: "15m") {
            if span.seconds != 0, span < SyncSettings.shortestPoll {
                report(path.appending("idle_poll"), .value, "\(Self.quoted(value.string ?? span.description)) is too short; "
                    + "use \"0\" to ask only when a dose falls due, or \(SyncSettings.shortestPoll) or more")
            }
            settings?.idlePoll = span
        }
        if let value = table["timeout"]?.tomlValue, let span = duration(value, at: path.appending("timeout"), example: "30s") {
            if !SyncSettings.timeouts.contains(span) {
                report(path.appending("timeout"), .value, "\(Self.quoted(value.string ?? span.description)) is out of range; "
                    + "a request may take from \(SyncSettings.timeouts.lowerBound) to \(SyncSettings.timeouts.upperBound), e.g. \"30s\"")
            }
            settings?.timeout = span
        }
        guard issues.count == issuesBefore else { return nil }
        settings?.username = username
        settings?.password = password
        settings?.caFile = caFile
        return settings
    }

    private func collectionURL(_ value: TOMLValue, at path: ConfigPath) -> CollectionURL? {
        guard let text = string(value, at: path, expected: "the collection's address like \"https://dav.example.org/anna/medication/\"") else {
            return nil
        }
        do throws(CollectionURL.Problem) {
            return try CollectionURL(parsing: text)
        } catch {
            report(path, .value, "\(Self.quoted(text)) \(error)")
            return nil
        }
    }

    /// `password_command` or `password_file`, not both.
    private func passwordSource(in table: TOMLTable, at path: ConfigPath) -> SyncSettings.PasswordSource? {
        let command = table["password_command"].flatMap {
            argv($0.tomlValue, at: path.appending("password_command"), example: "[\"secret-tool\", \"lookup\", \"service\", \"medd\"]",
                 requireAbsolutePath: false)
        }
        let file = table["password_file"].flatMap {
            absolutePath($0.tomlValue, at: path.appending("password_file"), example: "/home/anna/.config/medd/dav-password")
        }
        if table["password_command"] != nil, table["password_file"] != nil {
            report(path.appending("password_file"), .key, "password_command and password_file both given; keep one of them")
            return nil
        }
        if let command { return .command(command) }
        return file.map { .file($0) }
    }

    private func absolutePath(_ value: TOMLValue, at path: ConfigPath, example: String) -> String? {
        guard let text = string(value, at: path, expected: "a file's absolute path like \"\(example)\"") else { return nil }
        guard text.hasPrefix("/") else {
            report(path, .value, "\(Self.quoted(text)) is not an absolute path; write the full path, e.g. \"\(example)\"")
            return nil
        }
        return text
    }
}
