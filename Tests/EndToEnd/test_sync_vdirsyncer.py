"""medd-sync's collection as a third-party sync client sees it: Debian's vdirsyncer copies the CalDAV
collection (Radicale with a password, Xandikos without) into a folder of .ics files, which must hold
exactly one well-formed VTODO per dose medd publishes, with the answers given through medctl."""
import datetime
import json
import subprocess

import icalendar
import pytest

import caldav_servers
import harness
from caldav_servers import Phone
from harness import berlin
from sync_harness import Sync, sync_table

STARTED = berlin(7, 0)
PUBLISH_AHEAD = datetime.timedelta(days=2)
KEEP = datetime.timedelta(days=2)  # medd-sync's default `keep`
# Five doses a day between two medications, none near 07:00, where the window starts and ends.
METFORMIN_TIMES = ("08:00", "20:00")
RAMIPRIL_TIMES = ("08:00", "13:00", "21:30")
STATUS_OF_STATE = {"taken": "COMPLETED", "skipped": "CANCELLED", "planned": "NEEDS-ACTION"}


def medications_config(metformin, ramipril):
    return f"""[settings]

[medication.{metformin}]
name = "Metformin"
dose = "500 mg"
times = {json.dumps(METFORMIN_TIMES)}

[medication.{ramipril}]
name = "Ramipril"
dose = "5 mg"
times = {json.dumps(RAMIPRIL_TIMES)}
"""


def dose_ids(medication, times, days):
    return [f"{medication}_{day}_{time.replace(':', '_')}" for day in days for time in times]


def vdirsyncer_config(server, collection_folder, status_folder, password_file):
    """A pair that copies `server`'s collection (collections = null: that one collection, no discovery of
    others) into `collection_folder`, one .ics file per item."""
    credentials = ""
    if server.username:
        credentials = f'username = "{server.username}"\npassword.fetch = ["command", "cat", "{password_file}"]\n'
    return f"""[general]
status_path = "{status_folder}"

[pair medd_todos]
a = "medd_server"
b = "medd_folder"
collections = null

[storage medd_server]
type = "caldav"
url = "{server.url}"
{credentials}
[storage medd_folder]
type = "filesystem"
path = "{collection_folder}"
fileext = ".ics"
"""


def vdirsyncer(config_path, command):
    """Runs `vdirsyncer -c config_path command` with nothing on stdin (a question would abort it); asserts success."""
    out = subprocess.run(["vdirsyncer", "-c", config_path, command], stdin=subprocess.DEVNULL, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, f"vdirsyncer {command} exited with {out.returncode}:\n{out.stdout}{out.stderr}"


def mirror_with_vdirsyncer(server, directory):
    """Copies `server`'s collection into a new folder under `directory` (discover, then sync); returns
    {file name: file bytes}."""
    collection_folder = directory / "collection"
    collection_folder.mkdir()  # present, so that discover need not ask whether to create it
    password_file = directory / "dav-password"
    if server.username:
        password_file.write_text(server.password + "\n")
        password_file.chmod(0o600)
    config_path = directory / "vdirsyncer.conf"
    config_path.write_text(vdirsyncer_config(server, collection_folder, directory / "status", password_file))
    vdirsyncer(config_path, "discover")
    vdirsyncer(config_path, "sync")
    return {path.name: path.read_bytes() for path in sorted(collection_folder.iterdir())}


@pytest.fixture
def vdirsyncer_installed():
    """vdirsyncer on PATH, or the test fails naming its Debian package (never a skip)."""
    try:
        caldav_servers.require("vdirsyncer")
        return
    except caldav_servers.MissingProgram as error:
        missing = str(error)
    pytest.fail(missing, pytrace=False)  # outside `except`: the message alone, not a chain of tracebacks


@pytest.fixture
def sync_of(daemons):
    """Starts medd-sync beside a daemon; stops it after the test, before `daemons` stops medd."""
    started = []

    def start(daemon):
        sync = Sync(daemon)
        started.append(sync)
        return sync

    yield start
    for sync in started:
        sync.stop()


def test_vdirsyncer_copies_one_parsable_vtodo_per_published_dose(vdirsyncer_installed, daemons, med, caldav_server,
                                                                 sync_of, tmp_path):
    """Two days of doses are published, three of them are then answered with medctl; vdirsyncer's copy has
    one file per dose, each one VTODO with the UID <dose-id>@medd and the dose's STATUS."""
    metformin, ramipril = med, med + "-ram"
    sync_settings = sync_table(caldav_server, extra='publish_ahead = "2d"\n')
    daemon = daemons(medications_config(metformin, ramipril) + sync_settings, STARTED)
    sync_of(daemon).wait_in_sync()
    window = {"from": harness.iso(STARTED - KEEP), "to": harness.iso(STARTED + PUBLISH_AHEAD)}
    # Doses due before medd first ran are untracked: never alerted, and never published.
    published = [d["id"] for d in daemon.call("ListDoses", **window)["doses"] if d["state"] != "untracked"]
    days = ("20261122", "20261123")
    assert sorted(published) == sorted(dose_ids(metformin, METFORMIN_TIMES, days)
                                       + dose_ids(ramipril, RAMIPRIL_TIMES, days))
    phone = Phone(caldav_server)
    phone.wait_for(lambda todos: len(todos) == len(published))

    answers = {f"{metformin}_20261122_08_00": "taken",  # early: an hour before due, within the default 2h
               f"{ramipril}_20261122_13_00": "skipped", f"{metformin}_20261123_20_00": "skipped"}
    for dose, state in answers.items():
        harness.medctl_output(daemon, "taken" if state == "taken" else "skip", dose)
    states = {d["id"]: d["state"] for d in daemon.call("ListDoses", **window)["doses"] if d["id"] in published}
    assert states == {dose: answers.get(dose, "planned") for dose in published}
    expected_status = {f"{dose}@medd": STATUS_OF_STATE[state] for dose, state in states.items()}
    phone.wait_for(lambda todos: {t.uid: t.status for t in todos} == expected_status and len(todos) == len(published))

    files = mirror_with_vdirsyncer(caldav_server, tmp_path)

    assert all(name.endswith(".ics") for name in files), sorted(files)
    assert len(files) == len(published), sorted(files)
    file_of_uid, status_by_uid = {}, {}
    for name, content in files.items():
        calendar = icalendar.Calendar.from_ical(content)
        errors = [(component.name, component.errors) for component in calendar.walk() if component.errors]
        assert not errors, f"{name} does not parse cleanly: {errors}\n{content.decode(errors='replace')}"
        assert [component.name for component in calendar.subcomponents] == ["VTODO"], f"{name}:\n{content.decode()}"
        [todo] = calendar.subcomponents
        uid = str(todo["UID"])
        assert uid not in file_of_uid, f"UID {uid} is in {file_of_uid.get(uid)} and {name}"
        assert uid == f"{todo['X-MEDD-DOSE-ID']}@medd", f"{name}:\n{content.decode()}"
        file_of_uid[uid] = name
        status_by_uid[uid] = str(todo["STATUS"])
    assert status_by_uid == expected_status
