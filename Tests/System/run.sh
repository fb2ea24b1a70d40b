#!/usr/bin/env bash
# The Debian package on a clean Debian 13 (or 12: MEDD_SYSTEM_SUITE=bookworm) booted with systemd as PID 1 (systemd-nspawn -b): apt
# installs the previous release (0.9.0, built from its commit) with its dependencies (no Swift in the
# container), a lingering user runs medd from the shipped user units and answers doses, and apt
# upgrades it to this package while a client answers (every answer kept, the ledger migrated). Then
# every step of a user's life with it is asserted: socket activation and STATUS=, medctl, a dose
# firing into the journal with its catalog text, medctl report's PDF, reload (good and broken),
# restart after kill -9, medctl add, pause, refill, resume and remove, a blood-pressure reading
# (medctl measure, its journal entry, medctl measurements, a refused value, ListReadings through
# varlinkctl), a clean stop, medd-sync with Radicale running as a system service (a dose on the
# server, a to-do completed by a CalDAV client taken in medd), and purge.
#
# Usage: Tests/System/run.sh [PACKAGE.deb]   (default: the one `make deb` built last)
# Needs root (without it the test is skipped, loudly; MEDD_SYSTEM_TEST_REQUIRED=1 fails instead).
# MEDD_SYSTEM_SUITE=bookworm tests on Debian 12. The debootstrapped tree is cached in
# .build-system/<suite> (rebuilt when older than a
# week or when the package list changes); each run boots a fresh overlay of it. docs/packaging.md
# explains the choices and lists the timings.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=Tests/System/container.sh
source Tests/System/container.sh

started=$(uptime_seconds)
phase_started=$started
phase() {
    echo "test-system: --- $1 (previous part: $(elapsed "$phase_started") s)"
    phase_started=$(uptime_seconds)
}

# MEDD_SYSTEM_TEST_REQUIRED=1 (CI) makes a system test that cannot run a failure, not a skip.
skip() {
    if [[ ${MEDD_SYSTEM_TEST_REQUIRED:-0} == 1 ]]; then
        echo "test-system: FAILED, the system test is required here and cannot run: $*" >&2
        exit 1
    fi
    echo "test-system: SKIPPED, the system test did not run: $*" >&2
    exit 0
}
[[ $(id -u) -eq 0 ]] || skip "not root (debootstrap and systemd-nspawn need root: sudo make test-system)"
command -v systemd-nspawn >/dev/null || skip "no systemd-nspawn (apt-get install systemd-container, or run scripts/setup.sh as root)"
command -v debootstrap >/dev/null || skip "no debootstrap (apt-get install debootstrap, or run scripts/setup.sh as root)"

# The release users upgrade from: its version and the commit it was built from.
previous_version=0.9.0
previous_commit=0dfcaa77cd3081a4526532ad757b1d29aef943f0

deb=${1:-$(cat .build-deb/package 2>/dev/null || true)}
[[ -f $deb ]] || fail "no package to test: run make deb (or pass the .deb)"
version=$(dpkg-deb -f "$deb" Version)
upstream_version=${version%%-*}

phase "Debian tree ($suite)"
ensure_cached_tree

phase "the previous release, $previous_version (for the upgrade)"
build_previous_release "$previous_version" "$previous_commit"

phase "boot"
boot_container
cp "$deb" "$previous_deb" "$root/var/tmp/"
deb_name=$(basename "$deb")
previous_name=$(basename "$previous_deb")

phase "a user with a lingering user manager"
add_lingering_user
if in_root findmnt -no SOURCE /proc/kmsg | grep -q deleted; then
    for unit in medd medd-sync; do
        in_root mkdir -p /etc/systemd/user/$unit.service.d
        printf '[Service]\nProtectKernelLogs=no\n' | in_root tee /etc/systemd/user/$unit.service.d/50-nspawn-kmsg.conf >/dev/null
    done
    cat <<EOF
