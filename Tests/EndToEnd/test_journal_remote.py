"""Adherence across machines, end to end on this one machine: "host A" (its own network namespace, host
name, machine ID and journald) runs medd and answers doses; systemd-journal-upload on A sends A's journal
over a veth pair to systemd-journal-remote on "host B", and medctl on B reads what B received. Each
machine's figures must be exactly its own ledger's (A's daemon answers `Adherence` over Varlink).

Needs root (namespaces, mounts, a second journald) and `ip netns`; skips loudly without them. The
machine's own journald is checked to be the same one, with no entry of host A, after the tests."""
import csv
import io
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time

import pytest

import harness
import journal_hosts
from harness import berlin

HOST_A = "medd-host-a"
SINCE = "2026-11-20T00:00:00+01:00"
UNTIL = "2026-11-23T00:00:00+01:00"
FINAL = ("taken", "skipped", "missed")


def skip_reason():
    if os.geteuid() != 0:
        return "needs root: network namespaces, mounts and a second systemd-journald"
    if not shutil.which("ip"):
        return "no `ip` (iproute2): cannot make network namespaces"
    probe = f"medd-probe-{os.getpid()}"
    out = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if out.returncode != 0:
        return f"`ip netns add` does not work here: {out.stderr.strip()}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None


REASON = skip_reason()
if REASON:
    pytest.skip(f"SKIPPED, multi-machine journal tests NOT run: {REASON}", allow_module_level=True)


def medctl(*args, enter=(), check=True):
    """Runs medctl (under `enter`, a command prefix that puts it on another host) in Berlin time without
    colour and without a daemon to ask; returns (status, stdout, stderr)."""
    environment = {k: v for k, v in os.environ.items() if k not in ("MEDD_SOCKET", "XDG_RUNTIME_DIR")}
    environment.update(TZ=harness.ZONE, NO_COLOR="1")
    out = subprocess.run([*enter, os.path.join(harness.bin_dir(), "medctl"), *args], capture_output=True, text=True,
                         env=environment, timeout=60)
    if check:
        assert out.returncode == 0, (args, out.stderr)
    return out.returncode, out.stdout, out.stderr


def scenario_config(a, b):
    return f"""[settings]
grace = "5s"
renotify = "0"

[medication.{a}]
name = "Alpha"
dose = "1 tablet"
times = ["08:00", "20:00"]

[medication.{b}]
name = "Beta"
dose = "2 drops"
times = ["08:00"]
"""


def answer_doses(daemon, a, b, way):
    """Answers the same doses two ways (the same configuration on two machines gives the same dose IDs):
    on time, late, skipped, a change of mind, and the 22nd's 08:00 dose of b left to be missed."""
    def taken(dose, at=None, note=None):
        daemon.call("Taken", dose=dose, **({"at": at} if at else {}), **({"note": note} if note else {}))

    if way == "A":
        taken(f"{a}_20261120_08_00", "2026-11-20T08:10:00+01:00", note="with breakfast")  # on time
        taken(f"{a}_20261120_20_00", "2026-11-20T21:30:00+01:00")                          # late
        daemon.call("Skip", dose=f"{b}_20261120_08_00", reason="fasting")                  # skipped
        daemon.call("Skip", dose=f"{a}_20261121_08_00")
        taken(f"{a}_20261121_08_00", "2026-11-21T08:20:00+01:00")                          # changed: on time
        taken(f"{b}_20261121_08_00", "2026-11-21T11:00:00+01:00")                          # late
        taken(f"{a}_20261122_08_00")                                                       # early: on time
    else:
        daemon.call("Skip", dose=f"{a}_20261120_08_00")
        taken(f"{a}_20261121_08_00", "2026-11-21T10:00:00+01:00")
        taken(f"{b}_20261121_08_00", "2026-11-21T08:00:00+01:00")
    deadline = time.monotonic() + 20
    while not any(d["state"] == "missed" for d in daemon.call("ListDoses", medication=b)["doses"]):
        assert time.monotonic() < deadline, f"{b}_20261122_08_00 was not missed"
        time.sleep(0.1)


