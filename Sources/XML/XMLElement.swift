/// An element of a parsed document, as plain Swift values: its namespace URI, local name, child
/// elements and the text directly inside it (text and CDATA joined; comments and processing
/// instructions dropped), and its attributes that have no namespace.
public struct XMLElement: Hashable, Sendable {
    public var namespace: String?
    public var name: String
    public var children: [XMLElement]
    public var text: String
    public var attributes: [String: String]

    public init(namespace: String?, name: String, children: [XMLElement] = [], text: String = "", attributes: [String: String] = [:]) {
        self.namespace = namespace
        self.name = name
        self.children = children
        self.text = text
        self.attributes = attributes
    }

    /// The value of the attribute with this name and no namespace (`<C:comp name="VTODO"/>`).
    public func attribute(_ name: String) -> String? {
        attributes[name]
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
