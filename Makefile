# The README's two commands: `make demo` and `make test`.
SWIFT ?= swift
CONFIG ?= examples/medd.toml

.PHONY: pot po catalogs setup build demo test test-swift test-e2e check-no-foundation test-system deb install install-docs uninstall bench-planner bench-ledger bench-daemon bench-reload bench-medctl bench-sync clean

PREFIX ?= $(HOME)/.local
# User units and the journal catalog: a user manager's search path and medd's own data directory
# under ~/.local; the distribution's directories under /usr (what the Debian package holds).
ifeq ($(PREFIX),/usr)
USER_UNIT_DIR ?= $(PREFIX)/lib/systemd/user
CATALOG_DIR ?= $(PREFIX)/lib/systemd/catalog
else
USER_UNIT_DIR ?= $(PREFIX)/share/systemd/user
CATALOG_DIR ?= $(PREFIX)/share/medd
endif
USER_UNITS = $(DESTDIR)$(USER_UNIT_DIR)

setup:
	scripts/setup.sh

# Release binaries link the Swift runtime statically. medd, medctl and medd-report-pdf are not
# position-independent (less resident memory and a faster start, docs/benchmarks.md); medd-sync is, with
# full RELRO: Package.swift sets both, docs/packaging.md ("Hardening") weighs them.
RELEASE_FLAGS = -c release --static-swift-stdlib

# One invocation for every product: building them one by one with these flags relinks each time.
build: setup
	$(SWIFT) build $(RELEASE_FLAGS)
	scripts/build-catalogs.sh .build/release/../share/locale

# Translations (po/, the languages in po/LINGUAS). `make pot` writes the template po/medd.pot from the
# sources (scripts/make-pot.py; a test fails while it is stale); `make po` merges it into every
# po/LANG.po; `make catalogs` compiles them (msgfmt --check) beside the debug and release builds, in
# .build/<triple>/share/locale, where the programs look (PREFIX/share/locale from PREFIX/bin).
LANGUAGES = $(shell grep -v '^\#' po/LINGUAS)
pot:
	python3 scripts/make-pot.py
po: pot
	for language in $(LANGUAGES); do msgmerge --quiet --update --backup=none --width=100 po/$$language.po po/medd.pot || exit 1; done
catalogs:
	scripts/build-catalogs.sh "$$($(SWIFT) build --show-bin-path)/../share/locale"

# Validates the demo configuration, prints its next day of doses, then runs medd on it in the
# foreground with its clock five seconds before today's 08:00 dose (Ctrl-C stops it).
demo: build
	.build/release/medctl check --config $(CONFIG)
	.build/release/medctl plan --config $(CONFIG) --days 1
	CONFIG=$(CONFIG) scripts/demo.sh

test: setup test-swift test-e2e check-no-foundation test-system

# scripts/test-swift.sh repeats the failures at the end of its output.
test-swift:
	SWIFT=$(SWIFT) scripts/test-swift.sh

# The daemon end to end: a real journald, medd as a subprocess, the PyPI varlink client. The files run
# E2E_JOBS at a time (pytest-xdist; each file's tests on one worker, in order): every test has its own
# daemon, directories, buses, displays and ports. Those marked `alone` change what the others run on
# (the wall clock, /etc/localtime, the build's translations) and run afterwards, by themselves.
E2E_JOBS ?= 2
test-e2e:
	$(SWIFT) build --product medd
	$(SWIFT) build --product medd-sync
	$(SWIFT) build --product toml-probe
	$(MAKE) catalogs
	MEDD_BIN_DIR=$$($(SWIFT) build --show-bin-path) python3 -m pytest -v -rs --durations=25 -n $(E2E_JOBS) --dist loadfile -m "not alone" Tests/EndToEnd
	MEDD_BIN_DIR=$$($(SWIFT) build --show-bin-path) python3 -m pytest -v -rs --durations=10 -m alone Tests/EndToEnd

# The release binaries, as users get them, must link no part of Foundation (FoundationEssentials
# included), no ICU, no Dispatch and no regex engine: scripts/check-no-foundation.sh reads their
# symbols and names the object files at fault.
check-no-foundation: build
	scripts/check-no-foundation.sh .build/release/medd .build/release/medctl .build/release/medd-report-pdf .build/release/medd-sync

