/// Reads the bytes of a TZif file (RFC 8536, versions 1 to 4) into its transitions, local time
/// types and TZ string footer, checking every count, index and order the format promises. A
/// version 2+ file is read from its 64-bit block; a version 1 file from its 32-bit one.
struct TZifParser {
    struct Contents {
        var transitions: [Int64]
        var transitionTypes: [UInt8]
        var types: [ZoneRules.LocalTimeType]
        var footer: PosixTZRule?
    }

    private static let headerLength = 44

    /// The six counts of a header, in file order.
    private struct Header {
        var version: UInt8
        var isUTCCount: Int
        var isStandardCount: Int
        var leapCount: Int
        var transitionCount: Int
        var typeCount: Int
        var characterCount: Int

        /// The data block's length, for transition times and leap occurrences of `timeSize` bytes.
        /// Counts are at most 2^32 - 1, so this cannot overflow a 64-bit Int.
        func blockLength(timeSize: Int) -> Int {
            transitionCount * (timeSize + 1) + typeCount * 6 + characterCount
                + leapCount * (timeSize + 4) + isStandardCount + isUTCCount
        }
    }

    private let bytes: [UInt8]

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    static func parse(_ bytes: [UInt8]) throws(ZoneFileError) -> Contents {
        try TZifParser(bytes).contents()
    }

    private func contents() throws(ZoneFileError) -> Contents {
        let first = try header(at: 0, timeSize: 4)
        guard first.version >= UInt8(ascii: "2") else {
            try checkCounts(first, at: 0)
            let (contents, end) = try block(first, at: Self.headerLength, timeSize: 4)
            guard end == bytes.count else {
                throw ZoneFileError("\(bytes.count - end) unexpected bytes after the data at byte \(end) of a version 1 file")
            }
            return contents
        }
        let secondStart = Self.headerLength + first.blockLength(timeSize: 4)
        let second = try header(at: secondStart, timeSize: 8)
        guard second.version == first.version else {
            throw ZoneFileError("the second header says version \(Self.versionText(second.version)), the first \(Self.versionText(first.version))")
        }
        try checkCounts(second, at: secondStart)
        var (contents, end) = try block(second, at: secondStart + Self.headerLength, timeSize: 8)
        contents.footer = try footer(at: end)
        return contents
    }

    private func header(at start: Int, timeSize: Int) throws(ZoneFileError) -> Header {
        guard bytes.count >= start + Self.headerLength else {
            if start == 0, !bytes.starts(with: Array("TZif".utf8)) { throw ZoneFileError("not a TZif file") }
            throw ZoneFileError("truncated: the file ends at byte \(bytes.count), inside the header that starts at byte \(start)")
        }
        guard bytes[start..<start + 4].elementsEqual("TZif".utf8) else {
            throw ZoneFileError(start == 0 ? "not a TZif file" : "no second TZif header at byte \(start)")
        }
        let version = bytes[start + 4]
        guard version == 0 || (UInt8(ascii: "2")...UInt8(ascii: "4")).contains(version) else {
            throw ZoneFileError("unsupported TZif version \(Self.versionText(version))")
        }
        let counts = (0..<6).map { Int(integer(at: start + 20 + 4 * $0, size: 4, signed: false)) }
        let header = Header(version: version, isUTCCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
                            transitionCount: counts[3], typeCount: counts[4], characterCount: counts[5])
        let end = start + Self.headerLength + header.blockLength(timeSize: timeSize)
        guard end <= bytes.count else {
            throw ZoneFileError("truncated: header says \(header.transitionCount) transitions, \(header.typeCount) local time types, "
                                + "\(header.characterCount) designation bytes and \(header.leapCount) leap seconds, but the file ends at byte \(bytes.count)")
        }
        return header
    }

    /// The counts of a header whose data is read. A version 2+ file's version 1 header is only
    /// skipped, so its counts may be anything that fits (RFC 8536, section 4).
    private func checkCounts(_ header: Header, at start: Int) throws(ZoneFileError) {
        guard header.typeCount > 0 else { throw ZoneFileError("the header at byte \(start) says 0 local time types; there must be at least 1") }
        guard header.characterCount > 0 else { throw ZoneFileError("the header at byte \(start) says 0 designation bytes; there must be at least 1") }
        for (count, name) in [(header.isUTCCount, "UT/local indicators"), (header.isStandardCount, "standard/wall indicators")]
        where count != 0 && count != header.typeCount {
            throw ZoneFileError("the header at byte \(start) says \(count) \(name) for \(header.typeCount) local time types; it must be 0 or \(header.typeCount)")
        }
    }

