import ICalendar
import MeddCore

/// The pieces of RFC 5545 text the export writes with, under the names it uses: all of them are the
/// ICalendar module's, which medd-sync reads and writes with too.
enum ICalendarText {
    /// A TEXT value, escaped (`ICalendar.ICalendarText.escape`).
    static func escape(_ text: String) -> String { ICalendar.ICalendarText.escape(text) }

    /// `20261122T070000Z`: a DATE-TIME in UTC, whole seconds.
    static func utc(_ instant: Instant) -> String { ICalendarDateTime(utc: instant).description }

    /// One content line folded at 75 octets, ended with CRLF.
    static func fold(_ line: String) -> String { ICalendarWriter.fold(line) }

    /// Content lines (`NAME:value`, unfolded) as the text of a calendar object.
    static func document(_ lines: [String]) -> String { ICalendarWriter.document(lines) }
}
