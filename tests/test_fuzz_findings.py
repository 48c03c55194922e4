"""What tests/test_fuzz.py found, pinned down one reproduction each."""

from __future__ import annotations

import numpy as np
import pytest

import pokerlut
from pokerlut import course, interop
from pokerlut._input import card_array


@pytest.mark.parametrize("variant, hole", [("high", 2), ("deuce-seven-low", 2), ("omaha", 4), ("omaha-hilo", 4)])
def test_showdown_of_an_empty_batch_with_a_board(variant, hole):
    r = pokerlut.showdown(np.zeros((0, 3, hole), np.uint8), np.zeros((0, 5), np.uint8), variant=variant)
    assert all(field.shape == (0, 3) for field in r)


def test_made_cards_of_a_garbage_row_under_check_false_is_empty():
    hands = np.array([[60, 70, 80, 90, 100], [51, 47, 43, 39, 35]], np.uint8)
    made = pokerlut.made_cards(hands, check=False)
    assert made[0].tolist() == [255] * 5  # no strength (0): no made cards, not an error about "strength 0"
    assert made[1].tolist() == [51, 47, 43, 39, 35]


@pytest.mark.parametrize("value", [5, None, 2.5, object()])
def test_format_cards_of_a_non_sequence(value):
    with pytest.raises(TypeError, match="format_cards expects a sequence of card ids, got"):
        pokerlut.format_cards(value)


@pytest.mark.parametrize("call", [course.deal, course.play, course.shuf])
@pytest.mark.parametrize("deck", [5, None, 2.5])
def test_course_deck_that_is_not_a_sequence(call, deck):
    with pytest.raises(TypeError, match="a course deck is a sequence of 9 integers 1..52, got"):
        call(deck)


@pytest.mark.parametrize("ragged", [[[1, 2, 3], [4, 5]], [[[1, 2]], [3, 4]]])
def test_ragged_card_input_is_named(ragged):
    with pytest.raises(ValueError, match="hands must be nested evenly"):
        card_array(ragged)
    with pytest.raises(ValueError, match="player 1 must be nested evenly"):
        pokerlut.equity([ragged, "QQ"])


def test_ragged_range_fields():
    with pytest.raises(ValueError, match="combos and weights must be arrays"):
        pokerlut.Range([[51, 50], [1]], [1.0, 1.0]).validated()


def test_pokerkit_strings_of_empty_hands():
    assert interop.to_pokerkit_strings(np.zeros((0, 5), np.uint8)) == []
    assert interop.to_pokerkit_strings(np.zeros((2, 0), np.uint8)) == ["", ""]


@pytest.mark.parametrize("name", [None, 5, b"numpy", ""])
def test_import_peer_takes_a_module_name(name):
    with pytest.raises(TypeError, match="import_peer takes a module name"):
        interop.import_peer(name)


@pytest.mark.parametrize("exact", [True, False])
def test_a_range_whose_only_weighted_combos_are_blocked_is_impossible_not_nan(exact):
    # AsAd has weight 0, AhAc weight 1 but the board holds the Ah: no hand of the range can be dealt
    r = pokerlut.Range(np.array([[51, 49], [50, 48]]), np.array([0.0, 1.0]))
    with pytest.raises(ValueError, match=r"player 2's range .* is impossible: every combo of weight > 0 holds a card"):
        pokerlut.equity(["KhKd", r], "Ah 2c 3d", exact=exact, samples=1000, seed=1)


def test_zero_weight_combos_do_not_change_the_answer():
    with_zero = pokerlut.Range(np.array([[51, 49], [50, 48]]), np.array([0.0, 1.0]))
    without = pokerlut.Range(np.array([[50, 48]]), np.array([1.0]))
    a = pokerlut.equity(["KhKd", with_zero], "2c 3d 4h", exact=True)
    b = pokerlut.equity(["KhKd", without], "2c 3d 4h", exact=True)
    assert a.equity.tolist() == b.equity.tolist() and a.n == b.n
