"""The other games beside the high game, and Omaha beside pokerkit (pytest-benchmark; not
pass/fail tests).

    python -m pytest benchmarks/test_bench_variants.py

* Best five of k: every game ranks the same kind of seeded random hands of its own deck as the
  high game, one thread; the closing table gives each rate and ``record`` its ratio to the high
  game's of the same size.
* Omaha: 4 and 6 hole cards and 5 board cards per hand, validated, one thread, beside the ceiling
  kernel on random 7-card hands (the closing table's ratios are to it); pokerkit's
  ``OmahaHoldemHand`` and PokerHandEvaluator's ``evaluate_omaha_cards`` (one Python call a hand)
  on the first hands of the same batch, scaled to the batch.
* Heads-up Omaha preflop equity, exact (all 1,086,008 boards), one thread, beside the ceiling: the
  ratio ``r`` of the closing table makes its time ``1.086 / r`` T (T: the ceiling's time for 10^6
  hands).  ``benchmarks/omaha.py`` times the same rows round-robin.
"""

from __future__ import annotations

import time

import numpy as np
import pytest
from conftest import record

import pokerlut
from pokerlut.bench.ceiling import CEILINGS, ceiling_tables
from pokerlut.variants import VARIANTS

N = 10**7
N_OMAHA = 10**6
ROUNDS = 5
GAMES = ["high", "short-deck", "ace-five-low", "eight-or-better", "deuce-seven-low"]


def deals(n: int, k: int, deck, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), np.uint8)
    deck = np.array(deck, np.uint8)
    for lo in range(0, n, 10**6):
        hi = min(n, lo + 10**6)
        out[lo:hi] = deck[np.argsort(rng.random((hi - lo, len(deck)), dtype=np.float32), axis=1)[:, :k]]
    return out


def run(benchmark, fn, n, group, rounds=ROUNDS):
    benchmark.group = group
    fn()
    benchmark.pedantic(fn, rounds=rounds, iterations=1)
    record(benchmark, n)


@pytest.fixture(scope="module", params=[5, 7], ids=lambda k: f"{k}cards")
def size(request):
    return request.param


@pytest.mark.parametrize("game", GAMES)
def test_best_five_game(benchmark, size, game, threads):
    threads(1)
    hands = deals(N, size, VARIANTS[game].deck, seed=size)
    run(benchmark, lambda: pokerlut.evaluate(hands, variant=game), N, f"{size}-card games, validated, 1 thread")


@pytest.fixture(scope="module")
def omaha_deals():
    d = deals(N_OMAHA, 11, range(52), seed=9)
    return {h: (np.ascontiguousarray(d[:, :h]), np.ascontiguousarray(d[:, 6:])) for h in (4, 6)}


OMAHA_GROUP = "omaha, 5 board cards, validated, 1 thread"
PREFLOP_GROUP = "omaha heads-up preflop exact (boards/s), 1 thread"


@pytest.mark.parametrize("group", [OMAHA_GROUP, PREFLOP_GROUP])
def test_omaha_ceiling(benchmark, group, threads):
    threads(1)
    hands, out, tables = pokerlut.random_hands(N_OMAHA, 7, seed=7), np.empty(N_OMAHA, np.uint16), ceiling_tables()
    run(benchmark, lambda: CEILINGS[7](hands, out, *tables), N_OMAHA, group)


@pytest.mark.parametrize("n_hole", [4, 6])
@pytest.mark.parametrize("game", ["omaha", "omaha-hilo"])
def test_omaha(benchmark, omaha_deals, game, n_hole, threads):
    threads(1)
    holes, boards = omaha_deals[n_hole]
    run(benchmark, lambda: pokerlut.evaluate_omaha(holes, boards, variant=game), N_OMAHA, OMAHA_GROUP)


def test_omaha_pokerkit(benchmark, omaha_deals):
    pk = pytest.importorskip("pokerkit")
    holes, boards = omaha_deals[4]
    n = 2_000
    parsed = [(list(pk.Card.parse(pokerlut.format_cards(h).replace(" ", ""))),
               list(pk.Card.parse(pokerlut.format_cards(b).replace(" ", "")))) for h, b in zip(holes[:n], boards[:n])]

    def call():
        for h, b in parsed:
            pk.OmahaHoldemHand.from_game(h, b)

    run(benchmark, call, n, OMAHA_GROUP, rounds=1)


def test_omaha_phevaluator(benchmark, omaha_deals):
    phe = pytest.importorskip("phevaluator")
    holes, boards = omaha_deals[4]
    n = 20_000
    hole_lists, board_lists = holes[:n].tolist(), boards[:n].tolist()

    def call():
        for h, b in zip(hole_lists, board_lists):
            phe.evaluate_omaha_cards(*b, *h)

    run(benchmark, call, n, OMAHA_GROUP, rounds=2)


def test_omaha_preflop_exact_equity(benchmark, threads):
    threads(1)
    run(benchmark, lambda: pokerlut.equity(["As Ks Ad Kd", "Qh Jh Th 9h"], variant="omaha"), 1086008, PREFLOP_GROUP,
        rounds=3)
