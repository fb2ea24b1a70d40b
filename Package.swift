// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// How the programs are linked in a release build. medd, medctl and medd-report-pdf are
/// position-dependent: less resident memory and a faster start with the Swift runtime linked in
/// (docs/packaging.md weighs it). medd-sync, which reads a network peer's answers, is
/// position-independent (the driver's default) with full RELRO, as hardening-check asks.
let positionDependent: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "-no-pie"], .when(configuration: .release))]
let fullRELRO: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "-z", "-Xlinker", "relro", "-Xlinker", "-z", "-Xlinker", "now"])]

/// Where Debian's libpango1.0-dev puts pango's and HarfBuzz's headers (see CPangoCairo below).
let pangoIncludes: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-I/usr/include/pango-1.0", "-Xcc", "-I/usr/include/harfbuzz"])]

let package = Package(
    name: "medd",
    products: [
        .executable(name: "medd", targets: ["medd"]),
        .executable(name: "medctl", targets: ["medctl"]),
        .executable(name: "medd-report-pdf", targets: ["medd-report-pdf"]),
        .executable(name: "medd-sync", targets: ["medd-sync"]),
        .library(name: "MeddCore", targets: ["MeddCore"]),
        .library(name: "MeddConfig", targets: ["MeddConfig"]),
        .library(name: "MeddStore", targets: ["MeddStore"]),
        .library(name: "Systemd", targets: ["Systemd"]),
        .library(name: "SQLite", targets: ["SQLite"]),
        .library(name: "MeddControl", targets: ["MeddControl"]),
        .library(name: "MeddSystem", targets: ["MeddSystem"]),
        .library(name: "MeddTerminal", targets: ["MeddTerminal"]),
        .library(name: "MeddCommandLine", targets: ["MeddCommandLine"]),
        .library(name: "MeddReport", targets: ["MeddReport"]),
        .library(name: "ICalendar", targets: ["ICalendar"]),
        // For Fuzz/SyncFuzz (scripts/fuzz-sync.sh), a package of its own.
        .library(name: "MeddSync", targets: ["MeddSync"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(name: "MeddCore", swiftSettings: swiftSettings),
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // pango's own pkg-config file (through gio's) asks for -pthread, a flag SwiftPM refuses with a
        // warning on every build: its two include directories are named here instead, beside cairo's flags.
        .systemLibrary(name: "CPangoCairo", pkgConfig: "cairo", providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        .target(
            name: "Systemd",
            dependencies: ["CSystemd", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .target(name: "SQLite", dependencies: ["CSQLite"], swiftSettings: swiftSettings),
        .target(name: "Curl", dependencies: ["CCurl", "Systemd"], swiftSettings: swiftSettings),
        .target(name: "XML", dependencies: ["CLibXML2"], swiftSettings: swiftSettings),
        .target(
            name: "MeddSync",
            dependencies: ["MeddCore", "MeddControl", "ICalendar", "XML", "Curl", "Systemd", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MeddCarers",
            dependencies: ["MeddCore", "MeddControl", "MeddSync", "Curl", "SQLite", "Systemd", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "medd-sync",
            dependencies: ["MeddSync", "MeddCarers", "SQLite", "MeddCommandLine", "MeddConfig", "MeddControl", "MeddCore", "MeddSystem", "Curl",
                           "Systemd",
                           .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings,
            linkerSettings: fullRELRO
        ),
        .target(name: "Cairo", dependencies: ["CPangoCairo"], swiftSettings: swiftSettings + pangoIncludes),
        .target(name: "MeddReport", dependencies: ["MeddCore", "MeddControl"], swiftSettings: swiftSettings),
        .target(name: "ICalendar", dependencies: ["MeddCore"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "medd-report-pdf",
            dependencies: ["MeddReport", "MeddCore", "MeddSystem", "Cairo", "Systemd"],
            swiftSettings: swiftSettings,
            linkerSettings: positionDependent
        ),
        .target(name: "MeddSystem", dependencies: ["MeddCore", "Systemd"], swiftSettings: swiftSettings),
        .target(name: "MeddTerminal", dependencies: ["Systemd"], swiftSettings: swiftSettings),
        .target(
            name: "MeddCommandLine",
            dependencies: ["MeddCore", "MeddSystem", "MeddTerminal", "Systemd"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MeddConfig",
            dependencies: ["MeddCore", "MeddSystem", "Systemd"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MeddControl",
            dependencies: ["MeddCore"],
            exclude: ["io.medd.Control.varlink"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MeddStore",
            dependencies: ["MeddCore", "SQLite", "Systemd"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MeddDaemon",
            dependencies: [
                "MeddCore", "MeddConfig", "MeddStore", "MeddControl", "MeddSystem", "Systemd",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "medd",
            dependencies: [
                "MeddCommandLine", "MeddCore", "MeddConfig", "MeddControl", "MeddDaemon", "MeddStore", "MeddSystem", "MeddTerminal",
                "Systemd", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings,
            linkerSettings: positionDependent
        ),
        .executableTarget(
            name: "ledger-probe",
            dependencies: ["MeddCore", "MeddStore", "MeddTestSupport"],
            path: "Tests/Tools/LedgerProbe",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "toml-probe",
            dependencies: ["MeddConfig", "MeddControl", "MeddCore", "Systemd"],
            path: "Tests/Tools/TOMLProbe",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "loop-probe",
            dependencies: ["Systemd"],
            path: "Tests/Tools/LoopProbe",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "medctl",
            dependencies: ["ICalendar", "MeddCommandLine", "MeddConfig", "MeddCore", "MeddControl", "MeddReport", "MeddSystem", "MeddTerminal", "Systemd"],
            swiftSettings: swiftSettings,
            linkerSettings: positionDependent
        ),
        .testTarget(
            name: "MeddCoreTests",
            dependencies: ["MeddCore", "MeddTestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            exclude: ["zone_differential.py", "catalog_differential.py"],
            swiftSettings: swiftSettings
        ),
        .target(name: "MeddTestSupport", dependencies: ["MeddCore"], path: "Tests/Support", swiftSettings: swiftSettings),
        .testTarget(
            name: "SystemdTests",
            dependencies: ["Systemd", "MeddCore", "MeddSystem", "MeddTestSupport", "loop-probe", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite"], swiftSettings: swiftSettings),
        .testTarget(name: "XMLTests", dependencies: ["XML"], swiftSettings: swiftSettings),
        .testTarget(name: "MeddSyncTests", dependencies: ["MeddSync", "MeddCore", "MeddControl", "ICalendar", "Curl", "MeddTestSupport"],
                    swiftSettings: swiftSettings),
        .testTarget(
            name: "MeddStoreTests",
            dependencies: ["MeddStore", "MeddCore", "MeddTestSupport", "ledger-probe", .product(name: "PropertyBased", package: "swift-property-based")],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MeddConfigTests",
            dependencies: ["MeddConfig", "MeddCore", "MeddSystem"],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MeddControlTests",
            dependencies: ["MeddControl", "MeddCore"],
            exclude: ["interface_check.py"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MeddDaemonTests",
            dependencies: ["MeddDaemon", "MeddCore", "MeddStore", "MeddControl", "Systemd", "MeddTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MeddReportTests",
            dependencies: ["MeddReport", "MeddCore", "MeddControl", "Systemd", "MeddTestSupport",
                           .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "ICalendarTests", dependencies: ["ICalendar", "MeddCore"], swiftSettings: swiftSettings),
        .testTarget(
            name: "MedctlTests",
            dependencies: ["medctl", "medd", "MeddCommandLine", "MeddCore", "MeddTerminal", "MeddTestSupport",
                           .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MeddTests",
            dependencies: ["medd", "MeddCommandLine", "MeddCore", "MeddTestSupport"],
            swiftSettings: swiftSettings
        ),
    ]
)
