public import MeddCore

/// Changes one table of a configuration's text and leaves every other byte as it was: comments, blank
/// lines, quoting and the order of keys. A table is changed where it is written, as a `[medication.ID]`
/// section with its sub-tables, or as an inline table (`ID = { … }`); one written as dotted keys
/// (`medication.ID.name = …`) is refused, since a change of it could not stay within its lines.
///
/// Values come as TOML text (`TOMLText`); whether the result is a valid configuration is for the caller
/// to check, with the rest of the file around it.
public struct ConfigEditor: Sendable {
    /// Why an edit cannot be made.
    public struct Refusal: Error, Hashable, Sendable {
        public var message: Translatable
    }

    public let text: String
    private let bytes: [UInt8]
    private let layout: TOMLLayout
    private let document: TOMLTable
    private let lineEnd: [UInt8]

    /// The editor of `text`, which must be TOML without a syntax error.
    public init(_ text: String) throws(Refusal) {
        switch TOMLReader.readWithLayout(text) {
        case .success(let (document, layout)):
            self.document = document
            self.layout = layout
        case .failure(let error):
            // TRANSLATORS: %1$s is a position in the file (12:5), %2$s what is wrong there.
            throw Refusal(message: Translatable("the file is not valid TOML at %1$s: %2$s", error.position.description, error.message))
        }
        self.text = text
        bytes = Array(text.utf8)
        let written = Array(text.utf8)
        let firstLineFeed = written.firstIndex(of: UInt8(ascii: "\n"))
        lineEnd = firstLineFeed.map { $0 > 0 && written[$0 - 1] == UInt8(ascii: "\r") } == true ? [13, 10] : [10]
    }

    /// Whether the document has a table at `path` (`["medication", "metformin"]`), however it is written.
    public func hasTable(_ path: [String]) -> Bool { table(at: path) != nil }

    /// Whether the table at `path` has `key`.
    public func hasKey(_ key: String, in path: [String]) -> Bool { table(at: path)?[key] != nil }

    private func table(at path: [String]) -> TOMLTable? {
        var table: TOMLTable? = document
        for name in path { table = table?[name]?.table }
        return table
    }

    /// Whether `key`, on a line of its own in the table at `path`, has a comment after it on that line.
    public func hasComment(after key: String, in path: [String]) -> Bool {
        guard case .section(let range)? = try? definition(of: path),
              let written = keyValue(path + [key], isInline: false, within: range) else { return false }
        return lineIsComment(written.valueEnd)
    }

    // MARK: Edits

    /// `key = value` in the table at `path`: the value replaced where the key is written (a comment after
    /// it kept), else a line added after the table's last key (or inside its braces).
    public func setting(_ key: String, to value: TOMLText, in path: [String]) throws(Refusal) -> String {
        switch try definition(of: path) {
        case .section(let range):
            if let written = keyValue(path + [key], isInline: false, within: range) {
                return replacing(written.valueStart..<written.valueEnd, with: value.text)
            }
            let statements = layout.keyValues.filter { !$0.isInline && range.contains($0.keyStart) }
            guard let last = statements.max(by: { $0.valueEnd < $1.valueEnd }) else {
                let afterHeader = endOfLine(containing: range.lowerBound)
                return inserting(Array("\(key) = \(value.text)".utf8), asLineAt: afterHeader, indent: [])
            }
            return inserting(Array("\(key) = \(value.text)".utf8), asLineAt: endOfLine(containing: last.valueEnd),
                             indent: indentation(before: last.keyStart))
        case .inline(let table):
            let range = table.valueStart..<table.valueEnd
            if let written = keyValue(path + [key], isInline: true, within: range) {
                return replacing(written.valueStart..<written.valueEnd, with: value.text)
            }
            let entries = layout.keyValues.filter { $0.isInline && $0.path.count == path.count + 1 && range.contains($0.keyStart) }
            guard let last = entries.max(by: { $0.valueEnd < $1.valueEnd }) else {
                return replacing(range, with: "{ \(key) = \(value.text) }")
            }
            return replacing(last.valueEnd..<last.valueEnd, with: ", \(key) = \(value.text)")
        }
    }

