"""medd-sync and HTTP authentication, against Apache (mod_auth_digest, mod_auth_basic) in front of Radicale:
libcurl answers a Digest challenge, so medd-sync syncs with a server that takes only Digest, both ways (a dose
on the server as a to-do, an answer from the phone into medd, an answer here onto the server); over plain http
to another machine the password goes only by Digest, and a server that asks for Basic there is a precise error
in medd-sync's status and journal, with no password sent (Apache's access log shows no Authorization header).

The other machine is a network namespace of this test's own (sync_hosts: TEST-NET-1 addresses, nothing that
can reach a real network): making it takes root, and the test fails saying so without it."""
import pytest

import harness
from apache_proxy import AuthenticatingProxy, ProxiedRadicale
from caldav_servers import Phone
from harness import berlin, config, dose_events
from sync_harness import Sync, messages, sync_table, wait_for_status
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
def remote_proxies(sync_network):
    """Apache asking for Basic and Apache asking for Digest, both at SERVER_ADDRESS (another machine, over plain
    http) in front of one Radicale: {"Basic": proxy, "Digest": proxy}."""
    backend = ProxiedRadicale()
    proxies = {}
    try:
        for scheme in ("Basic", "Digest"):
            proxies[scheme] = AuthenticatingProxy(backend, scheme, host=SERVER_ADDRESS)
        yield proxies
    finally:
        for proxy in proxies.values():
            proxy.close()
        backend.close()


def test_over_plain_http_to_another_machine_the_password_goes_only_by_digest(sync_network, remote_proxies, daemons, syncs, med):
    basic, digest = remote_proxies["Basic"], remote_proxies["Digest"]
    daemon = daemons(config(med, times=("08:00", "20:00")) + sync_table(basic), berlin(7, 59, 58))
    sync = Sync(daemon, wrapper=sync_network.wrapper("a"))
    syncs.append(sync)
    refusal = (f"the server at {basic.url} asks for the password by HTTP Basic authentication, which would send it readable over "
               "plain http; medd-sync sends a password over plain http to another machine only by Digest: use https, "
               "or a server on a loopback address")
    status = wait_for_status(sync, lambda s: "lastError" in s)
    assert status["lastError"] == refusal and "lastSuccess" not in status
    said = messages(sync, timeout=5, at_least=2)
    assert f"sync with {basic.url} is failing: {refusal}; retrying" in said, said
    assert any("is plain http to another machine" in line for line in said), said
    asked = medd_syncs_requests(basic)
    assert asked and all(r.authorization is None and r.status == 401 for r in asked), "\n".join(basic.log_lines())
    assert "failing since" in harness.medctl_output(daemon, "status")

    sync.stop()
    daemon.write_config(config(med, times=("08:00", "20:00")) + sync_table(digest))
    before = len(basic.requests())
    sync.start()
    sync.wait_in_sync()
    phone = Phone(digest)
    phone.wait_for(lambda todos: [t for t in todos if t.uid == f"{med}_20261122_08_00@medd"])
    mine = medd_syncs_requests(digest)
    assert {r.authorization for r in mine} == {None, "Digest"}, "\n".join(digest.log_lines())
    assert any(r.method == "PUT" and r.authorization == "Digest" and r.status < 300 for r in mine)
    assert len(basic.requests()) == before
