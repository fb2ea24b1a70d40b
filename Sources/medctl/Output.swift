import ArgumentParser
import MeddControl
import Systemd

/// Writing to the terminal: stdout for results, stderr for errors.
enum Output {
    static func line(_ text: String) {
        print(text)
    }

    /// A line written at once rather than when the buffer fills, for a reader that waits for each line;
    /// a failed write is ignored, as `print` ignores it.
    static func unbufferedLine(_ text: String) {
        try? DescriptorIO.writeAll(Array((text + "\n").utf8), to: DescriptorIO.standardOutput)
    }

    static func error(_ text: String) {
        StandardErrorDestination.write(text)
    }

    /// A JSON value from the daemon (or built like one), pretty with sorted keys.
    static func json(_ value: JSONValue) {
        line(value.prettyText)
    }

    /// Left-aligned columns separated by two spaces, the last column unpadded. Widths count what
    /// is visible, so coloured cells line up.
    static func table(_ header: [String], _ rows: [[String]], style: Style = .current) {
        let all = [header.map(style.bold)] + rows
        let widths = header.indices.map { column in all.map { visibleWidth($0[column]) }.max() ?? 0 }
        for row in all {
            let cells = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - visibleWidth(cell))
            }
            var text = cells.joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            line(text)
        }
    }

    /// Writes a finished document byte for byte (CRLF line ends stay as they are) to stdout, or to
    /// `path` opened the way a shell's `>` would, so `/dev/stdout` or a FIFO work too.
    static func document(_ text: String, to path: String? = nil) throws {
        do {
            if let path {
                try DescriptorIO.writeFile(Array(text.utf8), path: path)
            } else {
                try DescriptorIO.writeAll(Array(text.utf8), to: DescriptorIO.standardOutput)
            }
        } catch {
            Output.error("medctl: cannot write \(path ?? "standard output"): \(error.reason)")
            throw ExitCode.failure
        }
    }

    /// Characters on screen: escape sequences (`ESC [ … m`) take none.
    static func visibleWidth(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if character == "m" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += 1
            }
        }
        return width
    }
}

/// How `history` and `adherence` print: `--format table|json|csv`, where the global `--json` means json.
enum ReportFormat: String, CaseIterable, ExpressibleByArgument {
    case table, json, csv

    /// The format asked for; `--json` with another `--format` is a usage error.
    static func resolve(_ format: ReportFormat?, json: Bool) throws -> ReportFormat {
        if json, let format, format != .json {
            throw ValidationError("--json contradicts --format \(format.rawValue); give one of them")
        }
        return json ? .json : format ?? .table
    }
}
