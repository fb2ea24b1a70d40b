#!/usr/bin/env python3
"""Parses a Varlink interface description with the reference `varlink` package.

Exit 0: valid; 1: invalid; 77: the `varlink` module is not installed.
"""
import sys

try:
    import varlink
except ImportError:
    print("interface_check: python module 'varlink' missing (pip install varlink)", file=sys.stderr)
    sys.exit(77)

path = sys.argv[1]
with open(path, encoding="utf-8") as handle:
    text = handle.read()
try:
    interface = varlink.Interface(text)
except Exception as error:  # the scanner raises SyntaxError and friends
    print(f"interface_check: {path}: {error!r}", file=sys.stderr)
    sys.exit(1)
members = sorted(interface.members)
print(f"interface_check: {interface.name}: {len(members)} members: {', '.join(members)}")
expected = {"Status", "ListDoses", "Taken", "Snooze", "Skip", "Reload", "Adherence", "Watch", "Backup", "BackupFailed",
            "Dose", "NoSuchDose", "NoSuchMedication", "NotYetDue", "Ambiguous",
            "LimitReached", "AlreadyFinal", "InvalidConfig"}
missing = expected - set(members)
if missing:
    print(f"interface_check: missing {sorted(missing)}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)
