"""Omaha with ``check=False``: a hand holding any byte the game does not deal (the wild card 52 and
every id 53..255), in any hole or board position, has strength 0 (and no low), as the README
promises, so it never wins a showdown against a real hand; the one-hand jit call gives it 0 too,
and equity, which always checks, refuses it.  Every byte in every position, for 4-6 hole cards
and 3-5 board cards, high and hi-lo."""

from __future__ import annotations

import numpy as np
import pytest

import pokerlut
from pokerlut import evaluate_omaha, jit, showdown
from pokerlut.constants import NO_CARD, OMAHA_BOARD_SIZES, OMAHA_HOLE_SIZES, WILD

SPECIAL = np.arange(WILD, NO_CARD + 1, dtype=np.uint8)  # 52..255
GOOD_CARDS = np.array([51, 46, 41, 36, 31, 26, 21, 16, 11, 6, 1, 48, 45, 40, 35, 30, 25, 20, 15], np.uint8)


def every_bad_byte(n_hole: int, n_board: int) -> tuple[np.ndarray, np.ndarray]:
    """Holes and boards: one deal of distinct cards with each special byte in each position in turn."""
    deal = GOOD_CARDS[:n_hole + n_board]
    rows = np.repeat(deal[None], len(SPECIAL) * len(deal), axis=0)
    positions = np.repeat(np.arange(len(deal)), len(SPECIAL))
    rows[np.arange(len(rows)), positions] = np.tile(SPECIAL, len(deal))
    return np.ascontiguousarray(rows[:, :n_hole]), np.ascontiguousarray(rows[:, n_hole:])


@pytest.mark.parametrize("variant", ["omaha", "omaha-hilo"])
@pytest.mark.parametrize("n_hole", OMAHA_HOLE_SIZES)
@pytest.mark.parametrize("n_board", OMAHA_BOARD_SIZES)
def test_every_special_byte_in_every_position_ranks_zero(variant, n_hole, n_board):
    holes, boards = every_bad_byte(n_hole, n_board)
    good = evaluate_omaha(GOOD_CARDS[:n_hole], GOOD_CARDS[n_hole:n_hole + n_board], variant=variant)
    result = evaluate_omaha(holes, boards, variant=variant, check=False)
    high = result if variant == "omaha" else result.high
    assert int(np.asarray(good if variant == "omaha" else good.high)) > 0
    assert not high.any(), f"{np.count_nonzero(high)} bad hands ranked, e.g. {holes[np.argmax(high != 0)]}"
    if variant == "omaha-hilo":
        assert not result.low.any()
    for hole in holes[:n_hole * len(SPECIAL):7]:  # the rows with the bad byte among the holes, a good shared board
        shared = evaluate_omaha(hole[None], GOOD_CARDS[n_hole:n_hole + n_board], variant=variant, check=False)
        assert not np.asarray(shared if variant == "omaha" else shared.high).any()


@pytest.mark.parametrize("variant", ["omaha", "omaha-hilo"])
def test_a_bad_hand_never_wins_a_showdown_against_a_real_one(variant):
    hole = np.array([51, 47, 30, 26], np.uint8)  # As Ks 9h 8h: a royal flush with the board
    board = np.array([43, 39, 35, 1, 6], np.uint8)  # Qs Js Ts 2d 3h
    others = np.array([[8, 12, 17, 22], [24, 28, 33, 37]], np.uint8)  # 4c 5c 6d 7h, 8c 9c Td Jd
    assert showdown(np.concatenate([hole[None], others]), board, variant=variant).shares[0] >= 0.5
    holes = np.repeat(hole[None], len(SPECIAL) * len(hole), axis=0)
    holes[np.arange(len(holes)), np.repeat(np.arange(len(hole)), len(SPECIAL))] = np.tile(SPECIAL, len(hole))
    deals = np.concatenate([holes[:, None, :], np.broadcast_to(others, (len(holes), 2, len(hole)))], axis=1)
    r = showdown(deals, board, variant=variant, check=False)
    high = r.strengths if variant == "omaha" else r.high
    assert not high[:, 0].any() and high[:, 1:].all()
    assert not r.shares[:, 0].any() and np.allclose(r.shares[:, 1:].sum(axis=1), 1.0)
    if variant == "omaha-hilo":
        assert not r.low[:, 0].any()


def test_the_jit_call_gives_zero_for_every_special_byte():
    high, low = jit.tables("omaha"), jit.tables("eight-or-better")
    for n_hole in OMAHA_HOLE_SIZES:
        for n_board in OMAHA_BOARD_SIZES:
            holes, boards = every_bad_byte(n_hole, n_board)
            for hole, board in zip(holes[::3], boards[::3]):
                assert int(jit.omaha(high, hole, board)) == 0 and int(jit.omaha(low, hole, board)) == 0


@pytest.mark.parametrize("bad", [WILD, WILD + 1, NO_CARD])
def test_equity_refuses_a_special_byte_instead_of_counting_it(bad):
    with pytest.raises(ValueError, match=f"card id {bad} is not a card|wild card"):
        pokerlut.equity([np.array([bad, 47, 43, 39]), np.array([0, 1, 4, 5])], board=[35, 2, 3, 10, 14],
                        variant="omaha")
