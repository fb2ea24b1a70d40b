public import MeddCore

/// What DTSTART, DUE and RECURRENCE-ID hold: a whole day (`VALUE=DATE`) or a date and time.
public enum ICalendarDateOrTime: Hashable, Sendable {
    case date(LocalDate)
    case dateTime(ICalendarDateTime)
}
