import MeddCore

/// A key path into the configuration, shown as `medication.metformin.times[1]`.
struct ConfigPath: Hashable, Sendable, CustomStringConvertible {
    /// One step of a key path into a TOML document: a table key or an array index.
    enum Segment: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    let segments: [Segment]

    init(_ segments: [Segment] = []) { self.segments = segments }

    /// Reads the displayed form back: `a.b[2]."quoted key".c`.
    init(parsing text: String) {
        var segments: [Segment] = []
        var scalars = Array(text.unicodeScalars)[...]
        var pending = String.UnicodeScalarView()
        var hasPending = false
        func flush() {
            if hasPending { segments.append(.key(String(pending))) }
            pending = String.UnicodeScalarView()
            hasPending = false
        }
        while let scalar = scalars.popFirst() {
            switch scalar {
            case ".":
                flush()
            case "[":
                flush()
                var digits = ""
                while let next = scalars.popFirst(), next != "]" { digits.unicodeScalars.append(next) }
                if let index = Int(digits) { segments.append(.index(index)) }
            case "\"":
                hasPending = true
                while let next = scalars.popFirst(), next != "\"" {
                    pending.append(next == "\\" ? (scalars.popFirst() ?? next) : next)
                }
            default:
                hasPending = true
                pending.append(scalar)
            }
        }
        flush()
        self.segments = segments
    }

    /// The document root: the empty path.
    static let root = ConfigPath()

    var isRoot: Bool { segments.isEmpty }

    func appending(_ key: String) -> ConfigPath { ConfigPath(segments + [.key(key)]) }

    func appending(index: Int) -> ConfigPath { ConfigPath(segments + [.index(index)]) }

    /// The enclosing path, or nil for the root.
    var parent: ConfigPath? { isRoot ? nil : ConfigPath(Array(segments.dropLast())) }

    var description: String {
        var text = ""
        for segment in segments {
            switch segment {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += Self.display(key: key)
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// A key as TOML would write it: bare when it can be, quoted otherwise.
    private static func display(key: String) -> String {
        isBare(key) ? key : DisplayText.quoted(key)
    }

    /// Whether TOML can write `key` without quotes: A-Z, a-z, 0-9, `-` and `_`, at least one.
    static func isBare(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.allSatisfy(isBareKeyByte)
    }

    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }
}
