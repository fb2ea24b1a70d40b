"""What other clients write, read as they meant it: a raw-text "phone" changes medd-sync's to-dos the ways real
task apps do (COMPLETED in UTC, with a TZID and with or without a VTIMEZONE, floating; only LAST-MODIFIED;
nothing at all; only PERCENT-COMPLETE; the X- properties dropped; SEQUENCE bumped), on Radicale and on Xandikos.
Each answer is recorded at exactly the time the client gave, in medd's history and in the journal; never at a
time medd-sync wrote itself. An answer given more than `early` before its dose was due (or a dose due tomorrow
completed today) is refused by its own time, and the to-do is reopened on the server with the reason."""
import datetime
import json
import time

import harness
from harness import berlin
from sync_harness import Sync, messages, sync_table

BERLIN_VTIMEZONE = "\r\n".join([
    "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
    "BEGIN:STANDARD", "DTSTART:19701025T030000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET", "END:STANDARD",
    "BEGIN:DAYLIGHT", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "TZNAME:CEST", "END:DAYLIGHT",
    "END:VTIMEZONE"]) + "\r\n"


def utc(second):
    """07:59:SS in Berlin on the day of the doses, in UTC: an instant medd's clock has passed when the phone
    writes (it writes at 08:00:0x), and within `early` of the 08:00 doses."""
    return datetime.datetime(2026, 11, 22, 6, 59, second, tzinfo=datetime.timezone.utc)


def status_completed(lines):
    return ["STATUS:COMPLETED" if line == "STATUS:NEEDS-ACTION" else line for line in lines]


def adding(*extra):
    def edit(lines):
        at = lines.index("STATUS:NEEDS-ACTION")
        return lines[:at] + list(extra) + lines[at + 1:]
    return edit


def without_x_properties(*extra):
    def edit(lines):
        return [line for line in adding(*extra)(lines) if not line.startswith("X-MEDD-")]
    return edit


def with_vtimezone(*extra):
    def edit(lines):
        lines = adding(*extra)(lines)
        at = lines.index("BEGIN:VTODO")
        return lines[:at] + BERLIN_VTIMEZONE.strip("\r\n").split("\r\n") + lines[at:]
    return edit


# form -> (how the phone changes the to-do, the answer's time it gave; None: it gave none)
FORMS = {
    "utc": (adding("STATUS:COMPLETED", "COMPLETED:20261122T065931Z"), utc(31)),
    "tzid-with-vtimezone": (with_vtimezone("STATUS:COMPLETED", "COMPLETED;TZID=Europe/Berlin:20261122T075932"), utc(32)),
    "tzid-alone": (adding("STATUS:COMPLETED", "COMPLETED;TZID=Europe/Berlin:20261122T075933"), utc(33)),
    "floating": (adding("STATUS:COMPLETED", "COMPLETED:20261122T075934"), utc(34)),
    "last-modified-only": (adding("STATUS:COMPLETED", "LAST-MODIFIED:20261122T065935Z"), utc(35)),
    "percent-only": (adding("PERCENT-COMPLETE:100", "LAST-MODIFIED:20261122T065936Z"), utc(36)),
    "x-dropped": (without_x_properties("STATUS:COMPLETED", "COMPLETED:20261122T065937Z"), utc(37)),
    "sequence-bumped": (adding("STATUS:COMPLETED", "COMPLETED:20261122T065938Z", "SEQUENCE:1"), utc(38)),
    "nothing": (adding("STATUS:COMPLETED"), None),
}
TOO_EARLY = adding("STATUS:COMPLETED", "COMPLETED:20261122T045000Z")  # 05:50 in Berlin: 2 h 10 min before 08:00
TODAY_FOR_TOMORROW = adding("STATUS:COMPLETED", "COMPLETED:20261122T065939Z")


def unfolded_lines(text):
    return text.replace("\r\n ", "").replace("\n ", "").replace("\r\n", "\n").strip("\n").split("\n")


def rewrite(server, name, edit):
    """GETs the to-do, changes its lines as the phone would and PUTs it back over that version."""
    answer = server.request("GET", server.url + name)
    assert answer.status == 200, answer
    text = "\r\n".join(edit(unfolded_lines(answer.body))) + "\r\n"
    put = server.request("PUT", server.url + name, text, {"Content-Type": "text/calendar; charset=utf-8",
                                                        "If-Match": answer.headers["ETag"]})
    assert put.status in (200, 201, 204), (name, put, text)