# Binaries in PREFIX/bin, user units in USER_UNIT_DIR, the journal catalog in CATALOG_DIR (see
# above; `make deb` installs with PREFIX=/usr into a staging tree). medd-report-pdf, which draws
# `medctl report --format pdf` with cairo and pango, goes to PREFIX/libexec/medd, where medctl looks
# (../libexec/medd from its own directory). Then:
#   systemctl --user daemon-reload && systemctl --user enable --now medd.socket
install: build
	install -Dm755 .build/release/medd $(DESTDIR)$(PREFIX)/bin/medd
	install -Dm755 .build/release/medctl $(DESTDIR)$(PREFIX)/bin/medctl
	install -Dm755 .build/release/medd-sync $(DESTDIR)$(PREFIX)/bin/medd-sync
	install -Dm755 .build/release/medd-report-pdf $(DESTDIR)$(PREFIX)/libexec/medd/medd-report-pdf
	install -d $(USER_UNITS)
	sed 's|%h/.local/bin/medd|$(PREFIX)/bin/medd|' units/medd.service >$(USER_UNITS)/medd.service
	install -m644 units/medd.socket $(USER_UNITS)/medd.socket
	sed 's|%h/.local/bin/medd-sync|$(PREFIX)/bin/medd-sync|' units/medd-sync.service >$(USER_UNITS)/medd-sync.service
	install -Dm644 -t $(DESTDIR)$(CATALOG_DIR) units/medd.catalog $(wildcard units/medd.*.catalog)
	for language in $(LANGUAGES); do \
		install -Dm644 .build/release/../share/locale/$$language/LC_MESSAGES/medd.mo \
			$(DESTDIR)$(PREFIX)/share/locale/$$language/LC_MESSAGES/medd.mo || exit 1; \
	done
	$(MAKE) install-docs

# The man pages medctl(1), medd.toml(5), medd(8) and medd-sync(8), hand-written in man/, and medd's,
# medctl's and medd-sync's shell completions, which each writes from the option (and verb) tables its
# parser reads.
MAN_PAGES = $(DESTDIR)$(PREFIX)/share/man/man1/medctl.1 $(DESTDIR)$(PREFIX)/share/man/man5/medd.toml.5 \
	$(DESTDIR)$(PREFIX)/share/man/man8/medd.8 $(DESTDIR)$(PREFIX)/share/man/man8/medd-sync.8
install-docs:
	install -Dm644 man/medctl.1 $(DESTDIR)$(PREFIX)/share/man/man1/medctl.1
	install -Dm644 man/medd.toml.5 $(DESTDIR)$(PREFIX)/share/man/man5/medd.toml.5
	install -Dm644 man/medd.8 $(DESTDIR)$(PREFIX)/share/man/man8/medd.8
	install -Dm644 man/medd-sync.8 $(DESTDIR)$(PREFIX)/share/man/man8/medd-sync.8
	install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	.build/release/medctl --generate-completion-script bash >$(DESTDIR)$(PREFIX)/share/bash-completion/completions/medctl
	.build/release/medctl --generate-completion-script zsh >$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_medctl
	.build/release/medctl --generate-completion-script fish >$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/medctl.fish
	.build/release/medd --generate-completion-script bash >$(DESTDIR)$(PREFIX)/share/bash-completion/completions/medd
	.build/release/medd --generate-completion-script zsh >$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_medd
	.build/release/medd --generate-completion-script fish >$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/medd.fish
	.build/release/medd-sync --generate-completion-script bash >$(DESTDIR)$(PREFIX)/share/bash-completion/completions/medd-sync
	.build/release/medd-sync --generate-completion-script zsh >$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_medd-sync
	.build/release/medd-sync --generate-completion-script fish >$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/medd-sync.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/medd $(DESTDIR)$(PREFIX)/bin/medctl $(DESTDIR)$(PREFIX)/bin/medd-sync \
		$(DESTDIR)$(PREFIX)/libexec/medd/medd-report-pdf
	rmdir --ignore-fail-on-non-empty $(DESTDIR)$(PREFIX)/libexec/medd 2>/dev/null || true
	rm -f $(USER_UNITS)/medd.service $(USER_UNITS)/medd.socket $(USER_UNITS)/medd-sync.service
	rm -f $(DESTDIR)$(CATALOG_DIR)/medd.catalog $(DESTDIR)$(CATALOG_DIR)/medd.*.catalog
	for language in $(LANGUAGES); do rm -f $(DESTDIR)$(PREFIX)/share/locale/$$language/LC_MESSAGES/medd.mo; done
	rm -f $(MAN_PAGES)
	rm -f $(DESTDIR)$(PREFIX)/share/bash-completion/completions/medctl $(DESTDIR)$(PREFIX)/share/bash-completion/completions/medd \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_medctl $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_medd \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/medctl.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/medd.fish \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/medd-sync $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_medd-sync \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/medd-sync.fish

# The Debian package medd_<version>_amd64.deb, in this directory: `make install` into a staging tree
# with PREFIX=/usr, then scripts/build-deb.sh (strip, control file with dpkg-shlibdeps, doc files,
# dpkg-deb, lintian). docs/packaging.md says why and what it holds. DEB_VERSION=<version> builds a
# newer package of the same binaries, DEB_DIR=<dir> puts it elsewhere (the system test does both).
DEB_STAGE = $(CURDIR)/.build-deb/stage
deb: build
	rm -rf $(DEB_STAGE)
	$(MAKE) install DESTDIR=$(DEB_STAGE) PREFIX=/usr
	scripts/build-deb.sh $(DEB_STAGE)

