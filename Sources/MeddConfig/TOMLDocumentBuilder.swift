/// Builds the tables of a TOML document (or of one inline table) as its lines define them, and refuses
/// every redefinition TOML forbids: a key or table defined twice, a table defined by a header and by
/// dotted keys, a closed inline table or array extended.
struct TOMLDocumentBuilder {
    /// One part of a (dotted) key, with where it is written.
    struct Key {
        let name: String
        let position: SourcePosition
    }

    typealias TableID = Int
    static let root: TableID = 0

    /// How a table came to be, which decides what may still define or extend it.
    private enum Origin {
        /// Named on the way to another table by a header (`a` of `[a.b]`): a header of its own may still define it.
        case implicit
        /// By its own header (`[a]`, or an element of `[[a]]`).
        case header
        /// By a dotted key (`a.b = 1` makes `a`), which other dotted keys may extend.
        case dotted
    }

    private enum Slot {
        /// A value after `=`: inline tables and arrays are closed.
        case value(TOMLValue)
        case table(TableID)
        case tables([TableID])
    }

    private struct Entry {
        let key: String
        let keyPosition: SourcePosition
        var slot: Slot
    }

    private struct Table {
        var origin: Origin
        /// Where its header or dotted key defined it (or first named it).
        var definedAt: SourcePosition
        let position: SourcePosition
        let depth: Int
        var indexes: [String: Int] = [:]
        var entries: [Entry] = []
    }

    private var tables: [Table]
    let maximumDepth: Int

    /// An empty document, or inline table at `position`, `depth` levels deep.
    init(position: SourcePosition, depth: Int, maximumDepth: Int) {
        tables = [Table(origin: .header, definedAt: position, position: position, depth: depth)]
        self.maximumDepth = maximumDepth
    }

    func depth(of table: TableID) -> Int { tables[table].depth }

    /// `[keys]`: the table it defines.
    mutating func defineTable(_ keys: [Key]) throws(TOMLSyntaxError) -> TableID {
        let parent = try tableOnPath(keys.dropLast(), from: Self.root, header: keys)
        guard let key = keys.last else { return parent }
        guard let entry = entry(key.name, in: parent) else { return try addTable(key, origin: .header, in: parent) }
        let header = TOMLSyntaxError.headerText(keys.map(\.name), isArray: false)
        switch entry.slot {
        case .table(let id):
            switch tables[id].origin {
            case .implicit:
                tables[id].origin = .header
                tables[id].definedAt = key.position
                return id
            case .header: throw .tableDefinedTwice(header, definedAt: tables[id].definedAt, at: key.position)
            case .dotted: throw .tableDefinedByDottedKeys(header, definedAt: tables[id].definedAt, at: key.position)
            }
        case .tables:
            throw .isArrayOfTables(Self.keyText(keys), definedAt: entry.keyPosition,
                                   header: TOMLSyntaxError.headerText(keys.map(\.name), isArray: true), at: key.position)
        case .value(let value):
            throw closed(value, Self.keyText(keys), definedAt: entry.keyPosition, at: key.position)
        }
    }

    /// `[[keys]]`: the new table it appends to its array of tables.
    mutating func appendTable(_ keys: [Key]) throws(TOMLSyntaxError) -> TableID {
        let parent = try tableOnPath(keys.dropLast(), from: Self.root, header: keys)
        guard let key = keys.last else { return parent }
        guard let index = tables[parent].indexes[key.name] else {
            let id = try newTable(key, origin: .header, depth: tables[parent].depth + 2)
            append(Entry(key: key.name, keyPosition: key.position, slot: .tables([id])), to: parent)
            return id
        }
        let entry = tables[parent].entries[index]
        switch entry.slot {
        case .tables(var ids):
            let id = try newTable(key, origin: .header, depth: tables[parent].depth + 2)
            ids.append(id)
            tables[parent].entries[index].slot = .tables(ids)
            return id
        case .table(let id):
            throw .tableIsNoArray(Self.keyText(keys), definedAt: tables[id].definedAt, at: key.position)
        case .value(let value):
            throw closed(value, Self.keyText(keys), definedAt: entry.keyPosition, at: key.position)
        }
    }

