// swift-tools-version: 6.1
// Benchmarks for medd, kept out of the root package so its build and CI never pay for them.
import PackageDescription

let package = Package(
    name: "medd-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "medd", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "PlannerBenchmark",
            dependencies: [
                .product(name: "MeddCore", package: "medd"),
                .product(name: "MeddConfig", package: "medd"),
                .product(name: "MeddSystem", package: "medd"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/PlannerBenchmark",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "LedgerBenchmark",
            dependencies: [
                .product(name: "MeddCore", package: "medd"),
                .product(name: "MeddStore", package: "medd"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/LedgerBenchmark",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
