extension Instant {
    /// Parses an ISO 8601 instant with an explicit zone: `2026-11-22T08:00:00+01:00`,
    /// `2026-11-22T07:00Z`, `2026-11-22T08:00:00.250+0100`. Nil for anything else.
    public init?(iso8601 text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 17, let date = LocalDate(parsing: String(decoding: bytes[0..<10], as: UTF8.self)),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") || bytes[10] == UInt8(ascii: " ") else { return nil }
        var scanner = DigitScanner(bytes: bytes, position: 11)
        guard let hour = scanner.number(digits: 2), hour < 24, scanner.skip(":"),
              let minute = scanner.number(digits: 2), minute < 60 else { return nil }
        var second = 0
        var fractionUsec: Int64 = 0
        if scanner.skip(":") {
            guard let value = scanner.number(digits: 2), value < 60 else { return nil }
            second = value
            if scanner.skip(".") || scanner.skip(",") {
                guard let fraction = scanner.fraction() else { return nil }
                fractionUsec = fraction
            }
        }
        guard let offset = scanner.zoneOffset(), scanner.atEnd else { return nil }
        let local = date.dayNumber * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        self.init(usec: (local - Int64(offset)) * 1_000_000 + fractionUsec)
    }
}

/// Reads the fixed-width numeric parts of an ISO 8601 time.
private struct DigitScanner {
    let bytes: [UInt8]
    var position: Int

    var atEnd: Bool { position == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    mutating func number(digits: Int) -> Int? {
        guard position + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[position..<position + digits] {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        position += digits
        return value
    }

    /// One to nine fractional digits, as microseconds (truncated).
    mutating func fraction() -> Int64? {
        var usec: Int64 = 0
        var count = 0
        while position < bytes.count, (48...57).contains(bytes[position]) {
            if count < 6 { usec = usec * 10 + Int64(bytes[position] - 48) }
            count += 1
            position += 1
        }
        guard (1...9).contains(count) else { return nil }
        for _ in min(count, 6)..<6 { usec *= 10 }
        return usec
    }

    /// `Z`, `±HH:MM` or `±HHMM`, in seconds east of UTC.
    mutating func zoneOffset() -> Int? {
        if skip("Z") || skip("z") { return 0 }
        let sign: Int
        if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
        guard let hours = number(digits: 2), hours < 24 else { return nil }
        _ = skip(":")
        guard let minutes = number(digits: 2), minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
