"""Nothing changes on the server without a word: a to-do another client deleted is published again and the
journal says so; an answer on the server that a later one here replaces is named with why; answers given
here while the server is away are counted in `medctl status` until they are uploaded; and stopping
medd-sync is not reported as a lost change stream."""
import json
import time

import harness
from harness import berlin, config
from sync_harness import Sync, messages, sync_table


def wait_said(sync, text, timeout=25):
    deadline = time.monotonic() + timeout
    while True:
        said = [m for m in messages(sync) if text in m]
        if said or time.monotonic() >= deadline:
            return said
        time.sleep(0.2)


def test_deletions_replacements_waiting_answers_and_a_stop_are_each_said(daemons, med, radicale, syncs):
    daemon = daemons(config(med, times=("08:00", "20:00")) + sync_table(radicale, poll="10s"), berlin(7, 59, 58))
    sync = Sync(daemon)
    syncs.append(sync)
    sync.wait_in_sync()
    harness.dose_events(med, MEDD_EVENT="fired", timeout=8)
    morning, evening = f"{med}_20261122_08_00", f"{med}_20261122_20_00"

    # Another client deletes the evening's to-do: it comes back, and the journal says why.
    assert radicale.request("DELETE", radicale.url + f"{evening}.ics").status in (200, 204)
    [said] = wait_said(sync, f"the to-do of {evening} is gone from the server")
    assert "published again" in said
    assert radicale.request("GET", radicale.url + f"{evening}.ics").status == 200

    # The phone skips the morning dose at 08:00:00; taken here later, the server's skip is replaced, and said so.
    got = radicale.request("GET", radicale.url + f"{morning}.ics")
    text = got.body.replace("STATUS:NEEDS-ACTION", "STATUS:CANCELLED\r\nLAST-MODIFIED:20261122T070000Z")
    assert radicale.request("PUT", radicale.url + f"{morning}.ics", text,
                            {"Content-Type": "text/calendar", "If-Match": got.headers["ETag"]}).status in (200, 201, 204)
    harness.dose_events(med, MEDD_EVENT="skipped", MEDD_SOURCE="caldav", timeout=14)
    harness.medctl_output(daemon, "taken", morning)
    [said] = wait_said(sync, f"{morning}: the server's skipped at 2026-11-22T07:00:00+00:00 (from another client) is replaced by medd's taken")
    assert said.endswith("the later answer wins"), said

    # The server goes away; an answer given here waits, and medctl status counts it until it is uploaded.
    radicale.stop()
    harness.medctl_output(daemon, "skip", evening)
    deadline = time.monotonic() + 15
    while "1 answer given here waits to be uploaded" not in harness.medctl_output(daemon, "status"):
        assert time.monotonic() < deadline, harness.medctl_output(daemon, "status")
        time.sleep(0.2)
    assert json.loads(harness.medctl_output(daemon, "--json", "status"))["sync"]["waiting"] == 1
    radicale.start()
    deadline = time.monotonic() + 25
    while json.loads(harness.medctl_output(daemon, "--json", "status"))["sync"]["waiting"] != 0:
        assert time.monotonic() < deadline, sync.status()
        time.sleep(0.2)
    assert "wait to be uploaded" not in harness.medctl_output(daemon, "status")
    assert "STATUS:CANCELLED" in radicale.request("GET", radicale.url + f"{evening}.ics").body

    sync.stop()
    assert not [m for m in messages(sync) if "lost medd's change stream" in m]