def wait_for_entries(read, count, what):
    """Waits until `read()` returns at least `count` final dose events; returns them."""
    deadline = time.monotonic() + 20
    while True:
        finals = [e for e in read() if e.get("MEDD_EVENT") in FINAL]
        if len(finals) >= count:
            return finals
        assert time.monotonic() < deadline, f"{what}: {len(finals)} of {count} final events"
        time.sleep(0.1)


def ledger(daemon):
    """The daemon's own figures for SINCE..UNTIL: Adherence over Varlink, and its final doses."""
    report = daemon.call("Adherence", since=SINCE, until=UNTIL)
    doses = [d for d in daemon.call("ListDoses", **{"from": SINCE, "to": UNTIL})["doses"] if d["state"] in FINAL]
    return report, doses


@pytest.fixture(scope="module")
def machines():
    """Host A with medd answered and its journal uploaded to B; yields what the tests read. Everything
    started here is stopped, and the namespaces removed, even when setting up fails."""
    missing = journal_hosts.missing_programs()
    assert not missing, f"missing {', '.join(missing)}: run scripts/setup.sh (systemd-journal-remote, iproute2, util-linux)"
    host_socket = os.stat(harness.JOURNAL_SOCKET).st_ino if os.path.exists(harness.JOURNAL_SOCKET) else None
    directory = tempfile.mkdtemp(prefix="medd-remote-")
    output = os.path.join(directory, "remote")
    os.mkdir(output)
    prefix = harness.unique_med()
    meds = (f"{prefix}-a", f"{prefix}-b")
    network = host = remote = daemon = None
    try:
        network = journal_hosts.NetworkPair()
        host = journal_hosts.JournalHost(network.path(network.a), HOST_A, directory)
        daemon = harness.Daemon(scenario_config(*meds), berlin(7, 59, 57), wrapper=host.enter)
        answer_doses(daemon, *meds, way="A")
        # 5 taken, 2 skipped (one then taken), 1 missed.
        entries = wait_for_entries(lambda: host.journal(f"MEDD_MED_ID={meds[0]}", f"MEDD_MED_ID={meds[1]}"),
                                   8, "host A's journal")
        report, doses = ledger(daemon)
        assert {e["_HOSTNAME"] for e in entries} == {HOST_A} and {e["_MACHINE_ID"] for e in entries} == {host.machine_id}
        remote = journal_hosts.JournalRemote(network.b, output)
        upload = host.upload(remote.url, os.path.join(directory, "upload-state"))
        assert upload.returncode == 0, (upload.stderr, remote.output_log())
        received = lambda: [json.loads(line) for line in subprocess.run(
            ["journalctl", "--no-pager", "-o", "json", "-D", output, f"MEDD_MED_ID={meds[0]}", f"MEDD_MED_ID={meds[1]}"],
            capture_output=True, text=True).stdout.splitlines()]
        wait_for_entries(received, len(entries), "B's received journal")
        host.sync()
        yield {"host": host, "daemon": daemon, "network": network, "output": output, "meds": meds, "report": report,
               "doses": doses, "directory": directory}
    finally:
        for part in (daemon and daemon.cleanup, remote and remote.close, host and host.close, network and network.close):
            if part:
                try:
                    part()
                except Exception as error:  # every part is stopped even when one fails
                    print(f"cleanup: {error}")
        shutil.rmtree(directory, ignore_errors=True)
    # The machine's own journald is the one the other tests use, untouched by host A.
    if host_socket is not None:
        assert os.stat(harness.JOURNAL_SOCKET).st_ino == host_socket, "the machine's journald socket was replaced"
    assert harness.journal("_HOSTNAME", HOST_A, at_least=0, timeout=0) == [], "host A's entries reached this machine's journal"


