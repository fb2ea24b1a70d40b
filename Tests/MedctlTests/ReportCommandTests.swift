import MeddCommandLine
import MeddReport
import Testing
@testable import medctl

/// `medctl report`'s choices made before any daemon is asked: the format, the paper, where medd-report-pdf is.
@Suite struct ReportCommandTests {
    /// Without --format, the output file's extension names the format; any other extension names none.
    @Test func formatFromTheFileName() {
        #expect(ReportCommand.Format(fileName: "report.pdf") == .pdf)
        #expect(ReportCommand.Format(fileName: "/tmp/Report.PDF") == .pdf)
        #expect(ReportCommand.Format(fileName: "report.html") == .html)
        #expect(ReportCommand.Format(fileName: "report.htm") == .html)
        for name in ["report.txt", "report", "pdf", "report.pdf.gz"] { #expect(ReportCommand.Format(fileName: name) == nil, "\(name)") }
    }

    /// The helper is looked for beside medctl, then in ../libexec/medd/ from medctl's directory.
    @Test func helperPlaces() {
        #expect(PDFHelper.candidates(executable: "/usr/bin/medctl") == ["/usr/bin/medd-report-pdf", "/usr/libexec/medd/medd-report-pdf"])
        #expect(PDFHelper.candidates(executable: "/home/u/.local/bin/medctl")
            == ["/home/u/.local/bin/medd-report-pdf", "/home/u/.local/libexec/medd/medd-report-pdf"])
        #expect(PDFHelper.candidates(executable: nil).isEmpty)
    }

    /// US letter where the locale's paper is 216 × 279 mm, A4 for A4, any other size and none at all.
    @Test func paperFromTheLocale() {
        #expect(Paper(localeWidth: 216, height: 279) == .letter)
        #expect(Paper(localeWidth: 210, height: 297) == .a4)
        #expect(Paper(localeWidth: 0, height: 0) == .a4)
        #expect(Paper(argument: "letter") == .letter && Paper(argument: "A4") == nil)
    }
}
