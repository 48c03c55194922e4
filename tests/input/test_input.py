"""Bad input is refused with a message that says what and where."""

from __future__ import annotations

import numpy as np
import pytest

import pokerlut
from pokerlut._input import card_array


def test_wrong_last_axis():
    with pytest.raises(ValueError, match=r"^hands of shape \(2, 4\): a hand is 5, 6 or 7 cards, got 4 "):
        pokerlut.evaluate(np.zeros((2, 4), dtype=np.uint8))


def test_scalar_is_not_a_hand():
    with pytest.raises(ValueError, match=r"got shape \(\)"):
        pokerlut.evaluate(np.uint8(3))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, bool, np.complex64])
def test_non_integer_dtype(dtype):
    with pytest.raises(TypeError, match="integer card ids"):
        pokerlut.evaluate(np.zeros((1, 5), dtype=dtype))


def test_object_array():
    with pytest.raises(TypeError, match=r"got None \(NoneType\) \(a missing value\) at position \(0, 4\)"):
        pokerlut.evaluate(np.array([[0, 1, 2, 3, None]], dtype=object))
    assert int(pokerlut.evaluate(np.array([51, 47, 43, 39, 35], dtype=object))) == 7462  # ids in objects: read


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint64])
def test_out_of_range_names_row_position_and_value(dtype):
    hands = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 53, 13, 14]], dtype=dtype)
    with pytest.raises(ValueError, match=r"hand 2, position 2: card id 53 is not a card"):
        pokerlut.evaluate(hands)


def test_negative_id():
    with pytest.raises(ValueError, match=r"hand 1, position 4: card id -1 is not a card"):
        pokerlut.evaluate(np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, -1]]))


def test_large_id_that_would_wrap_to_a_valid_uint8():
    with pytest.raises(ValueError, match=r"card id 256 is not a card"):
        pokerlut.evaluate(np.array([[0, 1, 2, 3, 256]]))


def test_duplicate_natural_card():
    hands = np.array([[0, 1, 2, 3, 4], [51, 47, 43, 39, 51]], dtype=np.uint8)
    with pytest.raises(ValueError, match=r"hand 1: card As \(id 51\) is dealt twice: at position 0 and at position 4"):
        pokerlut.evaluate(hands)


def test_several_wilds_are_not_duplicates():
    assert int(pokerlut.evaluate([52, 52, 51, 52, 50])) > 0


def test_first_bad_row_is_reported_in_parallel_scan():
    hands = pokerlut.random_hands(200_000, seed=3)
    hands[150_000, 3] = 77
    hands[170_000, 1] = 99
    with pytest.raises(ValueError, match=r"hand 150000, position 3: card id 77"):
        pokerlut.evaluate(hands, parallel=True)
    with pytest.raises(ValueError, match=r"hand 150000, position 3: card id 77"):
        pokerlut.evaluate(hands, parallel=False)


def test_leading_dimensions_are_named_as_an_index():
    hands = np.tile(np.array([0, 1, 2, 3, 4], dtype=np.uint8), (2, 3, 1))
    hands[1, 2, 0] = 4
    with pytest.raises(ValueError, match=r"hand \(1, 2\): card 3c \(id 4\) is dealt twice"):
        pokerlut.evaluate(hands)


def test_bad_card_text():
    with pytest.raises(ValueError, match="'Xs'"):
        pokerlut.evaluate("As Ks Qs Js Xs")


def test_ragged_lists():
    with pytest.raises(ValueError, match="hand 1"):
        pokerlut.evaluate(["As Ks Qs Js Ts", "2c 3c 4c 5c"])


def test_invalid_strengths_for_category_and_describe():
    with pytest.raises(ValueError, match="strength 0 at index"):
        pokerlut.category(np.array([5, 0]))
    with pytest.raises(ValueError, match="strength 7476"):
        pokerlut.describe(7476)
    with pytest.raises(TypeError, match="integers"):
        pokerlut.category(np.array([1.5]))


def test_check_false_skips_the_scan_but_keeps_shape_checks():
    with pytest.raises(ValueError, match="shape"):
        pokerlut.evaluate(np.zeros((3, 8), dtype=np.uint8), check=False)
    # valid hands give the same answer either way
    hands = pokerlut.random_hands(1000, seed=5, wild_fraction=0.3)
    assert np.array_equal(pokerlut.evaluate(hands, check=False), pokerlut.evaluate(hands))


# --------------------------------------------------------------------------- ragged input


@pytest.mark.parametrize("ragged", [[[1, 2, 3], [4, 5]], [[[1, 2]], [3, 4]]])
def test_ragged_card_input_is_named(ragged):
    with pytest.raises(ValueError, match="hands must be nested evenly"):
        card_array(ragged)
    with pytest.raises(ValueError, match="player 0 must be nested evenly"):
        pokerlut.equity([ragged, "QQ"])
