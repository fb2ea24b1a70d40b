import MeddCore

/// The `[carer.ID]` tables and the `[mail]` table carers' mail goes through. medd only validates them;
/// medd-sync sends.
extension ConfigValidator {
    /// The carers, sorted by ID; `people` are the person labels the medications name.
    func carers(_ value: TOMLValue?, at path: ConfigPath, mail: TOMLValue?, people: Set<String>) -> [Carer] {
        guard let value, let table = table(value, at: path, expected: Translatable("a table of carers (%1$s)", "[carer.ID]")) else { return [] }
        return entries(of: table, at: path) { id, entry, entryPath in carer(id: id, value: entry, at: entryPath, mail: mail, people: people) }
            .sorted { $0.id < $1.id }
    }

    private func carer(id: String, value: TOMLValue, at path: ConfigPath, mail: TOMLValue?, people: Set<String>) -> Carer? {
        let issuesBefore = issues.count
        if !Person.isValidID(id) {
            // TRANSLATORS: %1$s is the ID written, %2$s the rule an ID follows, %3$s a table header as an example.
            report(path, .key, Translatable("%1$s is not a valid carer ID; %2$s; write e.g. %3$s", Self.quoted(id), Self.idRule, "[carer.anna]"))
        }
        // TRANSLATORS: %1$s is a table header, %2$s, %3$s and %4$s keys of the configuration file; never translated.
        guard let table = table(value, at: path, expected: Translatable("a carer table %1$s with %2$s, %3$s or %4$s", "[carer.ID]", "email",
                                                                        "ntfy", "command")) else {
            return nil
        }
        checkKeys(of: table, at: path, known: Keys.carer)
        var carer = Carer(id: id)
        carer.name = table["name"].flatMap { text($0, at: path.appending("name"), example: "name = \"Anna\"") }
        if let value = table["email"] {
            carer.email = emailAddress(value, at: path.appending("email"), example: "\"anna@example.org\"")
            if mail == nil {
                // TRANSLATORS: %1$s is a key, %2$s a table header, %3$s and %4$s its keys; never translated.
                report(path.appending("email"), .key, Translatable("%1$s needs a %2$s table to send through; add one with %3$s and %4$s",
                                                                   "email", "[mail]", "url", "from"))
            }
        }
        if let value = table["ntfy"] {
            let example = "\"https://ntfy.example.org/mum-7f3k\""
            if let url = webURL(value, at: path.appending("ntfy"), example: example, expected: Translatable("an ntfy topic's address like %1$s", example),
                                directory: false) {
                var ntfy = Carer.Ntfy(url: url)
                ntfy.tokenFile = table["token_file"].flatMap {
                    absolutePath($0, at: path.appending("token_file"), example: "/home/mum/.config/medd/ntfy-token")
                }
                carer.ntfy = ntfy
            }
        } else if table["token_file"] != nil {
            // TRANSLATORS: %1$s and %2$s are keys of the configuration file, never translated.
            report(path.appending("token_file"), .key, Translatable("%1$s is the token of an ntfy topic; add %2$s or remove it", "token_file", "ntfy"))
        }
        carer.command = table["command"].flatMap {
            argv($0, at: path.appending("command"), example: "[\"/usr/bin/apprise\", \"-b\", \"…\"]", requireAbsolutePath: true)
        }
        if let value = table["person"], let person = personID(value, at: path.appending("person")) {
            if !people.contains(person) {
                let known = people.sorted()
                // TRANSLATORS: completes "medications are for %3$s" when no medication names a person.
                let others: any MessageArgument = known.isEmpty ? Translatable("no one in particular") : known.map(Self.quoted).joined(separator: ", ")
                // TRANSLATORS: %1$s is the person ID written; %2$s is a setting of the configuration file, never translated;
                // %3$s the person IDs medications name, or "none".
                report(path.appending("person"), .value, Translatable("no medication is for %1$s (%2$s), so the carer would hear of nothing; medications are for %3$s",
                                                                      Self.quoted(person), "person = \(Self.quoted(person))",
                                                                      others))
            }
            carer.person = person
        }
        if let value = table["after"], let span = duration(value, at: path.appending("after"), example: "1h") {
            carer.after = span
        }
        carer.summary = table["summary"].flatMap { wallTime($0, at: path.appending("summary")) }
        if let value = table["details"], let details = bool(value, at: path.appending("details")) {
            carer.details = details
        }
        if let value = table["language"] {
            carer.language = language(value, at: path.appending("language"))
        }
        if table["email"] == nil, table["ntfy"] == nil, table["command"] == nil {
            // TRANSLATORS: %1$s, %2$s and %3$s are keys of the configuration file, never translated.
            report(path, .key, Translatable("gives no way to reach the carer; add %1$s, %2$s or %3$s", "email = \"…\"", "ntfy = \"https://…\"",
                                            "command = [\"…\"]"))
        }
        guard issues.count == issuesBefore else { return nil }
        return carer
    }

