#!/usr/bin/env bash
# Runs the Swift test suites. On a failure it repeats, at the very end, every failed test and the
# issue it recorded: a CI log that keeps only its last lines still says what failed. Tests that
# could not run here (cancelled with their reason, or disabled) are repeated at the end too.
set -uo pipefail
swift="${SWIFT:-swift}"
"$swift" build --build-tests || exit
log=$(mktemp /tmp/medd-swift-test.XXXXXX)
trap 'rm -f "$log"' EXIT
"$swift" test 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if grep -qE '(was cancelled|skipped)' "$log"; then
    echo
    echo "test-swift: tests that did NOT run here, and why:"
    grep -E '(was cancelled|skipped)' "$log"
fi
if ((status != 0)); then
    echo
    echo "test-swift: failed (exit $status); the failures, repeated:"
    grep -E -A6 '✘ Test .*(recorded an issue|failed)|error: |Fatal error|XCTAssert' "$log" | grep -v '^--$' | tail -150
fi
exit "$status"
