#!/usr/bin/env bash
# The Debian package on a clean Debian 13 (or 12: MEDD_SYSTEM_SUITE=bookworm) booted with systemd as PID 1 (systemd-nspawn -b): apt
# installs it with its dependencies (no Swift in the container), a lingering user runs medd from the
# shipped user units, and every step of a user's life with it is asserted: socket activation and
# STATUS=, medctl, a dose firing into the journal with its catalog text, medctl report's PDF, reload
# (good and broken), restart after kill -9, medctl add, pause, refill, resume and remove, a blood-pressure reading (medctl measure, its journal
# entry, medctl measurements, a refused value, ListReadings through varlinkctl), a clean stop, an
# upgrade that restarts medd into the new version while a client answers (no answer refused or
# lost), and purge.
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

deb=${1:-$(cat .build-deb/package 2>/dev/null || true)}
[[ -f $deb ]] || fail "no package to test: run make deb (or pass the .deb)"
version=$(dpkg-deb -f "$deb" Version)
upstream_version=${version%%-*}

phase "Debian tree ($suite)"
ensure_cached_tree

phase "newer build of the package (for the upgrade)"
newer_version="$version+systemtest1"
newer_upstream="$upstream_version+systemtest1"
rm -rf .build-system/stage-newer && cp -a .build-deb/stage .build-system/stage-newer
build_newer_medd "$upstream_version" "$newer_upstream" .build-system/stage-newer/usr/bin/medd
DEB_VERSION=$newer_version DEB_DIR=.build-system DEB_COMPRESSION=gzip DEB_SKIP_LINTIAN=1 scripts/build-deb.sh .build-system/stage-newer >/dev/null
newer_deb=.build-system/medd_${newer_version}_amd64.deb
echo "$deb" >.build-deb/package  # build-deb.sh wrote the newer one there

phase "boot"
boot_container
cp "$deb" "$newer_deb" "$root/var/tmp/"
deb_name=$(basename "$deb")
newer_name=$(basename "$newer_deb")

phase "install with apt"
in_root sh -c '! command -v swift && ! find / -xdev \( -name "libswift*" -o -name "libFoundation*" -o -name "libdispatch*" \) -print | grep .' \
    || fail "the container has a Swift toolchain or runtime; it must not"
pass "no Swift toolchain or runtime in the container"
out=$(in_root sh -c "cd /var/tmp && DEBIAN_FRONTEND=noninteractive apt-get install -y -q ./$deb_name 2>&1") \
    || fail "apt install ./$deb_name failed:\n$out"
pulled=$(grep -o '^Unpacking [^ ]*' <<<"$out" | cut -d' ' -f2 | grep -v '^medd$' | tr '\n' ' ' || true)
pass "apt installed $deb_name with the dependencies it lacked: ${pulled:-none}"
expect "dpkg reports medd $version installed" "install ok installed $version" \
    in_root dpkg-query -W -f='${Status} ${Version}' medd
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

phase "a user with a lingering user manager"
add_lingering_user
if in_root findmnt -no SOURCE /proc/kmsg | grep -q deleted; then
    in_root mkdir -p /etc/systemd/user/medd.service.d
    printf '[Service]\nProtectKernelLogs=no\n' | in_root tee /etc/systemd/user/medd.service.d/50-nspawn-kmsg.conf >/dev/null
    cat <<EOF
test-system: ##########################################################################################
test-system: NOTE: added /etc/systemd/user/medd.service.d/50-nspawn-kmsg.conf (ProtectKernelLogs=no) in the
test-system: container: nspawn's /proc/kmsg is a bind mount of a deleted file ($(in_root findmnt -no SOURCE /proc/kmsg)),
test-system: so ProtectKernelLogs=yes fails there with 226/NAMESPACE. Every other option of the shipped unit
test-system: is in force; on a real machine the unit works as shipped.
test-system: ##########################################################################################
EOF
fi

phase "socket activation"
# The container's clock, in its local zone (what medd's "local" means): doses are placed around it.
read -r now_epoch < <(as_user 'date +%s')
later=$(as_user "date -d @$((now_epoch + 180)) +%H:%M")
# At least a minute ahead (the minute cut off): a dose due before the reload below adds it would be untracked.
soon=$(as_user "date -d @$((now_epoch + 120)) +%H:%M")
write_config() { as_user "mkdir -p ~/.config/medd && cat >~/.config/medd/medd.toml" <<<"$1"; }
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
after_stop=$(sed -n '/signal SIGTERM: stopping/,$p' <<<"$stop_log" | tail -n +2)
[[ -n $(grep 'signal SIGTERM: stopping' <<<"$stop_log") ]] || fail "medd did not log its stop:\n$stop_log"
# Nothing but the stopping line: no warning, no error, no line from a library on the way out.
[[ -z $after_stop ]] || fail "medd journaled more than its stopping line when stopped:\n$after_stop"
pass "systemctl --user stop: medd stopped cleanly"
expect "the socket starts it again on the next connection" "medd $upstream_version" as_user 'medctl status'

phase "upgrade while medd runs and a client answers"
# Doses every 5 minutes that `early` lets be taken now: a client answers them one by one, a tenth of a
# second apart, from before the upgrade until after it.
write_config "${config_measured/\[settings\]/[settings]
early = \"12h\"}
[medication.loop]
name = \"Loop\"
dose = \"1\"
every = \"5m\"
"
expect "medctl reload takes the client's medication" "reloaded: 3 medications" as_user 'medctl reload'
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
out=$(in_root sh -c "cd /var/tmp && DEBIAN_FRONTEND=noninteractive apt-get install -y -q ./$newer_name 2>&1") \
    || fail "apt install ./$newer_name (the upgrade) failed:\n$out"
apt_seconds=$(elapsed "$upgrade_started")
expect "dpkg reports the newer build" "install ok installed ${newer_version//+/[+]}" in_root dpkg-query -W -f='${Status} ${Version}' medd
wait_for "medctl status reports the new medd ($newer_upstream) within 10 s of apt (apt took $apt_seconds s)" 10 \
    as_user_grep 'medctl status' "medd ${newer_upstream//+/[+]}"
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
expect "the answer given before the upgrade is still there" "aspirin_.*taken" as_user 'medctl today'
expect "the reading recorded before the upgrade is still there" "^${reading_row//+/[+]}" as_user 'medctl measurements --format csv'
pass "upgrade: medd $newer_upstream answered $upgrade_seconds s after apt started (apt $apt_seconds s); the client's $(grep -c . <<<"$acknowledged") answers all acknowledged, none failed, all in the ledger"

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
