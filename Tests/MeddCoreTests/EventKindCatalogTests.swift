import Foundation
import MeddCore
import Testing

/// `units/medd.catalog` documents exactly the message IDs the code writes.
@Suite struct EventKindCatalogTests {
    /// The catalog's entries: `-- ID` header to the next header.
    static func catalogEntries() throws -> [String: String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("units/medd.catalog"), encoding: .utf8)
        var entries: [String: String] = [:]
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("-- ") {
                let id = String(line.dropFirst(3))
                #expect(entries[id] == nil, "\(id) appears twice")
                entries[id] = ""
                current = id
            } else if let id = current {
                entries[id]! += line + "\n"
            }
        }
        return entries
    }

    /// Every event kind has its ID in the catalog and the catalog has no other ID.
    @Test func catalogIDsMatchEventKinds() throws {
        let entries = try Self.catalogEntries()
        #expect(Set(entries.keys) == Set(EventKind.allCases.map(\.messageID)))
    }

    /// Each kind's entry is the one that explains that kind (its text names `MEDD_EVENT=<kind>`).
    @Test func eachEntryExplainsItsKind() throws {
        let entries = try Self.catalogEntries()
        for kind in EventKind.allCases {
            #expect(entries[kind.messageID]?.contains("MEDD_EVENT=\(kind.rawValue))") == true, "\(kind)")
        }
    }
}
