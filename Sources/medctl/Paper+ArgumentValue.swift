public import MeddCommandLine
public import MeddReport

/// `--paper SIZE` of `report`.
extension Paper: ArgumentValue {
    public static var expectation: String { "a4 or letter" }
}
