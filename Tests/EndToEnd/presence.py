"""Presence fakes for end-to-end tests: a private D-Bus system bus, a fake systemd-logind on it, fake
screensavers (org.freedesktop.ScreenSaver, org.gnome.ScreenSaver) on a session bus, and a bus monitor that
shows which signals a client has subscribed to.

Nothing here touches the machine's own system or session bus: the system bus is a dbus-daemon of type
system with its own config file, listening in a temporary directory. The fakes use the real names, object
paths, interfaces, signals and error names, and run on their own thread and asyncio loop (dbus-next), so a
test drives them with plain method calls. Every signal a test control emits has reached the bus when the
control returns (a Ping round trip follows it).
"""
import os
import threading
import time

import desktop

LOGIND_NAME = "org.freedesktop.login1"
LOGIND_PATH = "/org/freedesktop/login1"
MANAGER_INTERFACE = "org.freedesktop.login1.Manager"
SESSION_INTERFACE = "org.freedesktop.login1.Session"
USER_INTERFACE = "org.freedesktop.login1.User"
PROPERTIES_INTERFACE = "org.freedesktop.DBus.Properties"
NO_SUCH_SESSION = "org.freedesktop.login1.NoSuchSession"
NO_SUCH_USER = "org.freedesktop.login1.NoSuchUser"

FREEDESKTOP_SCREENSAVER = "org.freedesktop.ScreenSaver"
GNOME_SCREENSAVER = "org.gnome.ScreenSaver"
# Where each screensaver serves its interface (named like the bus name): KDE's at both paths.
SCREENSAVER_PATHS = {
    FREEDESKTOP_SCREENSAVER: ("/org/freedesktop/ScreenSaver", "/ScreenSaver"),
    GNOME_SCREENSAVER: ("/org/gnome/ScreenSaver",),
}

