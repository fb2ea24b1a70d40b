#!/usr/bin/env bash
# Turns a staging tree from `make install DESTDIR=<stage> PREFIX=/usr` into medd_<version>_amd64.deb
# with Debian's own tools: strip, Depends: from dpkg-shlibdeps, the files Debian policy wants under
# /usr/share/doc/medd, md5sums, dpkg-deb; then lintian, which must report no error.
# Usage: scripts/build-deb.sh STAGE   (DEB_VERSION=<version> for a newer build, DEB_DIR=<dir> for where,
# DEB_COMPRESSION=gzip|none for a quicker build than xz, DEB_SKIP_LINTIAN=1 to leave lintian out)
# docs/packaging.md says why each step is the way it is.
set -euo pipefail
cd "$(dirname "$0")/.."
stage=${1:?usage: scripts/build-deb.sh STAGE}
stage=$(realpath "$stage")
packaging=packaging/deb
work=.build-deb/work
rm -rf "$work" && mkdir -p "$work/debian"

upstream=$(sed -n 's/.*static let current = "\(.*\)"/\1/p' Sources/MeddCore/MeddVersion.swift)
changelog_version=$(dpkg-parsechangelog -l "$packaging/changelog" -S Version)
if [[ ${changelog_version%-*} != "$upstream" ]]; then
    echo "build-deb: $packaging/changelog is at $changelog_version but the sources say $upstream; add a changelog entry" >&2
    exit 1
fi
version=${DEB_VERSION:-$changelog_version}
out=${DEB_DIR:-.}
deb="$out/medd_${version}_amd64.deb"

# Binaries: stripped as dh_strip does (symbols, .comment and .note sections), and without the
# RUNPATH $ORIGIN the Swift driver adds: they load no library of their own, and a search path in
# /usr/bin would only let a stray file there be loaded first.
programs=("$stage/usr/bin/medd" "$stage/usr/bin/medctl" "$stage/usr/bin/medd-sync" "$stage/usr/libexec/medd/medd-report-pdf")
for program in "${programs[@]}"; do
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$program"
    chrpath -d "$program" >/dev/null
done

# hardening-check (devscripts) on every program, as installed; medd-sync, which reads a network peer's
# answers, must pass: PIE, stack protector, full RELRO. Fortify Source and control-flow protection are
# C compiler features the Swift compiler does not have (docs/packaging.md, "Hardening").
for program in "${programs[@]}"; do
    hardening-check "$program" || true
done
hardening-check --nofortify --nocfprotection "$stage/usr/bin/medd-sync" >/dev/null \
    || { echo "build-deb: medd-sync fails hardening-check" >&2; exit 1; }


# zsh on Debian loads vendor completions from /usr/share/zsh/vendor-completions, not site-functions.
if [[ -d $stage/usr/share/zsh/site-functions ]]; then
    for completion in "$stage"/usr/share/zsh/site-functions/_*; do
        install -Dm644 "$completion" "$stage/usr/share/zsh/vendor-completions/$(basename "$completion")"
    done
    rm -r "$stage/usr/share/zsh/site-functions"
fi

# Manual pages compressed, as policy wants.
find "$stage/usr/share/man" -type f ! -name '*.gz' -exec gzip -9n {} +

# /usr/share/doc/medd: copyright, the Debian changelog, the upstream one (NEWS.md: what each release
# brought and what 1.x keeps stable), the example configuration.
doc="$stage/usr/share/doc/medd"
install -Dm644 "$packaging/copyright" "$doc/copyright"
cp "$packaging/changelog" "$work/changelog"
if [[ $version != "$changelog_version" ]]; then
    # A newer build of the same sources (the system test's upgrade): its own entry on top.
    { printf 'medd (%s) unstable; urgency=medium\n\n  * Rebuilt from the sources of %s.\n\n -- medd developers <dev@medd.invalid>  %s\n\n' \
        "$version" "$changelog_version" "$(date -R)"; cat "$packaging/changelog"; } >"$work/changelog"
fi
gzip -9n <"$work/changelog" >"$doc/changelog.Debian.gz"
chmod 644 "$doc/changelog.Debian.gz"
gzip -9n <NEWS.md >"$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"
install -Dm644 examples/medd.toml "$doc/examples/medd.toml"
install -Dm644 "$packaging/lintian-overrides" "$stage/usr/share/lintian/overrides/medd"

# Depends: the packages of the shared libraries the binaries load (dpkg-shlibdeps reads the
# symbols they use against Debian's shlibs/symbols files; medd-report-pdf brings cairo and pango), plus
# what they run or read: procps for /bin/kill (the unit's ExecReload=; minbase systems lack it), tzdata
# (medd reads zone files) and fonts-dejavu-core (the font medd-report-pdf names).
printf 'Source: medd\n\nPackage: medd\nArchitecture: amd64\n' >"$work/debian/control"
rm -rf "$stage/DEBIAN" && install -d "$stage/DEBIAN"  # marks the package root for dpkg-shlibdeps
shlibs=$(cd "$work" && dpkg-shlibdeps -O "${programs[@]}" | sed -n 's/^shlibs:Depends=//p')
[[ -n $shlibs ]] || { echo "build-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
depends="$shlibs, procps, tzdata, fonts-dejavu-core"

# Installed-Size as dpkg-gencontrol counts it: KiB per file rounded up, 1 per directory or link.
installed_size=$(find "$stage" -mindepth 1 ! -path "$stage/DEBIAN*" -printf '%y %s\n' \
    | awk '{ total += ($1 == "f") ? int(($2 + 1023) / 1024) : 1 } END { print total }')

sed -e "s/@VERSION@/$version/" -e "s/@INSTALLED_SIZE@/$installed_size/" -e "s/@DEPENDS@/$depends/" \
    "$packaging/control.in" >"$stage/DEBIAN/control"
(cd "$stage" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum) \
    >"$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"
# After an upgrade, each user's running medd and medd-sync restart into the new version.
install -m755 "$packaging/postinst" "$stage/DEBIAN/postinst"
find "$stage" -type d -exec chmod 755 {} +

mkdir -p "$out"
dpkg-deb --root-owner-group "-Z${DEB_COMPRESSION:-xz}" --build "$stage" "$deb" >/dev/null
echo "build-deb: $deb ($(du -k "$deb" | cut -f1) KiB; Installed-Size: $installed_size KiB)"
echo "build-deb: Depends: $depends"
echo "$deb" >.build-deb/package

# lintian: no error may remain; the warnings left are explained in docs/packaging.md.
if [[ -z ${DEB_SKIP_LINTIAN:-} ]]; then
    if ! command -v lintian >/dev/null; then
        echo "build-deb: lintian is not installed (scripts/setup.sh installs it)" >&2
        exit 1
    fi
    lintian --allow-root --no-tag-display-limit --info "$deb" | tee .build-deb/lintian.txt
    if grep -q '^E: ' .build-deb/lintian.txt; then
        echo "build-deb: lintian reports errors in $deb" >&2
        exit 1
    fi
fi
