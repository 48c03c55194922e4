"""Equity benchmarks (pytest-benchmark; not pass/fail tests).

    python -m pytest benchmarks/test_bench_equity.py

The rates table at the end counts boards (exact) or trials (Monte Carlo) per second.  The same spots
side by side with the ceiling kernel, round-robin and with the targets of the equity engine:
``python benchmarks/equity_interleaved.py``.  Machines differ
and shared ones drift, so the "yardstick" group times the reference ceiling kernel on 10^6 random
7-card hands in the same run: an equity time divided by that one is comparable across machines (on the
2-core AMD EPYC of the kernel design, where OMPEval takes 5.1 ms for AhKh vs QdQc preflop, the
ceiling takes 10^6 / 350 M/s = 2.9 ms).
"""

from __future__ import annotations

import pytest
from conftest import record

from pokerlut.equities import equity, equity_batch

ROUNDS = 7
GROUP = "equity"


def run(benchmark, fn, n, rounds=ROUNDS):
    benchmark.group = GROUP
    fn()  # warm-up: compile or load the kernels
    benchmark.pedantic(fn, rounds=rounds, iterations=1)
    record(benchmark, n)


def test_yardstick_ceiling_7card_1e6(benchmark):
    import numpy as np
    from pokerlut.bench.ceiling import ceiling7, ceiling_tables

    import pokerlut

    hands, out = pokerlut.random_hands(10**6, 7, seed=1), np.empty(10**6, np.uint16)
    per_card, table = ceiling_tables()
    benchmark.group = "yardstick"
    ceiling7(hands, out, per_card, table)
    benchmark.pedantic(lambda: ceiling7(hands, out, per_card, table), rounds=ROUNDS, iterations=1)
    record(benchmark, 10**6)


@pytest.mark.parametrize("n_threads", [1, 2])
def test_heads_up_preflop_exact(benchmark, threads, n_threads):
    threads(n_threads)
    run(benchmark, lambda: equity(["AhKh", "QdQc"], exact=True), 1_712_304)


def test_three_way_preflop_exact(benchmark):
    run(benchmark, lambda: equity(["AhKh", "QdQc", "7s 7c"], exact=True), 1_370_754, rounds=3)


@pytest.mark.parametrize("n_threads", [1, 2])
def test_heads_up_monte_carlo(benchmark, threads, n_threads):
    threads(n_threads)
    n = 20_000_000
    run(benchmark, lambda: equity(["AhKh", "QdQc"], exact=False, samples=n, seed=1), n, rounds=3)


def test_range_vs_random_monte_carlo(benchmark):
    n = 10_000_000
    run(benchmark, lambda: equity(["TT+,AKs", "random"], exact=False, samples=n, seed=1), n, rounds=3)


@pytest.mark.parametrize("method", ["sweep", "enumerate"])
def test_range_vs_range_flop_exact(benchmark, method):
    r = equity(["TT+,AKs", "random"], "Qs 7h 2c", method=method)
    assert r.method == "exact"
    run(benchmark, lambda: equity(["TT+,AKs", "random"], "Qs 7h 2c", method=method), r.n, rounds=3)


def test_range_vs_range_flop_per_combo(benchmark):
    run(benchmark, lambda: equity(["TT+,AKs", "random"], "Qs 7h 2c", per_combo=True), 1176 * 34, rounds=3)


@pytest.mark.parametrize("method", [None, "sweep"])  # None: the preflop tables answer
def test_range_vs_range_preflop_exact(benchmark, method):
    r = equity(["TT+,AKs", "random"], method=method)
    assert r.engine == ("preflop tables" if method is None else method)
    run(benchmark, lambda: equity(["TT+,AKs", "random"], method=method), r.n, rounds=3)


def test_aces_vs_kings_preflop_exact(benchmark):
    r = equity(["AA", "KK"])
    run(benchmark, lambda: equity(["AA", "KK"]), r.n)


def test_monte_carlo_hand_vs_random(benchmark):
    n = 10_000_000
    run(benchmark, lambda: equity(["AhKh", "random"], exact=False, samples=n, seed=1), n, rounds=3)


def test_grid_flop_exact(benchmark):
    from pokerlut.equities import class_equity

    run(benchmark, lambda: class_equity("TT+,AKs", board="Qs 7h 2c"), 169, rounds=3)


def test_batch_flop_exact(benchmark):
    import numpy as np

    rng = np.random.default_rng(0)
    deals = np.array([rng.permutation(52)[:7] for _ in range(2000)])
    holes, boards = deals[:, :4].reshape(-1, 2, 2), deals[:, 4:]
    run(benchmark, lambda: equity_batch(holes, boards), 2000 * 990, rounds=3)
