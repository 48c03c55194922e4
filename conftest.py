"""Repository-wide pytest hooks: the doctests of pokerlut.plot need matplotlib (the 'plot' extra)."""

from __future__ import annotations

import pytest


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