    /// `de`, `pt_BR`: a language as gettext names its catalogs.
    private func language(_ value: TOMLValue, at path: ConfigPath) -> String? {
        guard let text = string(value, at: path, expected: Translatable("a language like %1$s", "\"de\"")) else { return nil }
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        let lower = parts[0].unicodeScalars.allSatisfy { ("a"..."z").contains($0) } && (2...3).contains(parts[0].count)
        let region = parts.count == 1 || (parts.count == 2 && parts[1].count == 2 && parts[1].unicodeScalars.allSatisfy { ("A"..."Z").contains($0) })
        guard lower, region else {
            // TRANSLATORS: %1$s is the value written; %2$s and %3$s are examples; never translated.
            report(path, .value, Translatable("%1$s is not a language; write it as a catalog is named, like %2$s or %3$s", Self.quoted(text),
                                              "\"de\"", "\"pt_BR\""))
            return nil
        }
        return text
    }

    private func emailAddress(_ value: TOMLValue, at path: ConfigPath, example: String) -> EmailAddress? {
        guard let text = string(value, at: path, expected: Translatable("an email address like %1$s", example)) else { return nil }
        guard let address = EmailAddress(parsing: text) else {
            // TRANSLATORS: %1$s is the value written, %2$s an example.
            report(path, .value, Translatable("%1$s is not an email address; write it like %2$s", Self.quoted(text), example))
            return nil
        }
        return address
    }

    /// The `[mail]` table.
    func mail(_ value: TOMLValue?, at path: ConfigPath) -> MailSettings? {
        guard let value, let table = table(value, at: path, expected: Translatable("a table (%1$s)", "[mail]")) else { return nil }
        let issuesBefore = issues.count
        checkKeys(of: table, at: path, known: Keys.mail)
        let example = "\"smtps://mail.example.org\""
        var url: WebURL?
        if let value = table["url"] {
            url = webURL(value, at: path.appending("url"), example: example, expected: Translatable("a mail server's address like %1$s", example),
                         directory: false, schemes: WebURL.Scheme.mail)
            if let parsed = url, parsed.path != "/" {
                // TRANSLATORS: %1$s is the URL written, %2$s an example.
                report(path.appending("url"), .value, Translatable("%1$s has a path; a mail server's address has none, like %2$s",
                                                                   Self.quoted(parsed.description), example))
            }
        } else if !misspells("url", in: table, known: Keys.mail) {
            report(path, .key, Self.missingKey("url", example: "url = \(example)"))
        }
        var from: (name: String?, address: EmailAddress)?
        if let value = table["from"] {
            let example = "\"medd <mum.medd@example.org>\""
            if let text = string(value, at: path.appending("from"), expected: Translatable("a sender like %1$s", example)) {
                from = MailSettings.sender(parsing: text)
                if from == nil {
                    // TRANSLATORS: %1$s is the value written, %2$s and %3$s examples.
                    report(path.appending("from"), .value, Translatable("%1$s is not a sender; write an address like %2$s or %3$s",
                                                                        Self.quoted(text), "\"mum.medd@example.org\"", example))
                }
            }
        } else if !misspells("from", in: table, known: Keys.mail) {
            report(path, .key, Self.missingKey("from", example: "from = \"medd <mum.medd@example.org>\""))
        }
        let username = table["username"].flatMap { text($0, at: path.appending("username"), example: "\"mum.medd\"") }
        let password = passwordSource(in: table, at: path)
        if password != nil, username == nil, table["username"] == nil {
            report(path, .key, Translatable("a password needs a user name; add %1$s", "username = \"…\""))
        }
        guard issues.count == issuesBefore, let url, let from else { return nil }
        var mail = MailSettings(url: url, from: from.address, fromName: from.name)
        mail.username = username
        mail.password = password
        return mail
    }
}
