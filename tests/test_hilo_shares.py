"""Per-side hi-lo shares: high + low is the pot equity and the scoop rate the ``win`` of
``pokerlut.equity`` (an independent engine, integer pot units), on sampled deals; no low on a board
without three low ranks possible."""

from __future__ import annotations

import numpy as np
import pytest

import pokerlut
from pokerlut.equities.hilo import hilo_shares


@pytest.mark.parametrize("seed, n_players, hole, board_cards", [(1, 2, 4, 3), (2, 3, 4, 4), (3, 2, 5, 3),
                                                                (4, 2, 6, 4), (5, 3, 4, 3)])
def test_shares_sum_to_the_engine_equity(seed, n_players, hole, board_cards):
    rng = np.random.default_rng(seed)
    cards = rng.permutation(52)[:n_players * hole + board_cards]
    players = [pokerlut.format_cards(cards[i * hole:(i + 1) * hole]) for i in range(n_players)]
    board = pokerlut.format_cards(cards[n_players * hole:])
    s = hilo_shares(players, board)
    r = pokerlut.equity(players, board, variant="omaha-hilo", exact=True)
    assert np.allclose(s.high + s.low, r.equity, atol=1e-12)
    assert np.allclose(s.equity, r.equity, atol=1e-12)
    assert np.allclose(s.scoop, r.win, atol=1e-12)
    assert s.n == r.n and abs(s.high.sum() + s.low.sum() - 1) < 1e-12


def test_no_low_possible():
    s = hilo_shares(["As 2s 3d 4c", "Kh Kd Qc Jc"], "Ks Qs Jd 9h")   # three high board cards: no low
    assert s.no_low == 1.0 and (s.low == 0).all()
    assert np.allclose(s.high, pokerlut.equity(["As 2s 3d 4c", "Kh Kd Qc Jc"], "Ks Qs Jd 9h",
                                               variant="omaha-hilo").equity, atol=1e-12)


def test_bad_input():
    with pytest.raises(ValueError, match="known hands"):
        hilo_shares(["As 2s 3d 4c", "random"], "Ks Qs Jd")
    with pytest.raises(ValueError, match="hi-lo"):
        hilo_shares(["As 2s 3d 4c", "Kh Kd Qc Jc"], "Ks Qs Jd", variant="omaha")
