import pytest

import harness


@pytest.fixture
def med():
    return harness.unique_med()


@pytest.fixture
def daemons():
    started = []

    def start(*args, **kwargs):
        daemon = harness.Daemon(*args, **kwargs)
        started.append(daemon)
        return daemon

    yield start
    for daemon in started:
        daemon.cleanup()
