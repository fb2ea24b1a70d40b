import MeddCore
import Systemd

/// Adherence from medd's journal entries alone (their `MEDD_*` fields), chosen exactly as the ledger
/// chooses, so a complete journal gives the daemon's numbers.
enum JournalAdherence {
    /// The final answer of each dose due in `[since, until)`, from the entries medd wrote as this user.
    ///
    /// As in the ledger's `dose` table, the answer recorded last wins: last in journal order, not by
    /// `MEDD_EVENT_USEC`, since a `taken` backdated with `at` after a skip still replaces the skip. A
    /// crash can make the outbox write a tail of its events again, in their order, so last occurrences
    /// keep the ledger's order. Every event of a dose carries the due time its first event had, which is
    /// the time the ledger's dose row keeps.
    static func finals(since: Instant, until: Instant, medication: String?) throws(SystemError) -> [FinalAnswer] {
        let reader = try JournalReader()
        try reader.addMatch("SYSLOG_IDENTIFIER", DoseEvent.journalIdentifier)
        try reader.addMatchCurrentUser()
        if let medication { try reader.addMatch("MEDD_MED_ID", medication) }
        for kind in EventKind.allCases where kind.isFinal { try reader.addMatch("MEDD_EVENT", kind.rawValue) }
        try reader.seekHead()
        var finals = LastFinalAnswers(since: since, until: until, medication: medication)
        var seen = 0
        while let entry = try reader.next() {
            seen += 1
            if let event = DoseEvent(journalFields: entry.fields) { finals.add(event) }
        }
        if seen == 0 {
            // Silence would read as "nothing was answered"; more likely the journal is not readable here.
            Output.error("medctl: no medd answers in the journal readable by this user; check with `journalctl -t medd` "
                         + "(reading the system journal may need the systemd-journal group)")
        }
        return finals.answers
    }
}
