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
        // XML_PARSE_NOERROR silences the parser, but libxml2 raises some errors with no parser at hand
        // (bytes the converter of a declared encoding refuses: "encoding error : input conversion
        // failed", "I/O error : encoder error"), and its generic handler prints those on standard error,
        // into medd-sync's journal, as often as a server sends them. A structured handler takes every
        // error instead, and libxml2 still keeps the last one for `lastError()`. It is set on each call,
        // as libxml2 keeps it per thread.
        xmlSetStructuredErrorFunc(nil) { _, _ in }
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
        var attribute = node.pointee.properties
        while let current = attribute {
            if current.pointee.ns == nil, let name = current.pointee.name {
                var value = ""
                var text = current.pointee.children
                while let part = text {
                    if let content = part.pointee.content { value += String(cString: content) }
                    text = part.pointee.next
                }
                result.attributes[String(cString: name)] = value
            }
            attribute = current.pointee.next
        }
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
        let message = error.pointee.message.map { String(cString: $0).joinedLines } ?? ""
        return .malformed(message: message.isEmpty ? "unreadable" : message, line: Int(error.pointee.line))
    }
}

private extension String {
    /// libxml2's message on one line, for a log line and `medctl status`: it ends in a line break and
    /// may hold more ("Input is not proper UTF-8, indicate encoding !\nBytes: 0xB2 0xC4 0x6D 0x65\n").
    var joinedLines: String {
        split(whereSeparator: \.isNewline).map(\.trimmingWhitespace).filter { !$0.isEmpty }.joined(separator: " ")
    }
}

private extension Substring {
    var trimmingWhitespace: Substring {
        var text = self
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return text
    }
}
