"""Equity-grid benchmarks (pytest-benchmark; not pass/fail tests).

    python -m pytest benchmarks/test_bench_plot.py

Target of the issue, on two cores after warm-up: the equity of all 169 starting-hand classes
against a range on a flop in <= 10 s (exact where it fits, else 10^5 trials per class).
"""

from __future__ import annotations

import pytest
from pokerlut.equities import class_equity

GROUP = "equity grid"
BOARD = "Qs 7h 2c"


def run(benchmark, fn, rounds=3):
    benchmark.group = GROUP
    fn()  # warm-up: compile or load the kernels
    benchmark.pedantic(fn, rounds=rounds, iterations=1)


@pytest.mark.parametrize("n_threads", [1, 2])
@pytest.mark.parametrize("opponent", ["TT+,AKs", "random"])
def test_grid_flop_heads_up_exact(benchmark, threads, n_threads, opponent):
    threads(n_threads)
    assert class_equity(opponent, BOARD).method == "exact"
    run(benchmark, lambda: class_equity(opponent, BOARD))


def test_grid_flop_three_way_monte_carlo(benchmark):
    opponents = ["random", "TT+,AKs"]
    assert class_equity(opponents, BOARD, samples=1_000).method == "monte carlo"
    run(benchmark, lambda: class_equity(opponents, BOARD), rounds=1)


def test_grid_preflop_heads_up_monte_carlo(benchmark):
    assert class_equity("TT+,AKs", samples=1_000).method == "monte carlo"
    run(benchmark, lambda: class_equity("TT+,AKs"), rounds=1)
