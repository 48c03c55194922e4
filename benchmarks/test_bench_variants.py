"""The other games beside the high game, and Omaha beside pokerkit (pytest-benchmark; not
pass/fail tests).

    python -m pytest benchmarks/test_bench_variants.py

* Best five of k: every game ranks the same kind of seeded random hands of its own deck as the
  high game, one thread; the closing table gives each rate and ``record`` its ratio to the high
  game's of the same size.
* Omaha: 4 hole cards and 5 board cards per hand, one thread; pokerkit's ``OmahaHoldemHand`` on
  the first hands of the same batch, scaled to the batch.
* Heads-up Omaha preflop equity, exact (all 1,086,008 boards), on the default threads.
"""

from __future__ import annotations

import time

import numpy as np
import pytest
from conftest import record

import pokerlut
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
    d = deals(N_OMAHA, 9, range(52), seed=9)
    return np.ascontiguousarray(d[:, :4]), np.ascontiguousarray(d[:, 4:])


@pytest.mark.parametrize("game", ["omaha", "omaha-hilo"])
def test_omaha(benchmark, omaha_deals, game, threads):
    threads(1)
    holes, boards = omaha_deals
    run(benchmark, lambda: pokerlut.evaluate_omaha(holes, boards, variant=game), N_OMAHA,
        "omaha 4 + 5 cards, 1 thread")


def test_omaha_pokerkit(benchmark, omaha_deals):
    pk = pytest.importorskip("pokerkit")
    holes, boards = omaha_deals
    n = 2_000
    parsed = [(list(pk.Card.parse(pokerlut.format_cards(h).replace(" ", ""))),
               list(pk.Card.parse(pokerlut.format_cards(b).replace(" ", "")))) for h, b in zip(holes[:n], boards[:n])]

    def call():
        for h, b in parsed:
            pk.OmahaHoldemHand.from_game(h, b)

    run(benchmark, call, n, "omaha 4 + 5 cards, 1 thread", rounds=1)


def test_omaha_preflop_exact_equity(benchmark):
    run(benchmark, lambda: pokerlut.equity(["As Ks Ad Kd", "Qh Jh Th 9h"], variant="omaha"), 1086008,
        "omaha heads-up preflop exact (boards/s)", rounds=3)
