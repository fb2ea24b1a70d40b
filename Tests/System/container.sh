# The container the system test (Tests/System/run.sh) runs in, and how the test talks to it.
# Sourced, not run. Sets: root (the container's file system, seen from the host), leader (the host
# PID of the container's systemd), user and uid (the lingering user medd runs for).

# Debian 13, the current stable, where users install; MEDD_SYSTEM_SUITE=bookworm boots Debian 12.
suite=${MEDD_SYSTEM_SUITE:-trixie}
mirror=${MEDD_DEBIAN_MIRROR:-http://deb.debian.org/debian}
# minbase has no init; these make the tree bootable with a user manager and a session bus.
# locales: the sources localedef compiles de_DE.UTF-8 from, to see medd speak German.
tree_packages=systemd,systemd-sysv,dbus,dbus-user-session,locales
tree=.build-system/$suite
run_dir=.build-system/run
root=$run_dir/root
user=alice
uid=
leader=
nspawn_pid=

# Seconds since boot: durations that survive the wall clock jumping.
uptime_seconds() { cut -d' ' -f1 /proc/uptime; }
elapsed() { awk -v a="$1" -v b="$(uptime_seconds)" 'BEGIN { printf "%.1f", b - a }'; }

pass() { echo "test-system: ok: $*"; }
fail() {
    echo -e "test-system: FAILED: $*" >&2
    if [[ -n $leader ]] && kill -0 "$leader" 2>/dev/null; then
        echo "test-system: the container's journal, last 60 entries:" >&2
        in_root journalctl --no-pager -n 60 >&2 || true
        if [[ -n $uid ]]; then
            echo "test-system: $user's journal, last 40 entries:" >&2
            in_root journalctl --no-pager -n 40 _UID="$uid" + _SYSTEMD_USER_UNIT=medd.service >&2 || true
        fi
    elif [[ -f $run_dir/boot.log ]]; then
        echo "test-system: systemd-nspawn's output:" >&2
        tail -n 40 "$run_dir/boot.log" >&2
    fi
    exit 1
}

# expect DESCRIPTION REGEX COMMAND...: COMMAND succeeds and its output matches REGEX (grep -E).
expect() {
    local description=$1 pattern=$2 out
    shift 2
    out=$("$@" 2>&1) || fail "$description: \`$*\` failed:\n$out"
    grep -Eq -- "$pattern" <<<"$out" || fail "$description: no /$pattern/ in the output of \`$*\`:\n$out"
    pass "$description"
}

# wait_for DESCRIPTION SECONDS COMMAND...: retries COMMAND twice a second until it succeeds.
wait_for() {
    local description=$1 limit=$2 since
    since=$(uptime_seconds)
    shift 2
    until "$@" >/dev/null 2>&1; do
        if awk -v a="$since" -v b="$(uptime_seconds)" -v l="$limit" 'BEGIN { exit !(b - a > l) }'; then
            fail "$description: not within $limit s; last output of \`$*\`:\n$("$@" 2>&1 || true)"
        fi
        sleep 0.5
    done
    pass "$description ($(elapsed "$since") s)"
}

# A command as root in the booted container: nsenter into the namespaces of its PID 1. machinectl
# and systemd-run --machine would need the container registered with machined, which
# --register=no turns off (and this host may have no machined at all).
in_root() { nsenter -t "$leader" -a -- "$@"; }

# A shell command as the user, as a login would run it: their IDs and groups (setpriv), the
# runtime directory and session bus of their user manager, so systemctl --user, journalctl --user
# and medctl see what they would see in a terminal.
as_user() {
    nsenter -t "$leader" -a -- setpriv --reuid="$uid" --regid="$uid" --init-groups \
        env -i HOME="/home/$user" USER="$user" LOGNAME="$user" LANG=C.UTF-8 PATH=/usr/bin:/bin \
        XDG_RUNTIME_DIR="/run/user/$uid" DBUS_SESSION_BUS_ADDRESS="unix:path=/run/user/$uid/bus" \
        SYSTEMD_PAGER= SYSTEMD_COLORS=0 bash -c "cd && $1"
}
as_user_grep() { as_user "$1" 2>&1 | grep -E -- "$2"; }

# The debootstrapped tree, built once and reused while it is less than a week old (its apt lists
# then still match the mirror) and was built from the same package list.
ensure_cached_tree() {
    local want="$suite minbase $tree_packages $mirror" since proxy
    if [[ -f $tree.stamp && $(cat "$tree.stamp") == "$want" && -z $(find "$tree.stamp" -mtime +7) ]]; then
        pass "cached Debian $suite tree $tree"
        return
    fi
    since=$(uptime_seconds)
    rm -rf "$tree" "$tree.new" "$tree.stamp"
    mkdir -p .build-system
    # apt reaches the mirror the way the host's apt does: through its proxy, when it has one.
    proxy=$(apt-config dump | sed -n 's/^Acquire::http::Proxy "\(.*\)";$/\1/p')
    echo "test-system: debootstrap --variant=minbase --include=$tree_packages $suite $mirror${proxy:+ (proxy $proxy)}"
    http_proxy=${http_proxy:-$proxy} debootstrap --variant=minbase --include="$tree_packages" "$suite" "$tree.new" "$mirror" \
        >.build-system/debootstrap.log 2>&1 || fail "debootstrap failed:\n$(tail -n 30 .build-system/debootstrap.log)"
    [[ -z $proxy ]] || echo "Acquire::http::Proxy \"$proxy\";" >"$tree.new/etc/apt/apt.conf.d/01proxy"
    # A persistent journal: with one, journald keeps each user's entries in a file they may read.
    mkdir -p "$tree.new/var/log/journal"
    mv "$tree.new" "$tree"
    echo "$want" >"$tree.stamp"
    pass "debootstrapped a Debian $suite tree in $(elapsed "$since") s"
}

# Boots a fresh overlay of the cached tree with systemd as PID 1 and waits for it to be running.
boot_container() {
    local since attempt
    since=$(uptime_seconds)
    teardown
    mkdir -p "$run_dir/upper" "$run_dir/work" "$root"
    mount -t overlay overlay -o "lowerdir=$PWD/$tree,upperdir=$PWD/$run_dir/upper,workdir=$PWD/$run_dir/work" "$root" \
        || fail "cannot mount an overlay of $tree on $root"
    trap teardown EXIT
    for attempt in plain own-cgroup; do
        start_nspawn "$attempt"
        if wait_for_leader; then break; fi
        # systemd-nspawn wants a cgroup of its own on some hosts; the second try gives it one.
        if [[ $attempt == plain ]] && grep -qi cgroup "$run_dir/boot.log"; then
            echo "test-system: systemd-nspawn asked for a cgroup of its own; starting it in one"
            continue
        fi
        fail "the container did not start"
    done
    # Until its system bus is up, systemctl in the container cannot even ask.
    wait_for "the container's systemd reports running (is-system-running)" 60 in_root systemctl is-system-running --wait
    pass "booted Debian $(in_root cat /etc/debian_version) ($suite) with $(in_root systemctl --version | head -n1) as PID 1 (host PID $leader) in $(elapsed "$since") s"
}

start_nspawn() {
    (
        if [[ $1 == own-cgroup ]]; then
            local own
            own=/sys/fs/cgroup$(awk -F: '$1 == "0" { print $3 }' /proc/self/cgroup)/medd-system-test
            mkdir -p "$own" && echo "$BASHPID" >"$own/cgroup.procs"
        fi
        SYSTEMD_NSPAWN_UNIFIED_HIERARCHY=1 exec systemd-nspawn -b --register=no --keep-unit \
            --console=read-only -D "$root" </dev/null
    ) >"$run_dir/boot.log" 2>&1 &
    nspawn_pid=$!
}

# The container's PID 1: the process under systemd-nspawn whose PID in its own namespace is 1.
wait_for_leader() {
    local i pid
    for i in $(seq 1 100); do
        kill -0 "$nspawn_pid" 2>/dev/null || return 1
        for pid in $(pgrep -P "$nspawn_pid") $(pgrep -P "$(pgrep -d, -P "$nspawn_pid" || echo 0)" || true); do
            if awk '$1 == "NSpid:" && $NF == 1 && NF > 2 { found = 1 } END { exit !found }' "/proc/$pid/status" 2>/dev/null; then
                leader=$pid
                return 0
            fi
        done
        sleep 0.1
    done
    return 1
}

teardown() {
    if [[ -n $nspawn_pid ]] && kill -0 "$nspawn_pid" 2>/dev/null; then
        [[ -n $leader ]] && in_root systemctl poweroff --no-block >/dev/null 2>&1 || true
        for _ in $(seq 1 60); do kill -0 "$nspawn_pid" 2>/dev/null || break; sleep 0.5; done
        kill -KILL "$nspawn_pid" 2>/dev/null || true
        wait "$nspawn_pid" 2>/dev/null || true
    fi
    leader=
    nspawn_pid=
    if mountpoint -q "$root" 2>/dev/null; then
        umount "$root" 2>/dev/null || umount -l "$root"
    fi
    rm -rf "$run_dir"
}

# The user medd runs for, with lingering on: their user manager starts at boot, no login needed.
add_lingering_user() {
    in_root useradd --create-home --shell /bin/bash "$user" || fail "useradd $user failed"
    uid=$(in_root id -u "$user")
    in_root loginctl enable-linger "$user" || fail "loginctl enable-linger $user failed"
    wait_for "$user's user manager and session bus (loginctl enable-linger)" 30 \
        in_root sh -c "systemctl is-active -q user@$uid.service && test -S /run/user/$uid/bus"
}

# build_previous_release VERSION COMMIT: the package of an earlier release, built from its commit in
# this repository's history (a worktree in .build-system/release-VERSION with its own build folder),
# for the upgrade. Kept there while the commit is the same: a second run on one machine reuses it.
# Sets previous_deb.
build_previous_release() {
    local version=$1 commit=$2 tree=.build-system/release-$1 since
    since=$(uptime_seconds)
    previous_deb=$tree/medd_${version}-1_amd64.deb
    if [[ -f $previous_deb && $(git -C "$tree" rev-parse HEAD 2>/dev/null) == "$commit" ]]; then
        pass "the $version package built earlier from $commit is reused: $previous_deb"
        return
    fi
    git cat-file -e "$commit^{commit}" 2>/dev/null \
        || fail "the commit of release $version ($commit) is not in this clone's history (a shallow clone?): git fetch --unshallow"
    git worktree remove --force "$tree" >/dev/null 2>&1 || rm -rf "$tree"
    git worktree prune
    git worktree add --detach "$tree" "$commit" >/dev/null 2>&1 || fail "git worktree add $tree $commit failed"
    (cd "$tree" && DEB_SKIP_LINTIAN=1 DEB_COMPRESSION=gzip make deb) >.build-system/release-$version.log 2>&1 \
        || fail "the $version package did not build from $commit:\n$(tail -n 30 .build-system/release-$version.log)"
    [[ -f $previous_deb ]] || fail "building release $version made no $previous_deb"
    [[ $(dpkg-deb -f "$previous_deb" Version) == "$version-1" ]] || fail "$previous_deb is not version $version-1"
    pass "built the $version package from $commit in $(elapsed "$since") s"
}
