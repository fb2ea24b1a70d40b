"""Start-up refusals: each names the problem and exits without touching existing data."""
import os
import subprocess
import tempfile

import harness
from harness import berlin, config


def run_medd(*args, env=None):
    return subprocess.run([os.path.join(harness.bin_dir(), "medd"), *args], capture_output=True, text=True,
                          timeout=20, env=dict(os.environ, TZ=harness.ZONE, **(env or {})))


def test_an_invalid_config_stops_with_every_error_and_status_78(tmp_path, med):
    """Every error as PATH:LINE:COLUMN on stderr, exit 78 (EX_CONFIG, not restarted by the unit)."""
    path = tmp_path / "medd.toml"
    path.write_text(config(med) + 'horizon = 3\n[medication.x]\nname = "X"\ndose = "1"\ntimes = ["8am"]\n')
    out = run_medd("--config", str(path), "--state-dir", str(tmp_path / "state"), "--socket", str(tmp_path / "s.sock"))
    assert out.returncode == 78, out.stderr
    errors = [line for line in out.stderr.splitlines() if line.startswith(f"{path}:")]
    assert len(errors) >= 2, out.stderr
    assert not (tmp_path / "state").exists(), "an invalid config must not create the ledger"


def test_a_second_daemon_on_the_same_state_is_refused(daemons, med):
    """The ledger lock: a second medd on the same state directory names the running one's PID."""
    daemon = daemons(config(med), berlin(7, 0))
    out = run_medd("--config", daemon.config_path, "--state-dir", daemon.state_dir, "--socket", daemon.socket_path + "2")
    assert out.returncode == 1
    assert str(daemon.process.pid) in out.stderr, out.stderr
    assert daemon.call("Status")["version"]


def test_a_socket_in_use_is_refused(daemons, med):
    """Another medd answering on the socket path: refused with a hint, the running one unharmed."""
    daemon = daemons(config(med), berlin(7, 0))
    with tempfile.TemporaryDirectory() as other:
        out = run_medd("--config", daemon.config_path, "--state-dir", other, "--socket", daemon.socket_path)
    assert out.returncode == 1 and "already answering" in out.stderr, out.stderr
    assert daemon.call("Status")["version"]


def test_a_bad_pretend_now_is_a_usage_error(tmp_path):
    """--pretend-now must be an ISO 8601 instant with an offset."""
    out = run_medd("--config", "x", "--pretend-now", "tomorrow")
    assert out.returncode != 0 and "--pretend-now tomorrow" in out.stderr, out.stderr


def test_no_runtime_directory_and_no_socket_is_a_clear_error(tmp_path):
    """Without XDG_RUNTIME_DIR and --socket, medd says what to pass."""
    env = {k: v for k, v in os.environ.items() if k != "XDG_RUNTIME_DIR"}
    out = subprocess.run([os.path.join(harness.bin_dir(), "medd"), "--config", "x"], capture_output=True, text=True, env=env)
    assert out.returncode != 0 and "XDG_RUNTIME_DIR" in out.stderr, out.stderr
