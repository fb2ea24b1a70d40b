"""Apache 2 (Debian's apache2) as an authenticating reverse proxy in front of Radicale, for medd-sync's HTTP
authentication tests, as Radicale's documentation sets it up: Apache checks the password (mod_auth_digest for
Digest, mod_auth_basic for Basic, each with mod_authn_file) and hands the request on through mod_proxy_http
with the user it authenticated in X-Remote-User; Radicale (`auth type = http_x_remote_user`) has no password
of its own.

Apache runs in the foreground (`apache2 -f CONF -DFOREGROUND`) as a subprocess, with its configuration, its
password file and its logs in a temporary directory of its own; started as root it serves as www-data (Apache
refuses to serve as root). Its access log has a line per request with the user agent and the scheme of the
Authorization header, if any (`requests()`), so a test can tell which scheme reached the server.

Every program comes from a Debian package that scripts/setup.sh installs; a missing one raises
caldav_servers.MissingProgram, which names it."""
import collections
import hashlib
import os
import pwd
import re
import shutil
import subprocess
import tempfile
import time

import caldav_servers
from caldav_servers import LOOPBACK, MissingProgram, Radicale, free_port

MODULES = "/usr/lib/apache2/modules"
REALM = "medd"

CONFIG = """ServerRoot {directory}
ServerName {host}
Listen {host}:{port}
PidFile {directory}/apache2.pid
DefaultRuntimeDir {directory}
ErrorLog {directory}/error.log
LogLevel info
{user}
LoadModule mpm_event_module {modules}/mod_mpm_event.so
LoadModule authz_core_module {modules}/mod_authz_core.so
LoadModule authz_user_module {modules}/mod_authz_user.so
LoadModule authn_core_module {modules}/mod_authn_core.so
LoadModule authn_file_module {modules}/mod_authn_file.so
LoadModule {auth_module}_module {modules}/mod_{auth_module}.so
LoadModule headers_module {modules}/mod_headers.so
LoadModule proxy_module {modules}/mod_proxy.so
LoadModule proxy_http_module {modules}/mod_proxy_http.so
LogFormat "%>s %m %U user=%u agent=\\"%{{User-Agent}}i\\" authorization=\\"%{{Authorization}}i\\"" medd
CustomLog {directory}/access.log medd
ProxyPass / http://{backend}/
ProxyPassReverse / http://{backend}/
<Location "/">
    AuthType {auth_type}
    AuthName "{realm}"
{digest_domain}    AuthUserFile {users}
    Require valid-user
    RequestHeader set X-Remote-User "expr=%{{REMOTE_USER}}"
</Location>
"""

Request = collections.namedtuple("Request", "status method path user agent authorization")
Request.__doc__ = """One line of the access log: `authorization` is the scheme of the Authorization header (Basic,
Digest) or None when the request had none."""


class ProxiedRadicale(Radicale):
    """Radicale that takes the user its proxy authenticated, from X-Remote-User; it has no password of its own
    (`username` and `password` are None, so nothing talks to it with credentials)."""

    NAME = PROGRAM = "radicale"
    REQUIRED = ("radicale",)

    def __init__(self, user="anna", collection="medications"):
        self.user = user
        super().__init__(username=user, collection=collection)

    def _write_config(self):
        self.username = self.password = None
        with open(self.config_path, "w") as f:
            f.write(self.CONFIG.format(host=self.host, port=self.port, users="", tls="",
                                       storage=os.path.join(self.directory, "collections"))
                    .replace("type = htpasswd\n", "type = http_x_remote_user\n"))

    def request(self, method, target, body=None, headers=None, timeout=10.0):
        """As the proxy asks: with the user in X-Remote-User."""
        return super().request(method, target, body, dict(headers or {}, **{"X-Remote-User": self.user}), timeout)


