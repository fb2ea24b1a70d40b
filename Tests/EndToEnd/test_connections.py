"""Who may connect, how many, and for how long."""
import json
import os
import socket
import subprocess
import sys
import time

import pytest

from harness import berlin, config

PEER = r"""
import os, socket, sys
os.setgid(65534); os.setuid(65534)
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(sys.argv[1])
s.sendall(b'{"method":"io.medd.Control.Status"}\0')
s.settimeout(5)
data = b""
while not data.endswith(b"\0"):
    chunk = s.recv(4096)
    if not chunk:
        break
    data += chunk
sys.stdout.write(data.decode())
"""


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to connect as another user")
def test_another_uid_is_refused_with_permission_denied(daemons, med):
    """SO_PEERCRED: a client of another UID gets PermissionDenied for its call, even when the socket's
    mode would let it in."""
    daemon = daemons(config(med), berlin(7, 0))
    os.chmod(daemon.directory, 0o755)
    os.chmod(daemon.socket_path, 0o666)
    out = subprocess.run([sys.executable, "-c", PEER, daemon.socket_path], capture_output=True, text=True, timeout=10)
    assert out.returncode == 0, out.stderr
    [message] = [json.loads(m) for m in out.stdout.split("\0") if m]
    assert message == {"error": "org.varlink.service.PermissionDenied", "parameters": {}}
    assert daemon.call("Status")["version"]


def connect(path):
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(path)
    return sock


def closed_by_peer(sock, timeout=2.0):
    sock.settimeout(timeout)
    try:
        return sock.recv(1) == b""
    except socket.timeout:
        return False
    except ConnectionResetError:
        return True


def test_the_connection_limit_refuses_the_65th_client(daemons, med):
    """64 clients are served at once; the 65th is closed; when one leaves, a new one is served."""
    daemon = daemons(config(med), berlin(7, 0))
    clients = [connect(daemon.socket_path) for _ in range(64)]
    for client in clients[:3]:
        client.sendall(b'{"method":"io.medd.Control.Status"}\0')
        client.settimeout(5)
        assert b"version" in client.recv(4096)
    extra = connect(daemon.socket_path)
    assert closed_by_peer(extra)
    clients.pop().close()
    time.sleep(0.2)
    assert daemon.call("Status")["version"]
    for client in clients:
        client.close()
