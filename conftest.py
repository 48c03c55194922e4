"""Repository-wide pytest hooks: the doctests of pokerlut.plot need matplotlib (the 'plot' extra); those of
pokerlut.cuda's kernel modules need numba-cuda and a device, or its simulator (tests/test_cuda_sim.py runs them
there, in a process of their own)."""

from __future__ import annotations

import os

import pytest

#: pokerlut.cuda's kernel modules import numba-cuda when imported: collected only under its simulator.
collect_ignore_glob = [] if os.environ.get("NUMBA_ENABLE_CUDASIM", "0") not in ("", "0") else [
    "src/pokerlut/cuda/device.py", "src/pokerlut/cuda/batch.py", "src/pokerlut/cuda/engines.py",
    "src/pokerlut/cuda/omaha.py"]


def pytest_collection_modifyitems(config, items):
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        pass
    else:
        return
    skip = pytest.mark.skip(reason="needs matplotlib: pip install 'pokerlut[plot]'")
    for item in items:
        if item.nodeid.replace("\\", "/").startswith("src/pokerlut/plot.py"):
            item.add_marker(skip)
