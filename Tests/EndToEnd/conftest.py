import os

import pytest

import apache_proxy
import caldav_servers
import desktop
import harness
import presence
import sync_hosts


# Every test runs in the C.UTF-8 locale (English, ISO dates, 24-hour times) unless it asks for another
# (language_test.py): the developer's own LANG must not change what medd and medctl print.
for _variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_TIME", "LC_NUMERIC", "LC_CTYPE", "LC_PAPER", "LOCPATH"):
    os.environ.pop(_variable, None)
os.environ["LANG"] = "C.UTF-8"


@pytest.fixture
def med():
    return harness.unique_med()


@pytest.fixture
def daemons():
    started = []

    def start(*args, **kwargs):
        daemon = harness.Daemon(*args, **kwargs)
        started.append(daemon)
        return daemon

    yield start
    for daemon in started:
        daemon.cleanup()


# --- Desktop notifications: a private session bus, dunst on Xvfb, a fake notification server ---------------

def _required_part(factory, *args):
    """Builds a component a test needs (a bus, a notification server, a CalDAV server); a missing program
    fails the test loudly, naming it (never a skip)."""
    try:
        return factory(*args)
    except (desktop.MissingProgram, caldav_servers.MissingProgram) as error:
        missing = str(error)
    pytest.fail(missing, pytrace=False)


@pytest.fixture
def session_bus():
    """A private dbus-daemon of type session; `address` stays the same across stop() and start()."""
    bus = _required_part(desktop.SessionBus)
    yield bus
    bus.close()


@pytest.fixture
def dunst(session_bus):
    """dunst 1.9 on its own Xvfb display, owning org.freedesktop.Notifications on session_bus."""
    server = _required_part(desktop.Dunst, session_bus)
    yield server
    server.close()


@pytest.fixture
def fake_notifier(session_bus):
    """A recording fake org.freedesktop.Notifications server on session_bus."""
    server = _required_part(desktop.FakeNotificationServer, session_bus.address)
    yield server
    server.close()


@pytest.fixture
def gnome_notifier(session_bus):
    """GNOME's notification-daemon, which draws action buttons, on its own Xvfb display on session_bus."""
    server = _required_part(desktop.GnomeNotificationDaemon, session_bus)
    yield server
    server.close()


# --- Screen lock and suspend: a private system bus, a fake logind, fake screensavers -----------------------

@pytest.fixture
def system_bus():
    """A private dbus-daemon of type system (never the machine's); `address` for Daemon(system_bus=...)."""
    bus = _required_part(presence.SystemBus)
    yield bus
    bus.close()


@pytest.fixture
def fake_logind(system_bus):
    """A fake org.freedesktop.login1 on system_bus for this process's user, with no session yet."""
    logind = _required_part(presence.FakeLogind, system_bus.address)
    yield logind
    logind.close()


@pytest.fixture
def fake_screensaver(session_bus):
    """A fake org.gnome.ScreenSaver (at /org/gnome/ScreenSaver) on session_bus, not active."""
    saver = _required_part(presence.FakeScreenSaver, session_bus.address, presence.GNOME_SCREENSAVER)
    yield saver
    saver.close()


@pytest.fixture
def fake_freedesktop_screensaver(session_bus):
    """A fake org.freedesktop.ScreenSaver (at /org/freedesktop/ScreenSaver and /ScreenSaver, signalling on
    both, as KDE does) on session_bus, not active."""
    saver = _required_part(presence.FakeScreenSaver, session_bus.address, presence.FREEDESKTOP_SCREENSAVER)
    yield saver
    saver.close()


@pytest.fixture
def system_monitor(system_bus):
    """The match rules clients add on system_bus (presence.BusMonitor)."""
    monitor = _required_part(presence.BusMonitor, system_bus.address)
    yield monitor
    monitor.close()


@pytest.fixture
def session_monitor(session_bus):
    """The match rules clients add on session_bus (presence.BusMonitor)."""
    monitor = _required_part(presence.BusMonitor, session_bus.address)
    yield monitor
    monitor.close()


# --- CalDAV: Radicale and Xandikos on loopback (Tests/EndToEnd/caldav_servers.py) ---------------------------

@pytest.fixture
def syncs():
    """medd-sync processes a test started (Tests/EndToEnd/sync_harness.py); each is stopped after it."""
    started = []
    yield started
    for sync in started:
        sync.stop()


@pytest.fixture
def radicale():
    """Radicale with password authentication: `url` is anna's VTODO collection, for `username`/`password`."""
    server = _required_part(caldav_servers.Radicale)
    yield server
    server.close()


@pytest.fixture
def xandikos():
    """Xandikos, without authentication: `url` is its default calendar collection (username/password None)."""
    server = _required_part(caldav_servers.Xandikos)
    yield server
    server.close()


@pytest.fixture
def sync_network():
    """Machines A and B and the server's, as network namespaces (Tests/EndToEnd/sync_hosts.py), with the test's
    thread in the server's for the test; making them takes root, and a test without it fails saying so."""
    if os.geteuid() != 0:
        pytest.fail("this test makes network namespaces (ip netns) for its machines, which takes root; run it as root "
                    "(CI does)", pytrace=False)
    network = sync_hosts.SyncNetwork()
    try:
        with network.entered():
            yield network
    finally:
        network.close()


@pytest.fixture
def digest_proxy():
    """Apache asking for Digest on loopback (Tests/EndToEnd/apache_proxy.py), in front of a Radicale that takes
    the user Apache authenticated: `url`, `username` and `password` are the proxy's."""
    backend = _required_part(apache_proxy.ProxiedRadicale)
    try:
        proxy = _required_part(apache_proxy.AuthenticatingProxy, backend, "Digest")
    except BaseException:
        backend.close()
        raise
    yield proxy
    proxy.close()
    backend.close()


@pytest.fixture(params=["radicale", "xandikos"])
def caldav_server(request):
    """Each CalDAV server in turn: the radicale fixture, then the xandikos fixture."""
    return request.getfixturevalue(request.param)
