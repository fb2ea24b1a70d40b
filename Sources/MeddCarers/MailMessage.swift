public import MeddCore

/// A carer's mail as it goes to the server (RFC 5322, MIME): From, To, Subject (encoded words when not
/// ASCII), Date, a `Message-ID` made from the message's reference (the same on every attempt, so a repeat
/// is recognisable), and the body as UTF-8 text in base64, lines ending in CRLF.
public enum MailMessage {
    public static func bytes(from sender: EmailAddress, name: String?, to recipient: EmailAddress, subject: String, body: String,
                             reference: String, date: Instant, zone: ZoneRules) -> [UInt8] {
        let fromField = name.map { "\(encodedWord($0)) <\(sender)>" } ?? "<\(sender)>"
        let domain = sender.description.split(separator: "@").last.map(String.init) ?? "medd.invalid"
        let headers = [
            "From: \(fromField)",
            "To: <\(recipient)>",
            "Subject: \(encodedWord(subject))",
            "Date: \(dateField(date, zone: zone))",
            "Message-ID: <\(reference)@\(domain)>",
            "Auto-Submitted: auto-generated",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: base64",
        ]
        let text = Array(body.utf8)
        let encoded = Array(Base64.encode(text).utf8)
        var lines = headers.map { Array($0.utf8) } + [[]]
        lines += stride(from: 0, to: encoded.count, by: 76).map { Array(encoded[$0..<min(encoded.count, $0 + 76)]) }
        return lines.flatMap { $0 + [13, 10] }
    }

    /// ASCII without control characters as it is; anything else as one RFC 2047 encoded word per 45 bytes.
    static func encodedWord(_ text: String) -> String {
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }), !text.containsText("=?") { return text }
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > 45 {
                words.append("=?UTF-8?B?\(Base64.encode(chunk))?=")
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append("=?UTF-8?B?\(Base64.encode(chunk))?=") }
        return words.joined(separator: "\r\n ")
    }

    /// `Mon, 07 Dec 2026 09:00:00 +0100`.
    static func dateField(_ instant: Instant, zone: ZoneRules) -> String {
        let (date, time) = zone.local(instant)
        let offsetSeconds = Int(date.dayNumber * 86_400 + Int64(time.minuteOfDay) * 60 - instant.seconds + instant.seconds % 60)
        let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let minutes = abs(offsetSeconds) / 60
        let offset = (offsetSeconds < 0 ? "-" : "+") + two(minutes / 60) + two(minutes % 60)
        let second = Int(((instant.seconds % 60) + 60) % 60)
        return "\(weekdays[Weekday.allCases.firstIndex(of: date.weekday) ?? 0]), \(two(date.day)) \(months[date.month - 1]) \(date.year) "
            + "\(two(time.hour)):\(two(time.minute)):\(two(second)) \(offset)"
    }
}

/// Base64 (RFC 4648, with padding), for a mail's body and encoded words.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")

    static func encode(_ bytes: [UInt8]) -> String {
        var result = ""
        result.reserveCapacity((bytes.count + 2) / 3 * 4)
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let chunk = bytes[start..<min(bytes.count, start + 3)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for index in 0..<4 {
                result.append(index <= chunk.count ? alphabet[Int(value >> (18 - 6 * UInt32(index)) & 63)] : "=")
            }
        }
        return result
    }
}