    /// The table at `path` without `key`: its line (with a comment after it) or its place in the braces
    /// taken out; the text as it is when the key is not there.
    public func removing(_ key: String, from path: [String]) throws(Refusal) -> String {
        switch try definition(of: path) {
        case .section(let range):
            guard let written = keyValue(path + [key], isInline: false, within: range) else { return text }
            return removingLines(startOfLine(containing: written.keyStart)..<endOfLine(containing: written.valueEnd))
        case .inline(let table):
            guard let written = keyValue(path + [key], isInline: true, within: table.valueStart..<table.valueEnd) else { return text }
            return removingEntry(written, of: table, depth: path.count)
        }
    }

    /// The document without the table at `path`: its section and the sub-tables under it wherever they
    /// are, each with the lines it owns (`ownedLines`); or its inline table with the key that holds it.
    public func removingTable(_ path: [String]) throws(Refusal) -> String {
        switch try definition(of: path) {
        case .section:
            let ranges = layout.headers.indices.filter { layout.headers[$0].path.starts(with: path) }.map(ownedLines)
            return removing(ranges)
        case .inline(let table):
            guard let holder = layout.keyValues.last(where: { $0.path == path && $0.valueStart == table.valueStart }) else { return text }
            if !holder.isInline {
                return removingLines(startOfLine(containing: holder.keyStart)..<endOfLine(containing: holder.valueEnd))
            }
            guard let outer = layout.keyValues.last(where: { $0.path == Array(path.dropLast()) && $0.valueStart < holder.keyStart && holder.valueEnd < $0.valueEnd }) else {
                return text
            }
            return removingEntry(holder, of: outer, depth: path.count - 1)
        }
    }

    /// The document with a new section `[path]` holding `entries` in their order, after the last section
    /// of its group (`[medication.…]` for a medication, its sub-tables included), else at the end.
    public func addingTable(_ path: [String], entries: [(key: String, value: TOMLText)]) -> String {
        let group = Array(path.dropLast())
        var point = bytes.count
        if let last = layout.headers.indices.last(where: { layout.headers[$0].path.count > group.count && layout.headers[$0].path.starts(with: group) }) {
            let next = sectionRange(last).upperBound
            point = next == bytes.count ? next : ownedStart(ofHeaderLine: next)
        }
        var lines = ["[" + path.map(TOMLText.key).joined(separator: ".") + "]"]
        lines += entries.map { "\(TOMLText.key($0.key)) = \($0.value.text)" }
        var block: [UInt8] = []
        for line in lines { block += Array(line.utf8) + lineEnd }
        let before = bytes[..<point]
        if !before.isEmpty {
            if before.last != UInt8(ascii: "\n") { block = lineEnd + lineEnd + block }
            else if !endsWithBlankLine(before) { block = lineEnd + block }
        }
        if point < bytes.count { block += lineEnd }
        return String(decoding: bytes[..<point] + block + bytes[point...], as: UTF8.self)
    }

    // MARK: Where a table is

    private enum Definition {
        /// From its header's line to the next header.
        case section(Range<Int>)
        /// The key/value whose value is the inline table.
        case inline(TOMLLayout.KeyValue)
    }

