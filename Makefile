# The README's two commands: `make demo` and `make test`.
SWIFT ?= swift
CONFIG ?= examples/medd.toml

.PHONY: setup build demo test bench-planner bench-ledger clean

setup:
	scripts/setup.sh

build: setup
	$(SWIFT) build -c release --product medctl

# Validates the demo configuration and prints the next two days of doses it yields.
demo: build
	.build/release/medctl check --config $(CONFIG)
	.build/release/medctl plan --config $(CONFIG) --days 2

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test

clean:
	rm -rf .build

# Planner: 56,000-dose horizon (ordo-one/benchmark; the first build takes about 2 minutes).
bench-planner:
	cd Benchmarks && swift package benchmark --target PlannerBenchmark --no-progress

# Ledger: adherence over a year, rebuild, durable commit (109,500 events).
bench-ledger:
	cd Benchmarks && swift package benchmark --target LedgerBenchmark --no-progress