SYSTEM_BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path={socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*" eavesdrop="true"/>
    <allow send_type="method_call"/>
    <allow send_type="signal"/>
    <allow send_type="method_return"/>
    <allow send_type="error"/>
    <allow receive_sender="*"/>
    <allow receive_type="method_call"/>
    <allow receive_type="signal"/>
    <allow eavesdrop="true"/>
  </policy>
</busconfig>
"""


class SystemBus(desktop.SessionBus):
    """A private dbus-daemon of type system (no service activation, everything allowed to everyone)
    listening on DIR/bus; `address` stays the same across stop() and start()."""

    CONFIG = SYSTEM_BUS_CONFIG
    PREFIX = "medd-sysbus-"

    def env(self, base=None):
        """`base` (default os.environ) with DBUS_SYSTEM_BUS_ADDRESS pointing at this bus."""
        env = dict(os.environ if base is None else base)
        env["DBUS_SYSTEM_BUS_ADDRESS"] = self.address
        return env


def bus_label_escape(label):
    """An object-path element as sd-bus writes one (sd_bus_path_encode): every byte other than an ASCII
    letter, or a digit that is not the first, becomes `_` and two hex digits; "" becomes "_"."""
    if label == "":
        return "_"
    out = []
    for i, byte in enumerate(label.encode()):
        ch = chr(byte)
        if ("a" <= ch <= "z") or ("A" <= ch <= "Z") or (i > 0 and "0" <= ch <= "9"):
            out.append(ch)
        else:
            out.append(f"_{byte:02x}")
    return "".join(out)


def session_path(session_id):
    """logind's object path of a session: session "3" -> /org/freedesktop/login1/session/_33."""
    return f"{LOGIND_PATH}/session/{bus_label_escape(session_id)}"


def user_path(uid):
    return f"{LOGIND_PATH}/user/_{uid}"


class _Service(desktop.BusService):
    """A fake system service that records every method call it receives: `calls` holds dicts with
    interface, member, path, args (plain values) and sender, in arrival order (read under `calls_changed`,
    or through calls_of and wait_call)."""

    def __init__(self, address, start=True):
        self.calls_changed = threading.Condition()
        self.calls = []
        super().__init__(address, start=start)

    # --- on the loop's thread -------------------------------------------------------------------------

    def _export(self, bus):
        bus.add_message_handler(self._record)
        # dbus-next announces every export with ObjectManager.InterfacesAdded (and InterfacesRemoved);
        # logind and the screensavers send no such signals.
        bus._emit_interface_added = lambda path, interface: None
        bus._emit_interface_removed = lambda path, interfaces: None
        self._export_objects(bus)

    def _export_objects(self, bus):
        """Exports this service's objects (subclasses)."""
        raise NotImplementedError

    def _refusal(self, message):
        """An error reply for a call this service refuses, or None to let the exported interfaces answer.
        (dbus-next 0.2.3 answers a DBusError raised in a method, but then logs it as unexpected.)"""
        return None

    def _record(self, message):
        from dbus_next import MessageType
        if message.message_type != MessageType.METHOD_CALL:
            return None
        with self.calls_changed:
            self.calls.append({"interface": message.interface, "member": message.member, "path": message.path,
                               "args": desktop._plain(list(message.body)), "sender": message.sender})
            self.calls_changed.notify_all()
        return self._refusal(message)

    def _do(self, function):
        """Runs `function` on the loop's thread, then waits until what it sent has reached the bus."""
        async def run():
            result = function()
            await self._sync()
            return result
        return self._run(run())

    # --- from the test's thread -----------------------------------------------------------------------

    def calls_of(self, member, interface=None):
        """The recorded calls of one method (and interface), in order."""
        with self.calls_changed:
            return [c for c in self.calls if c["member"] == member and (interface is None or c["interface"] == interface)]

    def wait_call(self, predicate, timeout=5.0, what="the call"):
        """Waits until a recorded call satisfies predicate(call); returns it, AssertionError otherwise."""
        deadline = time.monotonic() + timeout
        with self.calls_changed:
            while True:
                for call in self.calls:
                    if predicate(call):
                        return call
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError(f"fake {self.NAME}: {what} did not come within {timeout} s; "
                                         f"calls: {self.calls!r}")
                self.calls_changed.wait(remaining)


# --- logind ------------------------------------------------------------------------------------------------

def _logind_interfaces():
    """The three logind interfaces as dbus-next ServiceInterface classes (dbus-next is imported lazily)."""
    from dbus_next import DBusError
    from dbus_next.service import PropertyAccess, ServiceInterface, dbus_property, method, signal

    class Manager(ServiceInterface):
        def __init__(self, logind):
            super().__init__(MANAGER_INTERFACE)
            self.logind = logind

        @method()
        def GetSession(self, session_id: "s") -> "o":
            if session_id not in self.logind.sessions:
                raise DBusError(NO_SUCH_SESSION, f"No session '{session_id}' known")
            return session_path(session_id)

        @method()
        def GetUser(self, uid: "u") -> "o":
            if uid != self.logind.uid or not self.logind.sessions:
                raise DBusError(NO_SUCH_USER, f"User ID {uid} is not logged in")
            return user_path(uid)

        @method()
        def ListSessions(self) -> "a(susso)":
            return [[s.id, self.logind.uid, self.logind.user_name, "", session_path(s.id)]
                    for s in self.logind.sessions.values()]

        @signal()
        def PrepareForSleep(self, start) -> "b":
            return start

        @signal()
        def SessionNew(self, session_id, path) -> "so":
            return [session_id, path]

        @signal()
        def SessionRemoved(self, session_id, path) -> "so":
            return [session_id, path]

    class User(ServiceInterface):
        def __init__(self, logind):
            super().__init__(USER_INTERFACE)
            self.logind = logind

        @dbus_property(access=PropertyAccess.READ)
        def UID(self) -> "u":
            return self.logind.uid

        @dbus_property(access=PropertyAccess.READ)
        def Name(self) -> "s":
            return self.logind.user_name

        @dbus_property(access=PropertyAccess.READ)
        def Display(self) -> "(so)":
            display = self.logind.display
            return [display, session_path(display)] if display is not None else ["", "/"]

        @dbus_property(access=PropertyAccess.READ)
        def Sessions(self) -> "a(so)":
            return [[s.id, session_path(s.id)] for s in self.logind.sessions.values()]

    class Session(ServiceInterface):
        def __init__(self, logind, session_id, graphical):
            super().__init__(SESSION_INTERFACE)
            self.logind = logind
            self.id = session_id
            self.graphical = graphical
            self.locked = False

        @dbus_property(access=PropertyAccess.READ)
        def Id(self) -> "s":
            return self.id

        @dbus_property(access=PropertyAccess.READ)
        def User(self) -> "(uo)":
            return [self.logind.uid, user_path(self.logind.uid)]

        @dbus_property(access=PropertyAccess.READ)
        def Name(self) -> "s":
            return self.logind.user_name

        @dbus_property(access=PropertyAccess.READ)
        def Type(self) -> "s":
            return "x11" if self.graphical else "tty"

        @dbus_property(access=PropertyAccess.READ)
        def Class(self) -> "s":
            return "user"

        @dbus_property(access=PropertyAccess.READ)
        def Active(self) -> "b":
            return True

        @dbus_property(access=PropertyAccess.READ)
        def Remote(self) -> "b":
            return False

        @dbus_property(access=PropertyAccess.READ)
        def State(self) -> "s":
            return "active"

        @dbus_property(access=PropertyAccess.READ)
        def LockedHint(self) -> "b":
            return self.locked

        @method()
        def SetLockedHint(self, locked: "b"):
            self.logind._set_locked(self, locked)

    return Manager, User, Session


class FakeLogind(_Service):
    """Plays systemd-logind (org.freedesktop.login1) for one user on a system bus.

    Objects, as logind serves them:
      /org/freedesktop/login1               org.freedesktop.login1.Manager: GetSession(s) -> o, GetUser(u) -> o
                                            (errors NoSuchSession, NoSuchUser), ListSessions; signals
                                            PrepareForSleep(b), SessionNew(so), SessionRemoved(so)
      /org/freedesktop/login1/user/_UID     org.freedesktop.login1.User: UID, Name, Display (so), Sessions;
                                            there only while the user has a session, as in logind
      /org/freedesktop/login1/session/ESC   org.freedesktop.login1.Session: Id, LockedHint (emits
                                            PropertiesChanged with the value), User, Type, Class, Active, ...
    The user is `uid` (default: this process's). Test controls: add_session, remove_session, lock, unlock,
    repeat_unlocked, sleep, resume. `calls` records every method call received, Properties.Get included."""

    NAME = LOGIND_NAME

    def __init__(self, address, uid=None, user_name="medd-test", start=True):
        self.uid = os.getuid() if uid is None else uid
        self.user_name = user_name
        self.sessions = {}       # id -> Session interface, in creation order
        self.display = None      # the user's display session id, or None
        self._manager = None
        self._user = None
        self._user_exported = False
        super().__init__(address, start=start)

    def _export_objects(self, bus):
        Manager, User, _ = _logind_interfaces()
        self._manager = Manager(self)
        self._user = User(self)
        bus.export(LOGIND_PATH, self._manager)
        self._user_exported = False
        for session in self.sessions.values():
            bus.export(session_path(session.id), session)
        self._export_user(bus)

    def _export_user(self, bus):
        """The user object is there while the user has a session (logind keeps no user without one)."""
        wanted = bool(self.sessions)
        if wanted and not self._user_exported:
            bus.export(user_path(self.uid), self._user)
        elif not wanted and self._user_exported:
            bus.unexport(user_path(self.uid), self._user)
        self._user_exported = wanted

    def _refusal(self, message):
        from dbus_next import Message
        if message.interface != MANAGER_INTERFACE or message.path != LOGIND_PATH:
            return None
        if message.member == "GetSession" and message.body and message.body[0] not in self.sessions:
            return Message.new_error(message, NO_SUCH_SESSION, f"No session '{message.body[0]}' known")
        if message.member == "GetUser" and message.body and (message.body[0] != self.uid or not self.sessions):
            return Message.new_error(message, NO_SUCH_USER, f"User ID {message.body[0]} is not logged in")
        return None

    def _set_locked(self, session, locked):
        session.locked = locked
        session.emit_properties_changed({"LockedHint": locked})

    def _session(self, session_id):
        if session_id not in self.sessions:
            raise KeyError(f"fake logind has no session {session_id!r}; it has {list(self.sessions)}")
        return self.sessions[session_id]

    # --- test controls ------------------------------------------------------------------------------------

    def add_session(self, session_id, display=True):
        """A new session of the user (graphical when `display`): exported, made the user's Display when
        `display`, then announced with SessionNew (logind elects the display before it announces)."""
        def add():
            if session_id in self.sessions:
                raise ValueError(f"session {session_id!r} exists")
            _, _, Session = _logind_interfaces()
            session = Session(self, session_id, display)
            self.sessions[session_id] = session
            if display:
                self.display = session_id
            self._bus.export(session_path(session_id), session)
            self._export_user(self._bus)
            self._manager.SessionNew(session_id, session_path(session_id))
        self._do(add)
        return session_path(session_id)

    def remove_session(self, session_id):
        """The session ends: unexported, the user's Display re-elected (another graphical session, or
        none), then SessionRemoved."""
        def remove():
            session = self.sessions.pop(self._session(session_id).id)
            self._bus.unexport(session_path(session_id), session)
            if self.display == session_id:
                graphical = [s.id for s in self.sessions.values() if s.graphical]
                self.display = graphical[-1] if graphical else None
            self._export_user(self._bus)
            self._manager.SessionRemoved(session_id, session_path(session_id))
        self._do(remove)

    def lock(self, session_id):
        """LockedHint becomes true: PropertiesChanged(org.freedesktop.login1.Session, {LockedHint: true})."""
        self._do(lambda: self._set_locked(self._session(session_id), True))

    def unlock(self, session_id):
        """LockedHint becomes false: PropertiesChanged(..., {LockedHint: false})."""
        self._do(lambda: self._set_locked(self._session(session_id), False))

    def repeat_unlocked(self, session_id):
        """A redundant PropertiesChanged with LockedHint false for a session that is not locked."""
        def repeat():
            session = self._session(session_id)
            if session.locked:
                raise AssertionError(f"session {session_id!r} is locked: this would be a real unlock")
            self._set_locked(session, False)
        self._do(repeat)

    def sleep(self):
        """PrepareForSleep(true): the machine is about to suspend."""
        self._do(lambda: self._manager.PrepareForSleep(True))

    def resume(self):
        """PrepareForSleep(false): the machine has resumed."""
        self._do(lambda: self._manager.PrepareForSleep(False))

    def locked(self, session_id):
        return self._session(session_id).locked

    def wait_property_get(self, interface, name, path=None, timeout=5.0):
        """Waits for a Properties.Get(interface, name) call (on `path` when given); returns it."""
        return self.wait_call(lambda c: c["interface"] == PROPERTIES_INTERFACE and c["member"] == "Get"
                              and c["args"] == [interface, name] and (path is None or c["path"] == path),
                              timeout=timeout, what=f"Get({interface}, {name}){' on ' + path if path else ''}")


# --- screensavers -----------------------------------------------------------------------------------------

def _screensaver_interface(name):
    from dbus_next.service import ServiceInterface, method, signal

    class ScreenSaver(ServiceInterface):
        def __init__(self, saver):
            super().__init__(name)
            self.saver = saver

        @method()
        def GetActive(self) -> "b":
            return self.saver.active

        @method()
        def SetActive(self, active: "b") -> "b":
            self.saver._set_active(active)
            return True

        @method()
        def GetActiveTime(self) -> "u":
            return 0

        @method()
        def Lock(self):
            self.saver._set_active(True)

        @signal()
        def ActiveChanged(self, active) -> "b":
            return active

    return ScreenSaver


class FakeScreenSaver(_Service):
    """Plays a screensaver on a session bus: `name` is org.freedesktop.ScreenSaver (served at
    /org/freedesktop/ScreenSaver and /ScreenSaver, as KDE does) or org.gnome.ScreenSaver (at
    /org/gnome/ScreenSaver), with an interface of the same name: GetActive() -> b, SetActive(b) -> b,
    GetActiveTime() -> u, Lock(), signal ActiveChanged(b).

    activate() and deactivate() set the state and emit ActiveChanged on each path the service is at
    (`emit_paths` chooses fewer)."""

    def __init__(self, address, name=GNOME_SCREENSAVER, emit_paths=None, start=True):
        if name not in SCREENSAVER_PATHS:
            raise ValueError(f"unknown screensaver {name!r}; one of {list(SCREENSAVER_PATHS)}")
        self.NAME = name
        self.paths = SCREENSAVER_PATHS[name]
        self.emit_paths = tuple(emit_paths or self.paths)
        self.active = False
        self._interfaces = {}
        super().__init__(address, start=start)

    def _export_objects(self, bus):
        ScreenSaver = _screensaver_interface(self.NAME)
        self._interfaces = {path: ScreenSaver(self) for path in self.paths}
        for path, interface in self._interfaces.items():
            bus.export(path, interface)

    def _set_active(self, active):
        self.active = active
        for path in self.emit_paths:
            self._interfaces[path].ActiveChanged(active)

    def activate(self):
        """The screensaver (and lock) comes on: ActiveChanged(true)."""
        self._do(lambda: self._set_active(True))

    def deactivate(self):
        """The screensaver ends: ActiveChanged(false)."""
        self._do(lambda: self._set_active(False))


# --- what clients subscribe to ----------------------------------------------------------------------------

class BusMonitor(desktop.LoopThread):
    """Watches a bus (org.freedesktop.DBus.Monitoring.BecomeMonitor, as busctl monitor does) for AddMatch
    and RemoveMatch calls, so a test knows when a client has subscribed to a signal.

    When the monitor has seen an AddMatch, the bus has already applied it (dbus-daemon handles a message
    to itself before it passes a copy to monitors), so a signal emitted afterwards reaches the client.
    `matches` holds (sender, member, rule) in order; matches_of(pid) those of one process."""

    def __init__(self, address):
        desktop.require_dbus_next()
        self.address = address
        self.changed = threading.Condition()
        self.matches = []
        self._pids = {}
        self._monitor = None
        self._client = None
        super().__init__("bus-monitor")
        try:
            self._run(self._connect())
        except BaseException:
            self.close()
            raise

    def _seen(self, message):
        from dbus_next import MessageType
        if message.message_type != MessageType.METHOD_CALL:
            return None  # the reply to BecomeMonitor, NameLost: dbus-next's own business
        if message.member in ("AddMatch", "RemoveMatch"):
            with self.changed:
                self.matches.append((message.sender, message.member, message.body[0] if message.body else ""))
                self.changed.notify_all()
        return True  # handled: a monitor must never answer a call it sees

    async def _connect(self):
        from dbus_next import Message, MessageType
        from dbus_next.aio import MessageBus
        self._client = await MessageBus(bus_address=self.address).connect()
        monitor = await MessageBus(bus_address=self.address).connect()
        monitor.add_message_handler(self._seen)
        reply = await monitor.call(Message(
            destination="org.freedesktop.DBus", path="/org/freedesktop/DBus",
            interface="org.freedesktop.DBus.Monitoring", member="BecomeMonitor", signature="asu",
            body=[["type='method_call',member='AddMatch'", "type='method_call',member='RemoveMatch'"], 0]))
        if reply.message_type == MessageType.ERROR:
            monitor.disconnect()
            raise RuntimeError(f"BecomeMonitor on {self.address} failed: {reply.error_name} {reply.body}")
        self._monitor = monitor

    async def _pid_of(self, sender):
        from dbus_next import Message, MessageType
        reply = await self._client.call(Message(
            destination="org.freedesktop.DBus", path="/org/freedesktop/DBus", interface="org.freedesktop.DBus",
            member="GetConnectionUnixProcessID", signature="s", body=[sender]))
        return reply.body[0] if reply.message_type == MessageType.METHOD_RETURN else None

    def pid_of(self, sender):
        """The process ID of a unique connection name (GetConnectionUnixProcessID); None once it has gone."""
        if self._pids.get(sender) is None:
            self._pids[sender] = self._run(self._pid_of(sender))
        return self._pids[sender]

    def matches_of(self, pid):
        """The match rules process `pid` added and still has (AddMatch minus RemoveMatch), in order."""
        with self.changed:
            seen = list(self.matches)
        rules = []
        for sender, member, rule in seen:
            if self.pid_of(sender) != pid:
                continue
            if member == "AddMatch":
                rules.append(rule)
            elif rule in rules:
                rules.remove(rule)
        return rules

    def wait_match(self, pid, *parts, timeout=5.0):
        """Waits until process `pid` has a match rule containing every string in `parts`; returns it."""
        deadline = time.monotonic() + timeout
        while True:
            for rule in self.matches_of(pid):
                if all(part in rule for part in parts):
                    return rule
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"process {pid} has no match rule with {parts} on {self.address} after "
                                     f"{timeout} s; its rules: {self.matches_of(pid)}")
            with self.changed:
                self.changed.wait(min(remaining, 0.1))

    async def _disconnect(self):
        for bus in (self._monitor, self._client):
            if bus is not None:
                await self._leave(bus)
