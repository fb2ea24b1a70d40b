/// An element of a parsed document, as plain Swift values: its namespace URI, local name, child
/// elements and the text directly inside it (text and CDATA joined; comments and processing
/// instructions dropped).
public struct XMLElement: Hashable, Sendable {
    public var namespace: String?
    public var name: String
    public var children: [XMLElement]
    public var text: String

    public init(namespace: String?, name: String, children: [XMLElement] = [], text: String = "") {
        self.namespace = namespace
        self.name = name
        self.children = children
        self.text = text
    }

    /// The child elements with this namespace and name.
    public func children(_ namespace: String, _ name: String) -> [XMLElement] {
        children.filter { $0.namespace == namespace && $0.name == name }
    }

    /// The first child element with this namespace and name.
    public func child(_ namespace: String, _ name: String) -> XMLElement? {
        children.first { $0.namespace == namespace && $0.name == name }
    }

    /// Whether this element has that namespace and name.
    public func `is`(_ namespace: String, _ name: String) -> Bool {
        self.namespace == namespace && self.name == name
    }
}
