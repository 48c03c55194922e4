"""folded_equity (card removal by folded ranges) against a brute force that deals every folder's
hand, every player's hand and every river itself, weighting each deal by the product of its
hands' weights, on small spots (a turn board, part of the deck dead)."""

from itertools import combinations, product

import numpy as np
import pytest

from pokerlut import evaluate, parse_cards, parse_range
from pokerlut.equities import ImpossibleDeal
from pokerlut.equities.folded import folded_equity, folded_range


def brute_force(players, folded, board, dead):
    """(win, tie, equity) per player by dealing everything."""
    board_cards = [int(c) for c in parse_cards(board)]
    dead_cards = [int(c) for c in parse_cards(dead)] if dead else []
    known = set(board_cards) | set(dead_cards)
    sources = [parse_range(f) for f in folded] + [parse_range(p) for p in players]
    n = len(players)
    total = np.zeros((3, n))
    mass = 0.0
    for picks in product(*[range(len(s)) for s in sources]):
        hands = [[int(c) for c in s.combos[i]] for s, i in zip(sources, picks)]
        cards = [c for h in hands for c in h]
        if len(set(cards)) < len(cards) or known & set(cards):
            continue
        w = float(np.prod([s.weights[i] for s, i in zip(sources, picks)]))
        rest = [c for c in range(52) if c not in known and c not in set(cards)]
        for extra in combinations(rest, 5 - len(board_cards)):
            full = board_cards + list(extra)
            s = evaluate(np.array([h + full for h in hands[len(folded):]], np.uint8)).astype(int)
            winners = s == s.max()
            k = winners.sum()
            total[0] += w * (winners & (k == 1))
            total[1] += w * (winners & (k > 1))
            total[2] += w * winners / k
            mass += w
    return total / mass


DEAD = "2s 2h 3s 3h 4s 4h 5s 5h 6s 6h 8s 8h 9s 9h Ts Th"   # 16 cards gone: small enough to deal whole


@pytest.mark.parametrize("players, folded, board", [
    (["AhKd", "QdQc"], ["AA,KK,AK"], "7c 4d 2c 9c"),
    (["AcKd", "QQ,JJ"], ["0.5(AA),KK,AKo", "AQs,7d7c"], "7s 4d 2c Jd"),
    (["AcKc", "Qd Jd", "7d 6d"], ["AA,0.25(KK)", "KQ"], "Kd 4d 2c Jh"),
])
def test_exact_against_brute_force(players, folded, board):
    r = folded_equity(players, folded=folded, board=board, dead=DEAD, exact=True)
    expected = brute_force(players, folded, board, DEAD)
    assert r.method == "exact"
    np.testing.assert_allclose(r.win, expected[0], atol=1e-12)
    np.testing.assert_allclose(r.tie, expected[1], atol=1e-12)
    np.testing.assert_allclose(r.equity, expected[2], atol=1e-12)
    np.testing.assert_allclose(r.difference, r.equity - r.plain.equity, atol=0)
    assert np.abs(r.difference).max() > 1e-4          # the folds matter here


def test_monte_carlo_agrees_and_nothing_folded_is_plain():
    players, folded, board = ["AcKd", "QQ,JJ"], ["0.5(AA),KK,AKo", "AQs,7d7c"], "7s 4d 2c"
    exact = folded_equity(players, folded=folded, board=board, exact=True)
    mc = folded_equity(players, folded=folded, board=board, exact=False, samples=100_000, seed=4)
    assert mc.method == "monte carlo" and mc.n == 100_000
    assert np.all(np.abs(mc.equity - exact.equity) < 4 * mc.std_error + 1e-9)
    none = folded_equity(players, folded=[], board=board)
    np.testing.assert_allclose(none.equity, none.plain.equity, atol=0)
    again = folded_equity(players, folded=folded, board=board, exact=False, samples=20_000, seed=4)
    assert np.array_equal(again.equity, folded_equity(players, folded=folded, board=board, exact=False,
                                                      samples=20_000, seed=4).equity)


def test_bad_input():
    with pytest.raises(TypeError, match="list of ranges"):
        folded_equity(["AhKd", "QdQc"], folded="AA")
    with pytest.raises(ValueError, match="folded range 0"):
        folded_equity(["AhKd", "QdQc"], folded=["AhKd"])
    with pytest.raises(ValueError, match="Hold'em games"):
        folded_equity(["AhKdQcJc", "random"], folded=["AA"], variant="omaha")
    with pytest.raises(ValueError, match="Hold'em games"):
        folded_equity(["AhKd", "QdQc"], folded=["AA"], variant="badugi")
    with pytest.raises(ValueError, match="bad range token|range"):
        folded_equity(["AhKd", "QdQc"], folded=["AZ"])
    for exact in (True, False):   # two folders holding the same one hand: never dealt together
        with pytest.raises(ImpossibleDeal):
            folded_equity(["AhKd", "QdQc"], folded=["AsKs", "AsKs"], board="2c 3c 4c", exact=exact, samples=1000)


def test_the_seed_reproduces_a_run():
    r = folded_equity(["AhKd", "QQ"], folded=["AA,KK"], exact=False, samples=5000)
    again = folded_equity(["AhKd", "QQ"], folded=["AA,KK"], exact=False, samples=5000, seed=r.seed)
    assert np.array_equal(r.equity, again.equity)


@pytest.mark.parametrize("player, folded, board", [
    ("random", ["AA,KK,AK"], "7s 4d 2c"),
    ("TT+,AJs+,0.5(KQo)", ["0.25(AA),KK,AKo", "AQs,QQ"], ""),
])
def test_folded_range_against_brute_force(player, folded, board):
    board_cards = set(int(c) for c in parse_cards(board)) if board else set()
    mine = parse_range(player).blocked(sorted(board_cards))
    folds = [parse_range(f).blocked(sorted(board_cards)) for f in folded]
    expected = []
    for combo, w in zip(mine.combos, mine.weights):
        total = 0.0
        for picks in product(*[range(len(f)) for f in folds]):
            cards = [int(c) for f, i in zip(folds, picks) for c in f.combos[i]] + [int(c) for c in combo]
            if len(set(cards)) == len(cards):
                total += float(np.prod([f.weights[i] for f, i in zip(folds, picks)]))
        expected.append(w * total)
    expected = np.array(expected)
    r = folded_range(player, folded, board=board)
    got = dict(zip(map(tuple, r.combos.tolist()), r.weights))
    keep = expected > 0
    assert len(r) == keep.sum()
    np.testing.assert_allclose([got[tuple(c)] for c in mine.combos[keep].tolist()] / r.weights.sum(),
                               expected[keep] / expected.sum(), rtol=1e-12)
    assert r.weights.sum() == pytest.approx(mine.weights.sum())
