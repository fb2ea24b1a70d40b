"""The presence fixtures themselves, without medd: the private system bus, the fake logind, the fake
screensavers and the bus monitor, seen through an ordinary dbus-next client."""
import asyncio
import os
import subprocess
import sys

import pytest

import presence
from presence import (FREEDESKTOP_SCREENSAVER, GNOME_SCREENSAVER, LOGIND_NAME, LOGIND_PATH, MANAGER_INTERFACE,
                      SESSION_INTERFACE, USER_INTERFACE, session_path, user_path)

PROPERTIES = "org.freedesktop.DBus.Properties"


class Client:
    """A plain dbus-next client: calls by name, and collects the signals of the match rules it adds."""

    @classmethod
    async def connect(cls, address):
        from dbus_next.aio import MessageBus
        self = cls()
        self.bus = await MessageBus(bus_address=address).connect()
        self.signals = []
        self.bus.add_message_handler(self._signal)
        return self

    def _signal(self, message):
        from dbus_next import MessageType
        if message.message_type == MessageType.SIGNAL and message.sender != "org.freedesktop.DBus":
            self.signals.append((message.path, message.interface, message.member,
                                 presence.desktop._plain(list(message.body))))
        return None

    async def call(self, destination, path, interface, member, signature="", body=()):
        """The reply's body, or ("error", name) for an error reply."""
        from dbus_next import Message, MessageType
        reply = await self.bus.call(Message(destination=destination, path=path, interface=interface, member=member,
                                            signature=signature, body=list(body)))
        if reply.message_type == MessageType.ERROR:
            return ("error", reply.error_name)
        return presence.desktop._plain(reply.body)

    async def subscribe(self, rule):
        await self.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch", "s",
                        [rule])

    async def get(self, destination, path, interface, name):
        reply = await self.call(destination, path, PROPERTIES, "Get", "ss", [interface, name])
        return reply if isinstance(reply, tuple) else reply[0]

    async def wait_signals(self, n, timeout=5.0):
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while len(self.signals) < n:
            assert loop.time() < deadline, f"got {self.signals}, wanted {n} signals"
            await asyncio.sleep(0.01)
        return list(self.signals)

    def close(self):
        self.bus.disconnect()


async def in_thread(function, *args):
    """Runs a blocking fixture control while this loop keeps receiving."""
    return await asyncio.get_running_loop().run_in_executor(None, lambda: function(*args))


def test_session_paths_are_escaped_as_logind_does():
    assert session_path("3") == "/org/freedesktop/login1/session/_33"
    assert session_path("c2") == "/org/freedesktop/login1/session/c2"
    assert session_path("12") == "/org/freedesktop/login1/session/_312"
    assert session_path("a-b") == "/org/freedesktop/login1/session/a_2db"
    assert user_path(1000) == "/org/freedesktop/login1/user/_1000"


def test_the_system_bus_is_private_and_of_type_system(system_bus):
    """Its own socket in a temporary directory; the config says <type>system</type>."""
    assert system_bus.address == f"unix:path={system_bus.socket_path}"
    assert system_bus.socket_path != "/run/dbus/system_bus_socket"
    with open(system_bus.config_path) as f:
        assert "<type>system</type>" in f.read()
    assert system_bus.env({})["DBUS_SYSTEM_BUS_ADDRESS"] == system_bus.address
    assert system_bus.name_has_owner("org.freedesktop.DBus")


def test_fake_logind_answers_and_records(system_bus, fake_logind):
    """GetUser fails until the user has a session; then Display names the display session; GetSession
    finds a session by id; unknown ones get logind's errors; every call is recorded."""
    uid = os.getuid()

    async def talk():
        client = await Client.connect(system_bus.address)
        try:
            manager = (LOGIND_NAME, LOGIND_PATH, MANAGER_INTERFACE)
            before = await client.call(*manager, "GetUser", "u", [uid])
            await in_thread(fake_logind.add_session, "c2", False)
            no_display = await client.get(LOGIND_NAME, user_path(uid), USER_INTERFACE, "Display")
            await in_thread(fake_logind.add_session, "3")
            return (before, no_display,
                    await client.call(*manager, "GetUser", "u", [uid]),
                    await client.call(*manager, "GetUser", "u", [uid + 1]),
                    await client.get(LOGIND_NAME, user_path(uid), USER_INTERFACE, "Display"),
                    await client.call(*manager, "GetSession", "s", ["3"]),
                    await client.call(*manager, "GetSession", "s", ["9"]),
                    await client.get(LOGIND_NAME, session_path("c2"), SESSION_INTERFACE, "Id"),
                    await client.get(LOGIND_NAME, session_path("3"), SESSION_INTERFACE, "LockedHint"))
        finally:
            client.close()

    answers = asyncio.run(talk())
    assert answers == (("error", "org.freedesktop.login1.NoSuchUser"), ["", "/"],
                       [user_path(uid)], ("error", "org.freedesktop.login1.NoSuchUser"),
                       ["3", session_path("3")], [session_path("3")], ("error", "org.freedesktop.login1.NoSuchSession"),
                       "c2", False)
    assert [c["args"] for c in fake_logind.calls_of("GetUser")] == [[uid], [uid], [uid + 1]]
    assert [c["args"] for c in fake_logind.calls_of("GetSession")] == [["3"], ["9"]]
    display = fake_logind.wait_property_get(USER_INTERFACE, "Display")
    assert display["path"] == user_path(uid) and display["sender"].startswith(":")


