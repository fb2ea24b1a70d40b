"""Real CalDAV servers from Debian for end-to-end tests, and a "phone" that edits their to-dos.

Radicale (with htpasswd authentication) and Xandikos (which has none) each run as a subprocess on
127.0.0.1, on a port of their own, with their configuration and storage in a temporary directory of
their own. stop() and start() restart a server on the same port and storage, for outage tests. `url` is
a calendar collection (ending in "/") that takes VTODOs; `request()` sends raw HTTP to the server.

Phone is a foreign client: a phone's task app, built on the PyPI caldav package, that lists the to-dos
in a collection and completes or cancels them the way such an app does.

Every program comes from a Debian package that scripts/setup.sh installs (and caldav from PyPI); a
missing one raises MissingProgram, which names it.
"""
import base64
import collections
import datetime
import http.client
import os
import shutil
import socket
import ssl
import subprocess
import tempfile
import time
import urllib.parse
from xml.etree import ElementTree

LOOPBACK = "127.0.0.1"
CALDAV = "urn:ietf:params:xml:ns:caldav"

# Program -> the Debian 12 package that ships it (scripts/setup.sh installs them all).
PACKAGES = {
    "openssl": "openssl",
    "radicale": "radicale",
    "htpasswd": "apache2-utils",
    "xandikos": "xandikos",
    "vdirsyncer": "vdirsyncer",
    "apache2": "apache2",
}

MKCALENDAR_VTODO = """<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop>
    <D:displayname>{display_name}</D:displayname>
    <C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set>
  </D:prop></D:set>
</C:mkcalendar>
"""


class MissingProgram(RuntimeError):
    """A program or Python package the CalDAV tests need is not installed."""


def require(*programs):
    """Raises MissingProgram naming every program not on PATH, and its Debian package."""
    missing = [p for p in programs if shutil.which(p) is None]
    if missing:
        names = ", ".join(f"{p} (Debian package {PACKAGES[p]})" for p in missing)
        pronoun = "it" if len(missing) == 1 else "them"
        raise MissingProgram(f"not installed: {names}; scripts/setup.sh installs {pronoun}")


