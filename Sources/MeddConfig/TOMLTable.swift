/// A table of a TOML document: its keys in the order they were first written, each with where it was
/// first written.
package struct TOMLTable: Sendable {
    package struct Entry: Sendable {
        package var key: String
        package var keyPosition: SourcePosition
        package var value: TOMLValue
    }

    package let entries: [Entry]
    private let indexes: [String: Int]

    /// `entries` with distinct keys.
    init(entries: [Entry], indexes: [String: Int]) {
        self.entries = entries
        self.indexes = indexes
    }

    package var keys: [String] { entries.map(\.key) }

    package var isEmpty: Bool { entries.isEmpty }

    package subscript(key: String) -> TOMLValue? { entry(key)?.value }

    package func entry(_ key: String) -> Entry? { indexes[key].map { entries[$0] } }
}
