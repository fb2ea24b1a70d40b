/// Where the session bus's socket lives, so medd can wait for it to appear instead of polling.
enum SessionBusSocket {
    /// The filesystem path of the first `unix:path=` address in `$DBUS_SESSION_BUS_ADDRESS`, or
    /// `$XDG_RUNTIME_DIR/bus` when that is unset (sd-bus's own fallback). Nil for abstract sockets
    /// and other transports, which cannot be watched.
    static func path(environment: [String: String]) -> String? {
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else {
            return environment["XDG_RUNTIME_DIR"].map { $0 + "/bus" }
        }
        for candidate in address.split(separator: ";") {
            guard candidate.hasPrefix("unix:") else { continue }
            for pair in candidate.dropFirst("unix:".count).split(separator: ",") where pair.hasPrefix("path=") {
                return unescaped(pair.dropFirst("path=".count))
            }
        }
        return nil
    }

    /// D-Bus addresses escape bytes as `%XX`.
    private static func unescaped(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var rest = Substring(text).utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            rest = rest.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
