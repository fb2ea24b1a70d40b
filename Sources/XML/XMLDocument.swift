import CLibXML2

/// Reads an XML document with libxml2 into `XMLElement`s. Hostile input is expected (it comes from a
/// server): no network, no DTD loading, no entity substitution, no messages on standard error, and
/// limits on size, depth and element count.
public enum XMLDocument {
    public struct Limits: Sendable {
        public var bytes = 16 * 1024 * 1024
        public var depth = 64
        public var elements = 200_000

        public init() {}
    }

    /// The root element of `bytes`.
    public static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws(XMLError) -> XMLElement {
        guard bytes.count <= limits.bytes else { throw .tooLarge(bytes: bytes.count, limit: limits.bytes) }
        _ = initialized
        xmlResetLastError()
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOBLANKS.rawValue | XML_PARSE_NOCDATA.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { xmlReadMemory($0, Int32(buffer.count), nil, nil, options) }
            } ?? nil
        }
        guard let document else { throw lastError() }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else { throw .malformed(message: "no root element", line: 1) }
        var budget = limits.elements
        return try element(root, depth: 1, limits: limits, budget: &budget)
    }

    private static let initialized: Void = xmlInitParser()

    private static func element(_ node: xmlNodePtr, depth: Int, limits: Limits, budget: inout Int) throws(XMLError) -> XMLElement {
        guard depth <= limits.depth else { throw .tooDeep(limit: limits.depth) }
        budget -= 1
        guard budget >= 0 else { throw .tooManyElements(limit: limits.elements) }
        let namespace = node.pointee.ns.flatMap { $0.pointee.href }.map { String(cString: $0) }
        var result = XMLElement(namespace: namespace, name: node.pointee.name.map { String(cString: $0) } ?? "")
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                result.children.append(try element(current, depth: depth + 1, limits: limits, budget: &budget))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { result.text += String(cString: content) }
            default:
                break
            }
            child = current.pointee.next
        }
        return result
    }

    private static func lastError() -> XMLError {
        guard let error = xmlGetLastError() else { return .malformed(message: "unreadable", line: 0) }
        let message = error.pointee.message.map { String(cString: $0) } ?? "unreadable"
        return .malformed(message: message.trimmingWhitespaceAtEnd, line: Int(error.pointee.line))
    }
}

private extension String {
    var trimmingWhitespaceAtEnd: String {
        var text = Substring(self)
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
