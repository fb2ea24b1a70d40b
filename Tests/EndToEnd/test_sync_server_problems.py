"""Server problems in plain words, said once: a URL with no collection (404), a calendar that takes only
events (VEVENT), and an account that may read the collection but not write to it (403 on every PUT). Each is
one clear line in medd-sync's journal and in `medctl status`; retrying every few seconds says nothing more,
and never flaps between "failing" and "works again"."""
import os
import time
import types

import harness
from harness import berlin, config
from sync_harness import Sync, messages, sync_table, wait_for_status

EVENTS_ONLY = """<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>
<C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
</D:prop></D:set></C:mkcalendar>"""

READ_ONLY_RIGHTS = """[root]
user: .+
collection:
permissions: R

[principal]
user: .+
collection: {user}
permissions: R

[read-only]
user: .+
collection: {user}/[^/]+
permissions: rR
"""


def elsewhere(server, path):
    """`server`'s account, pointed at another collection."""
    return types.SimpleNamespace(url=server.base_url + path, username=server.username, password=server.password,
                                 directory=server.directory)


def make_read_only(server):
    rights = os.path.join(server.directory, "rights")
    with open(rights, "w") as f:
        f.write(READ_ONLY_RIGHTS)
    with open(server.config_path) as f:
        text = f.read()
    with open(server.config_path, "w") as f:
        f.write(text.replace("[rights]\ntype = owner_only", f"[rights]\ntype = from_file\nfile = {rights}"))
    server.stop()
    server.start()


def test_a_missing_collection_an_events_calendar_and_a_read_only_account_each_say_so_once(daemons, med, radicale, syncs):
    made = radicale.request("MKCALENDAR", radicale.base_url + "/anna/events/", EVENTS_ONLY,
                            {"Content-Type": "application/xml; charset=utf-8"})
    assert made.status == 201, made
    make_read_only(radicale)
    cases = {
        "missing": (elsewhere(radicale, "/anna/nothing/"), f"there is no collection at {radicale.base_url}/anna/nothing/ (HTTP 404); check url in [sync]"),
        "events": (elsewhere(radicale, "/anna/events/"), f"the calendar at {radicale.base_url}/anna/events/ takes only VEVENT, not to-dos (VTODO)"),
        "read-only": (radicale, f"the server answered HTTP 403 (forbidden: the account may not do this in the collection) to PUT {radicale.url}"),
    }
    running = {}
    for name, (server, _) in cases.items():
        daemon = daemons(config(f"{med}{name.replace('-', '')}", times=("08:00",)) + sync_table(server, poll="10s"), berlin(7, 30))
        running[name] = (daemon, Sync(daemon))
        syncs.append(running[name][1])
    for name, (_, expected) in cases.items():
        daemon, sync = running[name]
        status = wait_for_status(sync, lambda s: "lastError" in s, timeout=15)
        assert status["lastError"].startswith(expected), (name, status)
        assert "lastSuccess" not in status or name == "read-only", (name, status)
    # Several retries later (2 s, doubling): still one line each, nothing in between.
    time.sleep(12)
    for name, (_, expected) in cases.items():
        daemon, sync = running[name]
        said = messages(sync)
        failing = [m for m in said if "is failing" in m or "still fails" in m]
        assert len(failing) == 1 and expected in failing[0], (name, said)
        assert not [m for m in said if "works again" in m or "in sync with" in m], (name, said)
        assert expected in harness.medctl_output(daemon, "status")
