"""Zones come from the system's tz database files: a zone compiled into a TZDIR of its own is planned,
and a local zone file replaced under a running daemon moves the `local` schedules and nothing else."""
import datetime
import json
import os
import shutil
import subprocess
import tempfile
import time

import pytest

import harness
from harness import config

# A made-up zone: +05:30, and from the fourth Sunday of November (2026-11-22) at 01:30 a daylight
# time of +0:45 (01:30 → 02:15), until February.
CUSTOM_ZONE = """\
Rule Odd 2020 max - Nov Sun>=22 1:30 0:45 D
Rule Odd 2021 max - Feb 1 1:30 0 S
Zone Test/Custom 5:30 Odd X%sT
"""


@pytest.fixture
def tzdir():
    directory = tempfile.mkdtemp(prefix="medd-tzdir-")
    source = os.path.join(directory, "custom.zi")
    with open(source, "w") as f:
        f.write(CUSTOM_ZONE)
    zic = shutil.which("zic") or "/usr/sbin/zic"
    subprocess.run([zic, "-d", directory, source], check=True)
    yield directory
    shutil.rmtree(directory, ignore_errors=True)


def test_a_zone_in_a_tzdir_of_its_own_is_planned(med, tzdir):
    """`medctl plan` with TZDIR: 08:00 is +05:30 before the switch and +06:15 after it; 01:45 on the
    switch day is in the gap and reads with the offset before it."""
    directory = tempfile.mkdtemp(prefix="medd-e2e-")
    path = os.path.join(directory, "medd.toml")
    with open(path, "w") as f:
        f.write(config(med, times=("01:45", "08:00"), settings={"timezone": '"Test/Custom"'}))
    result = subprocess.run(
        [os.path.join(harness.bin_dir(), "medctl"), "--json", "plan", "--config", path, "--from", "2026-11-21T00:00:00Z", "--days", "2"],
        capture_output=True, text=True, timeout=30, env=dict(os.environ, TZ="UTC", TZDIR=tzdir))
    shutil.rmtree(directory, ignore_errors=True)
    assert result.returncode == 0, result.stderr
    planned = {entry["id"]: entry["scheduled"] for entry in json.loads(result.stdout)}
    assert planned[f"{med}_20261121_08_00"] == "2026-11-21T08:00:00+05:30"
    assert planned[f"{med}_20261122_01_45"] == "2026-11-22T02:30:00+06:15"
    assert planned[f"{med}_20261122_08_00"] == "2026-11-22T08:00:00+06:15"


def test_a_missing_zone_is_a_config_error_at_the_value(med, tzdir):
    directory = tempfile.mkdtemp(prefix="medd-e2e-")
    path = os.path.join(directory, "medd.toml")
    with open(path, "w") as f:
        f.write(config(med, settings={"timezone": '"Test/Missing"'}))
    result = subprocess.run([os.path.join(harness.bin_dir(), "medctl"), "check", "--config", path],
                            capture_output=True, text=True, timeout=30, env=dict(os.environ, TZDIR=tzdir))
    shutil.rmtree(directory, ignore_errors=True)
    assert result.returncode != 0
    assert f'{path}:2:12: timezone "Test/Missing": {tzdir}/Test/Missing: No such file or directory' in result.stdout + result.stderr


def scheduled(daemon):
    return {d["id"]: d["scheduled"] for d in daemon.call("ListDoses", to="2026-11-24T00:00:00Z")["doses"]}


def test_a_local_zone_file_replaced_by_rename_moves_local_schedules_only(daemons, med):
    """TZ=:/path/localtime, as glibc reads it. Replacing that file (UTC) by rename with New York's
    moves the local medication's 08:00 to 08:00-05:00; the one pinned to Tokyo keeps 08:00+09:00."""
    zone_dir = tempfile.mkdtemp(prefix="medd-localtime-")
    localtime = os.path.join(zone_dir, "localtime")
    shutil.copyfile("/usr/share/zoneinfo/Etc/UTC", localtime)
    pinned = f"{med}-tokyo"
    extra = f'\n[medication.{pinned}]\nname = "Pinned"\ndose = "1"\ntimes = ["08:00"]\ntimezone = "Asia/Tokyo"\n'
    start = datetime.datetime(2026, 11, 22, 0, 30, tzinfo=datetime.timezone.utc)
    daemon = daemons(config(med, times=("08:00",), extra=extra), start, env={"TZ": ":" + localtime})
    before = scheduled(daemon)
    assert before[f"{med}_20261122_08_00"] == "2026-11-22T08:00:00+00:00"
    assert before[f"{pinned}_20261123_08_00"] == "2026-11-23T08:00:00+09:00"

    shutil.copyfile("/usr/share/zoneinfo/America/New_York", localtime + ".new")
    os.rename(localtime + ".new", localtime)
    deadline = time.monotonic() + 8
    after = scheduled(daemon)
    while after.get(f"{med}_20261122_08_00") != "2026-11-22T08:00:00-05:00" and time.monotonic() < deadline:
        time.sleep(0.1)
        after = scheduled(daemon)
    shutil.rmtree(zone_dir, ignore_errors=True)
    assert after[f"{med}_20261122_08_00"] == "2026-11-22T08:00:00-05:00"
    assert after[f"{pinned}_20261123_08_00"] == "2026-11-23T08:00:00+09:00"
    # ListDoses starts at local midnight, which moved too; every pinned dose listed both times is unchanged.
    both = [i for i in before if i.startswith(pinned) and i in after]
    assert both and all(after[i] == before[i] for i in both)
