"""The desktop fixtures themselves, without medd: a private session bus, dunst on Xvfb, the fake server."""
import asyncio
import struct
import subprocess
import time

import pytest

from desktop import CLOSED_BY_CALL, DISMISSED, NOTIFICATIONS_INTERFACE, NOTIFICATIONS_NAME, NOTIFICATIONS_PATH


def notify_send(dunst, *args):
    """notify-send (libnotify-bin) against this dunst; returns the id it printed."""
    out = subprocess.run(["notify-send", "--print-id", *args], env=dunst.env, capture_output=True, text=True,
                         timeout=10)
    if out.returncode != 0:
        pytest.fail(f"notify-send failed ({out.returncode}); is libnotify-bin installed (scripts/setup.sh)? "
                    f"{out.stderr.strip()}", pytrace=False)
    return int(out.stdout.strip())


class Client:
    """A dbus-next client of org.freedesktop.Notifications that collects the two signals."""

    @classmethod
    async def connect(cls, address):
        from dbus_next.aio import MessageBus
        self = cls()
        self.bus = await MessageBus(bus_address=address).connect()
        node = await self.bus.introspect(NOTIFICATIONS_NAME, NOTIFICATIONS_PATH)
        self.server = self.bus.get_proxy_object(NOTIFICATIONS_NAME, NOTIFICATIONS_PATH, node) \
            .get_interface(NOTIFICATIONS_INTERFACE)
        self.signals = []
        # Subscribed before any Notify: the bus handles the AddMatch first, as it comes first on this connection.
        self.server.on_notification_closed(lambda id, reason: self.signals.append(("NotificationClosed", id, reason)))
        self.server.on_action_invoked(lambda id, key: self.signals.append(("ActionInvoked", id, key)))
        return self

    async def notify(self, summary, body="", actions=(), hints=None, replaces_id=0, expire_timeout=-1):
        return await self.server.call_notify("medd", replaces_id, "", summary, body, list(actions), hints or {},
                                             expire_timeout)

    async def wait_signals(self, n, timeout=5.0):
        deadline = time.monotonic() + timeout
        while len(self.signals) < n:
            assert time.monotonic() < deadline, f"got {self.signals}, wanted {n} signals"
            await asyncio.sleep(0.01)
        return self.signals

    def close(self):
        self.bus.disconnect()


async def in_thread(function, *args, **kwargs):
    """Runs a blocking call (a fixture method) while this loop keeps receiving."""
    return await asyncio.get_running_loop().run_in_executor(None, lambda: function(*args, **kwargs))


