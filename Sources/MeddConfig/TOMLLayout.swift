/// Where a TOML document writes its headers and its keys, as byte offsets into its UTF-8 text: what
/// changing one part of a file needs so that every other byte stays as it was.
package struct TOMLLayout: Sendable {
    /// `[a.b]` or `[[a.b]]`.
    package struct Header: Sendable {
        /// The names it gives, unquoted (`[medication."vitamin-d"]` is `medication`, `vitamin-d`).
        package var path: [String]
        package var isArray: Bool
        /// The offset of its `[`.
        package var start: Int
    }

    /// `key = value`, on a line of its own or inside an inline table.
    package struct KeyValue: Sendable {
        /// The whole path from the document's root: the section's header, the keys of the inline tables
        /// around it (an array of tables or an array adds no index), then its own dotted key.
        package var path: [String]
        /// Inside an inline table (`{ … }`), rather than a line of the document.
        package var isInline: Bool
        package var keyStart: Int
        package var valueStart: Int
        /// The offset just past the value's last byte (a closing quote, bracket or brace included).
        package var valueEnd: Int
    }

    package var headers: [Header] = []
    package var keyValues: [KeyValue] = []
}