# The package on a clean Debian 13, the current stable (MEDD_SYSTEM_SUITE=bookworm: Debian 12), booted with
# systemd as PID 1 (systemd-nspawn): install, German through the installed catalogs, socket
# activation, reload, restart after kill -9, a blood-pressure reading, a dose, a clean stop, upgrade,
# purge. Needs root (skips loudly without it); about 4 minutes on 2 cores (the scenario 2–4 minutes, most
# of it building the newer medd for the upgrade), plus 50 s for debootstrap when .build-system has no tree.
test-system: deb
	Tests/System/run.sh

clean:
	rm -rf .build

# Planner: 56,000-dose horizon (ordo-one/benchmark; the first build takes about 2 minutes).
bench-planner:
	cd Benchmarks && swift package benchmark --target PlannerBenchmark --no-progress

# Ledger: adherence over a year, rebuild, durable commit (109,500 events).
bench-ledger:
	cd Benchmarks && swift package benchmark --target LedgerBenchmark --no-progress

# Daemon: fire lateness (+ the journald floor under it), idle wake-ups, RSS, Taken round trips,
# start-up (also over 0, 1 and 10 years of history), due -> desktop Notify (dunst on Xvfb, from scripts/setup.sh); about 6 minutes.
# Python 3 scripts in Benchmarks/daemon/ over Tests/EndToEnd/harness.py (needs journald: as root it
# starts one; and the PyPI `varlink` package the harness imports). Results: docs/benchmarks.md.
# BENCH_SWIFT_FLAGS="--scratch-path .build-bench" builds away from .build.
BENCH_SWIFT_FLAGS ?=
DAEMON_BENCHMARKS ?= fire_lateness journald_floor idle_wakeups rss taken_roundtrip startup history_startup downtime_startup notify_latency backup
bench-daemon:
	$(SWIFT) build $(RELEASE_FLAGS) --product medd $(BENCH_SWIFT_FLAGS)
	export MEDD_BIN_DIR="$$($(SWIFT) build $(RELEASE_FLAGS) --product medd $(BENCH_SWIFT_FLAGS) --show-bin-path)" && \
	for b in $(DAEMON_BENCHMARKS); do python3 Benchmarks/daemon/$$b.py || exit 1; done

# Configuration reloads: medd's resident memory before and after 1,000 `Reload` calls on examples/medd.toml
# (target: at most 64 KB more); under a minute. Results: docs/benchmarks.md.
bench-reload:
	$(SWIFT) build $(RELEASE_FLAGS) --product medd $(BENCH_SWIFT_FLAGS)
	MEDD_BIN_DIR="$$($(SWIFT) build $(RELEASE_FLAGS) --product medd $(BENCH_SWIFT_FLAGS) --show-bin-path)" python3 Benchmarks/daemon/reload_rss.py

# medd-sync against Radicale on loopback (scripts/setup.sh installs it, caldav and dbus-next): phone -> desktop
# and medctl -> server latency with medd-sync's memory (sync_latency.py, about 8 minutes), then an idle
# hour through a counting proxy (sync_idle.py): requests and bytes per hour, medd-sync's memory, medd's
# wake-ups with medd-sync following it. SYNC_IDLE_SECONDS=600 shortens the hour. Results: docs/benchmarks.md.
SYNC_IDLE_SECONDS ?= 3600
bench-sync:
	$(SWIFT) build $(RELEASE_FLAGS) $(BENCH_SWIFT_FLAGS)
	export MEDD_BIN_DIR="$$($(SWIFT) build $(RELEASE_FLAGS) $(BENCH_SWIFT_FLAGS) --show-bin-path)" && \
	python3 Benchmarks/daemon/sync_latency.py && python3 Benchmarks/daemon/sync_idle.py --seconds $(SYNC_IDLE_SECONDS)

# medctl: `medctl status` wall time and peak RSS beside `notify-send --help` and `notify-send` (dunst on
# Xvfb), and both binaries' stripped sizes; then over a ledger of ten years the exports, `Effect` and
# `medctl report` (export_years, effect_years, report_years); a few minutes.
bench-medctl:
	$(SWIFT) build $(RELEASE_FLAGS) $(BENCH_SWIFT_FLAGS)
	export MEDD_BIN_DIR="$$($(SWIFT) build $(RELEASE_FLAGS) $(BENCH_SWIFT_FLAGS) --show-bin-path)" && \
	python3 Benchmarks/medctl/status_vs_notify_send.py && \
	for b in export_years effect_years report_years; do python3 Benchmarks/daemon/$$b.py || exit 1; done
