import Glibc

/// This process's environment variables.
public enum ProcessEnvironment {
    /// Every `NAME=value` entry of `environ`; an entry without `=` is left out, and of repeated
    /// names the first wins, as `getenv` finds it.
    public static var variables: [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let separator = text.firstIndex(of: "=") {
                let name = String(text[..<separator])
                if variables[name] == nil { variables[name] = String(text[text.index(after: separator)...]) }
            }
            entry += 1
        }
        return variables
    }

    /// The variable's value, or nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