def on_b(machines):
    """The command prefix that runs a program in B's network namespace."""
    return ["ip", "netns", "exec", machines["network"].b]


def test_b_reads_a_ledgers_numbers_from_what_it_received(machines):
    _, stdout, _ = medctl("adherence", "--from-journal", "--directory", machines["output"], "--since", SINCE,
                          "--until", UNTIL, "--json", enter=on_b(machines))
    got, report = json.loads(stdout), machines["report"]
    a, b = machines["meds"]
    assert got["medications"] == report["medications"] and got["total"] == report["total"]
    assert report["total"]["onTime"] == 3 and report["total"]["late"] == 2
    assert report["total"]["skipped"] == 1 and report["total"]["missed"] == 1
    assert (got["since"], got["until"], got["source"]) == (SINCE, UNTIL, "journal")
    assert got["machines"] == [{"hostname": HOST_A, "machineId": machines["host"].machine_id, "uid": 0,
                                "medications": report["medications"], "total": report["total"]}]
    for med in (a, b):
        _, stdout, _ = medctl("adherence", "--directory", machines["output"], "--med", med, "--since", SINCE,
                              "--until", UNTIL, "--json", enter=on_b(machines))
        alone = machines["daemon"].call("Adherence", since=SINCE, until=UNTIL, medication=med)
        assert json.loads(stdout)["total"] == alone["total"], med


def test_host_selects_a_and_an_unknown_host_is_an_error(machines):
    args = ["adherence", "--directory", machines["output"], "--since", SINCE, "--until", UNTIL]
    _, stdout, _ = medctl(*args, "--host", HOST_A, "--json", enter=on_b(machines))
    assert json.loads(stdout)["total"] == machines["report"]["total"]
    status, stdout, stderr = medctl(*args, "--host", "nosuch", enter=on_b(machines), check=False)
    assert status == 2 and not stdout
    assert f"--host nosuch: no medd answer in the journal directory {machines['output']} comes from a host named nosuch; " \
           f"the hosts there are {HOST_A}" in stderr
    _, table, _ = medctl(*args, enter=on_b(machines))
    lines = table.splitlines()
    assert lines[0].endswith(f"from the journal directory {machines['output']}")
    assert lines[1].split()[0] == "MEDICATION", "one machine: no HOST column"


def test_b_reports_a_ledgers_numbers_with_as_host_name(machines):
    """`medctl report` on B from what B received: A's ledger numbers, and A's host name in the report."""
    path = os.path.join(machines["directory"], "a-report.pdf")
    medctl("report", "--directory", machines["output"], "--since", SINCE, "--until", UNTIL, "--output", path,
           enter=on_b(machines))
    text = subprocess.run(["pdftotext", "-layout", path, "-"], capture_output=True, text=True, check=True).stdout
    assert f"recorded on {HOST_A}" in " ".join(text.split())
    total = machines["report"]["total"]
    [row] = [line for line in text.splitlines() if line.strip().startswith("Total") and "%" in line]
    assert row.split()[-5:-1] == [str(total[k]) for k in ("onTime", "late", "skipped", "missed")], row
    assert f"{total['percentage']:.1f}%" == row.split()[-1], row


def test_history_lists_a_final_doses_as_its_ledger(machines):
    _, stdout, _ = medctl("history", "--directory", machines["output"], "--since", SINCE, "--until", UNTIL, "--json",
                          enter=on_b(machines))
    listed = json.loads(stdout)
    assert {(d["hostname"], d["machineId"], d["uid"]) for d in listed} == {(HOST_A, machines["host"].machine_id, 0)}
    for dose in listed:
        del dose["hostname"], dose["machineId"], dose["uid"]
    assert listed == machines["doses"]
    assert [d["state"] for d in listed].count("missed") == 1
    note = next(d for d in listed if d["id"].endswith("_20261120_08_00") and d["medication"] == machines["meds"][0])
    assert note["note"] == "with breakfast" and note["source"] == "cli"
    _, text, _ = medctl("history", "--directory", machines["output"], "--since", SINCE, "--until", UNTIL, "--format", "csv",
                        enter=on_b(machines))
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0][:4] == ["hostname", "machine_id", "uid", "id"]
    assert [row[3] for row in rows[1:]] == [d["id"] for d in machines["doses"]]
    assert {tuple(row[:3]) for row in rows[1:]} == {(HOST_A, machines["host"].machine_id, "0")}


