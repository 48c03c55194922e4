"""Bunched combo frequencies against a brute-force count of every conflict-free deal of the
folders' hands and the player's combo (small ranges, one and two folders, a board and dead cards)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pokerlut import folded_equity, folded_range
from pokerlut.cards import parse_cards
from pokerlut.ranges import parse_range


def brute(player, folders, known):
    known = set(parse_cards(known).tolist()) if known else set()
    ranges = [parse_range(r) for r in [player, *folders]]
    out = {}
    for deal in itertools.product(*[list(zip(r.combos.tolist(), r.weights)) for r in ranges]):
        cards = [c for combo, _ in deal for c in combo]
        if len(set(cards)) != len(cards) or set(cards) & known:
            continue
        key = tuple(sorted(deal[0][0]))
        out[key] = out.get(key, 0.0) + float(np.prod([w for _, w in deal]))
    return out


@pytest.mark.parametrize("player, folders, board, dead", [
    ("AA, KK, AKs, 0.5(76s)", ["AK, 77, A5s"], "", ""),
    ("AA, KK, AKs, 0.5(76s)", ["AK, 77", "AQs, KQo, 0.25(AA)"], "", ""),
    ("QQ+, AK", ["AA, AQ", "KK, KQs"], "Ah 7c 2d", "Kd"),
])
def test_against_brute_force(player, folders, board, dead):
    r = folded_range(player, folders, board, dead)
    expected = brute(player, folders, " ".join(x for x in (board, dead) if x))
    got = {tuple(sorted(c)): w for c, w in zip(r.combos.tolist(), r.weights) if w > 0}
    assert set(got) == set(expected)
    total_got, total_expected = sum(got.values()), sum(expected.values())  # folded_range keeps the plain total
    for key, w in expected.items():
        assert abs(got[key] / total_got - w / total_expected) < 1e-12


def test_bad_input():
    with pytest.raises(ValueError):
        folded_range("AhAd", ["AA", "AA"])  # no deal of the folders leaves the player's hand


def brute_equity(players, folders, board):
    """Player 0's pot share over every conflict-free deal of the folders' hands, the players' combos
    and the river, each with the product of the weights: 7-card strengths compared directly."""
    import pokerlut

    board_cards = parse_cards(board).tolist()
    deck = [c for c in range(52) if c not in board_cards]
    ranges = [list(zip(parse_range(r).combos.tolist(), parse_range(r).weights)) for r in [*players, *folders]]
    hands0, hands1, weights = [], [], []
    for deal in itertools.product(*ranges):
        cards = [c for combo, _ in deal for c in combo]
        if len(set(cards)) != len(cards) or set(cards) & set(board_cards):
            continue
        w = float(np.prod([x for _, x in deal]))
        for river in deck:
            if river in cards:
                continue
            full = board_cards + [river]
            hands0.append(list(deal[0][0]) + full)
            hands1.append(list(deal[1][0]) + full)
            weights.append(w)
    s0, s1 = pokerlut.evaluate(np.array(hands0)), pokerlut.evaluate(np.array(hands1))
    share = (s0 > s1) + 0.5 * (s0 == s1)
    return float(np.dot(weights, share) / np.sum(weights))


def test_bunched_equity_against_brute_force():
    players, folders, board = ["AA, 76s, 0.5(KQs)", "KK, QQ, T9s"], ["AKs, 0.5(AQo), 77"], "Kd 7c 2h 9s"
    r = folded_equity(players, folders, board)
    assert r.method == "exact"
    assert abs(r.equity[0] - brute_equity(players, folders, board)) < 1e-12
    import pokerlut

    assert np.allclose(r.plain.equity, pokerlut.equity(players, board).equity, atol=1e-12)


def test_bunched_equity_two_folders_and_monte_carlo():
    players, folders, board = ["AA, 76s", "KK, QQ, T9s"], ["AKs, 77", "AQs, 99"], "Kd 7c 2h 9s"
    exact = folded_equity(players, folders, board)
    assert exact.method == "exact"
    assert abs(exact.equity[0] - brute_equity(players, folders, board)) < 1e-12
    mc = folded_equity(players, folders, board, exact=False, samples=20_000, seed=7)
    assert mc.method == "monte carlo" and mc.n == 20_000 and mc.std_error[0] > 0
    assert abs(mc.equity[0] - exact.equity[0]) < 4 * mc.std_error[0]
