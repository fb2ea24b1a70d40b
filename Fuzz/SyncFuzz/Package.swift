// swift-tools-version: 6.1
// The libFuzzer target for what medd-sync reads from a CalDAV server (WebDAV multistatus XML and the
// iCalendar objects in it), kept out of the main package: its entry point is `LLVMFuzzerTestOneInput`
// with libFuzzer's `main`, which a plain `swift build` of medd could not link.
// Built only by scripts/fuzz-sync.sh (see there for the flags).
import Foundation
import PackageDescription

// A path dependency is named by its directory (`main`, `wt-fuzz`, ...), not by its package name.
let meddDirectory = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let medd = meddDirectory.lastPathComponent.lowercased()

let package = Package(
    name: "SyncFuzz",
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "SyncFuzz",
            dependencies: [
                // MeddSync brings XML (over libxml2), and Curl and Systemd, which the fuzz target never calls.
                .product(name: "MeddSync", package: medd),
                .product(name: "ICalendar", package: medd),
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
