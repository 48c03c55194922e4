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
