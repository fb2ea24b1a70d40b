public import MeddCore

/// Every error found in a configuration file, in file order.
public struct ConfigErrors: Error, Hashable, Sendable, CustomStringConvertible {
    public var diagnostics: [ConfigDiagnostic]

    public init(_ diagnostics: [ConfigDiagnostic]) { self.diagnostics = diagnostics }

    /// One `PATH:LINE:COLUMN: message` line per error, in English: for the journal.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }

    /// The same lines in the language this process was set up with: for a person at a terminal.
    public var localizedDescription: String { diagnostics.map(\.localizedDescription).joined(separator: "\n") }
}

/// One error in a configuration file, printed as `PATH:LINE:COLUMN: message`, or a warning about a valid
/// one, printed as `PATH:LINE:COLUMN: warning: message`.
public struct ConfigDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int
    public var message: Translatable
    public var isWarning: Bool

    public init(path: String, line: Int, column: Int, message: Translatable, isWarning: Bool = false) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.isWarning = isWarning
    }

    /// `PATH:LINE:COLUMN: message` in English, whatever the locale: what the daemon logs.
    public var description: String { text(using: EnglishTranslator()) }

    /// `PATH:LINE:COLUMN: message` in the language this process was set up with.
    public var localizedDescription: String { text(using: Translation.current) }

    /// `PATH:LINE:COLUMN: message` through `translator`; the prefix (and `warning:`, as compilers write it
    /// for editors to find) is the same in every language.
    public func text(using translator: any Translator) -> String {
        "\(path):\(line):\(column): \(isWarning ? "warning: " : "")\(message.text(using: translator))"
    }
}
