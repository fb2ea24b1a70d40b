/// Validates medication IDs: `[a-z0-9][a-z0-9-]{0,63}`.
public enum MedicationID {
    public static let maximumLength = 64

    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, bytes.count <= maximumLength, isLowerAlphanumeric(first) else { return false }
        return bytes.allSatisfy { isLowerAlphanumeric($0) || $0 == UInt8(ascii: "-") }
    }

    private static func isLowerAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
