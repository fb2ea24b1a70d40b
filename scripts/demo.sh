#!/usr/bin/env bash
# Runs medd in the foreground on the demo configuration, its clock started five seconds before
# today's 08:00 dose, with its socket and ledger in a temporary directory. Answer from another
# terminal with the Varlink command printed below, or with the notification's buttons on a desktop;
# Ctrl-C stops it.
set -euo pipefail
bin=${BIN:-.build/release}
config=${CONFIG:-examples/medd.toml}
dir=$(mktemp -d /tmp/medd-demo.XXXXXX)
pretend="$(date +%F)T07:59:55$(date +%:z)"
if [[ -S /run/systemd/journal/socket ]]; then
    echo "demo: dose events go to the journal: journalctl -f SYSLOG_IDENTIFIER=medd"
else
    echo "demo: no journald here; dose events wait in the ledger's outbox (the log is shown below)"
fi
echo "demo: on a desktop session the reminder shows as a notification: click Taken, Snooze or Skip"
echo "demo: or answer from another terminal: $bin/medctl --socket $dir/control.sock taken metformin"
echo "demo:   (and: $bin/medctl --socket $dir/control.sock today | watch | adherence --since 1d)"
exec "$bin/medd" --config "$config" --state-dir "$dir/state" --socket "$dir/control.sock" --pretend-now "$pretend"
