"""Suit classes, hand strength, street tables and preflop lookups (pytest-benchmark; not pass/fail).

    python -m pytest benchmarks/test_bench_aitools.py

Every row of the "aitools" group is beside the reference ceiling kernel (10^6 random 7-card hands)
in the same run; the closing table gives each rate as a ratio to the ceiling's hands/s.  Rates
count: hands indexed, hands rolled out, board classes of a street table, preflop lookups.  The time
of a whole street is its board classes over the rate (``StreetIndexer.boards.count``: 1,755 flops,
63,193 turns, 2,554,656 rivers).
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import record

import pokerlut
from pokerlut import iso
from pokerlut.abstraction import preflop_equity, rollout, streets

ROUNDS = 7
GROUP = "aitools"
N = 10**6


def run(benchmark, fn, n, rounds=ROUNDS):
    benchmark.group = GROUP
    fn()  # warm-up: compile or load the kernels
    benchmark.pedantic(fn, rounds=rounds, iterations=1)
    record(benchmark, n)


def _deals(n, k, seed=1):
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)
    return np.ascontiguousarray(cards[:, :2]), np.ascontiguousarray(cards[:, 2:])


def test_ceiling_7card_1e6(benchmark):
    from pokerlut.bench.ceiling import ceiling7, ceiling_tables

    hands, out = pokerlut.random_hands(N, 7, seed=1), np.empty(N, np.uint16)
    per_card, table = ceiling_tables()
    run(benchmark, lambda: ceiling7(hands, out, per_card, table), N)


@pytest.mark.parametrize("n_threads", [1, 2])
@pytest.mark.parametrize("n_board", [3, 4, 5])
def test_index(benchmark, threads, n_board, n_threads):
    """Checked, into a reused output array (fresh memory's first touch is timed separately below)."""
    threads(n_threads)
    holes, boards = _deals(N, 2 + n_board)
    street = iso.street_indexer(n_board)
    out = np.zeros(N, np.int64)
    run(benchmark, lambda: street.index_rows(holes, boards, parallel=n_threads > 1, out=out), N)


def test_index_flop_fresh_output(benchmark):
    """iso.index as users call it: a new output array every call (its first touch included)."""
    holes, boards = _deals(N, 5)
    run(benchmark, lambda: iso.index(holes, boards), N)


def test_unindex_flop(benchmark):
    idx = np.random.default_rng(2).integers(0, iso.count(3), N)
    run(benchmark, lambda: iso.unindex(idx, 3), N, rounds=3)


@pytest.mark.parametrize("n_board,n", [(3, 16), (4, 400), (5, 20_000)])
def test_rollout(benchmark, n_board, n):
    holes, boards = _deals(n, 2 + n_board, seed=3)
    run(benchmark, lambda: rollout(holes, boards), n, rounds=3)


@pytest.mark.parametrize("street,classes", [("flop", 4), ("turn", 100), ("river", 20_000)])
def test_street_table_block(benchmark, street, classes):
    """Board classes a second of a whole-street table (the kernels on all threads, no files)."""
    plan = streets.table_plan(street, dtype="uint16" if street == "river" else "float32")
    from pokerlut import _threads

    def block():
        _threads.run_blocks(lambda lo, hi, slot: streets.compute_block(plan, lo, hi), classes,
                            cost=streets.completions(plan["n_board"]) * 1600.0)

    run(benchmark, block, classes, rounds=3)


def test_preflop_lookup(benchmark):
    labels = [str(x) for x in pokerlut.ranges.class_labels().reshape(-1)]
    pairs = [(labels[i], labels[j]) for i, j in np.random.default_rng(4).integers(0, 169, (1000, 2))]

    def lookups():
        for a, b in pairs:
            preflop_equity(a, b)

    run(benchmark, lookups, len(pairs))
