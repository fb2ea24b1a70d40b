import Foundation

/// Executables the package builds, found next to the running test bundle.
public enum BuiltProduct {
    /// The path of `name` in the build folder; stops the test run with a hint when it is missing.
    public static func path(_ name: String) -> String {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = here.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        fatalError("\(name) not found near \(here.path); run `swift build` first")
    }
}
