"""Hostile bytes on the control socket: each gets a Varlink error or a closed connection, and the
daemon keeps serving with its ledger intact."""
import os
import sqlite3

import pytest

from harness import berlin, config, dose_events

CLOSE = "closed without a reply"
TAKEN = "io.medd.Control.Taken"
SNOOZE = "io.medd.Control.Snooze"
INVALID = "org.varlink.service.InvalidParameter"


def call(method, parameters):
    return f'{{"method":"{method}","parameters":{parameters}}}'.encode()


# (name, bytes sent without the final NUL, what must come back)
CORPUS = [
    ("empty message", b"", CLOSE),
    ("whitespace only", b" \n\t ", CLOSE),
    ("truncated object", b'{"method":"io.medd.Control.Status"', CLOSE),
    ("truncated string", b'{"method":"io.medd', CLOSE),
    ("not JSON", b"hello", CLOSE),
    ("HTTP request", b"GET / HTTP/1.1\r\nHost: medd\r\n\r\n", CLOSE),
    ("trailing garbage", b'{"method":"io.medd.Control.Status"}x', CLOSE),
    ("two values in one message", b"{} {}", CLOSE),
    ("single quotes", b"{'method':'io.medd.Control.Status'}", CLOSE),
    ("trailing comma", b'{"method":"io.medd.Control.Status",}', CLOSE),
    ("bad literal", b'{"method":tru}', CLOSE),
    ("lone surrogate", b'{"method":"\\ud800"}', CLOSE),
    ("raw control character", b'{"method":"\x01"}', CLOSE),
    ("top-level array", b'[{"method":"io.medd.Control.Status"}]', CLOSE),
    ("top-level number", b"42", CLOSE),
    ("top-level null", b"null", CLOSE),
    ("method missing", b'{"parameters":{}}', CLOSE),
    ("method a number", b'{"method":42}', CLOSE),
    ("duplicate keys", b'{"method":"io.medd.Control.Status","method":"io.medd.Control.Reload"}', CLOSE),
    ("binary garbage", bytes([0xFF, 0x13, 0x37, 0xC0, 0xAF]), CLOSE),
    ("invalid UTF-8", b'{"method":"' + bytes([0xC3, 0x28]) + b'"}', CLOSE),
    ("10,000 nested arrays", b"[" * 10_000, CLOSE),
    ("10,000 nested objects", b'{"a":' * 10_000, CLOSE),
    ("unknown interface", b'{"method":"org.example.Foo.Bar"}', "org.varlink.service.InterfaceNotFound"),
    ("method without interface", b'{"method":"Status"}', "org.varlink.service.InterfaceNotFound"),
    ("unknown method", b'{"method":"io.medd.Control.Explode"}', "org.varlink.service.MethodNotFound"),
    ("unknown service method", b'{"method":"org.varlink.service.Shutdown"}', "org.varlink.service.MethodNotFound"),
    ("method name in the wrong case", b'{"method":"io.medd.Control.taken"}', "org.varlink.service.MethodNotFound"),
    ("parameters an array", b'{"method":"io.medd.Control.Status","parameters":[]}', INVALID),
    ("more a string", b'{"method":"io.medd.Control.Watch","more":"yes"}', INVALID),
    ("oneway a number", b'{"method":"io.medd.Control.Status","oneway":1}', INVALID),
    ("Watch without more", b'{"method":"io.medd.Control.Watch"}', "org.varlink.service.ExpectedMore"),
    ("unknown parameter", call(TAKEN, '{"dose":"a","when":"now"}'), INVALID),
    ("dose missing", call(TAKEN, "{}"), INVALID),
    ("dose null", call(TAKEN, '{"dose":null}'), INVALID),
    ("dose a number", call(TAKEN, '{"dose":7}'), INVALID),
    ("dose an array", call("io.medd.Control.Skip", '{"dose":["a"]}'), INVALID),
    ("at a number", call(TAKEN, '{"dose":"a","at":1700000000}'), INVALID),
    ("at not a time", call(TAKEN, '{"dose":"MED","at":"yesterday"}'), INVALID),
    ("at without an offset", call(TAKEN, '{"dose":"MED","at":"2026-11-22T08:00:00"}'), INVALID),
    ("at in the future", call(TAKEN, '{"dose":"MED","at":"2030-01-01T00:00:00Z"}'), INVALID),
    ("minutes negative", call(SNOOZE, '{"dose":"a","minutes":-5}'), INVALID),
    ("minutes a float", call(SNOOZE, '{"dose":"a","minutes":10.5}'), INVALID),
    ("minutes huge", call(SNOOZE, '{"dose":"a","minutes":99999999999999999999999}'), INVALID),
    ("minutes a string", call(SNOOZE, '{"dose":"a","minutes":"10"}'), INVALID),
    ("from not a time", call("io.medd.Control.ListDoses", '{"from":"soon"}'), INVALID),
    ("from after to", call("io.medd.Control.ListDoses", '{"from":"2026-12-01","to":"2026-11-01"}'), INVALID),
    ("nanosecond times", call("io.medd.Control.ListDoses", '{"from":"2026-11-22T00:00:00.123456789Z","to":"2026-11-21T23:59:59.999999999+00:00"}'), INVALID),
    ("since a bool", call("io.medd.Control.Adherence", '{"since":true}'), INVALID),
    ("interface missing", call("org.varlink.service.GetInterfaceDescription", "{}"), INVALID),
    ("unknown medication", call(TAKEN, '{"dose":"nosuchmed"}'), "io.medd.Control.NoSuchMedication"),
    ("not a dose or medication ID", call(TAKEN, '{"dose":"../../etc/passwd"}'), "io.medd.Control.NoSuchDose"),
    ("dose of an unknown day", call(SNOOZE, '{"dose":"MED_20261122_03_17"}'), "io.medd.Control.NoSuchDose"),
    ("snooze a dose not yet due", call(SNOOZE, '{"dose":"MED_20261122_20_00"}'), "io.medd.Control.NotYetDue"),
    ("snooze an answered dose", call(SNOOZE, '{"dose":"MED_20261122_08_00"}'), "io.medd.Control.AlreadyFinal"),
]


