"""The runouts engine (``method="runouts"``: small heads-up ranges on a board, runout by runout)
against a weighted brute force written here and against the other exact engines, and its place in
the engine choice."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

import pokerlut
from pokerlut import Range, equity
from pokerlut.equities import runouts
from pokerlut.equities.deal import parse_deal
from pokerlut.variants import BEST_FIVE_VARIANTS
from test_equity_sweep import assert_same, random_spot

TOL = 1e-12


def weighted_brute_force(ranges, board, dead):
    """(win, tie, equity) of player 0 and the number of deals, over every conflict-free pair of
    combos and every completion of the board, each pair counted with the product of its weights:
    every 7-card hand ranked by ``pokerlut.evaluate``, one pair at a time."""
    board, dead = [int(c) for c in board], [int(c) for c in dead]
    won = tied = met = 0.0
    n = 0
    for ca, wa in zip(ranges[0].combos.tolist(), ranges[0].weights.tolist()):
        for cb, wb in zip(ranges[1].combos.tolist(), ranges[1].weights.tolist()):
            used = set(board) | set(dead)
            if len(set(ca) | set(cb)) < 4 or used & (set(ca) | set(cb)):
                continue
            deck = [c for c in range(52) if c not in used | set(ca) | set(cb)]
            rests = [list(r) for r in combinations(deck, 5 - len(board))]
            hands = np.array([[ca + board + r, cb + board + r] for r in rests], dtype=np.uint8)
            s = pokerlut.evaluate(hands.reshape(-1, 7)).reshape(-1, 2).astype(np.int64)
            w = wa * wb
            won += w * float(np.sum(s[:, 0] > s[:, 1]))
            tied += w * float(np.sum(s[:, 0] == s[:, 1]))
            met += w * len(rests)
            n += len(rests) if w > 0 else 0
    return won / met, tied / met, (won + tied / 2) / met, n


@pytest.mark.parametrize("board_size", [3, 4, 5])
@pytest.mark.parametrize("seed", range(3))
def test_runouts_equal_a_weighted_brute_force(board_size, seed):
    players, board, dead = random_spot(500 + 10 * board_size + seed, board_size, sizes=(4, 3 + seed))
    r = equity(players, board, dead, method="runouts")
    assert r.engine == "runouts" and r.method == "exact"
    deal = parse_deal(players, board, dead)
    win, tie, eq, n = weighted_brute_force(deal.ranges, board, dead)
    assert r.n == n
    np.testing.assert_allclose([r.win[0], r.tie[0], r.equity[0]], [win, tie, eq], rtol=0, atol=TOL)
    np.testing.assert_allclose(r.equity.sum(), 1.0, atol=TOL)


def other_engines(players, board, dead="", variant="high"):
    r = equity(players, board, dead, method="runouts", variant=variant)
    assert r.engine == "runouts"
    for method in ("enumerate", "sweep"):
        other = equity(players, board, dead, method=method, variant=variant)
        assert_same(r, other)
        assert r.n == other.n
    return r


@pytest.mark.parametrize("board_size", [3, 4, 5])
@pytest.mark.parametrize("seed", range(3))
def test_runouts_equal_the_other_engines(board_size, seed):
    sizes = [(8, 30), (25, 6), (12, 12)][seed]  # either player may hold the larger range
    players, board, dead = random_spot(700 + 10 * board_size + seed, board_size, sizes=sizes)
    other_engines(players, board, dead)


@pytest.mark.parametrize("variant", [v for v in BEST_FIVE_VARIANTS if v != "high"])
@pytest.mark.parametrize("board_size", [3, 4])
def test_runouts_equal_the_other_engines_in_other_games(variant, board_size):
    players, board, dead = random_spot(31 + board_size, board_size, sizes=(6, 10), variant=variant)
    other_engines(players, board, dead, variant)


@pytest.mark.parametrize("variant", ["deuce-seven-low", "ace-five-low"])
def test_runouts_on_a_monotone_flop_in_low_games(variant):  # deuce-seven: a flush counts against the hand
    other_engines(["KK,QQ,AKs", "76s,87s,T9s,22"], "9s 5s 3s", variant=variant)


@pytest.mark.parametrize("players, board", [
    (["QQ+,AKs", "JJ-99,AQs"], "Kd 8s 3c"),  # the rainbow flop: most runouts by rank class
    (["0.5(AA),KK,AKs:0.25", "22+,AQs,KQs"], "Ks Qs 4s"),  # three of a suit: every runout may flush
    (["QQ+,AK", "TT+,KQs"], "Js Ts 4s 2s"),  # four of a suit
    (["AhKh,AsKs", "QQ,JJ"], "2s 3s 4s 5s 9s"),  # a flush on the board
    (["QQ+,AK", "22+,KQs"], "Ah Kd Qc Js Th"),  # a straight on the board: every hand ties
    (["AsAd", "22+,AQs"], "Ah 7d 7c"),  # a fixed hand: its cards are left out of the runouts
    (["AA:1e-200,KK", "QQ:1e-200,AKs"], "2c 7d 9h"),  # weights that would underflow as products
])
def test_runouts_on_chosen_boards(players, board):
    other_engines(players, board)


@pytest.mark.parametrize("players, board", [
    (["QQ+,AKs", "JJ-99,AQs"], "Kd 8d 3d"),  # monotone: 6 suit permutations keep it
    (["QQ+,AKs", "JJ-99,AQs"], "Kd 8d 3c 2c"),  # two and two: 2
    (["AA,KK", "QQ,AKs"], "Kd 8d 3c"),  # two-tone flop: 2
])
def test_runouts_merged_by_suit_symmetry(players, board, monkeypatch):
    deal = parse_deal(players, board)
    assert len(runouts.suit_group(deal)) > 1
    monkeypatch.setattr(runouts, "_SYMMETRY_MIN_WORK", 0)
    r = other_engines(players, board)
    monkeypatch.setattr(runouts, "_SYMMETRY_MIN_WORK", float("inf"))
    assert_same(r, equity(players, board, method="runouts"))


def test_suit_group_needs_ranges_that_allow_it():
    assert runouts.suit_group(parse_deal(["AhKh", "QdQh"], "2c 3c 4c")) is None  # swapping d and s moves QdQh
    assert len(runouts.suit_group(parse_deal(["AhKh", "QQ"], "2c 3c 4c"))) == 2  # d and s swap
    assert runouts.suit_group(parse_deal(["AA", "KK"], "2c 7d 9h")) is None  # a rainbow flop of three ranks


def test_the_cost_model_chooses_the_runouts_for_small_ranges():
    assert equity(["QQ+,AKs", "JJ-99,AQs"], "Kd 8s 3c").engine == "runouts"
    assert equity(["AA,KK", "QQ,JJ"], "Kd 8s 3c").engine == "runouts"
    assert equity(["TT+,AKs", "random"], "Qs 7h 2c").engine == "sweep"
    assert equity(["AhKh", "QdQc"], "Qs 7h 2c").engine == "runouts"
    assert equity(["AhKh", "QQ", "JJ"], "Qs 7h 2c").engine == "enumerate"  # three players
    assert equity(["QQ+,AKs", "JJ-99,AQs"], "").engine != "runouts"  # preflop: never
    assert equity(["QQ+,AKs", "JJ-99,AQs"], "Kd 8s 3c", per_combo=True).engine == "sweep"


@pytest.mark.parametrize("kwargs, match", [
    (dict(players=["AA", "KK"]), "needs a known board"),
    (dict(players=["AA", "KK"], board="2c 7d 9h", exact=False), "exact"),
    (dict(players=["AA", "KK", "QQ"], board="2c 7d 9h"), "heads-up"),
    (dict(players=["AA", "KK"], board="2c 7d 9h", per_combo=True), "per-combo"),
])
def test_bad_requests(kwargs, match):
    with pytest.raises(ValueError, match=match):
        equity(method="runouts", **kwargs)


def test_ranges_that_never_fit_together():
    with pytest.raises(ValueError, match="never fit together"):
        equity([Range(np.array([[51, 50]]), np.ones(1)), "AsAh, AhAs"], "2c 7d 9h", method="runouts")
