/// A compiled gettext catalog (a `.mo` file) read as bytes, as a `Translator`: for text in a language
/// other than the process's (a carer's `language`), which gettext itself cannot give, its language
/// being the process's locale. The format is GNU gettext's: a magic number in either byte order, the
/// count of strings, and two tables of (length, offset) for the originals and their translations; a
/// plural original is `singular NUL plural`, its translation the forms separated by NUL.
public struct CompiledCatalog: Translator, Sendable {
    private let singles: [String: String]
    private let plurals: [String: [String]]
    private let rule: PluralRule?

    /// The most strings a catalog may hold; medd's have under a thousand.
    static let stringLimit = 100_000

    /// nil when `bytes` are not a catalog (a wrong magic number, a table or string outside the file).
    public init?(bytes: [UInt8]) {
        guard bytes.count >= 28 else { return nil }
        func word(_ offset: Int, bigEndian: Bool) -> Int? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            let parts = (0..<4).map { UInt32(bytes[offset + $0]) }
            let value = bigEndian ? parts[0] << 24 | parts[1] << 16 | parts[2] << 8 | parts[3]
                : parts[3] << 24 | parts[2] << 16 | parts[1] << 8 | parts[0]
            return Int(value)
        }
        let bigEndian: Bool
        switch word(0, bigEndian: false) {
        case 0x9504_12DE: bigEndian = false
        case 0xDE12_0495: bigEndian = true
        default: return nil
        }
        guard let count = word(8, bigEndian: bigEndian), count <= Self.stringLimit,
              let originals = word(12, bigEndian: bigEndian), let translations = word(16, bigEndian: bigEndian) else { return nil }
        func string(table: Int, index: Int) -> [UInt8]? {
            guard let length = word(table + 8 * index, bigEndian: bigEndian), let offset = word(table + 8 * index + 4, bigEndian: bigEndian),
                  offset + length <= bytes.count else { return nil }
            return Array(bytes[offset..<(offset + length)])
        }
        var singles: [String: String] = [:]
        var plurals: [String: [String]] = [:]
        var header = ""
        for index in 0..<count {
            guard let original = string(table: originals, index: index), let translation = string(table: translations, index: index) else {
                return nil
            }
            let key = original.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
            let singular = String(decoding: key[0], as: UTF8.self)
            if key.count == 2 {
                plurals[singular] = translation.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            } else if singular.isEmpty {
                header = String(decoding: translation, as: UTF8.self)
            } else {
                singles[singular] = String(decoding: translation, as: UTF8.self)
            }
        }
        self.singles = singles
        self.plurals = plurals
        rule = PluralRule(header: header)
    }

    public func translate(_ messageID: String) -> String {
        guard let text = singles[messageID], !text.isEmpty else { return messageID }
        return text
    }

    /// The form the catalog's rule picks; English's (`count == 1`) for a message it does not translate.
    public func translate(_ singular: String, _ plural: String, count: Int) -> String {
        guard let forms = plurals[singular], let rule else { return count == 1 ? singular : plural }
        let form = rule.form(for: UInt(count.magnitude))
        guard form < forms.count, !forms[form].isEmpty else { return count == 1 ? singular : plural }
        return forms[form]
    }
}