test-system: ##########################################################################################
test-system: NOTE: added /etc/systemd/user/{medd,medd-sync}.service.d/50-nspawn-kmsg.conf (ProtectKernelLogs=no) in the
test-system: container: nspawn's /proc/kmsg is a bind mount of a deleted file ($(in_root findmnt -no SOURCE /proc/kmsg)),
test-system: so ProtectKernelLogs=yes fails there with 226/NAMESPACE. Every other option of the shipped units
test-system: is in force; on a real machine the units work as shipped.
test-system: ##########################################################################################
EOF
fi

phase "install the previous release, $previous_version, with apt"
in_root sh -c '! command -v swift && ! find / -xdev \( -name "libswift*" -o -name "libFoundation*" -o -name "libdispatch*" \) -print | grep .' \
    || fail "the container has a Swift toolchain or runtime; it must not"
pass "no Swift toolchain or runtime in the container"
out=$(in_root sh -c "cd /var/tmp && DEBIAN_FRONTEND=noninteractive apt-get install -y -q ./$previous_name 2>&1") \
    || fail "apt install ./$previous_name failed:\n$out"
pulled=$(grep -o '^Unpacking [^ ]*' <<<"$out" | cut -d' ' -f2 | grep -v '^medd$' | tr '\n' ' ' || true)
pass "apt installed $previous_name with the dependencies it lacked: ${pulled:-none}"
expect "dpkg reports medd $previous_version-1 installed" "install ok installed $previous_version-1" \
    in_root dpkg-query -W -f='${Status} ${Version}' medd

phase "$previous_version in use"
# The container's clock, in its local zone (what medd's "local" means): doses are placed around it.
read -r now_epoch < <(as_user 'date +%s')
later=$(as_user "date -d @$((now_epoch + 180)) +%H:%M")
# At least a minute ahead (the minute cut off): a dose due before the reload below adds it would be untracked.
soon=$(as_user "date -d @$((now_epoch + 120)) +%H:%M")
write_config() { as_user "mkdir -p ~/.config/medd && cat >~/.config/medd/medd.toml" <<<"$1"; }
# Doses every 5 minutes that `early` lets be taken now: a client answers them one by one, a tenth of a
# second apart, from before the upgrade until after it; and a folic acid dose answered with a note.
write_config "[settings]
timezone = \"local\"
early = \"12h\"

