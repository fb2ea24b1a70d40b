"""Real servers on loopback for the carers' tests: an SMTP server (aiosmtpd) that keeps every mail it takes and
can be stopped and started again on its port, and a recording HTTP server for ntfy's publishing API and Apprise's
json:// target (each request's method, path, headers and body; a status to answer with)."""
import email
import email.policy
import http.server
import socket
import threading
import time

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class MailServer:
    """aiosmtpd on 127.0.0.1:port; `messages` holds (envelope sender, recipients, parsed message, raw bytes). With
    `password`, it asks for a login (AUTH PLAIN/LOGIN over plain SMTP, allowed on loopback) and refuses any other
    password with 535."""

    def __init__(self, password=None, username="mum.medd"):
        self.port = free_port()
        self.messages = []
        self.logins = []
        self.password = password
        self.username = username
        self.controller = None
        self.start()

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        self.messages.append((envelope.mail_from, list(envelope.rcpt_tos), message, envelope.content))
        return "250 OK"

    def _authenticate(self, server, session, envelope, mechanism, auth_data):
        ok = isinstance(auth_data, LoginPassword) and auth_data.login.decode() == self.username \
            and auth_data.password.decode() == self.password
        self.logins.append((auth_data.login.decode() if isinstance(auth_data, LoginPassword) else None, ok))
        return AuthResult(success=ok, handled=False)

    def start(self):
        kwargs = {}
        if self.password is not None:
            kwargs = dict(authenticator=self._authenticate, auth_require_tls=False, auth_required=True)
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port, **kwargs)
        self.controller.start()

    def stop(self):
        if self.controller:
            self.controller.stop()
            self.controller = None

    def wait(self, count, timeout=20.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if len(self.messages) >= count:
                return self.messages
            time.sleep(0.05)
        raise AssertionError(f"{len(self.messages)} mails, not {count}: {[m[2]['Subject'] for m in self.messages]}")


class RecordingServer:
    """An HTTP server on 127.0.0.1 that records every request and answers `status` (200 by default)."""

    def __init__(self):
        self.requests = []
        self.status = 200
        recorder = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length", 0))
                body = self.rfile.read(length)
                recorder.requests.append({"method": "POST", "path": self.path, "headers": dict(self.headers.items()), "body": body})
                self.send_response(recorder.status)
                self.send_header("Content-Type", "application/json")
                payload = b'{"id":"x","event":"message"}'
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def wait(self, count, path=None, timeout=20.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = [r for r in self.requests if path is None or r["path"] == path]
            if len(found) >= count:
                return found
            time.sleep(0.05)
        raise AssertionError(f"{len(self.requests)} requests, not {count} to {path}: {self.requests}")

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
