"""Garbage into the suit-class, hand-strength and preflop functions: a ValueError or TypeError that
says what is wrong (never a numpy or Python internal message), or a valid result."""

from __future__ import annotations

import re

import numpy as np
import pytest

import pokerlut
from pokerlut import iso
from pokerlut.abstraction import preflop_equity, preflop_lookup, rollout

RAW = re.compile(r"setting an array element with a sequence|cannot reshape array|invalid literal for int\(\)|"
                 r"could not convert|unsupported operand|not supported between instances|object of type .* has no len|"
                 r"only integer scalar arrays|too many values to unpack|index .* is out of bounds|object is not "
                 r"iterable|object is not subscriptable|Cannot cast array data|out of bounds for|has no attribute")

GARBAGE = [None, True, 3.5, -1, 2**70, "", "zz", "As As", "Ah Kh Qh", [[1, 2], [3]], [[1.5, 2]], [[True, 1]],
           np.array([[1, 2]], np.float64), np.array([[300, 2]], np.int64), np.array([[-5, 2]], np.int16),
           np.array([[51, 47]], ">u2"), np.array([["As", "Kd"]]), np.array([[1, 2]], object), np.zeros((2, 2, 2, 0)),
           np.zeros((3,), np.uint8), np.zeros((0, 2), np.uint8), [[51, 47]], "As Kd", "Qs 7h 2c", [52, 1],
           np.array([[0, 1, 2, 3, 4]], np.uint8), {"a": 1}, b"As Kd", np.uint8(7)]


def attempt(call):
    try:
        call()
    except (ValueError, TypeError) as error:
        assert str(error) and not RAW.search(str(error)), f"{type(error).__name__}: {error}"


@pytest.mark.parametrize("boards", [None, "Qs 7h 2c 9d", [[1, 2, 3], [4, 5, 6]], [1.5, 2, 3], "Xx",
                                    np.zeros((1, 6), np.uint8)], ids=str)
def test_index_and_hand_strength(boards):
    for holes in GARBAGE:
        attempt(lambda: iso.index(holes, boards))
        attempt(lambda: iso.index(holes, boards, by_round=False))
        if not (boards is None or isinstance(boards, str) and not boards):
            attempt(lambda: pokerlut.hand_strength(holes, boards))
            attempt(lambda: iso.index(None, boards))


@pytest.mark.parametrize("n_board", [0, 3, 5, 2, "3", None, True])
def test_unindex_and_count(n_board):
    for value in GARBAGE + [[0, 168], np.array([5, 6]), 169, 1e3, [[0]]]:
        attempt(lambda: iso.unindex(value, n_board))
        attempt(lambda: iso.count(n_board, hole=value is None))


@pytest.mark.parametrize("kw", [{"bins": 0}, {"bins": -3}, {"bins": "4"}, {"bins": 1e9}, {"bins": 10**9},
                                {"potential": None}, {"opponent": 3}, {"opponent": "QQ+, Zx"}, {"opponent": ""},
                                {"opponent": pokerlut.Range(np.array([[51, 51]]), np.array([1.0]))},
                                {"opponent": "AsAd"}, {"parallel": "yes"}])
def test_rollout_options(kw):
    attempt(lambda: rollout("Ah Kh", "As Qd 7c 2s", **kw))


@pytest.mark.parametrize("a,b", [("AKs", "QQ"), ("AKx", "QQ"), ("", "random"), (None, "QQ"), ("AK", "random"),
                                 ("AA", 7), ("72o", "rAnDoM"), ("AKs", "AhKh"), (["AKs"], "QQ")])
def test_preflop(a, b):
    attempt(lambda: preflop_equity(a, b))
    attempt(lambda: preflop_lookup(a, b))
