"""Valid input in any integer dtype and byte order is accepted everywhere and
narrow dtypes never wrap inside a computation."""

from __future__ import annotations

import numpy as np
import pytest

import pokerlut
from pokerlut import interop
from pokerlut import videopoker as vp
from pokerlut.cards import parse_cards

DTYPES = [">i2", ">i4", ">i8", ">u2", ">u4", ">u8", "<i4", np.int8, np.uint8, np.uint64]

SEVEN = np.array([parse_cards(t) for t in ("Kh 2c W 9s Kd 7h Ks", "As Ks Qs Js Ts 2c 2d", "7c 5d 4h 3s 2c 9h 8d")])
FIVE = np.array([parse_cards(t) for t in ("Jh Jd 4s 7c Qh", "As Ks Qs Js Ts", "2c 2d 2h 2s 9h")])


@pytest.mark.parametrize("dtype", DTYPES)
def test_evaluate_best_five_made_cards_compare(dtype):
    hands = SEVEN.astype(dtype)
    assert np.array_equal(pokerlut.evaluate(hands), pokerlut.evaluate(SEVEN))
    assert np.array_equal(pokerlut.best_five(hands).cards, pokerlut.best_five(SEVEN).cards)
    assert np.array_equal(pokerlut.made_cards(hands), pokerlut.made_cards(SEVEN))
    assert np.array_equal(pokerlut.compare(hands, SEVEN[::-1].astype(dtype)), pokerlut.compare(SEVEN, SEVEN[::-1]))


@pytest.mark.parametrize("dtype", DTYPES)
def test_showdown_and_omaha(dtype):
    holes = np.array([[50, 46], [41, 40]])
    board = np.array(parse_cards("Qs 7h 2c Jh Th"))
    got = pokerlut.showdown(holes.astype(dtype), board.astype(dtype))
    assert got.shares.tolist() == [1.0, 0.0]  # AhKh: a heart flush (Ah Kh Jh Th 7h) beats trip queens
    omaha_holes = np.array([parse_cards("As Ks Ad Kd"), parse_cards("Qh Jh Th 9h")])
    omaha_board = np.array(parse_cards("2c 7d 8s"))
    expected = pokerlut.evaluate_omaha(omaha_holes, omaha_board)
    assert np.array_equal(pokerlut.evaluate_omaha(omaha_holes.astype(dtype), omaha_board.astype(dtype)), expected)


@pytest.mark.parametrize("dtype", DTYPES)
def test_video_poker(dtype):
    hands = FIVE.astype(dtype)
    assert vp.classify(hands).names.tolist() == ["Jacks or better", "Royal flush", "Four of a kind"]
    assert np.array_equal(vp.best_hold(hands).masks, vp.best_hold(FIVE).masks)
    assert np.array_equal(vp.hold_values(hands).values, vp.hold_values(FIVE).values)


@pytest.mark.parametrize("dtype", DTYPES)
def test_interop_cards(dtype):
    hands = FIVE.astype(dtype)
    assert np.array_equal(interop.to_treys(hands), interop.to_treys(FIVE))
    assert interop.to_pokerkit_strings(hands) == interop.to_pokerkit_strings(FIVE)
    assert np.array_equal(interop.from_phevaluator(hands), FIVE)


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, ">i2", ">u2", np.int16, ">i8"])
def test_cactus_kev_on_narrow_dtypes_does_not_wrap(dtype):
    # 7463 - s: an unsigned byte 200 would wrap to 7263 % 256 without the widening
    strengths = np.array([1, 100, 120], dtype=dtype)
    assert interop.to_cactus_kev(strengths).tolist() == [7462, 7363, 7343]
    assert interop.from_cactus_kev(strengths).tolist() == [7462, 7363, 7343]


def test_cactus_kev_on_uint8_at_the_top_of_its_range():
    assert interop.to_cactus_kev(np.array([255], np.uint8)).tolist() == [7208]
    assert interop.from_cactus_kev(np.array([255], np.uint8)).tolist() == [7208]


def test_cactus_kev_huge_uint64_is_a_value_error_not_a_wrap():
    with pytest.raises(ValueError, match=r"position 0 is 18446744073709551615"):
        interop.to_cactus_kev(np.array([2**64 - 1], np.uint64))
    with pytest.raises(ValueError, match=r"is 100000000000000000000"):
        interop.from_cactus_kev([10**20])


def test_interop_refuses_bools_mixed_with_ids():
    with pytest.raises(TypeError, match=r"True \(bool\)"):
        interop.to_treys([True, 5])
    with pytest.raises(TypeError, match=r"2\.5"):
        interop.to_phevaluator([[1, 2.5]])
