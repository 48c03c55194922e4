"""omaha_best_five against a brute force over every two hole cards with every three board cards,
each ranked by the five-card ``evaluate``."""

from itertools import combinations

import numpy as np
import pytest

import pokerlut
from pokerlut import evaluate, evaluate_omaha, format_cards, omaha_best_five


def brute_force(hole, board, low=False):
    """Best strength over all 2-of-hole x 3-of-board fives (eight-or-better with ``low``)."""
    fives = [list(two) + list(three) for two in combinations(hole, 2) for three in combinations(board, 3)]
    return int(evaluate(np.array(fives, np.uint8), variant="eight-or-better" if low else "high").max())


def deals(seed, n, n_hole, n_board):
    rng = np.random.default_rng(seed)
    cards = np.array([rng.permutation(52)[:n_hole + n_board] for _ in range(n)], np.uint8)
    return cards[:, :n_hole], cards[:, n_hole:]


def check_side(five, two, three, hole, board, strength, variant):
    assert sorted(five.tolist()) == sorted(two.tolist() + three.tolist())
    assert set(two.tolist()) <= set(hole.tolist()) and len(set(two.tolist())) == 2
    assert set(three.tolist()) <= set(board.tolist()) and len(set(three.tolist())) == 3
    assert int(evaluate(five, variant=variant)) == strength


@pytest.mark.parametrize("n_hole, n_board", [(4, 5), (4, 3), (4, 4), (5, 5), (6, 5), (6, 4)])
def test_high_against_brute_force(n_hole, n_board):
    holes, boards = deals(n_hole * 10 + n_board, 60, n_hole, n_board)
    r = omaha_best_five(holes, boards)
    assert r.low is None and r.cards.shape == (60, 5) and r.hole.shape == (60, 2) and r.board.shape == (60, 3)
    for i in range(len(holes)):
        expected = brute_force(holes[i], boards[i])
        assert int(r.strengths[i]) == expected
        check_side(r.cards[i], r.hole[i], r.board[i], holes[i], boards[i], expected, "high")


@pytest.mark.parametrize("n_hole, n_board", [(4, 5), (5, 4), (6, 5)])
def test_hilo_against_brute_force(n_hole, n_board):
    holes, boards = deals(7 + n_hole + n_board, 80, n_hole, n_board)
    # low-heavy deals too: the low side qualifies often enough to matter
    low_cards = np.array([c for c in range(52) if c // 4 in (12, 0, 1, 2, 3, 4, 5, 6)], np.uint8)
    rng = np.random.default_rng(5)
    lowish = np.array([rng.permutation(low_cards)[:n_hole + n_board] for _ in range(40)], np.uint8)
    holes = np.concatenate([holes, lowish[:, :n_hole]])
    boards = np.concatenate([boards, lowish[:, n_hole:]])
    r = omaha_best_five(holes, boards, variant="omaha-hilo")
    n_lows = 0
    for i in range(len(holes)):
        high = brute_force(holes[i], boards[i])
        assert int(r.strengths[i]) == high
        check_side(r.cards[i], r.hole[i], r.board[i], holes[i], boards[i], high, "high")
        low = brute_force(holes[i], boards[i], low=True)
        assert int(r.low[i]) == low
        if low > 1:
            n_lows += 1
            check_side(r.low_cards[i], r.low_hole[i], r.low_board[i], holes[i], boards[i], low, "eight-or-better")
        else:
            assert (r.low_cards[i] == 255).all() and (r.low_hole[i] == 255).all() and (r.low_board[i] == 255).all()
    assert n_lows > 20
    # the same strengths as the table evaluator
    tables = evaluate_omaha(holes, boards, variant="omaha-hilo")
    assert np.array_equal(tables.high, r.strengths) and np.array_equal(tables.low, r.low)


def test_shapes_and_shared_board():
    r = omaha_best_five([["Ah", "Kh", "Qd", "Jd"], ["2c", "2d", "7s", "8s"]], "Th 9h 2h 3c 4s")
    assert r.cards.shape == (2, 5) and r.strengths.shape == (2,)
    assert format_cards(r.hole[1]) == "2c 2d"                     # three deuces
    one = omaha_best_five("2c 2d 7s 8s", "Th 9h 2h 3c 4s")
    assert one.cards.shape == (5,) and one.strengths.shape == ()
    assert np.array_equal(one.cards, r.cards[1])
    assert pokerlut.omaha_best_five is omaha_best_five


def test_low_cards_in_low_order():
    r = omaha_best_five("Ah 2c Kd Kh", "3h 4d 8s Ks Qc", variant="omaha-hilo")
    assert format_cards(r.low_cards) == "8s 4d 3h 2c Ah"
    assert int(r.low) == int(evaluate_omaha("Ah 2c Kd Kh", "3h 4d 8s Ks Qc", variant="omaha-hilo").low)


def test_bad_input():
    with pytest.raises(ValueError, match="twice"):
        omaha_best_five("Ah Kh Qd Jd", "Ah 9h 2h 3c 4s")
    with pytest.raises(ValueError, match="Omaha"):
        omaha_best_five("Ah Kh Qd Jd", "Th 9h 2h 3c 4s", variant="high")
    with pytest.raises(ValueError):
        omaha_best_five("Ah Kh Qd", "Th 9h 2h 3c 4s")
