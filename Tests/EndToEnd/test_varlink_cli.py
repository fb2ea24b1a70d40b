"""An independent client: the PyPI varlink package's command line, on the daemon's unix: address."""
import json
import subprocess
import sys

from harness import berlin, config, dose_events


def cli(*args):
    out = subprocess.run([sys.executable, "-m", "varlink.cli", *args], capture_output=True, text=True, timeout=20)
    return out.returncode, out.stdout, out.stderr


def call(daemon, method, parameters="{}"):
    status, stdout, stderr = cli("call", f"unix:{daemon.socket_path}/io.medd.Control.{method}", parameters)
    return status, (json.loads(stdout) if status == 0 and stdout.strip() else stdout + stderr)


def test_info_lists_both_interfaces(daemons, med):
    """`varlink info` reads GetInfo: vendor, version and both interfaces."""
    daemon = daemons(config(med), berlin(7, 0))
    status, stdout, stderr = cli("info", f"unix:{daemon.socket_path}")
    assert status == 0, stderr
    assert "Vendor: medd" in stdout and "io.medd.Control" in stdout and "org.varlink.service" in stdout


def test_help_parses_the_interface_description(daemons, med):
    """`varlink help` fetches and parses the io.medd.Control description served by the daemon."""
    daemon = daemons(config(med), berlin(7, 0))
    status, stdout, stderr = cli("help", f"unix:{daemon.socket_path}/io.medd.Control")
    assert status == 0, stderr
    with open(__file__.replace("Tests/EndToEnd/test_varlink_cli.py", "Sources/MeddControl/io.medd.Control.varlink")) as f:
        source = f.read()
    for method in ["Status", "ListDoses", "Taken", "Snooze", "Skip", "Reload", "Adherence", "Watch"]:
        assert f"method {method}(" in stdout and f"method {method}(" in source


def test_every_method_works_from_the_cli(daemons, med):
    """Status, ListDoses, Snooze, Taken, Skip, Reload and Adherence called with `varlink call`."""
    daemon = daemons(config(med, times=("08:00", "08:01", "20:00")), berlin(8, 0, 56))
    dose_events(med, at_least=2, timeout=10, MEDD_EVENT="fired")
    status, reply = call(daemon, "Status")
    assert status == 0 and reply["pending"] == 2, reply
    status, reply = call(daemon, "ListDoses", json.dumps({"medication": med}))
    assert status == 0 and [d["state"] for d in reply["doses"]][:3] == ["pending", "pending", "planned"]
    status, reply = call(daemon, "Snooze", json.dumps({"dose": f"{med}_20261122_08_00", "minutes": 5}))
    assert status == 0 and reply["snoozeId"] == f"snooze_{med}_08_00"
    status, reply = call(daemon, "Taken", json.dumps({"dose": f"{med}_20261122_08_00", "note": "late"}))
    assert status == 0 and reply["dose"]["state"] == "taken"
    status, reply = call(daemon, "Skip", json.dumps({"dose": f"{med}_20261122_08_01", "reason": "cli"}))
    assert status == 0 and reply["dose"]["state"] == "skipped"
    status, reply = call(daemon, "Reload")
    assert status == 0 and reply["medications"] == 1 and reply["planned"] > 0
    status, reply = call(daemon, "Adherence", json.dumps({"since": "2026-11-22", "medication": med}))
    assert status == 0, reply
    counts = reply["medications"][med]
    assert (counts["onTime"], counts["skipped"], counts["missed"]) == (1, 1, 0) and counts["percentage"] == 50.0
    assert reply["total"]["taken"] == 1


def test_errors_reach_the_cli(daemons, med):
    """A Varlink error comes back to the generic client with its name and parameters."""
    daemon = daemons(config(med), berlin(7, 0))
    # varlink.cli 31 prints the error object to stderr and still exits 0.
    _, _, stdout = cli("call", f"unix:{daemon.socket_path}/io.medd.Control.Taken", json.dumps({"dose": "nosuchmed"}))
    assert "'error': 'io.medd.Control.NoSuchMedication'" in stdout and "'medication': 'nosuchmed'" in stdout
    _, _, stdout = cli("call", f"unix:{daemon.socket_path}/io.medd.Control.Snooze", json.dumps({"dose": f"{med}_20261122_08_00"}))
    assert "'error': 'io.medd.Control.NotYetDue'" in stdout
