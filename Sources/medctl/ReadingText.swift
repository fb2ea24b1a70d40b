import MeddCore

/// A reading's value and unit as people read them: the locale's decimal separator, degrees with their sign.
enum ReadingText {
    /// `5,6 mmol/L` in German, `132/84/71 mmHg`, `36.8 °C`, `3/10`.
    static func value(_ value: String, unit: String) -> String {
        let separator = Translation.currentFormats.decimalSeparator
        let number = value.contains(Character("/")) || separator.count != 1 || separator == "." ? value : String(value.map { $0 == "." ? Character(separator) : $0 })
        switch unit {
        case "": return number
        case "C": return number + " °C"
        case "F": return number + " °F"
        case "/10": return number + "/10"
        case "%": return number + " %"
        default: return number + " " + unit
        }
    }
}
