import MeddCore
import MeddReport
import MeddSystem
import Systemd

/// medd-report-pdf: reads a report as JSON (`Report.json`, what `medctl report --format pdf` sends)
/// on standard input and writes it as a PDF on standard output. medctl runs it so as not to load
/// cairo and pango itself.
enum ReportPDFProgram {
    static let largestInput = 64 * 1024 * 1024

    static func run(_ arguments: [String]) -> Int32 {
        PeopleLanguage.setUp()
        if arguments == ["--version"] {
            print("medd-report-pdf \(MeddVersion.current)")
            return 0
        }
        guard arguments.isEmpty, !DescriptorIO.isTerminal(DescriptorIO.standardInput) else {
            StandardErrorDestination.write("""
                usage: medd-report-pdf < REPORT.json > REPORT.pdf
                Reads a report as JSON on standard input and writes it as a PDF; `medctl report --format pdf` runs it.
                """)
            return 2
        }
        do {
            guard let input = try DescriptorIO.readAll(DescriptorIO.standardInput, limit: largestInput) else {
                StandardErrorDestination.write("medd-report-pdf: the input is larger than \(largestInput / 1024 / 1024) MiB")
                return 1
            }
            let report = try Report(jsonBytes: input)
            let drawing = PDFReport(document: report.document(in: .current), creator: report.generator)
            let pdf = try drawing.render()
            try DescriptorIO.writeAll(pdf, to: DescriptorIO.standardOutput)
            if drawing.coverage.lacksGlyphs {
                // TRANSLATORS: a warning after the PDF report is written; the package names stay as they are.
                StandardErrorDestination.write("medd-report-pdf: " + tr("""
                    warning: no installed font has some of the characters of this report, which show as empty boxes; \
                    install one that has them (for Chinese, Japanese and Korean: the Debian package fonts-noto-cjk or \
                    fonts-wqy-microhei)
                    """))
            }
            return 0
        } catch let error as ReportDecodingError {
            StandardErrorDestination.write("medd-report-pdf: the input is not a report: \(error)")
        } catch let error as SystemError {
            StandardErrorDestination.write("medd-report-pdf: \(error)")
        } catch {
            StandardErrorDestination.write("medd-report-pdf: \(error)")
        }
        return 1
    }
}

CurrentProcess.exit(ReportPDFProgram.run(Array(CommandLine.arguments.dropFirst())))