def png_size(path):
    with open(path, "rb") as f:
        header = f.read(24)
    assert header[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", header[16:24])


def test_notify_send_shows_on_dunst_and_close_all_clears_it(dunst, tmp_path):
    """A notify-send notification is displayed by dunst until `dunstctl close-all`; the screen shows it."""
    assert dunst.count_displayed() == 0
    notify_send(dunst, "Metformin 500 mg", "Due now: take with breakfast")
    dunst.wait_displayed(1)
    assert png_size(dunst.screenshot(str(tmp_path / "screen.png"))) == (800, 600)
    dunst.dunstctl("close-all")
    dunst.wait_displayed(0)


def test_dunst_stops_and_starts_again(dunst, session_bus):
    """stop() releases org.freedesktop.Notifications and keeps Xvfb; start() takes it again and shows anew."""
    dunst.stop()
    assert not session_bus.name_has_owner(NOTIFICATIONS_NAME)
    assert dunst.xvfb.poll() is None
    dunst.start()
    assert session_bus.name_has_owner(NOTIFICATIONS_NAME)
    notify_send(dunst, "after restart")
    dunst.wait_displayed(1)


def test_fake_server_records_notify_and_honours_replaces_id(fake_notifier, session_bus):
    """Notify is recorded with plain values; ids count from 1; a known replaces_id keeps its id."""
    from dbus_next import Variant

    async def talk():
        client = await Client.connect(session_bus.address)
        try:
            assert await client.server.call_get_capabilities() == ["actions", "body"]
            assert (await client.server.call_get_server_information())[3] == "1.2"
            first = await client.notify("Metformin 500 mg", "Due now", actions=["taken", "Taken", "snooze", "Snooze"],
                                        hints={"urgency": Variant("y", 2), "category": Variant("s", "x-medd.dose"),
                                               "resident": Variant("b", True)}, expire_timeout=0)
            second = await client.notify("Aspirin", "Due now")
            replaced = await client.notify("Metformin 500 mg", "Snoozed", replaces_id=first)
            await client.server.call_close_notification(second)
            await client.server.call_close_notification(99)  # unknown: recorded, no signal
            signals = await client.wait_signals(1)
            return first, second, replaced, list(signals)
        finally:
            client.close()

    first, second, replaced, signals = asyncio.run(talk())
    assert (first, second, replaced) == (1, 2, 1)
    assert signals == [("NotificationClosed", 2, CLOSED_BY_CALL)]
    fake_notifier.wait_for(lambda s: len(s.closes) == 2)
    with fake_notifier.lock:
        assert fake_notifier.notifies[0] == {
            "app_name": "medd", "replaces_id": 0, "app_icon": "", "summary": "Metformin 500 mg", "body": "Due now",
            "actions": [("taken", "Taken"), ("snooze", "Snooze")],
            "hints": {"urgency": 2, "category": "x-medd.dose", "resident": True}, "expire_timeout": 0, "id": 1}
        assert [(n["id"], n["replaces_id"], n["body"]) for n in fake_notifier.notifies] == \
            [(1, 0, "Due now"), (2, 0, "Due now"), (1, 1, "Snoozed")]
        assert fake_notifier.closes == [2, 99]
        assert fake_notifier.open_ids == {1}


def test_invoke_and_dismiss_reach_a_client(fake_notifier, session_bus):
    """invoke() sends ActionInvoked (and, with close_after, NotificationClosed 2); dismiss() closes with 2."""
    async def talk():
        client = await Client.connect(session_bus.address)
        try:
            first = await client.notify("Metformin 500 mg", actions=["taken", "Taken"])
            second = await client.notify("Aspirin", actions=["taken", "Taken"])
            await in_thread(fake_notifier.invoke, first, "taken")
            await client.wait_signals(1)
            await in_thread(fake_notifier.invoke, second, "taken", close_after=True)
            await client.wait_signals(3)
            await in_thread(fake_notifier.dismiss, first)
            return list(await client.wait_signals(4))
        finally:
            client.close()

    assert asyncio.run(talk()) == [("ActionInvoked", 1, "taken"), ("ActionInvoked", 2, "taken"),
                                   ("NotificationClosed", 2, DISMISSED), ("NotificationClosed", 1, DISMISSED)]
    assert fake_notifier.open_ids == set()
    assert fake_notifier.emitted == [("ActionInvoked", 1, "taken"), ("ActionInvoked", 2, "taken"),
                                     ("NotificationClosed", 2, DISMISSED), ("NotificationClosed", 1, DISMISSED)]


def test_wait_for_fails_with_what_was_recorded(fake_notifier):
    with pytest.raises(AssertionError, match=r"notifies=\[\] closes=\[\]"):
        fake_notifier.wait_for(lambda s: s.notifies, timeout=0.05)


def test_bus_stop_and_start(session_bus, fake_notifier):
    """The bus comes back at the same address; the fake server reconnects and keeps counting ids."""
    async def notify_once():
        client = await Client.connect(session_bus.address)
        try:
            return await client.notify("Metformin 500 mg")
        finally:
            client.close()

    assert asyncio.run(notify_once()) == 1
    address = session_bus.address
    session_bus.stop()
    deadline = time.monotonic() + 5
    while fake_notifier.connected:
        assert time.monotonic() < deadline, "the fake server did not notice the bus going away"
        time.sleep(0.01)
    session_bus.start()
    assert session_bus.address == address
    assert not session_bus.name_has_owner(NOTIFICATIONS_NAME)
    fake_notifier.start()
    assert session_bus.name_has_owner(NOTIFICATIONS_NAME)
    assert asyncio.run(notify_once()) == 2


def test_dunst_dies_with_the_bus_and_starts_again(session_bus, dunst):
    """dunst 1.9 exits when its bus goes away; start() brings it back on the restarted bus."""
    session_bus.stop()
    dunst.process.wait(timeout=5)
    session_bus.start()
    dunst.start()
    notify_send(dunst, "after the bus came back")
    dunst.wait_displayed(1)


def test_fake_server_stop_releases_the_name(session_bus, fake_notifier):
    fake_notifier.stop()
    session_bus.wait_name(NOTIFICATIONS_NAME, owned=False)
    fake_notifier.start()
    assert session_bus.name_has_owner(NOTIFICATIONS_NAME)
