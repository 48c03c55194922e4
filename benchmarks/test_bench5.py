"""5-card batch benchmarks beside the ceiling kernel (pytest-benchmark; not pass/fail tests).

    python -m pytest benchmarks/test_bench5.py

Every kernel of a group ranks the same seeded hands, so the closing table's ratios compare like
with like.  ``pokerlut.evaluate(..., parallel=False)`` is one thread; the ``parallel`` rows use
numba's threads (two on the CI machine), and the ``1 thread`` row the parallel kernel on one.
"""

from __future__ import annotations

import numpy as np
import pytest
from ceiling import CEILING5_TABLE, ceiling5, ceiling5_parallel
from conftest import record

import pokerlut

SIZES = {"1e6": 10**6, "1e7": 10**7}
ROUNDS = 7


@pytest.fixture(scope="module", params=list(SIZES))
def batch(request):
    n = SIZES[request.param]
    return request.param, pokerlut.random_hands(n, 5, seed=20261129)


@pytest.fixture(scope="module")
def wild_batch():
    return pokerlut.random_hands(10**7, 5, wild_fraction=0.1, seed=20261129)


def run(benchmark, fn, hands, group):
    benchmark.group = group
    fn()  # warm-up: compile or load from the cache outside the timing
    benchmark.pedantic(fn, rounds=ROUNDS, iterations=1)
    record(benchmark, len(hands))


def test_ceiling_serial(benchmark, batch):
    size, hands = batch
    out = np.empty(len(hands), np.uint16)
    run(benchmark, lambda: ceiling5(hands, out, CEILING5_TABLE), hands, f"5-card {size}")


def test_ceiling_parallel(benchmark, batch):
    size, hands = batch
    out = np.empty(len(hands), np.uint16)
    run(benchmark, lambda: ceiling5_parallel(hands, out, CEILING5_TABLE), hands, f"5-card {size}")


@pytest.mark.parametrize("check", [False, True], ids=["nocheck", "check"])
def test_evaluate_serial(benchmark, batch, check):
    size, hands = batch
    run(benchmark, lambda: pokerlut.evaluate(hands, check=check, parallel=False), hands, f"5-card {size}")


@pytest.mark.parametrize("check", [False, True], ids=["nocheck", "check"])
def test_evaluate_parallel(benchmark, batch, check):
    size, hands = batch
    run(benchmark, lambda: pokerlut.evaluate(hands, check=check, parallel=True), hands, f"5-card {size}")


def test_evaluate_parallel_1_thread(benchmark, batch, threads):
    size, hands = batch
    threads(1)
    run(benchmark, lambda: pokerlut.evaluate(hands, check=False, parallel=True), hands, f"5-card {size}")


def test_natural_serial_for_wild_mix(benchmark, batch):
    size, hands = batch
    if size != "1e7":
        pytest.skip("the wild mix is compared at 10^7")
    run(benchmark, lambda: pokerlut.evaluate(hands, check=False, parallel=False), hands, "5-card 1e7 wild mix")


def test_wild_mix_serial(benchmark, wild_batch):
    run(benchmark, lambda: pokerlut.evaluate(wild_batch, check=False, parallel=False), wild_batch,
        "5-card 1e7 wild mix")


def test_wild_mix_ceiling(benchmark, wild_batch):
    out = np.empty(len(wild_batch), np.uint16)
    run(benchmark, lambda: ceiling5(wild_batch, out, CEILING5_TABLE), wild_batch, "5-card 1e7 wild mix")
