import Foundation

/// Finds and reads the files under `Fixtures/` in the test bundle.
enum Fixtures {
    static var root: URL {
        guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            fatalError("the Fixtures folder is missing from the test bundle")
        }
        return url
    }

    /// The base names (without extension) of the `.toml` files in `folder`, sorted.
    static func names(in folder: String) -> [String] {
        let directory = root.appendingPathComponent(folder)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(5)) }.sorted()
    }

    static func text(_ folder: String, _ file: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(file), encoding: .utf8)
    }

    /// The path of the repository's `examples/medd.toml`.
    static var exampleConfigPath: String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/medd.toml").path
    }
}
