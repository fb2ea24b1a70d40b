/// The words after a verb's options (`DOSE-OR-MED …`).
public struct OperandSpec: Equatable, Sendable {
    public let valueName: String
    public let help: String
    /// Any number may follow, rather than at most one.
    public var repeats = false
    /// The verb cannot run without it (the verb checks; the help shows it without brackets).
    public var isRequired = false
    /// It names a file, and completion offers paths.
    public var takesPath = false
    /// The verb of the same program whose output lines completion offers (`ids`: the IDs of the
    /// configuration file); nil for none.
    public var candidatesVerb: String? = nil

    public init(valueName: String, help: String, repeats: Bool = false, isRequired: Bool = false, takesPath: Bool = false,
                candidatesVerb: String? = nil) {
        self.valueName = valueName
        self.help = help
        self.repeats = repeats
        self.isRequired = isRequired
        self.takesPath = takesPath
        self.candidatesVerb = candidatesVerb
    }
}
