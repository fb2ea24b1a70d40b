"""A CalDAV server that misbehaves on purpose, on 127.0.0.1: what medd-sync must survive without a crash
and report precisely. `mode` (changeable while it runs) chooses the fault of every REPORT:

  slow      waits `delay` seconds, then answers an empty multistatus
  not-xml   207 with an HTML page
  bad-ical  207 whose one to-do (`dose`.ics) holds iCalendar that does not parse
  huge      207 with `huge_bytes` of XML (more than medd-sync reads)
  ok        an empty multistatus

PUT answers 201 with an ETag and DELETE 204, so the rest of a round goes on. `requests` lists
(method, path) of every request."""
import http.server
import threading
import time

EMPTY = b'<?xml version="1.0"?><multistatus xmlns="DAV:"><sync-token>t1</sync-token></multistatus>'


class FaultServer:
    def __init__(self, mode="ok", delay=0.0, dose=None, huge_bytes=9 * 1024 * 1024):
        self.mode = mode
        self.delay = delay
        self.dose = dose
        self.huge_bytes = huge_bytes
        self.requests = []
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _body(self):
                length = int(self.headers.get("Content-Length") or 0)
                return self.rfile.read(length) if length else b""

            def _answer(self, status, body=b"", content_type="application/xml; charset=utf-8", headers=()):
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                for name, value in headers:
                    self.send_header(name, value)
                self.end_headers()
                try:
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up on a slow or large answer, as it should

            def do_REPORT(self):
                self._body()
                server.requests.append(("REPORT", self.path))
                mode = server.mode
                if mode == "slow":
                    time.sleep(server.delay)
                    return self._answer(207, EMPTY)
                if mode == "not-xml":
                    return self._answer(207, b"<html><body>Service temporarily unavailable", "text/html")
                if mode == "bad-ical":
                    data = (f"BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:{server.dose}@medd\r\nSTATUS:COMPLETED\r\n"
                            "END:VCALENDAR\r\n")
                    body = (f'<?xml version="1.0"?><multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'
                            f'<sync-token>t2</sync-token><response><href>{self.path}{server.dose}.ics</href><propstat><prop>'
                            f'<getetag>"1"</getetag><C:calendar-data>{data}</C:calendar-data></prop>'
                            f'<status>HTTP/1.1 200 OK</status></propstat></response></multistatus>')
                    return self._answer(207, body.encode())
                if mode == "huge":
                    filler = b"<!--" + b"x" * server.huge_bytes + b"-->"
                    return self._answer(207, b'<?xml version="1.0"?><multistatus xmlns="DAV:">' + filler + b"</multistatus>")
                return self._answer(207, EMPTY)

            def do_PUT(self):
                self._body()
                server.requests.append(("PUT", self.path))
                self._answer(201, headers=[("ETag", f'"{len(server.requests)}"')])

            def do_DELETE(self):
                server.requests.append(("DELETE", self.path))
                self._answer(204)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/faulty/"
        self.username = self.password = None
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()
