// libFuzzer target for the configuration loader; built by scripts/fuzz-config.sh, not by medd's own
// package. Each input is the content of a medd.toml: decoded the way `ConfigLoader.load(path:)`
// decodes a file, then parsed and validated by `ConfigLoader.parse`, the rest of that same path.
import MeddConfig
import MeddCore

private let path = "fuzz.toml"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Bytes that are not UTF-8 end at one fixed diagnostic before any parsing; -1 keeps them out of the corpus.
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return -1 }
    let result = ConfigLoader.parse(text, path: path)
    if case .failure(let errors) = result {
        checkDiagnostics(errors.diagnostics, of: text)
    }
    require(ConfigLoader.parse(text, path: path) == result, "loading the same text twice gave different results")
    if case .success(let configuration) = result { checkEdits(of: text, configuration) }
    return 0
}

/// `medctl pause`, `resume` and `remove` on a valid file: the editor refuses (a table of dotted keys) or
/// gives text that reads as TOML, and a pause leaves a valid configuration with that one paused.
private func checkEdits(of text: String, _ configuration: Configuration) {
    guard let editor = try? ConfigEditor(text) else { fatalError("a valid configuration the editor cannot read") }
    for subject in configuration.subjects {
        let table = [subject.measures == nil ? "medication" : "measurement", subject.id]
        for edited in [try? editor.removing("paused", from: table), try? editor.removingTable(table)].compactMap({ $0 }) {
            require((try? ConfigEditor(edited)) != nil, "an edit of \(subject.id) gave text that is not TOML:\n\(edited)")
        }
        guard let paused = try? editor.setting("paused", to: .bool(true), in: table) else { continue }
        let result = ConfigLoader.parse(paused, path: path)
        require((try? result.get())?.subject(subject.id)?.paused == true, "pausing \(subject.id) gave:\n\(paused)")
    }
}

/// `precondition` whose message survives `-O`, so the crash report says which invariant broke.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// Every diagnostic names the file, points at a spot inside the text (the end of a line at most),
/// says something on one line, and they come in file order.
private func checkDiagnostics(_ diagnostics: [ConfigDiagnostic], of text: String) {
    require(!diagnostics.isEmpty, "rejected without a diagnostic")
    let lineLengths = lineLengths(of: text)
    for diagnostic in diagnostics {
        require(diagnostic.path == path, "wrong path: \(diagnostic)")
        require(diagnostic.line >= 1 && diagnostic.column >= 1, "no line and column: \(diagnostic)")
        require(diagnostic.line <= lineLengths.count, "line past the end of the text (\(lineLengths.count) lines): \(diagnostic)")
        let lineLength = lineLengths[diagnostic.line - 1]
        require(diagnostic.column <= lineLength + 1, "column past the end of its line (\(lineLength) characters): \(diagnostic)")
        require(!diagnostic.message.english.isEmpty, "empty message: \(diagnostic)")
        require(!diagnostic.message.english.contains(where: \.isNewline), "message on several lines: \(diagnostic)")
    }
    let positions = diagnostics.map { (line: $0.line, column: $0.column) }
    require(zip(positions, positions.dropFirst()).allSatisfy { $0 <= $1 }, "diagnostics out of file order: \(diagnostics)")
}

/// The length in Unicode scalars of each line, counted as the loader counts them: only `\n` ends a
/// line, and a leading byte-order mark takes no column.
private func lineLengths(of text: String) -> [Int] {
    var scalars = text.unicodeScalars[...]
    if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
    var lengths = [0]
    for scalar in scalars {
        if scalar == "\n" {
            lengths.append(0)
        } else {
            lengths[lengths.count - 1] += 1
        }
    }
    return lengths
}
