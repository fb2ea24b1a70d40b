import Foundation
import MeddCore
import Testing
@testable import MeddReport

/// The HTML file: self-contained, escaped, sized for its paper, with the report's numbers.
@Suite struct HTMLReportTests {
    static func html(_ input: ReportInput = ReportFixture.input()) -> String {
        let report = Report(input)
        return HTMLReport.render(report.document(in: .english), generator: report.generator)
    }

    /// Text from the ledger is escaped everywhere: in elements, in the title, in SVG.
    @Test func textIsEscaped() {
        var input = ReportFixture.input()
        input.medications[1].name = "Rami<script>alert(1)</script>\u{7}pril"
        input.people = [Person(id: "anna", name: "Anna \"A&B\" <Example>")]
        let html = Self.html(input)
        #expect(html.contains("after &lt;dinner&gt; &amp; &quot;tea&quot;"))
        #expect(!html.contains("<dinner>") && !html.contains("<script") && !html.contains("<Example>"))
        #expect(html.contains("Rami&lt;script&gt;alert(1)&lt;/script&gt; pril"))
        #expect(html.contains("<title>Medication report — Anna &quot;A&amp;B&quot; &lt;Example&gt;"))
        #expect(HTMLReport.escape("a'b\u{0}c\nd") == "a&#39;b c\nd")
    }

    /// Nothing is fetched: no script, no link, no URL but SVG's namespace.
    @Test func selfContained() {
        let html = Self.html()
        for forbidden in ["<script", "<link", "<img", "<iframe", "url(", "@import", "src="] { #expect(!html.contains(forbidden), "\(forbidden)") }
        let urls = html.components(separatedBy: "http").dropFirst().map { String($0.prefix(24)) }
        #expect(!urls.isEmpty && urls.allSatisfy { $0.hasPrefix("://www.w3.org/2000/svg") })
    }

    /// The print style sheet names the paper.
    @Test func paperSize() {
        #expect(Self.html().contains("@page { size: A4; margin: 15mm; }"))
        #expect(Self.html(ReportFixture.input(paper: .letter)).contains("@page { size: letter; margin: 15mm; }"))
    }

    /// The summary table has each medication's counts and share, as `medctl adherence` prints them.
    @Test func summaryHasTheCounts() {
        let html = Self.html()
        #expect(html.contains("<td><strong>Metformin</strong> 500 mg</td><td>08:00, 20:00</td><td class=\"num\">2</td>"
            + "<td class=\"num\">1</td><td class=\"num\">1</td><td class=\"num\">1</td><td class=\"num\"><strong>60.0%</strong></td>"))
        #expect(html.contains("<td class=\"num\"><strong>100.0%</strong></td>"))
        #expect(html.components(separatedBy: "<svg ").count - 1 == 3 + 2 + 2)  // bars, calendar and legend, charts
    }
}
