"""Two machines for medd-sync: network namespaces A (192.0.2.2) and B (192.0.2.3), each joined by a veth
pair to a bridge in a third namespace, the server's, that holds 192.0.2.1. The CalDAV server and the
phone run in the server's namespace: `entered()` moves the calling thread (the test's) into it, so the
servers it starts and the connections it opens are there. TEST-NET-1 (RFC 5737) addresses: nothing here
can reach a real network. close() removes the namespaces, and with them the veth pairs and the bridge."""
import contextlib
import ctypes
import os
import subprocess
import uuid

SERVER_ADDRESS = "192.0.2.1"
MACHINE_ADDRESSES = {"a": "192.0.2.2", "b": "192.0.2.3"}
CLONE_NEWNET = 0x40000000


def run(argv):
    out = subprocess.run(argv, capture_output=True, text=True, timeout=30)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed: {out.stderr.strip()}")
    return out


def set_network_namespace(path):
    """setns(2) for the calling thread; threads and processes it starts later are in that namespace too."""
    libc = ctypes.CDLL(None, use_errno=True)
    descriptor = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        if libc.setns(descriptor, CLONE_NEWNET) != 0:
            error = ctypes.get_errno()
            raise OSError(error, f"setns({path}): {os.strerror(error)}")
    finally:
        os.close(descriptor)


class SyncNetwork:
    def __init__(self):
        tag = uuid.uuid4().hex[:6]
        self.namespaces = {}
        try:
            for name in ("server", *MACHINE_ADDRESSES):
                namespace = f"medd-sync-{name}-{tag}"
                run(["ip", "netns", "add", namespace])
                self.namespaces[name] = namespace
                run(["ip", "-n", namespace, "link", "set", "lo", "up"])
            server = self.namespaces["server"]
            run(["ip", "-n", server, "link", "add", "bridge", "type", "bridge"])
            run(["ip", "-n", server, "addr", "add", f"{SERVER_ADDRESS}/24", "dev", "bridge"])
            run(["ip", "-n", server, "link", "set", "bridge", "up"])
            for name, address in MACHINE_ADDRESSES.items():
                inside, outside = f"mdd{name}{tag}", f"mdd{name}{tag}s"
                run(["ip", "link", "add", inside, "type", "veth", "peer", "name", outside])
                run(["ip", "link", "set", inside, "netns", self.namespaces[name]])
                run(["ip", "link", "set", outside, "netns", server])
                run(["ip", "-n", server, "link", "set", outside, "master", "bridge"])
                run(["ip", "-n", server, "link", "set", outside, "up"])
                run(["ip", "-n", self.namespaces[name], "addr", "add", f"{address}/24", "dev", inside])
                run(["ip", "-n", self.namespaces[name], "link", "set", inside, "up"])
        except BaseException:
            self.close()
            raise

    def wrapper(self, machine):
        """The command that runs a program on `machine` ("a" or "b")."""
        return ["ip", "netns", "exec", self.namespaces[machine]]

    @contextlib.contextmanager
    def entered(self):
        """The calling thread in the server's namespace for the block, then back where it was."""
        original = os.open(f"/proc/thread-self/ns/net", os.O_RDONLY | os.O_CLOEXEC)
        try:
            set_network_namespace(f"/run/netns/{self.namespaces['server']}")
            yield
        finally:
            set_network_namespace(f"/proc/self/fd/{original}")
            os.close(original)

    def close(self):
        for namespace in self.namespaces.values():
            subprocess.run(["ip", "netns", "del", namespace], capture_output=True)
        self.namespaces = {}