def test_each_client_form_is_an_answer_at_the_time_the_client_gave(daemons, caldav_server, syncs):
    base = harness.unique_med()
    meds = {form: f"{base}-{index}" for index, form in enumerate(list(FORMS) + ["too-early", "tomorrow"])}
    text = "[settings]\n" + "".join(f'\n[medication.{med}]\nname = "Form {form}"\ndose = "1 tablet"\ntimes = ["08:00"]\n'
                                    for form, med in meds.items())
    daemon = daemons(text + sync_table(caldav_server, poll="10s", extra='publish_ahead = "2d"\n'), berlin(7, 59, 58))
    sync = Sync(daemon)
    syncs.append(sync)
    sync.wait_in_sync()
    for form, med in meds.items():
        if form != "tomorrow":
            harness.dose_events(med, MEDD_EVENT="fired", timeout=10)
    names = {form: f"{med}_20261122_08_00.ics" for form, med in meds.items()}
    names["tomorrow"] = f"{meds['tomorrow']}_20261123_08_00.ics"
    written = {form: caldav_server.request("GET", caldav_server.url + name).body for form, name in names.items()}
    stamps = {line for body in written.values() for line in unfolded_lines(body) if line.startswith("DTSTAMP:")}

    before = daemon.now()
    for form, (edit, _) in FORMS.items():
        rewrite(caldav_server, names[form], edit)
    rewrite(caldav_server, names["too-early"], TOO_EARLY)
    rewrite(caldav_server, names["tomorrow"], TODAY_FOR_TOMORROW)
    written_by_phone = daemon.now()

    for form, (_, given) in FORMS.items():
        [taken] = harness.dose_events(meds[form], MEDD_EVENT="taken", timeout=25)
        assert taken["MEDD_SOURCE"] == "caldav", form
        at = int(taken["MEDD_EVENT_USEC"])
        if given is not None:
            assert at == int(given.timestamp()) * 1_000_000, (form, at, given)
        else:
            # The client said nothing of when: the moment medd-sync first saw it, never its own DTSTAMP.
            assert before.timestamp() * 1_000_000 <= at <= (written_by_phone.timestamp() + 15) * 1_000_000, (form, at)
            seen = datetime.datetime.fromtimestamp(at // 1_000_000, datetime.timezone.utc).strftime("DTSTAMP:%Y%m%dT%H%M%SZ")
            assert seen not in stamps

    history = {row["id"]: row for row in json.loads(harness.medctl_output(daemon, "--json", "history", "--since", "2d"))}
    for form, (_, given) in FORMS.items():
        row = history[f"{meds[form]}_20261122_08_00"]
        assert row["state"] == "taken" and row["source"] == "caldav", (form, row)
        if given is not None:
            assert datetime.datetime.fromisoformat(row["answeredAt"]) == given, (form, row)

    # Refused by their own time: never recorded, reopened on the server with the reason.
    for form, dose in (("too-early", f"{meds['too-early']}_20261122_08_00"), ("tomorrow", f"{meds['tomorrow']}_20261123_08_00")):
        deadline = time.monotonic() + 25
        while True:
            body = caldav_server.request("GET", caldav_server.url + names[form]).body
            lines = unfolded_lines(body)
            if "STATUS:NEEDS-ACTION" in lines and any(line.startswith("DESCRIPTION:medd did not record") for line in lines):
                break
            assert time.monotonic() < deadline, f"{form} not reopened: {body}"
            time.sleep(0.2)
        assert "is more than `early` (2h) before that" in body.replace("\r\n ", "").replace("\n ", ""), body
        assert not harness.dose_events(dose.rsplit("_", 3)[0], MEDD_EVENT="taken", at_least=0, timeout=0.1), form
        [state] = [d["state"] for d in daemon.call("ListDoses", medication=dose.rsplit("_", 3)[0],
                                                      **{"from": "2026-11-22T00:00:00+01:00", "to": "2026-11-24T00:00:00+01:00"})["doses"]
                   if d["id"] == dose]
        assert state == ("pending" if form == "too-early" else "planned"), (form, state)
    said = messages(sync, timeout=2)
    refusals = [m for m in said if "medd did not record" in m]
    assert len(refusals) == 2, said
    assert all("more than `early` (2h)" in m and "JSONValue" not in m and "[\"" not in m for m in refusals), refusals
    # Later rounds leave the reopened to-dos alone: refused once, said once.
    time.sleep(11)
    assert len([m for m in messages(sync) if "medd did not record" in m]) == 2
