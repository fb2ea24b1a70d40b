import MeddCommandLine
import MeddCore

/// The operands of a verb that takes an ID and a value typed in the locale's decimals (`medctl measure bp 5,6`,
/// `medctl refill metformin 2,5`).
extension OperandSpec {
    /// `ID VALUE`-like operands (`valueName` names both), both required.
    static func idAndValue(_ valueName: String, help: String) -> OperandSpec {
        OperandSpec(valueName: valueName, help: help, repeats: true, isRequired: true, candidatesVerb: IDsCommand.name)
    }
}

extension ParsedArguments {
    /// The two operands, the value with the locale's decimal comma turned into the point the daemon reads; `usage`
    /// when there are not two.
    func idAndValue(_ usage: String) throws(UsageError) -> (id: String, value: String) {
        guard operands.count == 2 else { throw error(usage) }
        return (operands[0], ReadingValue.withDecimalPoint(operands[1], separator: Translation.currentFormats.decimalSeparator))
    }
}
