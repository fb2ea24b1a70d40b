// swift-tools-version: 6.1
// The libFuzzer target for the configuration loader, kept out of the main package: its entry point is
// `LLVMFuzzerTestOneInput` with libFuzzer's `main`, which a plain `swift build` of medd could not link.
// Built only by scripts/fuzz-config.sh (see there for the flags).
import Foundation
import PackageDescription

// A path dependency is named by its directory (`main`, `wt-fuzz`, ...), not by its package name.
let meddDirectory = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let medd = meddDirectory.lastPathComponent.lowercased()

let package = Package(
    name: "ConfigFuzz",
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "ConfigFuzz",
            dependencies: [
                .product(name: "MeddConfig", package: medd),
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
