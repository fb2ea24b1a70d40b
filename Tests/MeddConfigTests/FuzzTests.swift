@testable import MeddConfig
import MeddCore
import Testing

/// Randomly damaged configuration files never crash the loader and always get usable positions.
struct FuzzTests {
    private static let punctuation = Array("[]{}=\"'#,.\n\\ 0:-".utf8)
    /// Fragments that reach the corners of a TOML parser: odd whitespace, brackets, literals.
    private static let fragments = [
        "\u{2028}", "\u{85}", "\u{A0}", "\u{FEFF}", "\r", "\u{0B}", "\u{0C}", "\t", "_", "+", "é",
        "[[", "]]", "[[[", "{}", "{ a = 1 }", "\"\"\"", "'''", " = ", "1979-05-27T07:32:00Z", "07:32",
        "0x1F", "1e5", "+inf", "nan", "\\u00", "[}", "[1, }", "\n[", "a.b.", "\"\\\"",
    ].map { Array($0.utf8) }

    /// Mutates one byte array the way a careless edit might.
    private func mutate(_ bytes: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var bytes = bytes
        let rounds = Int.random(in: 1...4, using: &generator)
        for _ in 0..<rounds where !bytes.isEmpty {
            let position = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<7, using: &generator) {
            case 0: bytes[position] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
            case 1: bytes[position] = Self.punctuation.randomElement(using: &generator) ?? 0
            case 2: bytes.removeSubrange(position...)
            case 3: bytes.remove(at: position)
            case 4: bytes.insert(Self.punctuation.randomElement(using: &generator) ?? 0, at: position)
            case 5: bytes.insert(contentsOf: Self.fragments.randomElement(using: &generator) ?? [], at: position)
            default:
                var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                let line = Int.random(in: 0..<lines.count, using: &generator)
                lines.insert(lines[line], at: Int.random(in: 0...lines.count, using: &generator))
                bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
            }
        }
        return bytes
    }

    /// Thousands of mutated valid files: no crash, and every diagnostic is at line ≥ 1, column ≥ 1, on one line.
    @Test func mutatedFilesNeverCrash() throws {
        let sources = try Fixtures.names(in: "valid").map { try Fixtures.text("valid", $0 + ".toml") }
            + [try Fixtures.text("broken", "43-several-errors.toml")]
        var generator = SplitMix64(seed: 0x6D65_6464)
        var failures = 0
        for iteration in 0..<3000 {
            let source = sources[iteration % sources.count]
            let text = String(decoding: mutate(Array(source.utf8), using: &generator), as: UTF8.self)
            guard case .failure(let errors) = ConfigLoader.parse(text, path: "fuzz.toml") else { continue }
            failures += 1
            #expect(!errors.diagnostics.isEmpty)
            for diagnostic in errors.diagnostics {
                #expect(diagnostic.line >= 1 && diagnostic.column >= 1, "\(diagnostic) from:\n\(text)")
                #expect(!diagnostic.message.english.isEmpty && !diagnostic.message.english.contains(where: \.isNewline), "\(diagnostic)")
            }
        }
        #expect(failures > 1000)
    }

    /// `ConfigEditor` on thousands of mutated files that are still TOML: every edit of every medication and
    /// measurement either refuses or returns text; on a file that is a valid configuration, pausing any of
    /// them gives one that is still valid and has it paused.
    @Test func editsOfMutatedFilesNeverCrash() throws {
        let sources = try Fixtures.names(in: "valid").map { try Fixtures.text("valid", $0 + ".toml") }
        var generator = SplitMix64(seed: 0x6564_6974)
        var edited = 0
        for iteration in 0..<3000 {
            let source = sources[iteration % sources.count]
            let text = String(decoding: mutate(Array(source.utf8), using: &generator), as: UTF8.self)
            guard let editor = try? ConfigEditor(text), case .success(let document) = TOMLReader.read(text) else { continue }
            let paths = ["medication", "measurement"].flatMap { group in (document[group]?.table?.keys ?? []).map { [group, $0] } }
            for path in paths {
                _ = try? editor.setting("paused", to: .bool(true), in: path)
                _ = try? editor.removing("notes", from: path)
                _ = try? editor.removingTable(path)
                edited += 1
            }
            _ = editor.addingTable(["medication", "fuzz"], entries: [("name", .string("F")), ("times", .strings(["08:00"]))])
            guard case .success(let configuration) = ConfigLoader.parse(text, path: "fuzz.toml") else { continue }
            for subject in configuration.subjects {
                let group = subject.measures == nil ? "medication" : "measurement"
                guard let paused = try? editor.setting("paused", to: .bool(true), in: [group, subject.id]) else { continue }
                let result = ConfigLoader.parse(paused, path: "fuzz.toml")
                #expect((try? result.get())?.subject(subject.id)?.paused == true, "pausing \(subject.id) of:\n\(text)\ngave:\n\(paused)")
            }
        }
        #expect(edited > 1000)
    }

    /// The reader alone on damaged text: an error points inside the text (at most one past the end of its
    /// line), and an accepted document's every key and value does.
    @Test func readerPositionsStayInsideMutatedText() throws {
        let source = try Fixtures.text("valid", "syntax-variety.toml")
        var generator = SplitMix64(seed: 42)
        var accepted = 0
        for _ in 0..<2000 {
            let text = String(decoding: mutate(Array(source.utf8), using: &generator), as: UTF8.self)
            var scalars = text.unicodeScalars[...]
            if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
            let lengths = scalars.split(separator: "\n", omittingEmptySubsequences: false).map(\.count)
            func isInside(_ position: SourcePosition) -> Bool {
                position.line >= 1 && position.line <= lengths.count && position.column >= 1 && position.column <= lengths[position.line - 1] + 1
            }
            switch TOMLReader.read(text) {
            case .failure(let error):
                #expect(isInside(error.position), "\(error.position): \(error.message.english) in:\n\(text)")
            case .success(let document):
                accepted += 1
                func walk(_ value: TOMLValue) {
                    #expect(isInside(value.position))
                    value.array?.forEach(walk)
                    value.table?.entries.forEach { #expect(isInside($0.keyPosition)); walk($0.value) }
                }
                walk(TOMLValue(.table(document), at: .start))
            }
        }
        #expect(accepted > 100)
    }
}