    /// The table that the last part of the dotted key `keys`, written in `section`, goes into; the tables
    /// before it are made as needed. Refuses a key that is already defined there.
    mutating func tableForKey(_ keys: [Key], in section: TableID) throws(TOMLSyntaxError) -> TableID {
        var table = section
        for (offset, key) in keys.enumerated() {
            let written = { Self.keyText(keys.prefix(offset + 1)) }
            guard let entry = entry(key.name, in: table) else {
                if offset == keys.count - 1 { return table }
                table = try addTable(key, origin: .dotted, in: table)
                continue
            }
            guard offset < keys.count - 1 else { throw .keyDefinedTwice(written(), definedAt: entry.keyPosition, at: key.position) }
            switch entry.slot {
            case .table(let id):
                switch tables[id].origin {
                case .implicit:
                    tables[id].origin = .dotted
                    tables[id].definedAt = key.position
                case .dotted:
                    break
                case .header:
                    throw .tableHasHeader(written(), header: TOMLSyntaxError.headerText(pathNames(to: id), isArray: false), definedAt: tables[id].definedAt, at: key.position)
                }
                table = id
            case .tables:
                throw .isArrayOfTables(written(), definedAt: entry.keyPosition, header: TOMLSyntaxError.headerText(pathNames(to: table) + [key.name], isArray: true), at: key.position)
            case .value(let value):
                throw closed(value, written(), definedAt: entry.keyPosition, at: key.position)
            }
        }
        return table
    }

    /// `value` under `key` in `table`, which `tableForKey` returned for it.
    mutating func insert(_ value: TOMLValue, named key: Key, into table: TableID) {
        append(Entry(key: key.name, keyPosition: key.position, slot: .value(value)), to: table)
    }

    /// The document (or inline table) as built.
    func build() -> TOMLTable { table(Self.root) }

    // MARK: Paths

    /// Follows the tables a header names before its last part, making the missing ones; an array of tables
    /// stands for its last table.
    private mutating func tableOnPath(_ keys: ArraySlice<Key>, from start: TableID, header: [Key]) throws(TOMLSyntaxError) -> TableID {
        var table = start
        for (offset, key) in keys.enumerated() {
            guard let entry = entry(key.name, in: table) else {
                table = try addTable(key, origin: .implicit, in: table)
                continue
            }
            switch entry.slot {
            case .table(let id): table = id
            case .tables(let ids): table = ids[ids.count - 1]
            case .value(let value): throw closed(value, Self.keyText(header.prefix(offset + 1)), definedAt: entry.keyPosition, at: key.position)
            }
        }
        return table
    }

    /// Why a key holding a value cannot be a table or hold more keys.
    private func closed(_ value: TOMLValue, _ key: String, definedAt first: SourcePosition, at position: SourcePosition) -> TOMLSyntaxError {
        switch value.content {
        case .table: .inlineTableIsClosed(key, definedAt: value.position, at: position)
        case .array: .arrayIsClosed(key, definedAt: value.position, at: position)
        default: .keyDefinedTwice(key, definedAt: first, at: position)
        }
    }

    private static func keyText(_ keys: some Collection<Key>) -> String { TOMLSyntaxError.keyText(keys.map(\.name)) }

    /// The keys from the root to table `id`, for a header in a message.
    private func pathNames(to id: TableID) -> [String] {
        var names: [String] = []
        var target = id
        while target != Self.root, let (parent, name) = parent(of: target) {
            names.append(name)
            target = parent
        }
        return names.reversed()
    }

    private func parent(of id: TableID) -> (TableID, String)? {
        for (index, table) in tables.enumerated() {
            for entry in table.entries {
                switch entry.slot {
                case .table(let child) where child == id: return (index, entry.key)
                case .tables(let children) where children.contains(id): return (index, entry.key)
                default: continue
                }
            }
        }
        return nil
    }

    // MARK: Tables

    private func entry(_ name: String, in table: TableID) -> Entry? {
        tables[table].indexes[name].map { tables[table].entries[$0] }
    }

    private mutating func addTable(_ key: Key, origin: Origin, in parent: TableID) throws(TOMLSyntaxError) -> TableID {
        let id = try newTable(key, origin: origin, depth: tables[parent].depth + 1)
        append(Entry(key: key.name, keyPosition: key.position, slot: .table(id)), to: parent)
        return id
    }

    private mutating func newTable(_ key: Key, origin: Origin, depth: Int) throws(TOMLSyntaxError) -> TableID {
        guard depth <= maximumDepth else { throw .nestedTooDeeply(limit: maximumDepth, at: key.position) }
        tables.append(Table(origin: origin, definedAt: key.position, position: key.position, depth: depth))
        return tables.count - 1
    }

    private mutating func append(_ entry: Entry, to table: TableID) {
        tables[table].indexes[entry.key] = tables[table].entries.count
        tables[table].entries.append(entry)
    }

    private func table(_ id: TableID) -> TOMLTable {
        let entries = tables[id].entries.map { entry in
            TOMLTable.Entry(key: entry.key, keyPosition: entry.keyPosition, value: value(of: entry.slot))
        }
        return TOMLTable(entries: entries, indexes: tables[id].indexes)
    }

    private func value(of slot: Slot) -> TOMLValue {
        switch slot {
        case .value(let value):
            return value
        case .table(let id):
            return TOMLValue(.table(table(id)), at: tables[id].position)
        case .tables(let ids):
            return TOMLValue(.array(ids.map { TOMLValue(.table(table($0)), at: tables[$0].position) }), at: tables[ids[0]].position)
        }
    }
}
