import Glibc

/// Numbers with a fixed count of decimals, rounded as C's `printf("%.*f")` rounds them.
public enum DecimalText {
    /// `value` with `decimals` digits after the point: `66.7` for 66.666… and 1.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        while true {
            let length = Int(withVaList([Int32(decimals), value]) { vsnprintf(&buffer, buffer.count, "%.*f", $0) })
            guard length >= 0 else { return "\(value)" }
            if length < buffer.count {
                return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            buffer = [CChar](repeating: 0, count: length + 1)
        }
    }
}
