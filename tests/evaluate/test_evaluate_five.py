"""Every 5-card hand, natural and wild, against the independent reference evaluator."""

from __future__ import annotations


import numpy as np
import pytest

import pokerlut
from reference import natural_hands_and_keys, strength_from_keys, wild_hands_and_keys

TEXTBOOK_COUNTS = {  # category: number of 5-card hands (no wilds)
    0: 1_302_540, 1: 1_098_240, 2: 123_552, 3: 54_912, 4: 10_200,
    5: 5_108, 6: 3_744, 7: 624, 8: 40,
}


@pytest.fixture(scope="module")
def natural_hands():
    return natural_hands_and_keys()[0]


@pytest.fixture(scope="module")
def natural_strengths(natural_hands):
    return pokerlut.evaluate(natural_hands)


def test_all_hands_is_every_combination(natural_hands):
    assert natural_hands.shape == (2_598_960, 5)
    assert len(np.unique(natural_hands.astype(np.int64) @ (52 ** np.arange(5)))) == 2_598_960


def test_exactly_7462_distinct_strengths(natural_strengths):
    distinct = np.unique(natural_strengths)
    assert len(distinct) == 7462
    assert distinct[0] == 1 and distinct[-1] == 7462


def test_textbook_category_counts(natural_strengths):
    counts = np.bincount(pokerlut.category(natural_strengths), minlength=10)
    assert {c: int(counts[c]) for c in range(9)} == TEXTBOOK_COUNTS
    assert counts[9] == 0


def test_every_natural_hand_equals_the_reference(natural_hands, natural_strengths):
    expected = strength_from_keys(natural_hands_and_keys()[1])  # the reference's keys of these very hands
    mismatch = np.flatnonzero(expected != natural_strengths)
    assert mismatch.size == 0, f"{mismatch.size} hands differ, first {natural_hands[mismatch[0]]}"


def test_parallel_and_serial_agree_on_every_hand(natural_hands, natural_strengths):
    serial = pokerlut.evaluate(natural_hands, parallel=False, check=False)
    assert np.array_equal(serial, natural_strengths)


@pytest.mark.parametrize(
    "wilds, count",
    [
        (1, 270_725),
        (2, 22_100),
        (3, 1_326),
        (4, 52),
        (5, 1),
    ],
)
def test_every_hand_with_wilds_equals_the_reference(wilds, count):
    hands, keys = wild_hands_and_keys(wilds)  # the reference's brute force, shared with test_reference.py
    assert len(hands) == count and (hands[:, 5 - wilds:] == pokerlut.WILD).all()
    got = pokerlut.evaluate(hands)
    expected = strength_from_keys(keys)
    mismatch = np.flatnonzero(expected != got)
    assert mismatch.size == 0, f"{mismatch.size} hands differ, first {hands[mismatch[0]]}"
    # the wild's position in the hand never matters
    rng = np.random.default_rng(wilds)
    shuffled = np.take_along_axis(hands, np.argsort(rng.random(hands.shape), axis=1), axis=1)
    assert np.array_equal(pokerlut.evaluate(shuffled), got)


def test_five_of_a_kind_values_are_the_top_thirteen():
    hands = np.array([[4 * r + s for s in range(4)] + [pokerlut.WILD] for r in range(13)], dtype=np.uint8)
    assert pokerlut.evaluate(hands).tolist() == list(range(7463, 7476))
    assert all(c == 9 for c in pokerlut.category(pokerlut.evaluate(hands)))


def test_wilds_add_exactly_the_five_of_a_kind_values():
    values = set()
    for w in range(1, 6):
        values |= set(pokerlut.evaluate(wild_hands_and_keys(w)[0]).tolist())
    # every value a wild hand can reach is a natural value or a five of a kind
    assert values - set(range(1, 7463)) == set(range(7463, 7476))


def test_suit_relabelling_never_changes_a_strength(natural_hands, natural_strengths):
    for perm in [(1, 0, 2, 3), (3, 2, 1, 0), (2, 3, 0, 1)]:
        relabelled = natural_hands - natural_hands % 4 + np.array(perm, dtype=np.uint8)[natural_hands % 4]
        assert np.array_equal(pokerlut.evaluate(relabelled), natural_strengths)


def test_cactus_kev_equivalence_on_landmarks():
    """7463 - strength is the published Cactus Kev rank (1 = royal flush, 7462 = 7-5-4-3-2)."""
    landmarks = {
        "As Ks Qs Js Ts": 1, "Kh Qh Jh Th 9h": 2, "5d 4d 3d 2d Ad": 10, "Ac Ad Ah As Kc": 11,
        "2c 2d 2h 2s 3c": 166, "Ac Ad Ah Ks Kc": 167, "2c 2d 2h 3s 3c": 322, "Ac Kc Qc Jc 9c": 323,
        "7h 5h 4h 3h 2h": 1599, "As Kd Qh Jc Ts": 1600, "5s 4d 3h 2c As": 1609, "Ac Ad Ah Ks Qc": 1610,
        "2c 2d 2h 4s 3c": 2467, "Ac Ad Kh Ks Qc": 2468, "3c 3d 2h 2s 4c": 3325, "Ac Ad Kh Qs Jc": 3326,
        "2c 2d 5h 4s 3c": 6185, "Ac Kd Qh Js 9c": 6186, "7c 5d 4h 3s 2c": 7462,
    }
    strengths = pokerlut.evaluate(list(landmarks))
    assert [7463 - int(s) for s in strengths] == list(landmarks.values())
