"""Shared fixtures: the package under test and the independent reference evaluator."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import settings

# No property test may depend on the machine's speed: hypothesis' per-example deadline (200 ms) fails a
# test whose first example compiles a kernel, or runs on a loaded machine.  Tests that set their own
# settings keep them; this profile only removes the deadline everywhere else.
settings.register_profile("pokerlut", deadline=None)
settings.load_profile("pokerlut")

sys.path.insert(0, str(Path(__file__).resolve().parent))  # so tests can import reference.py

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


_COLLECTED = pytest.StashKey[tuple]()


def pytest_collection_finish(session):
    """Note how many tests the session collected, and whether it is the README's whole test command (the
    test paths, both markers, nothing deselected): ``collected_tests`` hands it to test_figures.py."""
    config = session.config
    whole = (config.args_source == pytest.Config.ArgsSource.TESTPATHS and not config.option.keyword
             and config.option.markexpr == "exhaustive or not exhaustive" and not config.getoption("deselect"))
    config.stash[_COLLECTED] = (len(session.items), whole)


@pytest.fixture
def collected_tests(request) -> tuple:
    """(tests collected by this session, whether that is the whole suite of the README's test command)."""
    return request.config.stash.get(_COLLECTED, (0, False))