def test_fake_logind_signals(system_bus, fake_logind):
    """SessionNew, LockedHint's PropertiesChanged (the value in changed_properties), the redundant one,
    PrepareForSleep both ways, SessionRemoved; Display falls back to none."""
    async def talk():
        client = await Client.connect(system_bus.address)
        try:
            await client.subscribe(f"type='signal',sender='{LOGIND_NAME}'")
            await in_thread(fake_logind.add_session, "3")
            await in_thread(fake_logind.lock, "3")
            locked = await client.get(LOGIND_NAME, session_path("3"), SESSION_INTERFACE, "LockedHint")
            await in_thread(fake_logind.unlock, "3")
            await in_thread(fake_logind.repeat_unlocked, "3")
            await in_thread(fake_logind.sleep)
            await in_thread(fake_logind.resume)
            await in_thread(fake_logind.remove_session, "3")
            signals = await client.wait_signals(7)
            return locked, signals
        finally:
            client.close()

    locked, signals = asyncio.run(talk())
    changed = (session_path("3"), PROPERTIES, "PropertiesChanged")
    assert locked is True
    assert signals == [
        (LOGIND_PATH, MANAGER_INTERFACE, "SessionNew", ["3", session_path("3")]),
        (*changed, [SESSION_INTERFACE, {"LockedHint": True}, []]),
        (*changed, [SESSION_INTERFACE, {"LockedHint": False}, []]),
        (*changed, [SESSION_INTERFACE, {"LockedHint": False}, []]),
        (LOGIND_PATH, MANAGER_INTERFACE, "PrepareForSleep", [True]),
        (LOGIND_PATH, MANAGER_INTERFACE, "PrepareForSleep", [False]),
        (LOGIND_PATH, MANAGER_INTERFACE, "SessionRemoved", ["3", session_path("3")]),
    ]
    assert fake_logind.display is None


def test_repeat_unlocked_refuses_a_locked_session(fake_logind):
    fake_logind.add_session("3")
    fake_logind.lock("3")
    with pytest.raises(AssertionError, match="is locked"):
        fake_logind.repeat_unlocked("3")


@pytest.mark.parametrize("name", [GNOME_SCREENSAVER, FREEDESKTOP_SCREENSAVER])
def test_fake_screensavers(session_bus, name):
    """GetActive at every path; activate() and deactivate() signal ActiveChanged at each path."""
    paths = presence.SCREENSAVER_PATHS[name]
    with presence.FakeScreenSaver(session_bus.address, name) as saver:
        async def talk():
            client = await Client.connect(session_bus.address)
            try:
                await client.subscribe(f"type='signal',interface='{name}',member='ActiveChanged'")
                before = [await client.call(name, p, name, "GetActive") for p in paths]
                await in_thread(saver.activate)
                during = [await client.call(name, p, name, "GetActive") for p in paths]
                await in_thread(saver.deactivate)
                return before, during, await client.wait_signals(2 * len(paths))
            finally:
                client.close()

        before, during, signals = asyncio.run(talk())
    assert before == [[False]] * len(paths) and during == [[True]] * len(paths)
    assert signals == [(p, name, "ActiveChanged", [True]) for p in paths] + \
        [(p, name, "ActiveChanged", [False]) for p in paths]


SUBSCRIBER = """
import asyncio, sys
from dbus_next import Message
from dbus_next.aio import MessageBus
async def main():
    bus = await MessageBus(bus_address=sys.argv[1]).connect()
    await bus.call(Message(destination="org.freedesktop.DBus", path="/org/freedesktop/DBus",
                           interface="org.freedesktop.DBus", member="AddMatch", signature="s", body=[sys.argv[2]]))
    await asyncio.sleep(30)
asyncio.run(main())
"""


def test_the_monitor_sees_a_process_subscribe(system_bus, system_monitor):
    """Another process adds a match rule for PrepareForSleep; the monitor attributes it by PID."""
    rule = f"type='signal',sender='{LOGIND_NAME}',member='PrepareForSleep'"
    process = subprocess.Popen([sys.executable, "-c", SUBSCRIBER, system_bus.address, rule],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        assert system_monitor.wait_match(process.pid, "PrepareForSleep") == rule
        assert system_monitor.matches_of(os.getpid()) == []
    finally:
        process.kill()
        process.wait(5)
