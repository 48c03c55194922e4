"""6- and 7-card evaluation from the direct tables, against the reference and the 5-card kernel."""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import pytest

import pokerlut
from reference import all_hands_in_chunks, ref_best_keys, strength_from_keys

SEVEN_CARD_COUNTS = [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
                     224_848, 41_584, 0]
#: Published 6-card frequencies (straight flush includes the 188 royal flushes).
SIX_CARD_COUNTS = [6_612_900, 9_730_740, 2_532_816, 732_160, 361_620, 205_792, 165_984, 14_664, 1_844, 0]


def test_every_seven_card_hand_textbook_counts():
    histogram = pokerlut.strength_histogram(7)
    assert histogram.sum() == 133_784_560
    assert pokerlut.category_counts(7).tolist() == SEVEN_CARD_COUNTS
    assert np.count_nonzero(histogram) == 4_824  # distinct values a 7-card hand can take
    assert histogram[0] == 0 and histogram[7463:].sum() == 0


def test_every_six_card_hand_published_counts():
    assert pokerlut.strength_histogram(6).sum() == 20_358_520
    assert pokerlut.category_counts(6).tolist() == SIX_CARD_COUNTS


# (The reference's brute-force count of every 6-card hand by category is not repeated here: pokerlut's
# counts of every 6-card hand are the published ones above, and test_million_random_hands_equal_the_reference
# compares the reference with pokerlut hand by hand.)


def test_enumeration_histogram_equals_batch_evaluation_for_six_cards():
    """The enumeration kernel and the batch kernel agree hand for hand (summed by strength)."""
    by_batch = np.zeros(pokerlut.MAX_STRENGTH + 1, dtype=np.int64)
    for hands in all_hands_in_chunks(6):  # every 6-card hand, the reference's own enumeration, in chunks
        by_batch += np.bincount(pokerlut.evaluate(hands, check=False), minlength=pokerlut.MAX_STRENGTH + 1)
    assert by_batch.sum() == comb(52, 6)
    assert np.array_equal(by_batch, pokerlut.strength_histogram(6))


@pytest.mark.parametrize("n_cards", [6, 7])
def test_million_random_hands_equal_the_reference(n_cards):
    hands = pokerlut.random_hands(1_000_000, n_cards, seed=100 + n_cards)
    expected = strength_from_keys(ref_best_keys(hands))
    got = pokerlut.evaluate(hands)
    bad = np.flatnonzero(got != expected)
    assert bad.size == 0, f"{bad.size} differ, first {pokerlut.format_cards(hands[bad[0]])}"


@pytest.mark.parametrize("n_cards", [6, 7])
def test_hands_with_one_to_four_wilds_equal_the_reference(n_cards):
    hands = pokerlut.random_hands(100_000, n_cards, wild_fraction=1.0, max_wilds=4, seed=200 + n_cards)
    assert set(np.unique((hands == pokerlut.WILD).sum(axis=1)).tolist()) == {1, 2, 3, 4}
    expected = strength_from_keys(ref_best_keys(hands))
    got = pokerlut.evaluate(hands)
    bad = np.flatnonzero(got != expected)
    assert bad.size == 0, f"{bad.size} differ, first {pokerlut.format_cards(hands[bad[0]])}"


@pytest.mark.parametrize("n_cards", [6, 7])
def test_direct_tables_equal_the_best_five_card_subset(n_cards):
    """Against the 5-card kernel (itself checked exhaustively), with any number of wilds."""
    hands = pokerlut.random_hands(300_000, n_cards, wild_fraction=0.5, max_wilds=n_cards, seed=n_cards)
    best = np.zeros(len(hands), dtype=np.uint16)
    for subset in combinations(range(n_cards), 5):
        best = np.maximum(best, pokerlut.evaluate(hands[:, list(subset)]))
    assert np.array_equal(pokerlut.evaluate(hands), best)
    assert np.array_equal(pokerlut.evaluate(hands, parallel=False), pokerlut.evaluate(hands, parallel=True))


@pytest.mark.parametrize(
    "hand, plays_as",
    [
        ("Ah Kh 7c 7d 2s Qh Jh", "7c 7d Ah Kh Qh"),  # four hearts is no flush: sevens, A-K-Q kickers
        ("9h 9d 9c 4s 4h Kh Qh", "9h 9d 9c 4s 4h"),  # full house
        ("2h 7h 9h Jh Kh 9d 9c", "2h 7h 9h Jh Kh"),  # flush beats trips
        ("Ts 9s 8s 7s 6s 5s As", "Ts 9s 8s 7s 6s"),  # the higher straight flush
        ("Ad Ac Kd Kc Qd Qc Jh", "Ad Ac Kd Kc Qd"),  # three pairs: best two, the third pair's queen kicks
        ("Ad Ac Ah Kc Kd Ks 2c", "Ad Ac Ah Kc Kd"),  # two trips: full house
        ("W 2h 3h 4h 9c 9d Kh", "Ah Kh 4h 3h 2h"),  # wild: ace-high flush, beats trip nines
        ("W 2h 3h 4h 5h 9d Kh", "6h 5h 4h 3h 2h"),  # wild: six-high straight flush
        ("W W Ah Kh 3c 4d 5s", "7c 6d 5s 4d 3c"),  # two wilds: seven-high straight beats trip aces
        ("W W Ah Kh Qh 4d 5s", "Ah Kh Qh Jh Th"),  # two wilds: royal flush
        ("W Ah Ad Ac 2c 2d 3s", "Ah Ad Ac As 3s"),  # quads beat the full house
    ],
)
def test_named_seven_card_cases(hand, plays_as):
    assert int(pokerlut.evaluate(hand)) == int(pokerlut.evaluate(plays_as))


def test_leading_dimensions_for_seven_cards():
    hands = pokerlut.random_hands(60, 7, seed=9).reshape(3, 4, 5, 7)
    assert pokerlut.evaluate(hands).shape == (3, 4, 5)
    assert pokerlut.evaluate(hands[0, 0, 0]).shape == ()


def test_wrong_width_is_refused():
    with pytest.raises(ValueError, match=r"^hands of shape \(2, 8\): a hand is 5, 6 or 7 cards, got 8 "):
        pokerlut.evaluate(np.zeros((2, 8), dtype=np.uint8))


def test_duplicate_in_seven_cards():
    with pytest.raises(ValueError, match=r"hand 0: card 7h \(id 22\) is dealt twice: at position 1 and at position 6"):
        pokerlut.evaluate(np.array([[0, 22, 30, 40, 50, 51, 22]]))


@pytest.mark.parametrize("n_cards", [4, 8, 0])
def test_strength_histogram_rejects_other_sizes(n_cards):
    with pytest.raises(ValueError, match=f"n_cards must be 5, 6 or 7, got {n_cards}"):
        pokerlut.strength_histogram(n_cards)
    with pytest.raises(ValueError, match="n_cards must be 5, 6 or 7"):
        pokerlut.category_counts(n_cards)


def test_compare_rejects_bad_cards():
    with pytest.raises(ValueError, match="is dealt twice"):
        pokerlut.compare(["As As Kd Qh 2c"], ["2c 3c 4c 5c 7d"])
