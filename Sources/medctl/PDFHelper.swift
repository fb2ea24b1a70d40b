import MeddControl
import MeddCore
import MeddReport
import Systemd

/// medd-report-pdf, the program that draws a report's PDF. It links cairo and pango, which cost every
/// medctl start several milliseconds and some forty libraries, so medctl hands it the report as JSON
/// instead of drawing itself.
enum PDFHelper {
    static let programName = "medd-report-pdf"
    /// A PDF larger than this is taken as a fault of the program.
    static let largestPDF = 256 * 1024 * 1024

    /// Where medctl looks for it: beside its own executable (a build tree, or an installation that puts
    /// both in one directory), then `../libexec/medd/` from there (`make install`, the Debian package).
    static func candidates(executable: String?) -> [String] {
        guard let executable, let slash = executable.lastIndex(of: "/") else { return [] }
        let directory = String(executable[..<slash])
        let parent = directory.lastIndex(of: "/").map { String(directory[..<$0]) } ?? ""
        return ["\(directory)/\(programName)", "\(parent)/libexec/medd/\(programName)"]
    }

    /// The report as a PDF, drawn by medd-report-pdf.
    static func draw(_ report: Report) throws -> [UInt8] {
        let executable = try? CurrentProcess.executablePath()
        let places = candidates(executable: executable)
        guard let path = places.first(where: CurrentProcess.canExecute) else {
            // TRANSLATORS: %1$s is the program's name (medd-report-pdf).
            let message = places.isEmpty ? tr("""
                report --format pdf needs %1$s, which is not installed beside medctl (medctl could not read its own path, \
                /proc/self/exe); --format html needs nothing else
                """, programName)
                // TRANSLATORS: %1$s is the program's name (medd-report-pdf), %2$s and %3$s the two paths where medctl looked for it.
                : tr("""
                    report --format pdf needs %1$s, which is not installed beside medctl (looked at %2$s and %3$s); \
                    --format html needs nothing else
                    """, programName, places[0], places.dropFirst().joined(separator: ", "))
            Output.error("medctl: " + message)
            throw ExitStatus(code: 69)
        }
        let result: FilterProgram.Result
        do {
            result = try FilterProgram.run(path, arguments: [programName], environment: environment(), input: report.json.serialized,
                                           outputLimit: largestPDF)
        } catch {
            // TRANSLATORS: %1$s is a program's path, %2$s why it could not be run.
            Output.error("medctl: " + tr("cannot run %1$s: %2$s", path, error.reason))
            throw ExitStatus(code: 69)
        }
        switch result.termination {
        case .exited(0) where !result.truncated && result.output.starts(with: Array("%PDF-".utf8)):
            return result.output
        case .exited(0) where result.truncated:
            // TRANSLATORS: %1$s is a program's path, %2$d the most mebibytes medctl takes from it.
            Output.error("medctl: " + tr("%1$s did not write a PDF (more than %2$d MiB)", path, String(largestPDF / 1024 / 1024)))
        case .exited(0):
            // TRANSLATORS: %1$s is a program's path.
            Output.error("medctl: " + tr("%1$s did not write a PDF", path))
        case .exited(let code):
            // TRANSLATORS: %1$s is a program's path, %2$d its exit status; what it wrote to standard error is on the lines above.
            Output.error("medctl: " + tr("%1$s failed (exit status %2$d); what it said is above", path, String(code)))
        case .signalled(let signal):
            // TRANSLATORS: %1$s is a program's path, %2$s the signal ("signal 9").
            Output.error("medctl: " + tr("%1$s was killed by %2$s", path, "\(signal)"))
        }
        throw ExitStatus.failure
    }

    private static func environment() -> [String] {
        ProcessEnvironment.variables.map { "\($0.key)=\($0.value)" }
    }
}
