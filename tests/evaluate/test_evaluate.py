"""Shapes, input forms, the strength scale and descriptions."""

from __future__ import annotations

import numpy as np
import pytest

import pokerlut
from reference import decode_key, natural_distinct_keys


def test_single_hand_gives_a_0d_array():
    s = pokerlut.evaluate([51, 47, 43, 39, 35])
    assert isinstance(s, np.ndarray) and s.shape == () and s.dtype == np.uint16


def test_leading_dimensions_are_kept():
    hands = pokerlut.random_hands(24, seed=1).reshape(2, 3, 4, 5)
    s = pokerlut.evaluate(hands)
    assert s.shape == (2, 3, 4)
    assert np.array_equal(s.reshape(-1), pokerlut.evaluate(hands.reshape(-1, 5)))


def test_empty_batch():
    assert pokerlut.evaluate(np.empty((0, 5), dtype=np.uint8)).shape == (0,)


def test_strings_lists_and_arrays_agree():
    text = ["As Ks Qs Js Ts", "2c 2d W 9h 9s"]
    ids = np.array([pokerlut.parse_cards(t) for t in text])
    assert np.array_equal(pokerlut.evaluate(text), pokerlut.evaluate(ids))
    assert np.array_equal(pokerlut.evaluate(ids.tolist()), pokerlut.evaluate(ids.astype(np.int64)))
    assert np.array_equal(pokerlut.evaluate([["As", "Ks", "Qs", "Js", "Ts"]]), pokerlut.evaluate(ids[:1]))


def test_non_contiguous_input():
    hands = pokerlut.random_hands(100, seed=2)
    wide = np.zeros((100, 10), dtype=np.uint8)
    wide[:, ::2] = hands
    assert np.array_equal(pokerlut.evaluate(wide[:, ::2]), pokerlut.evaluate(hands))
    assert np.array_equal(pokerlut.evaluate(hands[::-1]), pokerlut.evaluate(hands)[::-1])


def test_category_of_each_strength_matches_the_reference_keys():
    """The strength scale's categories follow the reference's ordering of the 7,462 values."""
    keys = natural_distinct_keys()  # sorted ascending, one per natural strength
    cats = pokerlut.category(np.arange(1, 7463))
    assert cats.tolist() == [decode_key(int(k))[0] for k in keys]
    assert pokerlut.category(np.arange(7463, 7476)).tolist() == [9] * 13


def test_every_strength_has_its_own_description():
    descriptions = [pokerlut.describe(s) for s in range(1, pokerlut.MAX_STRENGTH + 1)]
    assert len(set(descriptions)) == pokerlut.MAX_STRENGTH


@pytest.mark.parametrize(
    "hand, text",
    [
        ("Kc Kd Kh 2s 2d", "Full house, kings full of twos"),
        ("Ac Jc 9c 6c 4c", "Flush, ace-high (A-J-9-6-4)"),
        ("W W W W W", "Five of a kind, aces"),
        ("As Ks Qs Js Ts", "Royal flush"),
        ("9h 8h 7h 6h 5h", "Straight flush, nine-high"),
        ("5d 4c 3h 2s Ad", "Straight, five-high"),
        ("Qc Qd 7h 7s 3c", "Two pair, queens and sevens (three kicker)"),
        ("6c 6d 6h Ks 2c", "Three of a kind, sixes (K-2 kickers)"),
        ("Tc Td 8h 5s 3c", "One pair, tens (8-5-3 kickers)"),
        ("Jc Jd Jh Js 4c", "Four of a kind, jacks (four kicker)"),
        ("Kc Td 8h 5s 3c", "High card, king-high (K-T-8-5-3)"),
    ],
)
def test_describe(hand, text):
    assert pokerlut.describe(int(pokerlut.evaluate(hand))) == text


def test_category_names():
    assert pokerlut.CATEGORY_NAMES[0] == "High card" and pokerlut.CATEGORY_NAMES[9] == "Five of a kind"
    assert pokerlut.category_name(7462) == "Straight flush"


def test_category_is_vectorized_and_keeps_shape():
    s = pokerlut.evaluate(pokerlut.random_hands(12, seed=4).reshape(3, 4, 5))
    assert pokerlut.category(s).shape == (3, 4)


def test_random_hands_are_distinct_cards_and_reproducible():
    a = pokerlut.random_hands(5000, 7, wild_fraction=0.5, max_wilds=3, seed=11)
    b = pokerlut.random_hands(5000, 7, wild_fraction=0.5, max_wilds=3, seed=11)
    assert np.array_equal(a, b)
    for row in a:
        naturals = row[row != pokerlut.WILD]
        assert len(set(naturals.tolist())) == len(naturals)
    wild_counts = (a == pokerlut.WILD).sum(axis=1)
    assert wild_counts.max() == 3 and 0.4 < (wild_counts > 0).mean() < 0.6


def test_random_hands_rejects_bad_arguments():
    with pytest.raises(ValueError, match="wild_fraction"):
        pokerlut.random_hands(3, wild_fraction=2)
    with pytest.raises(ValueError, match="cards"):
        pokerlut.random_hands(3, 60)


# --------------------------------------------------------------------------- argument types


def test_evaluate_parallel_must_be_a_bool():
    with pytest.raises(TypeError, match="parallel must be True, False or None, got 'no'"):
        pokerlut.evaluate("As Ks Qs Js Ts", parallel="no")


@pytest.mark.parametrize("n_cards", ["7", 6.0, True, None])
def test_category_counts_wants_an_integer(n_cards):
    with pytest.raises(TypeError, match="n_cards must be an integer 5, 6 or 7"):
        pokerlut.category_counts(n_cards)
