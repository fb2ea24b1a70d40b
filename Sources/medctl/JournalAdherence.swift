import MeddCore
import Systemd

/// Adherence from medd's journal entries alone (their `MEDD_*` fields), chosen exactly as the ledger
/// chooses, so a complete journal gives the daemon's numbers.
enum JournalAdherence {
    /// The final answers of the doses in range, and whom each medication's doses were for.
    struct Answers {
        var finals: [FinalAnswer]
        /// The `MEDD_PERSON` of each medication's latest answer that has one, by medication ID.
        var people: [String: String]
    }

    /// The final answer of each dose due in `[since, until)`, from the entries medd wrote as this user;
    /// with `person`, only the answers whose `MEDD_PERSON` names that person.
    ///
    /// As in the ledger's `dose` table, the answer recorded last wins: last in journal order, not by
    /// `MEDD_EVENT_USEC`, since a `taken` backdated with `at` after a skip still replaces the skip. A
    /// crash can make the outbox write a tail of its events again, in their order, so last occurrences
    /// keep the ledger's order. Every event of a dose carries the due time its first event had, which is
    /// the time the ledger's dose row keeps.
    static func answers(since: Instant, until: Instant, medication: String?, person: String? = nil) throws(SystemError) -> Answers {
        let reader = try JournalReader()
        try reader.addMatch("SYSLOG_IDENTIFIER", DoseEvent.journalIdentifier)
        try reader.addMatchCurrentUser()
        if let medication { try reader.addMatch("MEDD_MED_ID", medication) }
        for kind in EventKind.allCases where kind.isFinal { try reader.addMatch("MEDD_EVENT", kind.rawValue) }
        try reader.seekHead()
        var finals = LastFinalAnswers(since: since, until: until, medication: medication)
        var people: [String: String] = [:]
        var named: Set<String> = []
        var seen = 0
        var kept = 0
        while let entry = try reader.next() {
            seen += 1
            guard let event = DoseEvent(journalFields: entry.fields) else { continue }
            let entryPerson = DoseEvent.person(inJournalFields: entry.fields)
            if let entryPerson { named.insert(entryPerson) }
            if let person, entryPerson != person { continue }
            kept += 1
            if let entryPerson { people[event.dose.medication] = entryPerson }
            finals.add(event)
        }
        if seen == 0 {
            // Silence would read as "nothing was answered"; more likely the journal is not readable here.
            Output.error("medctl: no medd answers in the journal readable by this user; check with `journalctl -t medd` "
                         + "(reading the system journal may need the systemd-journal group)")
        } else if let person, kept == 0 {
            let others = named.isEmpty ? "none of its answers names a person" : "its answers name " + named.sorted().joined(separator: ", ")
            Output.error("medctl: no medd answer in the journal is for person \(person); \(others)")
        }
        return Answers(finals: finals.answers, people: people)
    }
}
