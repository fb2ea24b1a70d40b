"""Writes a committed ledger fixture with the medd of an older release (`fixtures/*/make.py`): the daemon
runs at a pretend clock on the folder's medd.toml, `answer` gives it that release's answers, and the ledger
and what that release's medctl printed of it (`--json`, one file per output) are saved in the folder. Run
only to make a fixture again, with `MEDD_BIN_DIR` naming that release's build."""
import json
import os
import shutil

import harness


def write(folder, start, checked_at, answer, outputs):
    with open(os.path.join(folder, "medd.toml")) as f:
        config = f.read()
    daemon = harness.Daemon(config, start)
    try:
        answer(daemon)
        daemon.stop()
        shutil.copy(os.path.join(daemon.state_dir, "ledger.sqlite"), os.path.join(folder, "ledger.sqlite"))
        # What that release shows of it, read by a daemon started afresh on the file.
        daemon.start(checked_at)
        for name, args in outputs.items():
            output = json.loads(harness.medctl_output(daemon, "--json", *args))
            with open(os.path.join(folder, name), "w") as f:
                json.dump(output, f, indent=2, sort_keys=True, ensure_ascii=False)
                f.write("\n")
    finally:
        daemon.cleanup()


def wait_until_due(daemon):
    """Until 08:00:02 on the pretend clock: a dose due at 08:00 can then be snoozed."""
    import time
    time.sleep(max(0, (harness.berlin(8, 0, 2) - daemon.now()).total_seconds()))


def assert_outputs_as_written(daemon, folder, outputs):
    """medctl's `--json` outputs of `daemon` are what the release printed into `folder`; of `meds`, the members that
    release printed (the schedule's data, `timing`, came later)."""
    for name, args in outputs.items():
        with open(os.path.join(folder, name)) as f:
            expected = json.load(f)
        shown = json.loads(harness.medctl_output(daemon, "--json", *args))
        if name == "meds.json":
            shown = [{key: value for key, value in medication.items() if key in old} for medication, old in zip(shown, expected)]
        assert shown == expected, name
