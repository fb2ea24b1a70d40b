import MeddCore

/// The `[sync]` table: the CalDAV collection medd-sync keeps the doses in.
extension ConfigValidator {
    func sync(_ value: TOMLValue?, at path: ConfigPath) -> SyncSettings? {
        guard let value, let table = table(value, at: path, expected: Translatable("a table (%1$s)", "[sync]")) else { return nil }
        let issuesBefore = issues.count
        checkKeys(of: table, at: path, known: Keys.sync)
        var url: WebURL? = nil
        if let value = table["url"] {
            url = collectionURL(value, at: path.appending("url"))
        } else if !misspells("url", in: table, known: Keys.sync) {
            // TRANSLATORS: %1$s is the missing key in quotes, %2$s an example; never translated. A collection is a
            // calendar or task list on a CalDAV server.
            report(path, .key, Translatable("missing required key %1$s; add the collection's address, e.g. %2$s",
                                            "\"url\"", "url = \"https://dav.example.org/anna/medication/\""))
        }
        let username = table["username"].flatMap { text($0, at: path.appending("username"), example: "\"anna\"") }
        let password = passwordSource(in: table, at: path)
        if password != nil, username == nil, table["username"] == nil {
            // TRANSLATORS: %1$s is a setting of the configuration file, never translated.
            report(path, .key, Translatable("a password needs a user name; add %1$s", "username = \"…\""))
        }
        let caFile = table["ca_file"].flatMap { absolutePath($0, at: path.appending("ca_file"), example: "/etc/ssl/private-ca.pem") }
        var settings = url.map(SyncSettings.init(url:))
        if let value = table["publish_ahead"],
           let span = positiveDuration(value, at: path.appending("publish_ahead"), example: "1d") {
            settings?.publishAhead = span
        }
        if let value = table["keep"], let span = duration(value, at: path.appending("keep"), example: "2d") {
            settings?.keep = span
        }
        if let value = table["poll"], let span = duration(value, at: path.appending("poll"), example: "30s") {
            if span < SyncSettings.shortestPoll {
                // TRANSLATORS: %1$s is the value written, %2$s the shortest allowed, %3$s an example; durations as the
                // configuration writes them.
                report(path.appending("poll"), .value, Translatable("%1$s is too short; ask the server at most every %2$s, e.g. %3$s",
                                                                    Self.quoted(value.string ?? span.description), SyncSettings.shortestPoll.description, "\"30s\""))
            }
            settings?.poll = span
        }
        if let value = table["idle_poll"], let span = duration(value, at: path.appending("idle_poll"), example: "15m") {
            if span.seconds != 0, span < SyncSettings.shortestPoll {
                // TRANSLATORS: %1$s is the value written; %2$s is "0" and %3$s the shortest allowed, as the configuration
                // writes them.
                report(path.appending("idle_poll"), .value, Translatable("%1$s is too short; use %2$s to ask only when a dose falls due, or %3$s or more",
                                                                         Self.quoted(value.string ?? span.description), "\"0\"",
                                                                         SyncSettings.shortestPoll.description))
            }
            settings?.idlePoll = span
        }
        if let value = table["timeout"], let span = duration(value, at: path.appending("timeout"), example: "30s") {
            if !SyncSettings.timeouts.contains(span) {
                // TRANSLATORS: %1$s is the value written; %2$s and %3$s the shortest and longest allowed, %4$s an example;
                // durations as the configuration writes them.
                report(path.appending("timeout"), .value, Translatable("%1$s is out of range; a request may take from %2$s to %3$s, e.g. %4$s",
                                                                       Self.quoted(value.string ?? span.description),
                                                                       SyncSettings.timeouts.lowerBound.description,
                                                                       SyncSettings.timeouts.upperBound.description, "\"30s\""))
            }
            settings?.timeout = span
        }
        guard issues.count == issuesBefore else { return nil }
        settings?.username = username
        settings?.password = password
        settings?.caFile = caFile
        return settings
    }

    private func collectionURL(_ value: TOMLValue, at path: ConfigPath) -> WebURL? {
        webURL(value, at: path, example: Self.collectionExample, expected: Translatable("the collection's address like %1$s", Self.collectionExample))
    }

