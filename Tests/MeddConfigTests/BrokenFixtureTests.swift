import Foundation
import MeddConfig
import Testing

/// Every `Fixtures/broken/NN-name.toml` must fail with exactly the lines of its `.expected` sibling.
struct BrokenFixtureTests {
    /// Each broken fixture yields exactly its expected diagnostics, in file order.
    @Test(arguments: Fixtures.names(in: "broken"))
    func brokenFixtureReportsExpectedErrors(name: String) throws {
        let text = try Fixtures.text("broken", name + ".toml")
        let expected = try Fixtures.text("broken", name + ".expected")
            .split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let result = ConfigLoader.parse(text, path: name + ".toml")
        guard case .failure(let errors) = result else {
            Issue.record("\(name).toml was accepted but should fail")
            return
        }
        #expect(errors.diagnostics.map(\.description) == expected)
    }

    /// There are at least 35 broken fixtures and each has its expectation file.
    @Test func brokenFixturesAreComplete() throws {
        let names = Fixtures.names(in: "broken")
        #expect(names.count >= 35)
        for name in names {
            #expect((try? Fixtures.text("broken", name + ".expected")) != nil, "\(name).expected is missing")
        }
    }
}
