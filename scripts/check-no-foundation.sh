#!/usr/bin/env bash
# Fails when a medd or medctl binary links ICU or full Foundation (FoundationEssentials is fine): ICU's
# data alone is 34 MB of the package and megabytes of resident memory, and a command-line client
# answering in a few milliseconds cannot pay its start-up time either. It also fails on Swift code using
# Dispatch: libdispatch's first worker thread asks for nice -4, which a user's service may not have, and
# an error is journaled (medd keeps to its loop thread and threads of its own).
# Usage: scripts/check-no-foundation.sh [BINARY...]   (default: medctl in `swift build --show-bin-path`)
# Builds nothing: it reads the binary's symbol table (static or dynamic link alike: a statically linked
# library's symbols are defined in it, a dynamic one's are undefined references) and its needed
# libraries. When SwiftPM's link list sits beside the binary, it also names the object files that
# reference full Foundation, so the reason is the source file, not only the symbol.
set -euo pipefail

if (($# > 1)); then
    status=0
    for binary in "$@"; do "$0" "$binary" || status=1; done
    exit $status
fi
binary=${1:-$(swift build --show-bin-path)/medctl}
[[ -f $binary ]] || { echo "check-no-foundation: no binary at $binary (build medctl first)" >&2; exit 2; }
symbols=$(nm "$binary" 2>/dev/null | awk '{ print $NF }') || true
if [[ -z $symbols ]]; then
    echo "check-no-foundation: $binary has no symbol table (stripped?); check the unstripped build" >&2
    exit 2
fi

# Full Foundation: its Swift module (mangled `$s10Foundation`, and `…10FoundationE…` for what it adds
# to other modules' types, such as `Error.localizedDescription` or `String(format:)`),
# FoundationInternationalization (the part over ICU) and CoreFoundation's runtime. FoundationEssentials
# is `$s20FoundationEssentials`, and its Unicode tables (`__CFUniChar…`) only share CoreFoundation's prefix.
foundation='^\$s10Foundation|^\$s.*[A-Za-z_]10FoundationE|^\$s30FoundationInternationalization|^\$s.*[A-Za-z_]30FoundationInternationalizationE|^(CFRetain|CFRelease|_CFRuntimeRegisterClass)$'
# ICU, as the toolchain's FoundationICU builds it (C functions renamed `swift_u…`, C++ namespace
# `icu_NN`, the data blob `icudtNN_dat`) or as a system libicu exports it (`ucol_open_74`, `u_strlen`).
icu='^swift_(u|ucol|ucal|udat|unum|uloc|ures|ubrk|unorm2|uset|ucnv|utrans|uregex)_|icu_[0-9]+|^icudt[0-9]+_dat$|^(u|ucol|ucal|udat|unum|uloc|ures|ubrk|unorm2|ucnv)_[A-Za-z]+(_[0-9]+)?$'
# Dispatch as Swift code uses it (`$s8Dispatch`, the module's overlay: `DispatchQueue` and the like).
# libdispatch's C functions are in every static Swift binary (the concurrency runtime's executor is
# built on them) but start no worker thread unless asked.
dispatch='^\$s8Dispatch'
libraries='^lib(Foundation|FoundationInternationalization|_FoundationICU|icu[a-z0-9]*)\.so'

failed=0
report() {  # report KIND PATTERN: the symbols of KIND found, counted, with a few named
    local found
    found=$(grep -E "$2" <<<"$symbols" | sort -u || true)
    [[ -z $found ]] && return 0
    failed=1
    echo "check-no-foundation: $binary links $1: $(wc -l <<<"$found") symbols, such as:"
    head -n 3 <<<"$found" | while read -r symbol; do
        case $symbol in
            _Z*) readable=$(c++filt "$symbol") ;;
            *) readable=$(swift demangle --compact "$symbol" 2>/dev/null) ;;
        esac
        echo "    ${readable:0:110}"
    done
}
report "full Foundation" "$foundation"
report "ICU" "$icu"
report "Dispatch" "$dispatch"
# medctl answers in a few milliseconds: it must not link Swift's regex engine either, which any use of
# `_StringProcessing` (String.contains(String), firstRange(of:), split(separator: String)) brings in:
# 2.5 MB and a slower start. MeddCore's TextSearch does those searches without it. (medd links it
# through FoundationEssentials, which swift-argument-parser needs.)
string_processing='^\$s17_StringProcessing|^\$s12_RegexParser'
if [[ $(basename "$binary") == medctl ]]; then
    report "Swift's regex engine (_StringProcessing)" "$string_processing"
    foundation="$foundation|$string_processing"
fi

needed=$(readelf -d "$binary" 2>/dev/null | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' | grep -E "$libraries" || true)
if [[ -n $needed ]]; then
    failed=1
    echo "check-no-foundation: $binary loads $(tr '\n' ' ' <<<"$needed")"
fi

link_list=$(dirname "$binary")/$(basename "$binary").product/Objects.LinkFileList
if ((failed)) && [[ -f $link_list ]]; then
    echo "check-no-foundation: object files referencing what it must not link:"
    while read -r object; do
        object=${object//\"/}
        if nm "$object" 2>/dev/null | awk '{ print $NF }' | grep -E "$foundation" >/dev/null; then
            echo "    $(basename "$(dirname "$object")" .build)/$(basename "$object" .o)"
        fi
    done <"$link_list"
fi

if ((failed)); then exit 1; fi
echo "check-no-foundation: $binary links neither ICU, full Foundation nor Dispatch$([[ $(basename "$binary") == medctl ]] && echo ", nor Swift's regex engine")"