def free_port(host=LOOPBACK):
    """A TCP port on `host` that nothing is bound to right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def self_signed_certificate(directory, addresses):
    """A self-signed certificate for these IP addresses and its key, as PEM files in `directory`: what a
    server with no certificate from a known authority presents. Returns (certificate path, key path)."""
    require("openssl")
    certificate, key = os.path.join(directory, "server.pem"), os.path.join(directory, "server.key")
    names = ",".join(f"IP:{address}" for address in addresses)
    out = subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=medd-test",
                          "-addext", f"subjectAltName={names}", "-addext", "basicConstraints=critical,CA:TRUE",
                          "-keyout", key, "-out", certificate], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"openssl failed ({out.returncode}): {out.stderr.strip()}")
    return certificate, key


Response = collections.namedtuple("Response", "status reason headers body")


class CalDAVServer:
    """What Radicale and Xandikos share: a subprocess in a temporary directory, started on a fixed port.

    Subclasses set NAME, PROGRAM (the server) and REQUIRED (every program they run), and define
    `_command()`."""

    NAME = PROGRAM = None
    REQUIRED = ()
    username = password = None

    def __init__(self, collection_path, host=LOOPBACK, tls=False):
        require(*self.REQUIRED)
        self.directory = tempfile.mkdtemp(prefix=f"medd-{self.NAME}-")
        self.log_path = os.path.join(self.directory, f"{self.NAME}.log")
        self.host = host
        self.port = free_port(host)
        # With tls: a self-signed certificate for `host` (and the loopback address), in `certificate`.
        self.certificate = self.key = None
        if tls:
            self.certificate, self.key = self_signed_certificate(self.directory, sorted({host, LOOPBACK}))
        self.base_url = f"{'https' if tls else 'http'}://{host}:{self.port}"
        self.url = self.base_url + collection_path
        self.process = None

    def running(self):
        return self.process is not None and self.process.poll() is None

    def start(self, timeout=10.0):
        """Starts the server (again) on the same port and storage, and waits until it answers HTTP."""
        if self.running():
            return
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(self._command(), stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                            start_new_session=True)
        try:
            self._wait_answers(timeout)
        except BaseException:
            self.stop()
            raise

    def _wait_answers(self, timeout):
        # Polls with OPTIONS: Xandikos logs "Listening on" before it binds, so only an answer counts.
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.request("OPTIONS", "/", timeout=1.0)
                return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"{self.PROGRAM} exited with {self.process.returncode} before it answered "
                                       f"on {self.base_url}: {self.log()}") from None
                if time.monotonic() >= deadline:
                    raise RuntimeError(f"{self.PROGRAM} did not answer on {self.base_url} within {timeout} s: "
                                       f"{self.log()}") from None
                time.sleep(0.05)

    def stop(self, timeout=5.0):
        """SIGTERM (SIGKILL after `timeout`), then waits: connections are refused until start()."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=timeout)
        self.process = None

    def close(self):
        self.stop()
        shutil.rmtree(self.directory, ignore_errors=True)

    def log(self, limit=4000):
        """The end of the server's stdout and stderr."""
        if not os.path.exists(self.log_path):
            return ""
        with open(self.log_path, errors="replace") as f:
            return f.read()[-limit:]

    def request(self, method, target, body=None, headers=None, timeout=10.0):
        """One HTTP request, with this server's credentials if it has any; `target` is a path or a URL
        on this server. Returns Response(status, reason, headers (an http.client.HTTPMessage), body text)."""
        path = urllib.parse.urlsplit(target).path if "://" in target else target
        headers = dict(headers or {})
        if self.username is not None:
            token = base64.b64encode(f"{self.username}:{self.password}".encode()).decode()
            headers.setdefault("Authorization", f"Basic {token}")
        if self.certificate:
            context = ssl.create_default_context(cafile=self.certificate)
            connection = http.client.HTTPSConnection(self.host, self.port, timeout=timeout, context=context)
        else:
            connection = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        try:
            connection.request(method, path, body=body.encode() if isinstance(body, str) else body, headers=headers)
            answer = connection.getresponse()
            return Response(answer.status, answer.reason, answer.headers, answer.read().decode(errors="replace"))
        finally:
            connection.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Radicale(CalDAVServer):
    """Radicale 3 (Debian's radicale) with htpasswd authentication (MD5-APR1, written by htpasswd -m).

    The user `username` owns the calendar collection `url` (/anna/medications/), which takes only
    VTODOs; a wrong password answers 401 at once (no auth delay)."""

    NAME = PROGRAM = "radicale"
    REQUIRED = ("radicale", "htpasswd")

    CONFIG = """[server]
hosts = {host}:{port}
{tls}
[auth]
type = htpasswd
htpasswd_filename = {users}
htpasswd_encryption = md5
delay = 0

[rights]
type = owner_only

[storage]
filesystem_folder = {storage}

[web]
type = none

[logging]
level = info
"""

    def __init__(self, username="anna", password="radicale-test-password", collection="medications", host=LOOPBACK, tls=False):
        super().__init__(f"/{username}/{collection}/", host=host, tls=tls)
        self.username = username
        self.password = password
        self.config_path = os.path.join(self.directory, "config")
        try:
            self._write_config()
            self.start()
            self._create_collection(collection.capitalize())
        except BaseException:
            self.close()
            raise

    def _write_config(self):
        users_path = os.path.join(self.directory, "users")
        out = subprocess.run(["htpasswd", "-c", "-i", "-m", users_path, self.username], input=self.password,
                             text=True, capture_output=True)
        if out.returncode != 0:
            raise RuntimeError(f"htpasswd failed ({out.returncode}): {out.stderr.strip()}")
        with open(self.config_path, "w") as f:
            tls = f"ssl = True\ncertificate = {self.certificate}\nkey = {self.key}\n" if self.certificate else ""
            f.write(self.CONFIG.format(host=self.host, port=self.port, users=users_path, tls=tls,
                                       storage=os.path.join(self.directory, "collections")))

    def _command(self):
        return [self.PROGRAM, "--config", self.config_path]

    def _create_collection(self, display_name):
        answer = self.request("MKCALENDAR", self.url, MKCALENDAR_VTODO.format(display_name=display_name),
                              {"Content-Type": "application/xml; charset=utf-8"})
        if answer.status != 201:
            raise RuntimeError(f"MKCALENDAR {self.url} answered {answer.status} {answer.reason}: {answer.body} "
                               f"{self.log()}")