class AuthenticatingProxy:
    """Apache on `host`, asking for `scheme` ("Digest" or "Basic") before it hands a request to `backend` (a
    ProxiedRadicale). `url`, `username` and `password` are what a client (medd-sync, the phone) uses."""

    def __init__(self, backend, scheme, host=LOOPBACK, password="apache-test-password"):
        caldav_servers.require("apache2", "htpasswd")
        if not os.path.isfile(os.path.join(MODULES, "mod_auth_digest.so")):
            raise MissingProgram(f"no {MODULES}/mod_auth_digest.so; scripts/setup.sh installs apache2")
        self.scheme = scheme
        self.host = host
        self.port = free_port(host)
        self.username = backend.user
        self.password = password
        self.certificate = None
        self.directory = tempfile.mkdtemp(prefix=f"medd-apache-{scheme.lower()}-")
        self.url = f"http://{self._host_in_url()}:{self.port}{urlpath(backend.url)}"
        self.process = None
        self._write(backend)
        self.start()

    def _host_in_url(self):
        return f"[{self.host}]" if ":" in self.host else self.host

    def _write(self, backend):
        users = os.path.join(self.directory, "users")
        if self.scheme == "Digest":
            # What htdigest writes: user:realm:MD5(user:realm:password) (htdigest only reads a terminal).
            digest = hashlib.md5(f"{self.username}:{REALM}:{self.password}".encode()).hexdigest()
            with open(users, "w") as f:
                f.write(f"{self.username}:{REALM}:{digest}\n")
        else:
            out = subprocess.run(["htpasswd", "-c", "-i", "-B", users, self.username], input=self.password, text=True,
                                 capture_output=True)
            if out.returncode != 0:
                raise RuntimeError(f"htpasswd failed ({out.returncode}): {out.stderr.strip()}")
        # Served as www-data when started as root: it reads the password file as that user.
        as_root = os.geteuid() == 0
        if as_root:
            www = pwd.getpwnam("www-data")
            os.chown(users, 0, www.pw_gid)
            os.chmod(users, 0o640)
            os.chmod(self.directory, 0o755)
        with open(os.path.join(self.directory, "apache2.conf"), "w") as f:
            f.write(CONFIG.format(
                directory=self.directory, host=self._host_in_url(), port=self.port, modules=MODULES, realm=REALM, users=users,
                user="User www-data\nGroup www-data\n" if as_root else "",
                auth_module="auth_digest" if self.scheme == "Digest" else "auth_basic", auth_type=self.scheme,
                digest_domain="    AuthDigestDomain /\n" if self.scheme == "Digest" else "",
                backend=f"{backend.host}:{backend.port}"))

    def start(self, timeout=10.0):
        env = {k: v for k, v in os.environ.items() if not k.startswith("APACHE_")}
        with open(os.path.join(self.directory, "apache2.out"), "ab") as log:
            self.process = subprocess.Popen(["apache2", "-f", os.path.join(self.directory, "apache2.conf"), "-DFOREGROUND"],
                                            stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=env, start_new_session=True)
        deadline = time.monotonic() + timeout
        while not os.path.exists(os.path.join(self.directory, "apache2.pid")) or not self._answers():
            if self.process.poll() is not None:
                raise RuntimeError(f"apache2 exited with {self.process.returncode}: {self.log()}")
            if time.monotonic() >= deadline:
                self.close()
                raise RuntimeError(f"apache2 did not answer on {self.host}:{self.port} within {timeout} s: {self.log()}")
            time.sleep(0.05)

    def _answers(self):
        import socket
        try:
            with socket.create_connection((self.host, self.port), timeout=0.5):
                return True
        except OSError:
            return False

    def requests(self):
        """Every request the access log holds so far, oldest first."""
        path = os.path.join(self.directory, "access.log")
        if not os.path.exists(path):
            return []
        found = []
        pattern = re.compile(r'^(\d+) (\S+) (\S+) user=(\S+) agent="(.*?)" authorization="([^"\s]*)')
        for line in open(path, errors="replace"):
            match = pattern.match(line)
            if match:
                status, method, path_, user, agent, authorization = match.groups()
                found.append(Request(int(status), method, path_, None if user == "-" else user, agent,
                                     None if authorization in ("-", "") else authorization))
        return found

    def log_lines(self, limit=20):
        """The last lines of the access log, for a failure's message (the Authorization values cut to their scheme)."""
        return [f"{r.status} {r.method} {r.path} user={r.user} agent={r.agent} authorization={r.authorization}"
                for r in self.requests()[-limit:]]

    def log(self, limit=4000):
        text = ""
        for name in ("apache2.out", "error.log"):
            path = os.path.join(self.directory, name)
            if os.path.exists(path):
                text += open(path, errors="replace").read()[-limit:]
        return text

    def close(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.process = None
        shutil.rmtree(self.directory, ignore_errors=True)


def urlpath(url):
    """The path of `url` (http://host:port/path/ → /path/)."""
    return "/" + url.split("://", 1)[1].split("/", 1)[1]
