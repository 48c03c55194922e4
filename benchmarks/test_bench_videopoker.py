"""Video poker benchmarks (pytest-benchmark; not pass/fail tests).

    python -m pytest benchmarks/test_bench_videopoker.py

* all 32 holds of one dealt hand (1,729,648 final hands counted; tables already built);
* the best hold, and all 32 holds, of batches of random dealt hands;
* classifying a batch of final hands;
* a game's exact return: with its tables built, and from scratch (tables rebuilt every round);
* a game's strategy chart (tables built).

``python benchmarks/videopoker_interleaved.py`` times the returns and charts round-robin beside the
ceiling kernel, in T.
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import record

from pokerlut import videopoker as vp
from pokerlut.videopoker import _tables

GAMES = ("jacks-or-better", "double-double-bonus", "deuces-wild", "deuces-wild-bonus", "joker-poker")
DEAL = {"jacks-or-better": "Jh Jd 4s 7c Qh", "double-double-bonus": "Ac Ad 4s 7c Qh", "deuces-wild": "2c 9d Ts 4h 7s",
        "deuces-wild-bonus": "2c 9d Ts 4h 7s", "joker-poker": "W Kh 7d 3c 9s"}
BATCH = 10**5
ROUNDS = 5


def random_deals(n: int, deck: int, seed: int = 20261129) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, deck)), axis=1)[:, :5].astype(np.uint8)


def run(benchmark, fn, n, group, rounds=ROUNDS):
    benchmark.group = group
    fn()  # warm-up: kernels loaded, the game's tables built
    benchmark.pedantic(fn, rounds=rounds, iterations=1)
    if n > 1:  # the closing rates table: batches only
        record(benchmark, n)


@pytest.mark.parametrize("game", GAMES)
def test_hold_values_one_hand(benchmark, game):
    run(benchmark, lambda: vp.hold_values(DEAL[game], game), 1, "video poker: one dealt hand", rounds=200)


@pytest.mark.parametrize("game", GAMES)
def test_hold_values_one_hand_no_counts(benchmark, game):
    run(benchmark, lambda: vp.hold_values(DEAL[game], game, counts=False), 1, "video poker: one dealt hand",
        rounds=200)


@pytest.mark.parametrize("game", GAMES)
def test_best_hold_batch(benchmark, game):
    deals = random_deals(BATCH, vp.get_game(game).deck_size)
    run(benchmark, lambda: vp.best_hold(deals, game), BATCH, "video poker: 1e5 dealt hands")


@pytest.mark.parametrize("game", GAMES)
def test_hold_values_batch(benchmark, game):
    deals = random_deals(BATCH, vp.get_game(game).deck_size)
    run(benchmark, lambda: vp.hold_values(deals, game), BATCH, "video poker: 1e5 dealt hands")


@pytest.mark.parametrize("game", GAMES)
def test_classify_batch(benchmark, game):
    hands = random_deals(10**6, vp.get_game(game).deck_size)
    run(benchmark, lambda: vp.classify(hands, game), 10**6, "video poker: classify 1e6 final hands")


@pytest.mark.parametrize("game", GAMES)
def test_game_return_tables_built(benchmark, game):
    run(benchmark, lambda: vp.game_return(game, progress=False), 1, "video poker: game return")


def _from_scratch(game):
    _tables.game_tables.cache_clear()
    _tables.pay_levels.cache_clear()
    _tables.canonical_deals.cache_clear()
    _tables.all_hands.cache_clear()
    return vp.game_return(game, progress=False)


@pytest.mark.parametrize("game", GAMES)
def test_game_return_from_scratch(benchmark, game):
    run(benchmark, lambda: _from_scratch(game), 1, "video poker: game return", rounds=3)


@pytest.mark.parametrize("game", GAMES)
def test_strategy_chart(benchmark, game):
    run(benchmark, lambda: vp.strategy_chart(game, progress=False), 1, "video poker: strategy chart", rounds=3)
