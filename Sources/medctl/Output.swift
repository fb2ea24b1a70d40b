import MeddCommandLine
import MeddControl
import MeddCore
import MeddTerminal
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

    /// A question on standard error, the answer to be typed after it on the same line.
    static func prompt(_ text: String) {
        try? DescriptorIO.writeAll(Array(text.utf8), to: 2)
    }

    static func error(_ text: String) {
        StandardErrorDestination.write(text)
    }

    /// A JSON value from the daemon (or built like one), pretty with sorted keys.
    static func json(_ value: JSONValue) {
        line(value.prettyText)
    }

    /// Left-aligned columns separated by two spaces (see `TextTable`).
    static func table(_ header: [String], _ rows: [[String]], style: Style = .current) {
        TextTable.lines(header, rows, style: style).forEach(line)
    }

    /// Writes a finished document byte for byte (CRLF line ends stay as they are) to stdout, or to
    /// `path` opened the way a shell's `>` would, so `/dev/stdout` or a FIFO work too.
    static func document(_ text: String, to path: String? = nil) throws {
        try document(bytes: Array(text.utf8), to: path)
    }

    /// A document written a part at a time as `parts` makes them (years of history a page at a time), to
    /// stdout or to `path` as `document(_:to:)` writes it; `parts` is handed the function that writes one.
    /// `path` is opened at the first part, so a failure before it (no daemon) leaves no file behind.
    static func document(to path: String? = nil, parts: (([UInt8]) throws -> Void) throws -> Void) throws {
        var descriptor: Int32?
        func write(_ bytes: [UInt8]) throws {
            do throws(SystemError) {
                let target: Int32
                if let descriptor {
                    target = descriptor
                } else if let path {
                    target = try DescriptorIO.create(path: path)
                } else {
                    target = DescriptorIO.standardOutput
                }
                descriptor = target
                try DescriptorIO.writeAll(bytes, to: target)
            } catch {
                throw cannotWrite(path, error)
            }
        }
        do {
            try parts(write)
        } catch {
            if let path, let descriptor { try? DescriptorIO.close(descriptor, path: path) }
            throw error
        }
        if let path, let descriptor {
            do {
                try DescriptorIO.close(descriptor, path: path)
            } catch {
                throw cannotWrite(path, error)
            }
        }
    }

    /// `document(_:to:)` for bytes that need not be text (a PDF).
    static func document(bytes: [UInt8], to path: String? = nil) throws {
        try document(to: path) { write in try write(bytes) }
    }

    /// Says that `path` (nil: standard output) cannot be written, and why; the error to throw then.
    private static func cannotWrite(_ path: String?, _ error: SystemError) -> ExitStatus {
        // TRANSLATORS: %1$s is the file, %2$s why it cannot be written (from the system).
        Output.error("medctl: " + (path.map { tr("cannot write %1$s: %2$s", $0, error.reason) }
                                   ?? tr("cannot write standard output: %1$s", error.reason)))
        return ExitStatus.failure
    }
}

/// How `history` and `adherence` print: `--format table|json|csv`, where the global `--json` means json.
enum ReportFormat: String, CaseIterable, ArgumentValue {
    case table, json, csv

    // TRANSLATORS: completes "--format pdf: expected %3$s"; table, json and csv are typed as they are.
    static var expectation: String { tr("table, json or csv") }

    /// `--format`, as history and adherence take it: `help` says what it is for.
    static func option(help: String) -> OptionSpec {
        // TRANSLATORS: %1$s says what the option is for ("How to print the report.").
        .value("format", "FORMAT", tr("%1$s table, json or csv (default: table; --json means json).", help), choices: allCases.map(\.rawValue))
    }
}

/// A verb's `--format`, for which the global `--json` stands for `json`.
protocol JSONOrTableFormat: RawRepresentable<String>, Equatable {
    static var json: Self { get }
    static var table: Self { get }
}

extension JSONOrTableFormat {
    /// The format asked for (default table); `--json` with another `--format` is a usage error.
    static func resolve(_ format: Self?, json: Bool, verb: String) throws(UsageError) -> Self {
        if json, let format, format != .json {
            throw UsageError(tr("--json contradicts --format %1$s; give one of them", format.rawValue), verb: verb)
        }
        return json ? .json : format ?? .table
    }
}

extension ReportFormat: JSONOrTableFormat {}
