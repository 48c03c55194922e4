"""7-card benchmarks beside the 7-card ceiling kernel (pytest-benchmark; not pass/fail tests).

    python -m pytest benchmarks/test_bench7.py
"""

from __future__ import annotations

import numpy as np
import pytest
from ceiling import ceiling7, ceiling7_parallel, ceiling7_tables
from conftest import record

import pokerlut
from pokerlut.enumeration import strength_histogram

N = 10**7
ROUNDS = 5
GROUP = "7-card 1e7"
WILD_GROUP = "7-card 1e7 wild mix"


@pytest.fixture(scope="module")
def hands():
    return pokerlut.random_hands(N, 7, seed=20261129)


@pytest.fixture(scope="module")
def wild_hands():
    return pokerlut.random_hands(N, 7, wild_fraction=0.1, seed=20261129)


def run(benchmark, fn, n, group, rounds=ROUNDS):
    benchmark.group = group
    fn()
    benchmark.pedantic(fn, rounds=rounds, iterations=1)
    record(benchmark, n)


def test_ceiling7_serial(benchmark, hands):
    out = np.empty(N, np.uint16)
    per_card, big = ceiling7_tables()
    run(benchmark, lambda: ceiling7(hands, out, per_card, big), N, GROUP)


def test_ceiling7_parallel(benchmark, hands):
    out = np.empty(N, np.uint16)
    per_card, big = ceiling7_tables()
    run(benchmark, lambda: ceiling7_parallel(hands, out, per_card, big), N, GROUP)


@pytest.mark.parametrize("check", [False, True], ids=["nocheck", "check"])
def test_evaluate7_serial(benchmark, hands, check):
    run(benchmark, lambda: pokerlut.evaluate(hands, check=check, parallel=False), N, GROUP)


@pytest.mark.parametrize("check", [False, True], ids=["nocheck", "check"])
def test_evaluate7_parallel(benchmark, hands, check):
    run(benchmark, lambda: pokerlut.evaluate(hands, check=check, parallel=True), N, GROUP)


def test_evaluate7_parallel_1_thread(benchmark, hands, threads):
    threads(1)
    run(benchmark, lambda: pokerlut.evaluate(hands, check=False, parallel=True), N, GROUP)


def test_wild_mix_ceiling7(benchmark, wild_hands):
    out = np.empty(N, np.uint16)
    per_card, big = ceiling7_tables()
    run(benchmark, lambda: ceiling7(wild_hands, out, per_card, big), N, WILD_GROUP)


def test_natural7_serial_for_wild_mix(benchmark, hands):
    run(benchmark, lambda: pokerlut.evaluate(hands, check=False, parallel=False), N, WILD_GROUP)


def test_wild_mix7_serial(benchmark, wild_hands):
    run(benchmark, lambda: pokerlut.evaluate(wild_hands, check=False, parallel=False), N, WILD_GROUP)


def test_enumerate_all_seven_card_hands(benchmark):
    run(benchmark, lambda: strength_histogram(7), 133_784_560, "7-card enumeration (all 133,784,560)", rounds=3)


def test_best_five7(benchmark, hands):
    sample = hands[:200_000]
    run(benchmark, lambda: pokerlut.best_five(sample, check=False), len(sample), "best_five 7-card 2e5")