class Xandikos(CalDAVServer):
    """Xandikos (Debian's xandikos, git-backed), which has no authentication (username and password None).

    `--defaults` creates the principal /user/ with the calendar collection `url`
    (/user/calendars/calendar/), which takes VEVENT, VTODO, VJOURNAL and VFREEBUSY."""

    NAME = PROGRAM = "xandikos"
    REQUIRED = ("xandikos",)
    COLLECTION_PATH = "/user/calendars/calendar/"

    def __init__(self):
        super().__init__(self.COLLECTION_PATH)
        try:
            self.start()
            self._check_collection()
        except BaseException:
            self.close()
            raise

    def _command(self):
        return [self.PROGRAM, "--directory", os.path.join(self.directory, "data"), "--listen-address", LOOPBACK,
                "--port", str(self.port), "--defaults"]

    def _check_collection(self):
        answer = self.request("PROPFIND", self.url, headers={"Depth": "0"})
        if answer.status == 207:
            prop = ElementTree.fromstring(answer.body).find(".//{DAV:}prop")
            is_calendar = prop.find(f"{{DAV:}}resourcetype/{{{CALDAV}}}calendar") is not None
            components = {comp.get("name") for comp in prop.iterfind(f"{{{CALDAV}}}supported-calendar-component-set/"
                                                                     f"{{{CALDAV}}}comp")}
            if is_calendar and "VTODO" in components:
                return
        raise RuntimeError(f"xandikos --defaults made no calendar for VTODOs at {self.url}: PROPFIND answered "
                           f"{answer.status} {answer.body} {self.log()}")


def _utc_seconds(moment):
    """An aware datetime in UTC, cut to whole seconds as iCalendar writes it."""
    if moment.tzinfo is None:
        raise ValueError(f"{moment!r} needs a time zone")
    return moment.astimezone(datetime.timezone.utc).replace(microsecond=0)


def _text(component, name):
    value = component.get(name)
    return None if value is None else str(value)


PhoneTodo = collections.namedtuple("PhoneTodo", "uid summary status completed ical")
PhoneTodo.__doc__ = """A VTODO as the phone sees it: `summary` and `status` are the SUMMARY and STATUS text or
None, `completed` is an aware datetime (COMPLETED) or None, `ical` the object's whole iCalendar text as the server sent it in its
REPORT answer (so with LF line ends: XML turns CRLF into LF)."""


class Phone:
    """A phone's task app on `server`'s collection (anything with url, username and password), through
    the PyPI caldav package.

    Every edit reads the to-do afresh and saves it with If-Match on the ETag it read, as DAVx5 and
    similar sync adapters do; if someone changed it in between, the server answers 412 and caldav's
    ETagMismatchError propagates."""

    def __init__(self, server):
        try:
            import caldav
        except ImportError as error:
            raise MissingProgram(f"the Python package caldav is not installed ({error}); "
                                 "scripts/setup.sh installs it (python3 -m pip install caldav)") from None
        self.client = caldav.DAVClient(url=server.url, username=server.username, password=server.password,
                                       timeout=10, ssl_verify_cert=getattr(server, "certificate", None) or True)
        self.calendar = self.client.calendar(url=server.url)

    def todos(self):
        """Every VTODO in the collection, completed and cancelled ones too, as PhoneTodo tuples."""
        return [self._phone_todo(todo) for todo in self.calendar.get_todos(include_completed=True)]

    def complete(self, uid, at=None, description=None):
        """Ticks the to-do off: STATUS:COMPLETED, COMPLETED at `at` (an aware datetime, default now) in UTC,
        PERCENT-COMPLETE:100 and LAST-MODIFIED now; with `description`, DESCRIPTION becomes that text (as a
        person types a reading into the to-do's notes)."""
        at = at or datetime.datetime.now(datetime.timezone.utc)
        properties = {"STATUS": "COMPLETED", "COMPLETED": _utc_seconds(at), "PERCENT-COMPLETE": 100}
        if description is not None:
            properties["DESCRIPTION"] = description
        self._edit(uid, properties)

    def cancel(self, uid):
        """Cancels the to-do: STATUS:CANCELLED and LAST-MODIFIED now."""
        self._edit(uid, {"STATUS": "CANCELLED"})

    def wait_for(self, predicate, timeout=10.0, interval=0.2):
        """Polls todos() until predicate(todos) is true, and returns that value; AssertionError with the
        last to-dos seen after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            todos = self.todos()
            result = predicate(todos)
            if result:
                return result
            if time.monotonic() >= deadline:
                raise AssertionError(f"after {timeout} s the phone still sees {[(t.uid, t.status) for t in todos]}")
            time.sleep(interval)

    def _edit(self, uid, properties):
        todo = self.calendar.get_todo_by_uid(uid)
        component = todo.icalendar_component
        properties = {**properties, "LAST-MODIFIED": _utc_seconds(datetime.datetime.now(datetime.timezone.utc))}
        for name, value in properties.items():
            component.pop(name, None)
            component.add(name, value)
        todo.save()

    @staticmethod
    def _phone_todo(todo):
        component = todo.icalendar_component
        completed = component.get("COMPLETED")
        return PhoneTodo(uid=str(component["UID"]), summary=_text(component, "SUMMARY"),
                         status=_text(component, "STATUS"),
                         completed=None if completed is None else completed.dt, ical=todo.data)