[medication.folic]
name = \"Folic acid\"
dose = \"400 µg\"
times = [\"$later\"]

[medication.loop]
name = \"Loop\"
dose = \"1\"
every = \"5m\"
"
as_user 'systemctl --user enable --now medd.socket' >/dev/null 2>&1 || fail "systemctl --user enable --now medd.socket failed"
expect "medctl status answers: medd $previous_version" "medd $previous_version" as_user 'medctl status'
expect "medctl taken answers the folic acid dose early, with a note" "taken: Folic acid 400 µg" \
    as_user "medctl taken folic --note 'taken with $previous_version'"
folic_before=$(as_user 'medctl --json doses --med folic') || fail "medctl --json doses --med folic failed"

phase "upgrade $previous_version -> $upstream_version while medd runs and a client answers"
# The next 100 doses (the next 8 hours and more) (the host reads the JSON; the container has no Python).
as_user 'medctl --json doses --med loop' | python3 -c '
import json, sys, time
now = time.time() * 1e6
doses = [d["id"] for d in json.load(sys.stdin) if d["state"] in ("planned", "pending") and now < d["usec"] < now + 10 * 3600e6]
print("\n".join(doses[:100]))' >"$root/var/tmp/loop-doses" || fail "medctl doses --med loop could not be read"
(( $(grep -c . "$root/var/tmp/loop-doses") == 100 )) || fail "medctl doses --med loop listed $(grep -c . "$root/var/tmp/loop-doses") doses to answer, not 100"
chmod 644 "$root/var/tmp/loop-doses"
ledger_before=$(as_user 'stat -c %i ~/.local/state/medd/ledger.sqlite')
pid_before=$(as_user 'systemctl --user show -p MainPID --value medd')
as_user 'while read -r dose; do
             if out=$(medctl taken "$dose" 2>&1); then echo "$dose" >>acknowledged; else echo "$dose: $out" >>failed; fi
             sleep 0.1
         done </var/tmp/loop-doses; echo done >client-done' &
client_pid=$!
sleep 2
upgrade_started=$(uptime_seconds)
out=$(in_root sh -c "cd /var/tmp && DEBIAN_FRONTEND=noninteractive apt-get install -y -q ./$deb_name 2>&1") \
    || fail "apt install ./$deb_name (the upgrade) failed:\n$out"
apt_seconds=$(elapsed "$upgrade_started")
expect "dpkg reports medd $version installed" "install ok installed $version" in_root dpkg-query -W -f='${Status} ${Version}' medd
wait_for "medctl status reports the new medd ($upstream_version) within 10 s of apt (apt took $apt_seconds s)" 10 \
    as_user_grep 'medctl status' "medd $upstream_version"
upgrade_seconds=$(elapsed "$upgrade_started")
pid_after=$(as_user 'systemctl --user show -p MainPID --value medd')
[[ $pid_after != "$pid_before" ]] || fail "medd kept its PID $pid_before across the upgrade"
wait "$client_pid" || fail "the answering client failed"
as_user 'test -f client-done' || fail "the answering client did not get through its doses"
failed=$(as_user 'cat failed 2>/dev/null' || true)
[[ -z $failed ]] || fail "answers failed during the upgrade (a refused or dropped connection):\n$failed"
acknowledged=$(as_user 'cat acknowledged')
taken=$(as_user 'medctl --json doses --med loop' | python3 -c '
import json, sys
print("\n".join(sorted(d["id"] for d in json.load(sys.stdin) if d["state"] == "taken")))')
lost=$(LC_ALL=C comm -23 <(LC_ALL=C sort <<<"$acknowledged") <(echo "$taken"))
[[ -z $lost ]] || fail "acknowledged answers missing from the ledger after the upgrade:\n$lost"
[[ $(as_user 'stat -c %i ~/.local/state/medd/ledger.sqlite') == "$ledger_before" ]] || fail "the ledger file was replaced by the upgrade"
folic_after=$(as_user 'medctl --json doses --med folic') || fail "medctl --json doses --med folic failed after the upgrade"
python3 -c '
import json, sys
before, after = (json.loads(text) for text in sys.argv[1:3])
key = lambda dose: (dose["id"], dose["state"], dose.get("note"), dose.get("answeredUsec", dose.get("takenUsec")))
taken = [key(d) for d in before if d["state"] == "taken"]
if len(taken) != 1 or taken[0][2] != sys.argv[3]:
    sys.exit("before the upgrade: not one folic acid dose taken with its note: %s" % before)
missing = set(taken) - {key(d) for d in after}
if missing:
    sys.exit("the folic acid answer changed across the upgrade: %s, now %s" % (sorted(missing), after))
' "$folic_before" "$folic_after" "taken with $previous_version" || fail "the answer given to $previous_version was not kept as it was"
migrated=$(as_user 'medctl history --med folic --format csv' | grep -c "taken with $previous_version" || true)
(( migrated == 1 )) || fail "medctl history does not list the answer given to $previous_version once:\n$(as_user 'medctl history --med folic --format csv')"
pass "upgrade $previous_version -> $upstream_version: medd answered $upgrade_seconds s after apt started (apt $apt_seconds s); the client's $(grep -c . <<<"$acknowledged") answers all acknowledged, none failed, all in the migrated ledger; the answer with its note given to $previous_version kept"

phase "the package as installed"
out=$(in_root ldd /usr/bin/medd /usr/bin/medctl /usr/libexec/medd/medd-report-pdf)
grep -q 'not found' <<<"$out" && fail "a library the binaries need is missing:\n$out"
pass "ldd finds every library of /usr/bin/medd, /usr/bin/medctl and /usr/libexec/medd/medd-report-pdf"
expect "the journal catalog database has medd's entries (systemd's dpkg trigger)" "1570343c2d3f4857a8ddefd14135d38b medd: Dose due" \
    in_root journalctl --list-catalog
for language in de es fr it nl pl pt_BR zh_CN; do
    in_root test -f "/usr/share/locale/$language/LC_MESSAGES/medd.mo" || fail "the $language translation is not installed"
    in_root test -f "/usr/lib/systemd/catalog/medd.$language.catalog" || fail "the $language journal catalog is not installed"
done
pass "the translations and journal catalogs of eight languages are installed"
german=$(python3 -c 'import gettext, sys
catalog = gettext.GNUTranslations(open(sys.argv[1], "rb"))
print(catalog.gettext("unknown verb '"'"'%1$s'"'"'; the verbs are %2$s").split("%1$s")[0])' \
    .build-deb/stage/usr/share/locale/de/LC_MESSAGES/medd.mo)
[[ -n $german && $german != "unknown verb"* ]] || fail "the German catalog has no translation of the unknown-verb error"
in_root localedef -i de_DE -f UTF-8 de_DE.UTF-8 || fail "localedef could not compile de_DE.UTF-8 in the container"
out=$(in_root sh -c 'LANG=de_DE.UTF-8 medctl frobnicate 2>&1; true')
[[ $out == "medctl: $german"* ]] || fail "medctl does not speak German under LANG=de_DE.UTF-8; it said:\n$out"
pass "medctl speaks German under LANG=de_DE.UTF-8"
german_subject=$(sed -n '/^-- 1570343c2d3f4857a8ddefd14135d38b/{n;s/^Subject: //p;q}' units/medd.de.catalog)
expect "journalctl shows the German catalog under LANG=de_DE.UTF-8" "1570343c2d3f4857a8ddefd14135d38b medd: $german_subject" \
    in_root env LANG=de_DE.UTF-8 journalctl --list-catalog
for page in medctl.1 medd.toml.5 medd.8; do
    in_root test -f "/usr/share/man/man${page##*.}/$page.gz" || fail "man page $page is not installed"
done

phase "socket activation"
# From stopped: the units the upgrade left running are stopped and disabled, the ledger kept.
as_user 'systemctl --user disable --now medd.socket medd.service' >/dev/null 2>&1 || fail "systemctl --user disable --now medd.socket failed"
read -r now_epoch < <(as_user 'date +%s')
later=$(as_user "date -d @$((now_epoch + 180)) +%H:%M")
soon=$(as_user "date -d @$((now_epoch + 120)) +%H:%M")
config_one="[settings]
timezone = \"local\"

[medication.vitamin]
name = \"Vitamin D\"
dose = \"1000 IU\"
times = [\"$later\"]
"
config_two="$config_one
[medication.aspirin]
name = \"Aspirin\"
dose = \"100 mg\"
times = [\"$soon\"]
"
write_config "$config_one"
expect "medctl check accepts the configuration" "valid \(1 medication," as_user 'medctl check'
as_user 'systemctl --user enable --now medd.socket' >/dev/null 2>&1 || fail "systemctl --user enable --now medd.socket failed"
wait_for "medd.service active (running)" 20 as_user_grep 'systemctl --user show -p ActiveState,SubState medd' 'SubState=running'
status=$(as_user 'systemctl --user status medd --no-pager' || true)
grep -q 'Active: active (running)' <<<"$status" || fail "systemctl --user status medd does not say active (running):\n$status"
grep -q "Status: \"next dose vitamin_" <<<"$status" || fail "systemctl --user status medd has no STATUS= line naming the vitamin dose:\n$status"
pass "systemctl --user status medd: active (running), $(grep -o 'Status: .*' <<<"$status")"
expect "medctl status answers over the socket" "medd $upstream_version" as_user 'medctl status'
# The shipped sandbox lets medd reach the system bus: logind is watched for resume (a lingering user
# has no graphical session to watch for unlocking).
wait_for "medctl status: logind on the system bus is watched from inside the shipped sandbox" 10 \
    as_user_grep 'medctl status' '^lock/resume watching: logind'
expect "medctl today lists the planned dose" "vitamin_" as_user 'medctl today'

phase "reload"
write_config "$config_two"
as_user 'systemctl --user reload medd' || fail "systemctl --user reload medd failed"
wait_for "the new STATUS= after systemctl --user reload (the aspirin dose at $soon is next)" 15 \
    as_user_grep 'systemctl --user show -p StatusText medd' 'StatusText=next dose aspirin_'
good_status=$(as_user 'systemctl --user show -p StatusText --value medd')
write_config "$config_two
[medication.broken]
name = \"Broken\"
dose = \"1\"
times = [\"25:00\"]
"
as_user 'systemctl --user reload medd' || fail "systemctl --user reload medd (broken file) failed"
sleep 1
kept_status=$(as_user 'systemctl --user show -p StatusText --value medd')
[[ $kept_status == "$good_status" ]] || fail "a broken file changed STATUS= from \"$good_status\" to \"$kept_status\""
pass "a broken file keeps the previous configuration (STATUS= unchanged)"
if out=$(as_user 'medctl reload' 2>&1); then fail "medctl reload accepted a broken configuration:\n$out"; fi
grep -q 'medd.toml:[0-9]*:[0-9]*: .*25:00' <<<"$out" || fail "medctl reload did not print the error with its position:\n$out"
pass "medctl reload refuses the broken file and prints: $(grep -m1 'medd.toml:' <<<"$out")"
write_config "$config_two"
expect "medctl reload takes the repaired file" "reloaded: 2 medications" as_user 'medctl reload'

phase "restart after kill -9"
old_pid=$(as_user 'systemctl --user show -p MainPID --value medd')
as_user "kill -9 $old_pid"
wait_for "medd restarted by systemd (NRestarts=1)" 20 as_user_grep 'systemctl --user show -p NRestarts,ActiveState,SubState medd' 'NRestarts=1'
wait_for "the restarted medd is active (running)" 20 as_user_grep 'systemctl --user show -p ActiveState,SubState medd' 'SubState=running'
new_pid=$(as_user 'systemctl --user show -p MainPID --value medd')
[[ $new_pid != "$old_pid" && $new_pid != 0 ]] || fail "MainPID is still $new_pid after kill -9"
pass "new main PID $new_pid (was $old_pid)"

phase "changing the schedule with medctl"
# The verbs that change medd.toml in place, each followed by a reload of the running medd under the
# user manager; and a refill counted in without a change to the file.
expect "medctl add writes a medication and medd reloads" "reloaded: 3 medications" \
    as_user 'medctl add ibuprofen --name Ibuprofen --dose "400 mg" --as-needed --stock 20'
expect "medctl pause pauses it" "paused ibuprofen" as_user 'medctl pause ibuprofen'
expect "medctl meds shows it paused" "^ibuprofen .*paused" as_user 'medctl meds'
expect "medctl refill counts 10 units in" "refilled: Ibuprofen \+10, 30 on hand" as_user 'medctl refill ibuprofen 10'
expect "the refill is in the user journal" "MEDD_STOCK=30" \
    as_user 'journalctl --user -t medd MEDD_EVENT=refilled MEDD_MED_ID=ibuprofen -o verbose --no-pager'
expect "medctl resume resumes it" "resumed ibuprofen" as_user 'medctl resume ibuprofen'
expect "medctl remove takes it out and medd reloads" "reloaded: 2 medications" as_user 'medctl remove ibuprofen'
[[ $(as_user 'cat ~/.config/medd/medd.toml') == "$(printf '%s\n' "$config_two")" ]] || fail "add, pause, resume and remove did not give the file back:\n$(as_user 'cat ~/.config/medd/medd.toml')"
pass "after add, pause, resume and remove medd.toml is the file it was"

phase "a measurement (reminder at $later)"
# A blood pressure beside the medications, its reminder to measure with the vitamin dose: a reading
# now answers it (it is due within `early`, 2 h by default), so it never fires.
config_measured="$config_two
[measurement.bp]
kind = \"blood_pressure\"
times = [\"$later\"]
target = \"135/85\"
"
bp_reminder=bp_$(as_user "date -d @$((now_epoch + 180)) +%Y%m%d_%H_%M")
write_config "$config_measured"
expect "medctl check accepts the measurement" "valid \(2 medications, 1 measurement," as_user 'medctl check'
expect "medctl reload takes it" "reloaded: 2 medications" as_user 'medctl reload'
expect "medctl today lists the reminder to measure $bp_reminder" "$bp_reminder +Blood pressure +planned" as_user 'medctl today'
expect "medctl measure bp 132/84/71 records the reading, answering $bp_reminder" \
    "^measured: Blood pressure 132/84/71 mmHg \($bp_reminder\)$" as_user 'medctl measure bp 132/84/71'
expect "medctl today shows the reminder measured" "$bp_reminder +Blood pressure +measured +132/84/71 mmHg" as_user 'medctl today'
wait_for "the reading is a measured entry in the user journal (MEDD_MEASURE_ID=bp MEDD_SYSTOLIC=132 MEDD_IN_TARGET=yes)" 10 \
    as_user_grep 'journalctl --user -t medd MEDD_EVENT=measured MEDD_MEASURE_ID=bp MEDD_SYSTOLIC=132 MEDD_IN_TARGET=yes -o cat --no-pager' \
    "^Blood pressure 132/84/71 mmHg \($bp_reminder\): measured at "
readings_csv=$(as_user 'medctl measurements --format csv' | tr -d '\r') || fail "medctl measurements --format csv failed"
reading_row=$(grep -Ex "bp,blood_pressure,[^,]+,[0-9]+,132/84/71,mmHg,132,84,71,135/85,yes,$bp_reminder,1/1,cli," <<<"$readings_csv") \
    || fail "medctl measurements --format csv does not list the reading 132/84/71 of $bp_reminder:\n$readings_csv"
(( $(grep -c . <<<"$readings_csv") == 2 )) || fail "medctl measurements --format csv lists more than its header and the one reading:\n$readings_csv"
pass "medctl measurements --format csv lists it: $reading_row"
measure_status=0
out=$(as_user 'medctl measure bp 300/80' 2>&1) || measure_status=$?
(( measure_status == 1 )) || fail "medctl measure bp 300/80 (a systolic no reading has) exited $measure_status, not 1:\n$out"
grep -Eq 'systolic 300 mmHg .*range.*40[^0-9]{1,3}280' <<<"$out" || fail "medctl measure bp 300/80 was refused without the range 40-280 in its message:\n$out"
[[ $(as_user 'medctl measurements --format csv' | tr -d '\r') == "$readings_csv" ]] \
    || fail "the refused reading changed medctl measurements:\n$(as_user 'medctl measurements --format csv')"
pass "medctl measure bp 300/80 is refused (exit 1), medctl measurements unchanged: $out"
if in_root sh -c 'command -v varlinkctl' >/dev/null; then
    out=$(as_user 'varlinkctl call "$XDG_RUNTIME_DIR/medd/control.sock" io.medd.Control.ListReadings "{\"measurement\": \"bp\"}"' 2>&1) \
        || fail "varlinkctl call io.medd.Control.ListReadings failed:\n$out"
    # The reading medctl listed, to the microsecond.
    got=$(python3 -c '
import json, sys
readings = json.loads(sys.argv[1])["readings"]
usec = int(sys.argv[2].split(",")[3])
want = {"measurement": "bp", "kind": "blood_pressure", "value": "132/84/71", "unit": "mmHg", "systolic": 132, "diastolic": 84,
        "pulse": 71, "usec": usec, "dose": sys.argv[3], "source": "cli", "target": "135/85", "inTarget": True, "number": 1, "of": 1}
got = [{key: reading.get(key) for key in want} for reading in readings]
if got != [want]:
    sys.exit("want [%s], got %s" % (want, got))
print(", ".join("%s %s" % (key, json.dumps(readings[0][key])) for key in ("value", "systolic", "usec", "dose", "inTarget")))' \
        "$out" "$reading_row" "$bp_reminder") \
        || fail "varlinkctl call io.medd.Control.ListReadings does not return the one reading medctl listed:\n$out"
    pass "varlinkctl call io.medd.Control.ListReadings returns it: $got"
else
    echo "test-system: note: no varlinkctl in Debian $suite ($(in_root systemctl --version | head -n1)): ListReadings not called through it"
fi

phase "a dose fires (due at $soon)"
wait_for "the aspirin dose fired into the user journal" 150 \
    as_user_grep 'journalctl --user -t medd MEDD_EVENT=fired MEDD_MED_ID=aspirin -o cat --no-pager' 'Aspirin 100 mg due'
expect "journalctl -x shows the catalog text of the fired dose" "became due at" \
    as_user 'journalctl --user -x -t medd MEDD_EVENT=fired MEDD_MED_ID=aspirin --no-pager'
expect "medctl taken answers it" "taken: Aspirin 100 mg" as_user 'medctl taken aspirin'
expect "medctl today shows it taken" "aspirin_.*taken" as_user 'medctl today'
expect "medctl report draws a PDF with /usr/libexec/medd/medd-report-pdf" "^%PDF-" \
    as_user 'medctl report --format pdf --output report.pdf && head -c 5 report.pdf'

phase "a clean stop"
as_user 'systemctl --user stop medd.service' >/dev/null 2>&1 || fail "systemctl --user stop medd failed"
expect "medd.service stopped with result success" "Result=success" as_user 'systemctl --user show -p Result medd'
stop_log=$(as_user 'journalctl --user -b --no-pager -o cat _SYSTEMD_USER_UNIT=medd.service' || true)
# After the last stopping line (the upgrade and the restart before it stopped medd too).
after_stop=$(awk '/signal SIGTERM: stopping/ { last = NR } { line[NR] = $0 } END { for (i = last + 1; i <= NR; i++) print line[i] }' <<<"$stop_log")
[[ -n $(grep 'signal SIGTERM: stopping' <<<"$stop_log") ]] || fail "medd did not log its stop:\n$stop_log"
# Nothing but the stopping line: no warning, no error, no line from a library on the way out.
[[ -z $after_stop ]] || fail "medd journaled more than its stopping line when stopped:\n$after_stop"
pass "systemctl --user stop: medd stopped cleanly"
expect "the socket starts it again on the next connection" "medd $upstream_version" as_user 'medctl status'

phase "medd-sync with Radicale as a system service"
# Radicale from Debian as the server (its own system unit, user radicale), python3-caldav as the client
# a phone would be: medd-sync, from the shipped user unit, puts the next dose on the server as a to-do;
# the client completes it; medd records it taken at the client's time with MEDD_SOURCE=caldav.
out=$(in_root sh -c 'DEBIAN_FRONTEND=noninteractive apt-get install -y -q radicale python3-caldav 2>&1') \
    || fail "apt-get install radicale python3-caldav failed:\n$out"
radicale_version=$(in_root dpkg-query -W -f='${Version}' radicale)
caldav_password=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
printf '%s\n' '[server]' 'hosts = 127.0.0.1:5232' '[auth]' 'type = htpasswd' 'htpasswd_filename = /etc/radicale/users' \
    'htpasswd_encryption = plain' '[rights]' 'type = owner_only' '[storage]' 'filesystem_folder = /var/lib/radicale/collections' \
    | in_root tee /etc/radicale/config >/dev/null
in_root sh -c "printf '%s:%s\n' $user $caldav_password >/etc/radicale/users && chown root:radicale /etc/radicale/users && chmod 640 /etc/radicale/users"
# Debian ships the storage folder owned by root; its unit runs Radicale as user radicale.
in_root chown radicale:radicale /var/lib/radicale/collections
in_root systemctl enable radicale.service >/dev/null 2>&1 || fail "systemctl enable radicale failed"
in_root systemctl restart radicale.service || fail "systemctl restart radicale failed:\n$(in_root journalctl -u radicale --no-pager -n 20)"
# caldav_client PYTHON: runs PYTHON as the user, with `principal` their CalDAV principal on Radicale.
caldav_client() {
    as_user "CALDAV_PASSWORD=$caldav_password python3 -c '
import os, caldav, datetime
client = caldav.DAVClient(\"http://127.0.0.1:5232/\", username=\"$user\", password=os.environ[\"CALDAV_PASSWORD\"])
principal = client.principal()
$1'"
}
wait_for "Radicale $radicale_version answers on 127.0.0.1:5232 (systemctl: radicale.service)" 20 \
    caldav_client 'principal.calendars()'
caldav_client 'principal.make_calendar(name="Medication", cal_id="medication", supported_calendar_component_set=["VTODO"])' \
    >/dev/null || fail "the CalDAV client could not make the collection"
read -r now_epoch < <(as_user 'date +%s')
synced=$(as_user "date -d @$((now_epoch + 300)) +%H:%M")
synced_dose=iron_$(as_user "date -d @$((now_epoch + 300)) +%Y%m%d_%H_%M")
as_user "umask 077 && printf '%s\n' $caldav_password >~/.config/medd/caldav-password"
write_config "$config_measured
[medication.iron]
name = \"Iron\"
dose = \"100 mg\"
times = [\"$synced\"]

[sync]
url = \"http://127.0.0.1:5232/$user/medication/\"
username = \"$user\"
password_file = \"/home/$user/.config/medd/caldav-password\"
poll = \"10s\"
"
expect "medctl reload takes the [sync] table" "reloaded: 3 medications" as_user 'medctl reload'
as_user 'systemctl --user enable --now medd-sync.service' >/dev/null 2>&1 || fail "systemctl --user enable --now medd-sync.service failed"
wait_for "medd-sync.service active (running) (Type=notify)" 20 \
    as_user_grep 'systemctl --user show -p ActiveState,SubState medd-sync' 'SubState=running'
wait_for "medd-sync put $synced_dose on Radicale as a to-do" 30 \
    caldav_client 'todo = principal.calendar(cal_id="medication").todo_by_uid("'"$synced_dose"'@medd")
print(todo.icalendar_component["SUMMARY"])'
completed_at=$(as_user 'date -u +%Y%m%dT%H%M%SZ')
caldav_client 'todo = principal.calendar(cal_id="medication").todo_by_uid("'"$synced_dose"'@medd")
todo.complete(completion_timestamp=datetime.datetime.strptime("'"$completed_at"'", "%Y%m%dT%H%M%SZ").replace(tzinfo=datetime.timezone.utc))' \
    || fail "the CalDAV client could not complete the to-do of $synced_dose"
pass "the CalDAV client completed $synced_dose at $completed_at"
wait_for "medd recorded $synced_dose taken from the server (MEDD_SOURCE=caldav) within medd-sync's poll" 40 \
    as_user_grep "journalctl --user -t medd MEDD_EVENT=taken MEDD_DOSE_ID=$synced_dose MEDD_SOURCE=caldav -o cat --no-pager" 'Iron 100 mg'
expect "medctl today shows it taken" "$synced_dose +Iron.* taken" as_user 'medctl today'
expect "medctl status shows medd-sync's state" "127\.0\.0\.1:5232" as_user 'medctl status'
as_user 'systemctl --user disable --now medd-sync.service' >/dev/null 2>&1 || fail "systemctl --user disable --now medd-sync.service failed"

phase "purge"
installed_files=$(in_root dpkg-query -L medd)
as_user 'systemctl --user disable --now medd.socket medd.service' >/dev/null 2>&1 || fail "systemctl --user disable --now medd.socket failed"
out=$(in_root sh -c 'DEBIAN_FRONTEND=noninteractive apt-get purge -y -q medd 2>&1') || fail "apt purge medd failed:\n$out"
# Files and links must be gone; directories too where only medd had them (/usr/share/doc/medd).
left=$(while read -r path; do
    if in_root test -f "$path" -o -L "$path"; then echo "$path"; fi
    if [[ $path == /usr/share/doc/medd* ]] && in_root test -e "$path"; then echo "$path"; fi
done <<<"$installed_files" | sort -u)
[[ -z $left ]] || fail "apt purge left files of the package behind:\n$left"
pass "apt purge removed the $(grep -c . <<<"$installed_files") paths the package had installed"
if in_root journalctl --list-catalog | grep -q 1570343c2d3f4857a8ddefd14135d38b; then
    fail "the journal catalog database still has medd's entries after purge"
fi
pass "the journal catalog database no longer has medd's entries"
as_user 'test -f ~/.config/medd/medd.toml && test -f ~/.local/state/medd/ledger.sqlite' \
    || fail "purge removed the user's configuration or ledger"
pass "the user's ~/.config/medd/medd.toml and ~/.local/state/medd/ledger.sqlite are still there"

phase "done"
echo "test-system: PASSED in $(elapsed "$started") s"
