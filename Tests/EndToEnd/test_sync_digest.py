"""medd-sync and HTTP authentication, against Apache (mod_auth_digest, mod_auth_basic) in front of Radicale:
libcurl answers a Digest challenge, so medd-sync syncs with a server that takes only Digest, both ways (a dose
on the server as a to-do, an answer from the phone into medd, an answer here onto the server). Basic never goes
over plain http to another machine: a [sync] url there is refused before anything is sent, even with a server
asking for Basic listening at that address.

The other machine is a network namespace of this test's own (sync_hosts: TEST-NET-1 addresses, nothing that
can reach a real network): making it takes root, and the test fails saying so without it."""
import os
import subprocess

import pytest

import harness
from apache_proxy import AuthenticatingProxy, ProxiedRadicale
from caldav_servers import Phone
from harness import berlin, config, dose_events
from sync_harness import Sync, messages, sync_table
from sync_hosts import SERVER_ADDRESS


def medd_syncs_requests(proxy):
    return [r for r in proxy.requests() if r.agent.startswith("medd-sync/")]


def test_medd_sync_syncs_through_apache_that_takes_only_digest(daemons, syncs, med, digest_proxy):
    daemon = daemons(config(med, times=("08:00", "20:00")) + sync_table(digest_proxy), berlin(7, 59, 58))
    sync = Sync(daemon)
    syncs.append(sync)
    status = sync.wait_in_sync()
    assert status["server"] == digest_proxy.url
    phone = Phone(digest_proxy)
    uid = f"{med}_20261122_08_00@medd"
    phone.wait_for(lambda todos: [t for t in todos if t.uid == uid])

    dose_events(med, MEDD_EVENT="fired", timeout=8)
    phone.complete(uid, at=berlin(8, 0, 1))
    [taken] = dose_events(med, MEDD_EVENT="taken", timeout=14)
    assert taken["MEDD_SOURCE"] == "caldav" and taken["MEDD_DOSE_ID"] == f"{med}_20261122_08_00"
    harness.medctl_output(daemon, "skip", f"{med}_20261122_20_00")
    phone.wait_for(lambda todos: [t for t in todos if t.uid == f"{med}_20261122_20_00@medd" and t.status == "CANCELLED"],
                   timeout=5, interval=0.1)

    mine = medd_syncs_requests(digest_proxy)
    log = "\n".join(digest_proxy.log_lines())
    assert {r.authorization for r in mine} == {None, "Digest"}, log
    assert all(r.status == 401 for r in mine if r.authorization is None), f"a request without a password got through:\n{log}"
    for method in ("PROPFIND", "REPORT", "PUT"):
        assert any(r.method == method and r.authorization == "Digest" and r.user == "anna" and r.status < 300 for r in mine), (method, log)
    said = "\n".join(messages(sync))
    assert digest_proxy.password not in said and digest_proxy.password not in open(sync.status_path).read()


@pytest.fixture
def basic_proxy_elsewhere(sync_network):
    """Apache asking for Basic at SERVER_ADDRESS (another machine, over plain http) in front of Radicale."""
    backend = ProxiedRadicale()
    proxy = None
    try:
        proxy = AuthenticatingProxy(backend, "Basic", host=SERVER_ADDRESS)
        yield proxy
    finally:
        if proxy:
            proxy.close()
        backend.close()


def test_basic_never_goes_over_plain_http_to_another_machine(sync_network, basic_proxy_elsewhere, tmp_path, med):
    """A server asking for Basic on another machine over plain http: medd-sync refuses the URL at start, with the
    configuration's error (exit 78), and sends that server nothing at all."""
    path = tmp_path / "medd.toml"
    path.write_text(config(med, times=("08:00",)) + sync_table(basic_proxy_elsewhere))
    out = subprocess.run(sync_network.wrapper("a") + [os.path.join(harness.bin_dir(), "medd-sync"), "--config", str(path),
                                                     "--socket", str(tmp_path / "control.sock")],
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 78, out
    assert f'sync.url: "{basic_proxy_elsewhere.url}"' in out.stderr and "plain http" in out.stderr, out.stderr
    assert basic_proxy_elsewhere.requests() == [], "\n".join(basic_proxy_elsewhere.log_lines())