    /// A URL of one of `schemes`; `directory` as `WebURL(parsing:directory:schemes:)` takes it.
    func webURL(_ value: TOMLValue, at path: ConfigPath, example: String, expected: Translatable, directory: Bool = true,
                schemes: Set<WebURL.Scheme> = WebURL.Scheme.web) -> WebURL? {
        guard let text = string(value, at: path, expected: expected) else { return nil }
        do throws(WebURL.Problem) {
            return try WebURL(parsing: text, directory: directory, schemes: schemes)
        } catch {
            report(path, .value, Self.message(error, about: Self.quoted(text), example: example, schemes: schemes))
            return nil
        }
    }

    private static let collectionExample = "\"https://dav.example.org/anna/medication/\""

    /// What is wrong with the URL `written`, as `WebURL.Problem` says it in English.
    private static func message(_ problem: WebURL.Problem, about written: String, example: String, schemes: Set<WebURL.Scheme>) -> Translatable {
        switch problem {
        case .notAURL:
            // TRANSLATORS: %1$s is the URL written, %2$s an example.
            Translatable("%1$s is not a URL; write an address like %2$s", written, example)
        case .unsupportedScheme(let scheme) where schemes == WebURL.Scheme.mail:
            // TRANSLATORS: %1$s is the URL written, %2$s its scheme, like "https"; smtps and smtp are never translated.
            Translatable("%1$s uses %2$s; a mail server's address starts with smtps:// or smtp://", written, DisplayText.quoted(scheme))
        case .unsupportedScheme(let scheme):
            // TRANSLATORS: %1$s is the URL written, %2$s its scheme, like "ftp".
            Translatable("%1$s uses %2$s; only https (and http to this machine) is supported", written, DisplayText.quoted(scheme))
        case .credentials:
            // TRANSLATORS: %1$s is the URL written; %2$s, %3$s and %4$s are keys of the configuration file, never translated.
            Translatable("%1$s holds a user name or password; give them as %2$s and %3$s or %4$s instead",
                         written, "username", "password_command", "password_file")
        case .queryOrFragment:
            // TRANSLATORS: %1$s is the URL written.
            Translatable("%1$s has a query or fragment (? or #); a collection's address has neither", written)
        case .badPort(let port):
            // TRANSLATORS: %1$s is the URL written, %2$s the port in it.
            Translatable("%1$s has port %2$s; a port is a number from 1 to 65535", written, DisplayText.quoted(port))
        case .plainHTTPToRemoteHost(let host):
            // TRANSLATORS: %1$s is the URL written, %2$s the host in it; %3$s the loopback addresses.
            Translatable("%1$s uses plain http to %2$s, which would send medication names and the password unencrypted; use https, or http only to a loopback address (%3$s)",
                         written, DisplayText.quoted(host), "127.0.0.1, [::1], localhost")
        }
    }

    /// `password_command` or `password_file`, not both.
    func passwordSource(in table: TOMLTable, at path: ConfigPath) -> SyncSettings.PasswordSource? {
        let command = table["password_command"].flatMap {
            argv($0, at: path.appending("password_command"), example: "[\"secret-tool\", \"lookup\", \"service\", \"medd\"]",
                 requireAbsolutePath: false)
        }
        let file = table["password_file"].flatMap {
            absolutePath($0, at: path.appending("password_file"), example: "/home/anna/.config/medd/dav-password")
        }
        if table["password_command"] != nil, table["password_file"] != nil {
            // TRANSLATORS: %1$s and %2$s are keys of the configuration file, never translated.
            report(path.appending("password_file"), .key, Translatable("%1$s and %2$s both given; keep one of them", "password_command", "password_file"))
            return nil
        }
        if let command { return .command(command) }
        return file.map { .file($0) }
    }

    func absolutePath(_ value: TOMLValue, at path: ConfigPath, example: String) -> String? {
        guard let text = string(value, at: path, expected: Translatable("a file's absolute path like %1$s", "\"\(example)\"")) else { return nil }
        guard text.hasPrefix("/") else {
            // TRANSLATORS: %1$s is the value written, %2$s an example.
            report(path, .value, Translatable("%1$s is not an absolute path; write the full path, e.g. %2$s", Self.quoted(text), "\"\(example)\""))
            return nil
        }
        return text
    }
}
