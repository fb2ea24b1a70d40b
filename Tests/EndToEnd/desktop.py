"""Real desktop notification components for end-to-end tests: a private D-Bus session bus, dunst on an
Xvfb display, and a fake org.freedesktop.Notifications server (spec 1.2) that records what it is sent.

Nothing here touches the machine's own session bus or display: every bus, X server and config file lives
in a temporary directory of its own. Every program comes from a Debian package that scripts/setup.sh
installs; a missing one raises MissingProgram, which names the program and its package.
"""
import asyncio
import json
import os
import select
import shutil
import socket
import subprocess
import tempfile
import threading
import time

NOTIFICATIONS_NAME = "org.freedesktop.Notifications"
NOTIFICATIONS_PATH = "/org/freedesktop/Notifications"
NOTIFICATIONS_INTERFACE = "org.freedesktop.Notifications"

# NotificationClosed reasons (spec 1.2).
EXPIRED, DISMISSED, CLOSED_BY_CALL, UNDEFINED = 1, 2, 3, 4

# Program -> the Debian 12 package that ships it (scripts/setup.sh installs them all).
PACKAGES = {
    "dbus-daemon": "dbus-daemon",
    "dbus-send": "dbus-bin",
    "dbus-monitor": "dbus-bin",
    "Xvfb": "xvfb",
    "dunst": "dunst",
    "dunstctl": "dunst",
    "import": "imagemagick",
    "notify-send": "libnotify-bin",
    "/usr/lib/notification-daemon/notification-daemon": "notification-daemon",
    "xdotool": "xdotool",
}


class MissingProgram(RuntimeError):
    """A program or Python module the desktop tests need is not installed."""


def require(*programs):
    """Raises MissingProgram naming every program not on PATH, and its Debian package."""
    missing = [p for p in programs if shutil.which(p) is None]
    if missing:
        names = ", ".join(f"{p} (Debian package {PACKAGES.get(p, '?')})" for p in missing)
        raise MissingProgram(f"not installed: {names}; scripts/setup.sh installs {'it' if len(missing) == 1 else 'them'}")


def require_dbus_next():
    try:
        import dbus_next  # noqa: F401
    except ImportError as error:
        raise MissingProgram(f"the Python package dbus-next is not installed ({error}); "
                             "scripts/setup.sh installs it (python3 -m pip install dbus-next)") from None


def _wait_process(process, timeout=5.0):
    """SIGTERM, then SIGKILL if it has not gone within `timeout`; always reaps."""
    if process is None or process.poll() is not None:
        if process is not None:
            process.wait()
        return
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=timeout)


def _read_line(fd, timeout, what, process, log_path=None):
    """Reads one line from a pipe within `timeout`, failing loudly with the program's log if it died."""
    deadline = time.monotonic() + timeout
    data = b""
    while b"\n" not in data:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise RuntimeError(f"{what} did not report within {timeout} s (exit {process.poll()}): "
                               f"{_tail(log_path)}")
        ready, _, _ = select.select([fd], [], [], min(remaining, 0.1))
        if ready:
            chunk = os.read(fd, 4096)
            if not chunk:
                process.wait(timeout=timeout)
                raise RuntimeError(f"{what} closed its pipe without reporting (exit {process.poll()}): "
                                   f"{_tail(log_path)}")
            data += chunk
    return data.split(b"\n", 1)[0].decode()


def _tail(path, limit=2000):
    if not path or not os.path.exists(path):
        return ""
    with open(path, errors="replace") as f:
        return f.read()[-limit:]


BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path={socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


class SessionBus:
    """A private dbus-daemon (type session, no service activation) listening on DIR/bus.

    `address` ("unix:path=DIR/bus") and `socket_path` stay the same across stop() and start(), so a
    client that reconnects finds the restarted bus at the same place."""

    CONFIG = BUS_CONFIG  # the config file's text, with {socket} for the path it listens on
    PREFIX = "medd-bus-"

    def __init__(self, directory=None, start=True):
        require("dbus-daemon")
        self.directory = directory or tempfile.mkdtemp(prefix=self.PREFIX)
        self._own_directory = directory is None
        self.socket_path = os.path.join(self.directory, "bus")
        self.address = f"unix:path={self.socket_path}"
        self.config_path = os.path.join(self.directory, "bus.conf")
        self.log_path = os.path.join(self.directory, "dbus-daemon.log")
        with open(self.config_path, "w") as f:
            f.write(self.CONFIG.format(socket=self.socket_path))
        self.process = None
        if start:
            self.start()

    def env(self, base=None):
        """`base` (default os.environ) with DBUS_SESSION_BUS_ADDRESS pointing at this bus."""
        env = dict(os.environ if base is None else base)
        env["DBUS_SESSION_BUS_ADDRESS"] = self.address
        return env

    def running(self):
        return self.process is not None and self.process.poll() is None

    def start(self, timeout=5.0):
        if self.running():
            return
        if os.path.exists(self.socket_path):
            os.unlink(self.socket_path)
        read_end, write_end = os.pipe()
        try:
            with open(self.log_path, "ab") as log:
                self.process = subprocess.Popen(
                    ["dbus-daemon", "--config-file", self.config_path, "--nofork", "--nopidfile",
                     f"--print-address={write_end}"],
                    stdin=subprocess.DEVNULL, stdout=log, stderr=log, pass_fds=(write_end,))
            os.close(write_end)
            write_end = None
            # dbus-daemon prints the address once it listens.
            _read_line(read_end, timeout, "dbus-daemon", self.process, self.log_path)
        except BaseException:
            _wait_process(self.process)
            raise
        finally:
            if write_end is not None:
                os.close(write_end)
            os.close(read_end)
        self._wait_accepts(timeout)

    def _wait_accepts(self, timeout):
        deadline = time.monotonic() + timeout
        while True:
            probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                probe.connect(self.socket_path)
                return
            except OSError:
                if time.monotonic() >= deadline or self.process.poll() is not None:
                    raise RuntimeError(f"dbus-daemon does not accept at {self.socket_path} "
                                       f"(exit {self.process.poll()}): {_tail(self.log_path)}")
                time.sleep(0.01)
            finally:
                probe.close()

    def stop(self):
        """Kills the bus and waits for it; every client's connection drops."""
        _wait_process(self.process)
        self.process = None
        if os.path.exists(self.socket_path):
            os.unlink(self.socket_path)

    def name_has_owner(self, name):
        require("dbus-send")
        out = subprocess.run(["dbus-send", f"--bus={self.address}", "--print-reply=literal",
                              "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                              "org.freedesktop.DBus.NameHasOwner", f"string:{name}"],
                             capture_output=True, text=True, timeout=5)
        if out.returncode != 0:
            raise RuntimeError(f"NameHasOwner({name}) failed on {self.address}: {out.stderr.strip()}")
        return out.stdout.split()[-1] == "true"

    def wait_name(self, name, owned=True, timeout=5.0, process=None):
        """Waits until `name` is owned (or, with owned=False, not owned); fails early if `process` died."""
        deadline = time.monotonic() + timeout
        while True:
            now_owned = self.name_has_owner(name)
            if now_owned == owned:
                return
            if process is not None and process.poll() is not None and owned:
                raise RuntimeError(f"the process that should own {name} exited with {process.poll()}")
            if time.monotonic() >= deadline:
                raise AssertionError(f"{name} is {'not ' if owned else 'still '}owned on {self.address} "
                                     f"after {timeout} s")
            time.sleep(0.02)

    def close(self):
        self.stop()
        if self._own_directory:
            shutil.rmtree(self.directory, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


DUNST_CONFIG = """# dunst 1.9 config for end-to-end tests: nothing expires by itself, nothing is merged, big readable text.
[global]
    monitor = 0
    follow = none
    width = 420
    height = 300
    origin = top-right
    offset = 10x10
    notification_limit = 0
    indicate_hidden = yes
    transparency = 0
    separator_height = 2
    padding = 10
    horizontal_padding = 12
    text_icon_padding = 0
    frame_width = 2
    frame_color = "#aaaaaa"
    gap_size = 6
    separator_color = frame
    sort = no
    idle_threshold = 0
    font = DejaVu Sans 13
    line_height = 0
    markup = full
    format = "<b>%s</b>\\n%b"
    alignment = left
    vertical_alignment = center
    show_age_threshold = -1
    ellipsize = end
    ignore_newline = no
    stack_duplicates = false
    hide_duplicate_count = false
    show_indicators = yes
    icon_position = off
    sticky_history = yes
    history_length = 50
    dmenu = /bin/false
    browser = /bin/false
    always_run_script = false
    title = Dunst
    class = Dunst
    corner_radius = 0
    ignore_dbusclose = false
    mouse_left_click = close_current
    mouse_middle_click = do_action, close_current
    mouse_right_click = close_all

[urgency_low]
    background = "#222222"
    foreground = "#ffffff"
    timeout = 0

[urgency_normal]
    background = "#285577"
    foreground = "#ffffff"
    timeout = 0

[urgency_critical]
    background = "#900000"
    foreground = "#ffffff"
    frame_color = "#ff0000"
    timeout = 0
"""


# dunst runs this for every notification it shows (a rule's `script`): it appends what dunst was given, one
# JSON object a line, so a test can read the words a real server received.
RECORD_RULE = """
[record]
    appname = "*"
    script = {script}
"""
RECORD_SCRIPT = """#!/usr/bin/env python3
import json, os, sys
fields = dict(zip(("appname", "summary", "body", "icon", "urgency"), sys.argv[1:]))
fields.update(id=os.environ.get("DUNST_ID"), category=os.environ.get("DUNST_CATEGORY"))
with open({path!r}, "a") as f:
    f.write(json.dumps(fields) + "\\n")
"""


class Dunst:
    """dunst 1.9 as the notification server of `bus`, drawing on its own Xvfb display.

    Its config (DIR/dunstrc) lets nothing expire by itself (timeout 0, no idle threshold; a client's own
    positive expire_timeout is still honoured) and never merges duplicates, so counts are predictable."""

    PROGRAMS = ("Xvfb", "dunst", "dunstctl", "dbus-send")
    NAME = "dunst"

    def __init__(self, bus, directory=None, screen="800x600x24", config=DUNST_CONFIG):
        require(*self.PROGRAMS)
        self.bus = bus
        self.directory = directory or tempfile.mkdtemp(prefix="medd-dunst-")
        self._own_directory = directory is None
        self.config_path = os.path.join(self.directory, "dunstrc")
        self.log_path = os.path.join(self.directory, "dunst.log")
        self.xvfb_log_path = os.path.join(self.directory, "xvfb.log")
        self.record_path = os.path.join(self.directory, "shown.jsonl")
        record_script = os.path.join(self.directory, "record.py")
        with open(record_script, "w") as f:
            f.write(RECORD_SCRIPT.format(path=self.record_path))
        os.chmod(record_script, 0o755)
        with open(self.config_path, "w") as f:
            f.write(config + RECORD_RULE.format(script=record_script))
        self.xvfb = None
        self.process = None
        try:
            self._start_xvfb(screen)
            self.start()
        except BaseException:
            self.close()
            raise

    def _start_xvfb(self, screen, timeout=10.0):
        read_end, write_end = os.pipe()
        try:
            with open(self.xvfb_log_path, "ab") as log:
                self.xvfb = subprocess.Popen(
                    ["Xvfb", "-displayfd", str(write_end), "-screen", "0", screen, "-nolisten", "tcp"],
                    stdin=subprocess.DEVNULL, stdout=log, stderr=log, pass_fds=(write_end,))
            os.close(write_end)
            write_end = None
            number = _read_line(read_end, timeout, "Xvfb", self.xvfb, self.xvfb_log_path)
        finally:
            if write_end is not None:
                os.close(write_end)
            os.close(read_end)
        self.display = f":{number.strip()}"

    @property
    def env(self):
        """An environment for clients: DISPLAY and DBUS_SESSION_BUS_ADDRESS of this desktop."""
        env = self.bus.env()
        env["DISPLAY"] = self.display
        env.pop("WAYLAND_DISPLAY", None)
        return env

    def running(self):
        return self.process is not None and self.process.poll() is None

    def start(self, timeout=5.0):
        """Starts dunst; returns once it owns org.freedesktop.Notifications."""
        if self.running():
            return
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(self.command(), env=self.env,
                                            stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        try:
            self.bus.wait_name(NOTIFICATIONS_NAME, timeout=timeout, process=self.process)
        except (RuntimeError, AssertionError) as error:
            _wait_process(self.process)
            raise RuntimeError(f"{self.NAME} did not take {NOTIFICATIONS_NAME}: {error}; log: {_tail(self.log_path)}") from None

    def command(self):
        return ["dunst", "-config", self.config_path]

    def stop(self, timeout=5.0):
        """Stops dunst (Xvfb stays) and waits until the bus has let go of its name."""
        if self.process is None:
            return
        _wait_process(self.process)
        self.process = None
        if self.bus.running():
            self.bus.wait_name(NOTIFICATIONS_NAME, owned=False, timeout=timeout)

    def dunstctl(self, *args, check=True):
        """Runs dunstctl against this dunst; returns its stdout."""
        out = subprocess.run(["dunstctl", *args], env=self.env, capture_output=True, text=True, timeout=10)
        if check and out.returncode != 0:
            raise RuntimeError(f"dunstctl {' '.join(args)} failed ({out.returncode}): {out.stderr.strip()}")
        return out.stdout

    def count_displayed(self):
        return int(self.dunstctl("count", "displayed").strip())

    def wait_displayed(self, n, timeout=5.0):
        """Waits until dunst shows exactly `n` notifications; AssertionError with the last count otherwise."""
        deadline = time.monotonic() + timeout
        while True:
            count = self.count_displayed()
            if count == n:
                return
            if time.monotonic() >= deadline:
                raise AssertionError(f"dunst displays {count} notifications, not {n}, after {timeout} s")
            time.sleep(0.02)

    def recorded(self, at_least=0, timeout=10.0):
        """What dunst was given for each notification it showed, oldest first: dicts with appname, summary, body.

        dunst runs its script in the background after drawing, so this waits until `at_least` are recorded
        (AssertionError with what there is after `timeout`)."""
        deadline = time.monotonic() + timeout
        while True:
            shown = []
            if os.path.exists(self.record_path):
                with open(self.record_path) as f:
                    finished_lines = f.read().split("\n")[:-1]
                shown = [json.loads(line) for line in finished_lines if line.strip()]
            if len(shown) >= at_least:
                return shown
            if time.monotonic() >= deadline:
                raise AssertionError(f"dunst's script recorded {len(shown)} notifications, not {at_least}, after {timeout} s")
            time.sleep(0.02)

    def screenshot(self, png_path):
        """The whole X root window as a PNG."""
        require("import")
        subprocess.run(["import", "-display", self.display, "-window", "root", png_path],
                       check=True, capture_output=True, timeout=20)
        return png_path

    def close(self):
        _wait_process(self.process)
        self.process = None
        _wait_process(self.xvfb)
        self.xvfb = None
        if self._own_directory:
            shutil.rmtree(self.directory, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class GnomeNotificationDaemon(Dunst):
    """GNOME's notification-daemon on its own Xvfb display: it draws the action buttons (dunst 1.9 keeps
    them in a menu), so a test can click one with xdotool as a person would."""
    BINARY = "/usr/lib/notification-daemon/notification-daemon"
    PROGRAMS = ("Xvfb", BINARY, "dbus-send", "xdotool")
    NAME = "notification-daemon"

    def __init__(self, bus, directory=None, screen="900x500x24"):
        super().__init__(bus, directory=directory, screen=screen, config="")

    def command(self):
        return [self.BINARY]

    def click(self, x, y):
        subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], env=self.env, check=True,
                       capture_output=True, timeout=10)


def _plain(value):
    """A D-Bus value with every dbus-next Variant unwrapped, recursively."""
    from dbus_next import Variant
    if isinstance(value, Variant):
        return _plain(value.value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


_notifications_class = None


def _make_interface(server):
    return notifications_class()(server)


def notifications_class():
    """The fake server's D-Bus interface class, built once. dbus-next reads each method's annotations with
    ast.parse, which CPython 3.11 can get wrong off the main thread ("AST constructor recursion depth
    mismatch", seen on the loop thread), so FakeNotificationServer builds it on the thread that creates it."""
    global _notifications_class
    if _notifications_class is None:
        _notifications_class = _build_notifications_class()
    return _notifications_class


def _build_notifications_class():
    from dbus_next.service import ServiceInterface, method, signal

    class Notifications(ServiceInterface):
        def __init__(self, server):
            super().__init__(NOTIFICATIONS_INTERFACE)
            self.server = server

        @method()
        def Notify(self, app_name: "s", replaces_id: "u", app_icon: "s", summary: "s", body: "s",
                   actions: "as", hints: "a{sv}", expire_timeout: "i") -> "u":
            return self.server._notify(app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout)

        @method()
        def CloseNotification(self, id: "u"):
            if self.server._close(id):
                self.NotificationClosed(id, CLOSED_BY_CALL)

        @method()
        def GetCapabilities(self) -> "as":
            return list(self.server.capabilities)

        @method()
        def GetServerInformation(self) -> "ssss":
            return list(self.server.server_information)

        @signal()
        def NotificationClosed(self, id, reason) -> "uu":
            return [id, reason]

        @signal()
        def ActionInvoked(self, id, action_key) -> "us":
            return [id, action_key]

    return Notifications


class LoopThread:
    """An asyncio loop running on a thread of its own, for D-Bus peers (dbus-next) driven from a test:
    `_run` waits for a coroutine on it; close() disconnects (`_disconnect`) and ends the loop."""

    def __init__(self, name):
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name=name, daemon=True)
        self._thread.start()

    def _run(self, coroutine, timeout=10.0):
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(timeout)

    async def _disconnect(self):
        """Leaves the bus (subclasses)."""

    @staticmethod
    async def _leave(bus):
        """Disconnects `bus` and waits until it is gone; a bus that went away first is gone all the same."""
        try:
            bus.disconnect()
            await asyncio.wait_for(bus.wait_for_disconnect(), 5)
        except Exception:
            pass

    def close(self):
        if self._loop.is_closed():
            return
        try:
            self._run(self._disconnect())
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5)
            self._loop.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class BusService(LoopThread):
    """A D-Bus service played by a test, on its own thread and asyncio loop (dbus-next), owning the
    well-known name NAME while connected. Subclasses export their objects in _export(bus)."""

    NAME = None
    # Added to the error when NAME is owned already.
    NAME_TAKEN_HINT = ""

    def __init__(self, address, start=True):
        require_dbus_next()
        self.address = address
        self._bus = None
        super().__init__(f"fake-{self.NAME}")
        if start:
            try:
                self.start()
            except BaseException:
                self.close()
                raise

    # --- on the loop's thread -------------------------------------------------------------------------

    def _export(self, bus):
        """Exports this service's objects on a freshly connected bus."""
        raise NotImplementedError

    async def _connect(self):
        from dbus_next import NameFlag, RequestNameReply
        from dbus_next.aio import MessageBus
        bus = await MessageBus(bus_address=self.address).connect()
        self._export(bus)
        reply = await bus.request_name(self.NAME, NameFlag.DO_NOT_QUEUE)
        if reply not in (RequestNameReply.PRIMARY_OWNER, RequestNameReply.ALREADY_OWNER):
            bus.disconnect()
            raise RuntimeError(f"cannot own {self.NAME} on {self.address}: {reply.name}{self.NAME_TAKEN_HINT}")
        self._bus = bus
        self._watch = asyncio.ensure_future(self._watch_disconnect(bus))

    @staticmethod
    async def _watch_disconnect(bus):
        # Takes the error of a bus that went away under us (EOFError), so asyncio does not log it as lost.
        try:
            await bus.wait_for_disconnect()
        except Exception:
            pass

    async def _disconnect(self):
        bus, self._bus = self._bus, None
        if bus is not None:
            await self._leave(bus)

    async def _sync(self):
        """A round trip to the bus: once Ping is answered, the bus has every message sent before it."""
        from dbus_next import Message
        if self._bus is None or not self._bus.connected:
            raise RuntimeError(f"the fake {self.NAME} is not connected to a bus")
        await self._bus.call(Message(destination="org.freedesktop.DBus", path="/org/freedesktop/DBus",
                                     interface="org.freedesktop.DBus.Peer", member="Ping"))

    # --- from the test's thread -----------------------------------------------------------------------

    def start(self):
        """Connects and takes NAME (again, after stop()). What was recorded stays."""
        if self._bus is not None and self._bus.connected:
            return
        self._run(self._connect())

    def stop(self):
        """Disconnects, so NAME is released. start() connects again."""
        self._run(self._disconnect())

    @property
    def connected(self):
        return self._bus is not None and self._bus.connected


class FakeNotificationServer(BusService):
    """Plays org.freedesktop.Notifications on a bus, recording every call (dbus-next, own thread and loop).

    Recorded (read them under `lock`, or after wait_for):
      notifies: one dict per Notify call: app_name, replaces_id, app_icon, summary, body,
                actions [(key, label)], hints {name: plain value}, expire_timeout, id (the id returned)
      notified_at: time.monotonic() when each Notify call came, beside `notifies`
      closes:   the id of each CloseNotification call
      emitted:  each signal this server sent: ("NotificationClosed", id, reason) or ("ActionInvoked", id, key)
      open_ids: the ids shown now: Notify adds, CloseNotification, dismiss() and invoke(close_after=True)
                remove.
    Ids count from 1 per server; a Notify whose replaces_id this server handed out before returns that id."""

    NAME = NOTIFICATIONS_NAME
    NAME_TAKEN_HINT = " (is another notification server, such as dunst, on this bus?)"

    def __init__(self, address, capabilities=("actions", "body"),
                 server_information=("medd-fake", "medd", "1.0", "1.2"), start=True):
        self.capabilities = list(capabilities)
        self.server_information = tuple(server_information)
        self.lock = threading.Condition()
        self.notifies = []
        self.notified_at = []
        self.closes = []
        self.emitted = []
        self.open_ids = set()
        self._issued = set()
        self._next_id = 1
        self._interface = None
        require_dbus_next()
        notifications_class()  # here, on the test's thread (see notifications_class)
        super().__init__(address, start=start)

    # --- on the loop's thread -------------------------------------------------------------------------

    def _notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout):
        with self.lock:
            if replaces_id != 0 and replaces_id in self._issued:
                id = replaces_id
            else:
                id = self._next_id
                self._next_id += 1
                self._issued.add(id)
            self.open_ids.add(id)
            self.notifies.append({
                "app_name": app_name, "replaces_id": replaces_id, "app_icon": app_icon, "summary": summary,
                "body": body, "actions": list(zip(actions[0::2], actions[1::2])), "hints": _plain(hints),
                "expire_timeout": expire_timeout, "id": id,
            })
            self.notified_at.append(time.monotonic())
            self.lock.notify_all()
            return id

    def _close(self, id):
        """Records a CloseNotification; True if the id was open (and so a NotificationClosed is due)."""
        with self.lock:
            self.closes.append(id)
            was_open = id in self.open_ids
            self.open_ids.discard(id)
            if was_open:
                self.emitted.append(("NotificationClosed", id, CLOSED_BY_CALL))
            self.lock.notify_all()
            return was_open

    def _export(self, bus):
        self._interface = _make_interface(self)
        bus.export(NOTIFICATIONS_PATH, self._interface)

    async def _emit(self, signal, *args):
        if not self.connected:
            raise RuntimeError("the fake notification server is not connected to a bus")
        getattr(self._interface, signal)(*args)
        await self._sync()  # the bus has the signal

    # --- from the test's thread -----------------------------------------------------------------------

    def invoke(self, id, action_key, close_after=False):
        """Emits ActionInvoked(id, action_key), and then NotificationClosed(id, 2) when close_after."""
        async def emit():
            await self._emit("ActionInvoked", id, action_key)
            with self.lock:
                self.emitted.append(("ActionInvoked", id, action_key))
                if close_after:
                    self.open_ids.discard(id)
                    self.emitted.append(("NotificationClosed", id, DISMISSED))
                self.lock.notify_all()
            if close_after:
                await self._emit("NotificationClosed", id, DISMISSED)
        self._run(emit())

    def dismiss(self, id, reason=DISMISSED):
        """The user closed notification `id`: emits NotificationClosed(id, reason) and forgets it."""
        async def emit():
            await self._emit("NotificationClosed", id, reason)
            with self.lock:
                self.open_ids.discard(id)
                self.emitted.append(("NotificationClosed", id, reason))
                self.lock.notify_all()
        self._run(emit())

    def wait_for(self, predicate, timeout=5.0):
        """Waits until predicate(self) is true (checked on every recorded call); AssertionError otherwise."""
        deadline = time.monotonic() + timeout
        with self.lock:
            while not predicate(self):
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError(f"fake notification server: condition not met within {timeout} s; "
                                         f"{self.summary()}")
                self.lock.wait(remaining)

    def summary(self):
        with self.lock:
            return (f"notifies={self.notifies!r} closes={self.closes!r} open_ids={sorted(self.open_ids)!r} "
                    f"emitted={self.emitted!r} connected={self.connected}")
