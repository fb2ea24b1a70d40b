// swift-tools-version: 6.1
// The libFuzzer target for the readings parsers (values, targets, reading counts, recorded readings) and the CSV
// reader, kept out of the main package: its entry point is `LLVMFuzzerTestOneInput` with libFuzzer's `main`, which a
// plain `swift build` of medd could not link. Built only by scripts/fuzz-readings.sh (see there for the flags).
import Foundation
import PackageDescription

// A path dependency is named by its directory (`main`, `wt-fuzz`, ...), not by its package name.
let meddDirectory = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let medd = meddDirectory.lastPathComponent.lowercased()

let package = Package(
    name: "ReadingsFuzz",
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "ReadingsFuzz",
            dependencies: [
                .product(name: "MeddCore", package: medd),
            ],
            swiftSettings: [
                .swiftLanguageMode(.v6),
                .enableUpcomingFeature("ExistentialAny"),
                // No `main` of its own: libFuzzer's drives `LLVMFuzzerTestOneInput`.
                .unsafeFlags(["-parse-as-library"]),
            ]
        ),
    ]
)