    private func definition(of path: [String]) throws(Refusal) -> Definition {
        guard hasTable(path) else {
            // TRANSLATORS: %1$s is a table of the configuration, such as [medication.metformin].
            throw Refusal(message: Translatable("there is no %1$s in the file", "[" + path.joined(separator: ".") + "]"))
        }
        if let index = layout.headers.firstIndex(where: { $0.path == path && !$0.isArray }) {
            return .section(sectionRange(index))
        }
        if let holder = layout.keyValues.last(where: { $0.path == path && bytes[$0.valueStart] == UInt8(ascii: "{") }) {
            return .inline(holder)
        }
        let written = layout.keyValues.first { $0.path.count > path.count && $0.path.starts(with: path) }
        let line = written.map { lineText(at: $0.keyStart) }
        // TRANSLATORS: %1$s is a table of the configuration; %2$s a line of the file that defines it by a dotted key;
        // %3$s the command medctl edit. Only a table written as [a.b] or a = { … } can be changed in place.
        throw Refusal(message: Translatable("%1$s is written as dotted keys (%2$s); change it with %3$s",
                                            "[" + path.joined(separator: ".") + "]", line ?? "", "medctl edit"))
    }

    /// The header's line up to the start of the next header's line (or the end of the text).
    private func sectionRange(_ index: Int) -> Range<Int> {
        let start = startOfLine(containing: layout.headers[index].start)
        let next = layout.headers.map(\.start).filter { $0 > layout.headers[index].start }.min()
        return start..<(next.map(startOfLine(containing:)) ?? bytes.count)
    }

    private func keyValue(_ path: [String], isInline: Bool, within range: Range<Int>) -> TOMLLayout.KeyValue? {
        layout.keyValues.last { $0.path == path && $0.isInline == isInline && range.contains($0.keyStart) }
    }

    // MARK: Lines

    private func startOfLine(containing offset: Int) -> Int {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start
    }

    /// The offset after the line end of the line `offset` is on (or before it), or the end of the text.
    private func endOfLine(containing offset: Int) -> Int {
        var end = offset
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return min(end + 1, bytes.count)
    }

    /// The line `offset` is on, without its line end.
    private func lineText(at offset: Int) -> String {
        var line = bytes[startOfLine(containing: offset)..<endOfLine(containing: offset)]
        while let last = line.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { line = line.dropLast() }
        return String(decoding: line, as: UTF8.self)
    }

