/// What a method parameter accepts; `null` counts as absent for optional ones.
public enum ParameterType: Hashable, Sendable {
    /// A string with at least one character.
    case nonEmptyString
    /// Any string.
    case string
    /// A JSON integer (not `10.0`) within the range.
    case integer(ClosedRange<Int>)
}