@pytest.fixture(scope="module")
def target():
    import harness
    med = harness.unique_med()
    daemon = harness.Daemon(config(med), berlin(8, 0, 5))
    dose_events(med, MEDD_EVENT="fired")
    daemon.call("Taken", dose=med)
    yield daemon, med
    daemon.cleanup()


def assert_still_serving(daemon, med):
    assert daemon.process.poll() is None, daemon.output()
    assert daemon.call("Status")["version"]
    [dose] = [d for d in daemon.call("ListDoses", medication=med)["doses"] if d["id"] == f"{med}_20261122_08_00"]
    assert dose["state"] == "taken"


def test_the_corpus_is_large_enough():
    """At least 40 malformed inputs, with unique names."""
    assert len(CORPUS) >= 40 and len({name for name, _, _ in CORPUS}) == len(CORPUS)


@pytest.mark.parametrize("name,payload,expected", CORPUS, ids=[c[0] for c in CORPUS])
def test_malformed_input_gets_an_error_or_a_closed_connection(target, name, payload, expected):
    """Each input gets exactly the error it deserves, or the connection is closed without a reply."""
    daemon, med = target
    messages, closed = daemon.raw(payload.replace(b"MED", med.encode()) + b"\0")
    assert closed
    if expected == CLOSE:
        assert messages == []
    else:
        assert len(messages) == 1 and messages[0]["error"] == expected, messages
    assert_still_serving(daemon, med)


def test_one_mebibyte_without_a_nul_closes_the_connection(target):
    """A message over the 64 KiB limit without a NUL is cut off."""
    daemon, med = target
    messages, closed = daemon.raw(b"{" * (1 << 20), half_close=False)
    assert closed and messages == []
    assert_still_serving(daemon, med)


def test_a_message_without_its_nul_is_never_answered(target):
    """A call missing its NUL terminator gets no reply; the connection closes when the client does."""
    daemon, med = target
    messages, closed = daemon.raw(b'{"method":"io.medd.Control.Status"}')
    assert closed and messages == []
    assert_still_serving(daemon, med)


def test_messages_split_across_reads_and_several_in_one_read(target):
    """Framing: a call sent a byte at a time, and three calls in one write, are all answered in order."""
    daemon, med = target
    status = b'{"method":"io.medd.Control.Status"}\0'
    messages, closed = daemon.raw(b"", chunks=[status[i:i + 1] for i in range(len(status))])
    assert [("version" in m["parameters"]) for m in messages] == [True]
    info = b'{"method":"org.varlink.service.GetInfo"}\0'
    messages, closed = daemon.raw(status + info + status)
    assert ["version" in m["parameters"] and "vendor" not in m["parameters"] for m in messages] == [True, False, True]


def test_oneway_calls_get_no_reply(target):
    """A oneway call is carried out without a reply."""
    daemon, med = target
    messages, closed = daemon.raw(b'{"method":"io.medd.Control.Status","oneway":true}\0')
    assert closed and messages == []


def test_after_the_corpus_the_ledger_is_intact(target):
    """Nothing malformed wrote to the ledger: integrity ok and the one answer still recorded."""
    daemon, med = target
    db = sqlite3.connect(os.path.join(daemon.state_dir, "ledger.sqlite"))
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        kinds = [row[0] for row in db.execute("SELECT kind FROM event WHERE medication = ? ORDER BY seq", (med,))]
        assert kinds == ["fired", "taken"]
    finally:
        db.close()
    assert_still_serving(daemon, med)