    /// The data block after a header, and the offset just past it.
    private func block(_ header: Header, at start: Int, timeSize: Int) throws(ZoneFileError) -> (Contents, Int) {
        var cursor = start
        var transitions: [Int64] = []
        transitions.reserveCapacity(header.transitionCount)
        for index in 0..<header.transitionCount {
            let time = integer(at: cursor, size: timeSize, signed: true)
            if let previous = transitions.last, time <= previous {
                throw ZoneFileError("transition \(index) at byte \(cursor) (\(time)) is not after transition \(index - 1) (\(previous))")
            }
            transitions.append(time)
            cursor += timeSize
        }
        let transitionTypes = Array(bytes[cursor..<cursor + header.transitionCount])
        if let bad = transitionTypes.firstIndex(where: { Int($0) >= header.typeCount }) {
            throw ZoneFileError("transition \(bad) names local time type \(transitionTypes[bad]) at byte \(cursor + bad), but there are only \(header.typeCount)")
        }
        cursor += header.transitionCount
        let typesStart = cursor
        let designationsStart = typesStart + header.typeCount * 6
        var types: [ZoneRules.LocalTimeType] = []
        for index in 0..<header.typeCount {
            let offset = integer(at: cursor, size: 4, signed: true)
            guard offset != Int64(Int32.min) else {
                throw ZoneFileError("local time type \(index) at byte \(cursor) has the UT offset -2^31, which the format forbids")
            }
            let isDaylight = bytes[cursor + 4]
            guard isDaylight <= 1 else { throw ZoneFileError("local time type \(index) at byte \(cursor + 4) has a DST flag of \(isDaylight); it must be 0 or 1") }
            let designation = Int(bytes[cursor + 5])
            guard designation < header.characterCount else {
                throw ZoneFileError("local time type \(index) at byte \(cursor + 5) names designation byte \(designation), but there are only \(header.characterCount)")
            }
            let designationStart = designationsStart + designation
            let designationEnd = designationsStart + header.characterCount
            guard let terminator = bytes[designationStart..<designationEnd].firstIndex(of: 0) else {
                throw ZoneFileError("the designation of local time type \(index) at byte \(designationStart) has no terminating NUL")
            }
            types.append(ZoneRules.LocalTimeType(offset: Int(offset), isDaylight: isDaylight == 1,
                                                 abbreviation: String(decoding: bytes[designationStart..<terminator], as: UTF8.self)))
            cursor += 6
        }
        cursor += header.characterCount
        var previousLeap: Int64?
        for index in 0..<header.leapCount {
            let occurrence = integer(at: cursor, size: timeSize, signed: true)
            if let previousLeap, occurrence <= previousLeap {
                throw ZoneFileError("leap second \(index) at byte \(cursor) is not after leap second \(index - 1)")
            }
            previousLeap = occurrence
            cursor += timeSize + 4
        }
        let indicators = [("standard/wall", header.isStandardCount), ("UT/local", header.isUTCCount)]
        for (name, count) in indicators {
            if let bad = bytes[cursor..<cursor + count].firstIndex(where: { $0 > 1 }) {
                throw ZoneFileError("the \(name) indicator at byte \(bad) is \(bytes[bad]); it must be 0 or 1")
            }
            cursor += count
        }
        return (Contents(transitions: transitions, transitionTypes: transitionTypes, types: types, footer: nil), cursor)
    }

    /// `\nTZ string\n` ending the file; an empty TZ string means no rule after the last transition.
    private func footer(at start: Int) throws(ZoneFileError) -> PosixTZRule? {
        guard start < bytes.count else { throw ZoneFileError("truncated: the file ends at byte \(start), where the TZ string footer should start") }
        guard bytes[start] == UInt8(ascii: "\n") else { throw ZoneFileError("the TZ string footer at byte \(start) does not start with a newline") }
        guard let end = bytes[(start + 1)...].firstIndex(of: UInt8(ascii: "\n")) else {
            throw ZoneFileError("the TZ string footer at byte \(start) does not end with a newline")
        }
        guard end == bytes.count - 1 else { throw ZoneFileError("\(bytes.count - 1 - end) unexpected bytes after the TZ string footer at byte \(end + 1)") }
        guard end > start + 1 else { return nil }
        let body = bytes[(start + 1)..<end]
        guard let text = String(validating: body, as: UTF8.self) else {
            throw ZoneFileError("the TZ string footer at byte \(start + 1) is not UTF-8")
        }
        return try PosixTZRule(parsing: text, describedAs: "TZ string footer")
    }

    /// A big-endian integer of 4 or 8 bytes; the caller has checked they are there.
    private func integer(at start: Int, size: Int, signed: Bool) -> Int64 {
        var value: UInt64 = 0
        for byte in bytes[start..<start + size] { value = value << 8 | UInt64(byte) }
        guard size == 4 else { return Int64(bitPattern: value) }
        return signed ? Int64(Int32(bitPattern: UInt32(value))) : Int64(value)
    }

    private static func versionText(_ version: UInt8) -> String {
        version == 0 ? "1" : (0x21...0x7E).contains(version) ? String(UnicodeScalar(version)) : "byte \(version)"
    }
}
