"""The CalDAV fixtures themselves, without medd: Radicale and Xandikos take a VTODO, the phone completes and
cancels it, a server restarts on the same port and storage, and the protocol facts medd-sync relies on."""
import base64
import datetime
import re

import pytest

from caldav_servers import Phone

ICAL = "text/calendar; charset=utf-8"
BERLIN = datetime.timezone(datetime.timedelta(hours=1))


def vtodo(uid, summary="Ibuprofen 400 mg"):
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//medd//caldav fixture test//EN\r\nBEGIN:VTODO\r\n"
            f"UID:{uid}\r\nDTSTAMP:20261126T100000Z\r\nDUE:20261126T120000Z\r\nSUMMARY:{summary}\r\n"
            "STATUS:NEEDS-ACTION\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")


def put_new(server, name, uid):
    """PUTs a new VTODO as medd-sync does (If-None-Match: *); returns the ETag the server answered."""
    answer = server.request("PUT", server.url + name, vtodo(uid), {"Content-Type": ICAL, "If-None-Match": "*"})
    assert answer.status == 201, answer
    return answer.headers["ETag"]


def sync_collection(server, token=""):
    body = ('<?xml version="1.0" encoding="utf-8"?>\n'
            '<D:sync-collection xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'
            f'<D:sync-token>{token}</D:sync-token><D:sync-level>1</D:sync-level>'
            '<D:prop><D:getetag/><C:calendar-data/></D:prop></D:sync-collection>')
    return server.request("REPORT", server.url, body, {"Content-Type": "application/xml; charset=utf-8",
                                                        "Depth": "1"})


def test_the_phone_completes_a_vtodo(caldav_server):
    put_new(caldav_server, "dose-1.ics", "dose-1@medd")
    phone = Phone(caldav_server)
    [todo] = phone.todos()
    assert (todo.uid, todo.summary, todo.status, todo.completed) == \
        ("dose-1@medd", "Ibuprofen 400 mg", "NEEDS-ACTION", None)

    taken = datetime.datetime(2026, 11, 26, 13, 5, 30, tzinfo=BERLIN)
    phone.complete("dose-1@medd", at=taken)

    [todo] = phone.wait_for(lambda todos: [t for t in todos if t.status == "COMPLETED"])
    assert todo.completed == taken
    assert "COMPLETED:20261126T120530Z" in todo.ical
    assert "PERCENT-COMPLETE:100" in todo.ical
    assert "LAST-MODIFIED:" in todo.ical
    assert "STATUS:COMPLETED" in caldav_server.request("GET", caldav_server.url + "dose-1.ics").body


def test_the_phone_cancels_a_vtodo(caldav_server):
    put_new(caldav_server, "dose-1.ics", "dose-1@medd")
    phone = Phone(caldav_server)
    phone.cancel("dose-1@medd")
    [todo] = phone.todos()
    assert (todo.status, todo.completed) == ("CANCELLED", None)
    assert "LAST-MODIFIED:" in todo.ical


def test_a_server_restarts_on_the_same_port_with_its_storage(caldav_server):
    put_new(caldav_server, "dose-1.ics", "dose-1@medd")
    url = caldav_server.url
    caldav_server.stop()
    with pytest.raises(ConnectionRefusedError):
        caldav_server.request("OPTIONS", "/")
    caldav_server.start()
    assert caldav_server.url == url
    assert [todo.uid for todo in Phone(caldav_server).todos()] == ["dose-1@medd"]


def test_conditional_puts_fail_with_412(caldav_server):
    etag = put_new(caldav_server, "dose-1.ics", "dose-1@medd")
    assert re.fullmatch(r'"[0-9a-f]+"', etag)
    again = caldav_server.request("PUT", caldav_server.url + "dose-1.ics", vtodo("dose-1@medd"),
                                  {"Content-Type": ICAL, "If-None-Match": "*"})
    assert again.status == 412
    changed = caldav_server.request("PUT", caldav_server.url + "dose-1.ics", vtodo("dose-1@medd", "Changed"),
                                    {"Content-Type": ICAL, "If-Match": etag})
    assert changed.status in (201, 204) and changed.headers["ETag"] != etag
    stale = caldav_server.request("PUT", caldav_server.url + "dose-1.ics", vtodo("dose-1@medd"),
                                  {"Content-Type": ICAL, "If-Match": etag})
    assert stale.status == 412


def test_sync_collection_reports_changes_since_a_token(caldav_server):
    first = sync_collection(caldav_server)
    assert first.status == 207, first
    token = re.search(r"<(?:\w+:)?sync-token>([^<]+)<", first.body).group(1)
    put_new(caldav_server, "dose-1.ics", "dose-1@medd")

    changes = sync_collection(caldav_server, token)
    assert changes.status == 207, changes
    assert caldav_server.url.split("/", 3)[3] + "dose-1.ics" in changes.body
    assert "getetag>" in changes.body
    # Radicale sends calendar-data with the changes; Xandikos 0.2.8 answers it 404 (calendar-multiget fetches it).
    assert ("BEGIN:VTODO" in changes.body) == (caldav_server.NAME == "radicale")


def test_an_unknown_sync_token(caldav_server):
    answer = sync_collection(caldav_server, "0000000000000000000000000000000000000000")
    if caldav_server.NAME == "radicale":
        assert (answer.status, "valid-sync-token" in answer.body) == (403, True), answer
    else:
        assert answer.status == 500, answer  # Xandikos 0.2.8 fails on a token it never issued


def test_radicale_refuses_a_wrong_password(radicale):
    wrong = base64.b64encode(f"{radicale.username}:wrong".encode()).decode()
    answer = radicale.request("PROPFIND", radicale.url, headers={"Depth": "0", "Authorization": f"Basic {wrong}"})
    assert answer.status == 401
    assert answer.headers["WWW-Authenticate"] == 'Basic realm="Radicale - Password Required"'
