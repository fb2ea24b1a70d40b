#!/usr/bin/env bash
# Compiles po/LANG.po for every language in po/LINGUAS into DIRECTORY/LANG/LC_MESSAGES/medd.mo,
# refusing a catalog msgfmt --check finds fault with (a translation whose %1$s arguments do not
# match its message's, a bad plural header).
#   scripts/build-catalogs.sh DIRECTORY
# `make` puts them beside the build's debug and release folders (.build/<triple>/share/locale), where
# the programs look: PREFIX/share/locale from PREFIX/bin.
set -euo pipefail
cd "$(dirname "$0")/.."
directory=${1:?usage: scripts/build-catalogs.sh DIRECTORY}
for language in $(grep -v '^#' po/LINGUAS); do
    mkdir -p "$directory/$language/LC_MESSAGES"
    msgfmt --check -o "$directory/$language/LC_MESSAGES/medd.mo" "po/$language.po"
done
