import Systemd

/// Colour for people at a terminal: only when standard output is one, never with `NO_COLOR`
/// (https://no-color.org) or `TERM=dumb`.
public struct Style: Sendable {
    public let enabled: Bool

    /// Colour on or off, whatever the terminal (tests, and output that goes elsewhere).
    public init(enabled: Bool) {
        self.enabled = enabled
    }

    public static let current = Style(enabled: DescriptorIO.isTerminal(DescriptorIO.standardOutput) && Self.allowed(ProcessEnvironment.variables))

    public static func allowed(_ environment: [String: String]) -> Bool {
        environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
    }

    public func paint(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    public func bold(_ text: String) -> String { paint(text, "1") }
    public func dim(_ text: String) -> String { paint(text, "2") }

    /// A dose state in its colour: pending yellow, snoozed blue, taken (and measured) green, skipped dim, missed red,
    /// untracked dim italic.
    public func state(_ state: String) -> String {
        self.state(state, shownAs: state)
    }

    /// `text` (a state's name in the person's language) in the colour of the dose state `state`
    /// (its raw value, `pending`).
    public func state(_ state: String, shownAs text: String) -> String {
        switch state {
        case "pending": paint(text, "33")
        case "snoozed": paint(text, "34")
        case "taken", "measured": paint(text, "32")
        case "skipped": dim(text)
        case "missed": paint(text, "31")
        case "untracked": paint(text, "2;3")
        default: text
        }
    }
}
