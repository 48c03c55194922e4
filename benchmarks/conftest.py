"""Shared benchmark data, and a closing table of rates as ratios to the ceiling kernel.

Run: ``python -m pytest benchmarks`` (after ``pip install -e '.[test]'``).  Times on shared
machines are noisy; read the ratios, which compare kernels timed in the same run.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import pokerlut

sys.path.insert(0, str(Path(__file__).resolve().parent))

RATES: dict[str, tuple[str, float]] = {}  # benchmark name -> (group, hands per second)


def record(benchmark, n_hands: int) -> None:
    RATES[benchmark.name] = (benchmark.group or "", n_hands / benchmark.stats.stats.min)


@pytest.fixture
def threads():
    """Run a benchmark on a given number of threads, restoring the default after."""
    yield pokerlut.set_num_threads
    pokerlut.set_num_threads(None)


def pytest_terminal_summary(terminalreporter):
    if not RATES:
        return
    tr = terminalreporter
    tr.section("pokerlut rates (best round), ratio to the group's reference: its ceiling kernel, else its first row")
    groups: dict[str, dict[str, float]] = {}
    for name, (group, rate) in RATES.items():
        groups.setdefault(group, {})[name] = rate
    for group, rates in groups.items():
        ceiling = next((r for n, r in rates.items() if "ceiling" in n and "parallel" not in n), None)
        ceiling = ceiling or next(iter(rates.values()))
        tr.write_line(f"[{group}]")
        for name, rate in rates.items():
            ratio = f"{rate / ceiling:9.4g}x reference"
            tr.write_line(f"  {name:<58} {rate / 1e6:9.1f} M hands/s  {ratio}")
