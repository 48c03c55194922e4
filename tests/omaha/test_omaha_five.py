"""``omaha_best_five`` against a brute force over the 60 (or 150) fives of two hole and three board
cards, one hand at a time, and against ``evaluate_omaha``."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

import pokerlut
from pokerlut import omaha_best_five


def brute(hole, board):
    best, where = -1, None
    for p in combinations(range(len(hole)), 2):
        for t in combinations(range(len(board)), 3):
            s = int(pokerlut.evaluate([hole[i] for i in p] + [board[j] for j in t]))
            if s > best:  # the first of the best, in the documented order
                best, where = s, (p, t)
    return best, where


@pytest.mark.parametrize("h, b", [(4, 5), (5, 5), (6, 4), (4, 3)])
def test_against_brute_force(h, b):
    rng = np.random.default_rng(h * 10 + b)
    deals = np.array([rng.permutation(52)[:h + b] for _ in range(150)], dtype=np.uint8)
    holes, boards = deals[:, :h], deals[:, h:]
    got = omaha_best_five(holes, boards)
    assert np.array_equal(got.strengths, pokerlut.evaluate_omaha(holes, boards))
    for k in range(len(deals)):
        best, _ = brute(holes[k].tolist(), boards[k].tolist())
        assert int(got.strengths[k]) == best
        # any five of the best strength is right: two cards of the hand and three of the board
        assert set(got.hole[k].tolist()) <= set(holes[k].tolist()) and len(set(got.hole[k].tolist())) == 2
        assert set(got.board[k].tolist()) <= set(boards[k].tolist()) and len(set(got.board[k].tolist())) == 3
        assert sorted(got.cards[k].tolist()) == sorted(got.hole[k].tolist() + got.board[k].tolist())
        assert int(pokerlut.evaluate(got.cards[k])) == best


def test_suits_decide():
    b = omaha_best_five("Ah Kh 7c 7d", "Qh Jh 2h 9s 7s")
    assert pokerlut.format_cards(b.hole) == "Ah Kh" and pokerlut.describe(int(b.strengths)).startswith("Flush")
    one = omaha_best_five("As 2c 3d 4h", "Ks Qs Js Ts 9s")   # one spade in the hand: no flush, no straight flush
    assert not pokerlut.describe(int(one.strengths)).startswith(("Flush", "Straight flush", "Royal"))


def test_bad_input():
    with pytest.raises(ValueError, match="twice"):
        omaha_best_five("As Ks Qs Js", "As 9s 8d")
