/// Builds TZif files byte by byte, for parser tests that need a shape no real zone file has.
struct TZifBuilder {
    var version: UInt8 = UInt8(ascii: "2")
    var transitions: [Int64] = []
    var transitionTypes: [UInt8] = []
    /// Offset, DST flag, designation index.
    var types: [(offset: Int32, isDaylight: UInt8, designation: UInt8)] = [(0, 0, 0)]
    var designations: [UInt8] = Array("UTC\0".utf8)
    var footer: String? = ""

    var bytes: [UInt8] {
        guard version != 0 else { return header(timeSize: 4) + block(timeSize: 4) }
        // The version 1 block of a version 2+ file: one type, as zic writes when it needs no 32-bit data.
        var minimal = TZifBuilder(version: version)
        minimal.designations = [0]
        minimal.types = [(0, 0, 0)]
        var result = minimal.header(timeSize: 4) + minimal.block(timeSize: 4) + header(timeSize: 8) + block(timeSize: 8)
        if let footer { result += Array("\n\(footer)\n".utf8) }
        return result
    }

    private func header(timeSize: Int) -> [UInt8] {
        var result = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
        for count in [0, 0, 0, transitions.count, types.count, designations.count] { result += Self.bigEndian(Int64(count), size: 4) }
        return result
    }

    private func block(timeSize: Int) -> [UInt8] {
        var result: [UInt8] = []
        for time in transitions { result += Self.bigEndian(time, size: timeSize) }
        result += transitionTypes
        for type in types { result += Self.bigEndian(Int64(type.offset), size: 4) + [type.isDaylight, type.designation] }
        return result + designations
    }

    static func bigEndian(_ value: Int64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