    private func lineIsComment(_ start: Int) -> Bool {
        var index = start
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "#")
    }

    private func lineIsBlank(_ start: Int) -> Bool {
        var index = start
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: "\r") { index += 1 }
        return index == bytes.count || bytes[index] == UInt8(ascii: "\n")
    }

    /// The lines the section of header `index` owns: from its comments (`ownedStart`) to the comments the
    /// next header owns, or at the end of the text to its last key's line and the comment lines right after
    /// it, with the blank lines that follow. A comment after a blank line at the end of the file
    /// (`# vim: ft=toml`) is the file's.
    private func ownedLines(_ index: Int) -> Range<Int> {
        let section = sectionRange(index)
        var start = ownedStart(ofHeaderLine: section.lowerBound)
        var end = section.upperBound
        if end < bytes.count {
            end = ownedStart(ofHeaderLine: end)
        } else {
            let lastValue = layout.keyValues.filter { section.contains($0.keyStart) }.map(\.valueEnd).max()
            end = endOfLine(containing: lastValue ?? layout.headers[index].start)
            while end < bytes.count, lineIsComment(end) { end = endOfLine(containing: end) }
            while end < bytes.count, lineIsBlank(end) { end = endOfLine(containing: end) }
        }
        // A byte-order mark stays at the start of the file.
        if start == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        return start..<max(start, end)
    }

    /// Where the lines a header owns start: the comment lines right above its line when a blank line (or
    /// the start of the file) is above them — a comment right under a key speaks of that key's table —
    /// and never inside a value that spans lines (the last line of a `"""` string may start with `#`).
    private func ownedStart(ofHeaderLine line: Int) -> Int {
        let lastValueEnd = layout.keyValues.map(\.valueEnd).filter { $0 <= line }.max()
        let floor = lastValueEnd.map(endOfLine(containing:)) ?? 0
        var start = line
        while start > floor {
            let previous = startOfLine(containing: start - 1)
            guard previous >= floor, lineIsComment(previous) else { break }
            start = previous
        }
        guard start < line else { return line }
        return start == 0 || lineIsBlank(startOfLine(containing: start - 1)) ? start : line
    }

    /// The start of the lines right above the line starting at `line` that `matches` (or `line`).
    private func startOfLines(above line: Int, where matches: (Int) -> Bool) -> Int {
        var start = line
        while start > 0 {
            let previous = startOfLine(containing: start - 1)
            guard matches(previous) else { break }
            start = previous
        }
        return start
    }

    /// The blanks that start the line of `offset`, for a new line beside it.
    private func indentation(before offset: Int) -> [UInt8] {
        Array(bytes[startOfLine(containing: offset)..<offset].filter { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
    }

    private func endsWithBlankLine(_ prefix: ArraySlice<UInt8>) -> Bool {
        var index = prefix.endIndex - 1
        guard index >= prefix.startIndex, prefix[index] == UInt8(ascii: "\n") else { return false }
        index -= 1
        if index >= prefix.startIndex, prefix[index] == UInt8(ascii: "\r") { index -= 1 }
        while index >= prefix.startIndex, prefix[index] == UInt8(ascii: " ") || prefix[index] == UInt8(ascii: "\t") { index -= 1 }
        return index < prefix.startIndex || prefix[index] == UInt8(ascii: "\n")
    }

    // MARK: Changing bytes

    private func replacing(_ range: Range<Int>, with replacement: String) -> String {
        String(decoding: bytes[..<range.lowerBound] + Array(replacement.utf8) + bytes[range.upperBound...], as: UTF8.self)
    }

    /// `line` as a line of its own at `point`, the start of a line or the end of the text.
    private func inserting(_ line: [UInt8], asLineAt point: Int, indent: [UInt8]) -> String {
        var inserted = indent + line + lineEnd
        if point == bytes.count, point > 0, bytes[point - 1] != UInt8(ascii: "\n") { inserted = lineEnd + indent + line }
        return String(decoding: bytes[..<point] + inserted + bytes[point...], as: UTF8.self)
    }

    private func removingLines(_ range: Range<Int>) -> String { removing([range]) }

    /// The text without `ranges`, which may overlap; what is taken from the end takes the blank lines
    /// before it too.
    private func removing(_ ranges: [Range<Int>]) -> String {
        var merged: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        if let last = merged.last, last.upperBound == bytes.count, last.lowerBound > 0 {
            merged[merged.count - 1] = max(startOfLines(above: last.lowerBound, where: lineIsBlank), merged.count > 1 ? merged[merged.count - 2].upperBound : 0)..<last.upperBound
        }
        var kept: [UInt8] = []
        var from = 0
        for range in merged {
            kept += bytes[from..<range.lowerBound]
            from = range.upperBound
        }
        kept += bytes[from...]
        return String(decoding: kept, as: UTF8.self)
    }

    /// `entry` taken out of the inline table `table` (whose keys are `depth` names deep) with one comma
    /// beside it; the braces emptied when it was the only key.
    private func removingEntry(_ entry: TOMLLayout.KeyValue, of table: TOMLLayout.KeyValue, depth: Int) -> String {
        // Every key written right inside these braces, dotted ones (`cycle.on = 21`) too; not those of a table
        // or array inside them.
        let inside = layout.keyValues.filter { $0.isInline && $0.path.count > depth && table.valueStart < $0.keyStart && $0.valueEnd < table.valueEnd }
        let siblings = inside
            .filter { entry in !inside.contains { $0.valueStart < entry.keyStart && entry.valueEnd <= $0.valueEnd } }
            .sorted { $0.keyStart < $1.keyStart }
        guard let position = siblings.firstIndex(where: { $0.keyStart == entry.keyStart }) else { return text }
        if siblings.count == 1 { return replacing(table.valueStart..<table.valueEnd, with: "{}") }
        if position + 1 < siblings.count { return replacing(entry.keyStart..<siblings[position + 1].keyStart, with: "") }
        return replacing(siblings[position - 1].valueEnd..<entry.valueEnd, with: "")
    }
}
