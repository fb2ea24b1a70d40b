#!/usr/bin/env bash
# Installs what building and testing medd needs on a Debian machine that has Swift 6.
# Safe to run again: it installs only what is missing.
set -euo pipefail

packages=(systemd tzdata sqlite3 libsqlite3-dev libsystemd-dev pkg-config)
# Rendering the man pages in man/ with warnings on (Tests/EndToEnd/test_manpages.py): man and groff.
packages+=(man-db groff-base)
# The desktop-notification end-to-end tests (Tests/EndToEnd/desktop.py): a private session bus (dbus-daemon,
# and dbus-send, which dunstctl runs), dunst and GNOME's notification-daemon on an Xvfb display, xdotool to
# click a notification's button, ImageMagick's import for screenshots, notify-send, and a readable font.
packages+=(dbus-daemon dbus-bin xvfb dunst notification-daemon xdotool imagemagick libnotify-bin fonts-dejavu-core)
# `medctl report --format pdf`: medd-report-pdf draws with cairo and pango (their -dev packages to build it);
# its tests read the PDF back with poppler's pdftotext, pdfinfo and pdftoppm, compile an en_US locale with
# localedef (from locales) for the LC_PAPER default, and scripts/screenshot-report.py renders the HTML with
# headless Chromium.
packages+=(libcairo2-dev libpango1.0-dev poppler-utils locales chromium)
# A backup onto a vfat image, as on a USB stick (Tests/EndToEnd/test_backup.py): mkfs.vfat.
packages+=(dosfstools)
# GNU time, for the peak memory of the commands Benchmarks/medctl compares.
packages+=(time)
# The shells whose completion scripts medctl writes, to check each script parses (bash is always there).
packages+=(zsh fish)
# medctl edit in a real terminal (Tests/EndToEnd/test_config_edit.py: vim driven by keystrokes in tmux), and
# strace, which kills medctl on entry to each system call of a replacement of medd.toml.
packages+=(tmux vim strace)
# The Debian package (make deb: strip, chrpath, dpkg-shlibdeps, dpkg-deb, lintian) and its system test
# (Tests/System: debootstrap a Debian 12 tree, boot it with systemd-nspawn, enter it with nsenter).
packages+=(binutils chrpath devscripts dpkg-dev lintian debootstrap systemd-container util-linux procps)
# Journals of several machines: systemd-journal-remote and -upload (Tests/EndToEnd/test_journal_remote.py ships
# one "host"'s journal to another; the Swift tests write journal files with systemd-journal-remote), and
# iproute2 for the test's network namespaces (ip netns, ss); util-linux above has its nsenter and unshare.
packages+=(systemd-journal-remote iproute2)
# Real CalDAV servers on loopback for medd-sync's tests (Tests/EndToEnd/caldav_servers.py): Radicale, with a
# password file written by htpasswd (apache2-utils), and Xandikos.
packages+=(radicale apache2-utils xandikos)
# HTTP Digest and Basic authentication in front of Radicale (Tests/EndToEnd/apache_proxy.py): Apache 2 with
# mod_auth_digest, mod_auth_basic and mod_proxy_http, run by the tests in the foreground as a reverse proxy.
packages+=(apache2)
# A third-party client reading medd-sync's collection back into a folder of .ics files
# (Tests/EndToEnd/test_sync_vdirsyncer.py): vdirsyncer.
packages+=(vdirsyncer)
# medd-sync itself: libcurl (OpenSSL flavour) for HTTP and libxml2 for the servers' answers, their -dev packages
# to build it.
packages+=(libcurl4-openssl-dev libxml2-dev)
# The translations (po/): gettext's msgcat, msgmerge and msgfmt make the template and the catalogs; a CJK font
# lets the PDF report be drawn in Chinese (the package Recommends one).
packages+=(gettext fonts-wqy-microhei)
# Carers' messages (Tests/EndToEnd/test_carers.py): Apprise as a carer's `command`, sending to a local endpoint.
packages+=(apprise)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if ((${#missing[@]})); then
    if [[ $(id -u) -ne 0 ]]; then
        echo "setup: missing Debian packages: ${missing[*]}" >&2
        echo "setup: run as root, or: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
    echo "setup: installing ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
fi

if ! command -v swift >/dev/null; then
    echo "setup: no swift on PATH; install Swift 6.1 or later (swift.org) and add it to PATH" >&2
    exit 1
fi

# The end-to-end tests and the Varlink IDL check use the reference Python varlink client and pytest;
# the desktop-notification tests use dbus-next (a D-Bus client, and the fake notification server);
# the medctl export tests read iCalendar files back with icalendar; the CalDAV tests' "phone" is a caldav client;
# the carers' tests take mail with aiosmtpd, a real SMTP server.
if ! command -v python3 >/dev/null; then
    echo "setup: no python3 on PATH; install python3 and python3-pip" >&2
    exit 1
fi
# pytest-xdist: make test-e2e runs the end-to-end files two at a time.
python_modules="varlink, pytest, xdist, dbus_next, icalendar, caldav, fhir.resources, aiosmtpd"
python_packages="varlink pytest pytest-xdist dbus-next icalendar caldav fhir.resources aiosmtpd"
if ! python3 -c "import $python_modules" 2>/dev/null; then
    echo "setup: installing the Python packages $python_packages"
    # shellcheck disable=SC2086
    python3 -m pip install --quiet $python_packages 2>/dev/null \
        || python3 -m pip install --quiet --break-system-packages $python_packages \
        || { echo "setup: cannot install $python_packages: python3 -m pip install $python_packages" >&2; exit 1; }
    python3 -c "import $python_modules" \
        || { echo "setup: installed $python_packages, but python3 still cannot import them" >&2; exit 1; }
fi
