"""Ranking benchmarks for 5, 6 and 7 cards beside the reference ceiling kernel (pytest-benchmark;
not pass/fail tests).

    python -m pytest benchmarks/test_bench_evaluate.py

Every row of a group ranks the same seeded 10^7 hands in the same run, so the closing table's
ratios compare like with like.  ``evaluate`` rows run what a user gets (the AVX2 key where the CPU
has it, :func:`pokerlut.kernel_info`); the ``kernel-simd`` / ``kernel-scalar`` rows call the two
kernels directly, one thread, so both paths are measured side by side whatever the machine.
``1thread`` rows run one thread, ``threads`` rows the default pool (two on the CI machine).  The
wild-mix rows rank hands of which 10% hold a wild card.
"""

from __future__ import annotations

import numpy as np
import pytest
from pokerlut.bench.ceiling import CEILINGS, ceiling_tables
from conftest import record

import pokerlut
from pokerlut.enumeration import strength_histogram
from pokerlut.kernels import backend, registry
from pokerlut.tables import load_table_set

N = 10**7
ROUNDS = 7
SEED = 20261129


@pytest.fixture(scope="module", params=[5, 6, 7], ids=lambda k: f"{k}cards")
def batch(request):
    k = request.param
    return k, pokerlut.random_hands(N, k, seed=SEED), pokerlut.random_hands(N, k, wild_fraction=0.1, seed=SEED)


def run(benchmark, fn, n, group, rounds=ROUNDS):
    benchmark.group = group
    fn()  # warm-up: compile or load from the cache outside the timing
    benchmark.pedantic(fn, rounds=rounds, iterations=1)
    record(benchmark, n)


def test_ceiling(benchmark, batch):
    k, hands, _ = batch
    out = np.empty(N, np.uint16)
    per_card, table = ceiling_tables()
    run(benchmark, lambda: CEILINGS[k](hands, out, per_card, table), N, f"{k}-card 1e7")


@pytest.mark.parametrize("check", [False, True], ids=["unchecked", "validated"])
@pytest.mark.parametrize("parallel", [False, True], ids=["1thread", "threads"])
def test_evaluate(benchmark, batch, check, parallel, threads):
    k, hands, _ = batch
    if not parallel:
        threads(1)
    run(benchmark, lambda: pokerlut.evaluate(hands, check=check, parallel=parallel), N, f"{k}-card 1e7")


@pytest.mark.parametrize("check", [False, True], ids=["unchecked", "validated"])
@pytest.mark.parametrize("path", ["simd", "scalar"])
def test_kernel(benchmark, batch, check, path):
    k, hands, _ = batch
    if path == "simd" and not backend.simd_enabled():
        pytest.skip(f"no SIMD here: {backend.simd_reason()}")
    kernel = registry.simd_kernel(k, check) if path == "simd" else registry.rank_kernel(k, check)
    flat, out, bad = hands.reshape(-1), np.empty(N, np.uint16), np.zeros(1, np.int64)
    tables = load_table_set("high").rank_tables(k)
    run(benchmark, lambda: kernel(flat, flat, out, tables, bad), N, f"{k}-card 1e7")


@pytest.mark.parametrize("check", [False, True], ids=["unchecked", "validated"])
def test_evaluate_wild_mix(benchmark, batch, check):
    k, _, wild = batch
    run(benchmark, lambda: pokerlut.evaluate(wild, check=check, parallel=False), N, f"{k}-card 1e7")


def test_enumerate_all_seven_card_hands_one_thread(benchmark, threads):
    threads(1)
    run(benchmark, lambda: strength_histogram(7), 133_784_560, "7-card 1e7", rounds=3)


def test_enumerate_all_seven_card_hands(benchmark):
    run(benchmark, lambda: strength_histogram(7), 133_784_560, "7-card 1e7", rounds=3)


def test_best_five7(benchmark):
    hands = pokerlut.random_hands(200_000, 7, seed=SEED)
    run(benchmark, lambda: pokerlut.best_five(hands, check=False), len(hands), "best_five 7-card 2e5")
