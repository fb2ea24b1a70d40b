import MeddControl
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
            let looked = places.isEmpty ? "medctl could not read its own path (/proc/self/exe)" : "looked at " + places.joined(separator: " and ")
            Output.error("medctl: report --format pdf needs \(programName), which is not installed beside medctl (\(looked)); "
                         + "--format html needs nothing else")
            throw ExitStatus(code: 69)
        }
        let result: FilterProgram.Result
        do {
            result = try FilterProgram.run(path, arguments: [programName], environment: environment(), input: report.json.serialized,
                                           outputLimit: largestPDF)
        } catch {
            Output.error("medctl: cannot run \(path): \(error.reason)")
            throw ExitStatus(code: 69)
        }
        switch result.termination {
        case .exited(0) where !result.truncated && result.output.starts(with: Array("%PDF-".utf8)):
            return result.output
        case .exited(0):
            Output.error("medctl: \(path) did not write a PDF" + (result.truncated ? " (more than \(largestPDF / 1024 / 1024) MiB)" : ""))
        case .exited(let code):
            Output.error("medctl: \(path) failed (exit status \(code)); what it said is above")
        case .signalled(let signal):
            Output.error("medctl: \(path) was killed by \(signal)")
        }
        throw ExitStatus.failure
    }

    private static func environment() -> [String] {
        ProcessEnvironment.variables.map { "\($0.key)=\($0.value)" }
    }
}
