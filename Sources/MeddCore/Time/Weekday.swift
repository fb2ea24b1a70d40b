/// A day of the week, written in the configuration as `mon` … `sun`.
public enum Weekday: String, CaseIterable, Hashable, Sendable, Codable {
    case mon, tue, wed, thu, fri, sat, sun
}