def test_a_copied_file_and_this_machines_journal_are_two_machines(machines, daemons):
    """The same configuration here, answered otherwise: A's journal file copied, and this machine's entries
    written to a file of their own, read together give two groups, each its own ledger's numbers."""
    a, b = machines["meds"]
    here = daemons(scenario_config(a, b), berlin(7, 59, 57))
    answer_doses(here, a, b, way="here")
    # 2 taken, 1 skipped, 2 missed (both of the 22nd's 08:00 doses).
    wait_for_entries(lambda: harness.dose_events(a, timeout=0) + harness.dose_events(b, timeout=0), 5, "this machine's journal")
    report_here, _ = ledger(here)
    directory = machines["directory"]
    copied = os.path.join(directory, "host-a.journal")
    files = machines["host"].journal_files()
    assert files, "host A has no journal file"
    subprocess.run(["cp", files[0], copied], check=True)
    local = os.path.join(directory, "here.journal")
    export = subprocess.run(["journalctl", "--no-pager", "-o", "export", f"MEDD_MED_ID={a}", f"MEDD_MED_ID={b}"],
                            capture_output=True, check=True)
    subprocess.run([journal_hosts.JOURNAL_REMOTE, f"--output={local}", "-"], input=export.stdout, capture_output=True,
                   check=True)
    _, stdout, _ = medctl("adherence", "--file", copied, "--file", local, "--since", SINCE, "--until", UNTIL, "--json")
    got = json.loads(stdout)
    by_host = {m["hostname"]: m for m in got["machines"]}
    this_host = socket.gethostname()
    assert set(by_host) == {HOST_A, this_host}
    assert by_host[HOST_A]["total"] == machines["report"]["total"]
    assert by_host[this_host]["total"] == report_here["total"] and by_host[this_host]["medications"] == report_here["medications"]
    assert by_host[this_host]["total"] != by_host[HOST_A]["total"]
    # The same dose IDs on both machines count apart: here's skip of a's 20th 08:00 dose does not replace A's taken.
    assert got["total"]["skipped"] == machines["report"]["total"]["skipped"] + report_here["total"]["skipped"]
    _, table, _ = medctl("adherence", "--file", copied, "--file", local, "--since", SINCE, "--until", UNTIL)
    assert table.splitlines()[1].split()[:2] == ["HOST", "MEDICATION"]
    hosts = {line.split()[0] for line in table.splitlines()[2:-1]}
    assert hosts == {HOST_A, this_host}
    _, stdout, _ = medctl("adherence", "--file", local, "--file", copied, "--host", this_host, "--since", SINCE,
                          "--until", UNTIL, "--json")
    assert [m["hostname"] for m in json.loads(stdout)["machines"]] == [this_host]
    # A report is of one machine: two are a usage error that names them and says how to choose.
    status, _, stderr = medctl("report", "--file", copied, "--file", local, "--since", SINCE, "--until", UNTIL,
                               "--format", "html", check=False)
    assert status == 2 and "choose it with --host NAME" in stderr and HOST_A in stderr and this_host in stderr, stderr
    _, stdout, _ = medctl("history", "--file", copied, "--file", local, "--since", SINCE, "--until", UNTIL, "--json")
    both = json.loads(stdout)
    assert {d["hostname"] for d in both if d["id"] == f"{a}_20261120_08_00"} == {HOST_A, this_host}
