"""Three-card rows (docs/rules.md, "Three-card rows"): three-card poker's ladder, and the rows of
open-face Chinese poker, whose 3-card top rows and 5-card rows share one scale.

Every one of the C(52, 3) = 22,100 three-card hands is checked against a reference written here
from the rules (with the published counts of three-card poker's hands); the open-face scale is
checked against the rules' comparison of a 3-card row with a 5-card row (missing kickers below
every card) over every 3-card hand and 300,000 random 5-card hands, the 5-card ones keyed by the
independent reference evaluator of ``tests/reference.py``.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

import pokerlut
import reference as R

TCP, OFC = "three-card-poker", "ofc"


@pytest.fixture(scope="module")
def every_three() -> np.ndarray:
    return np.array(list(combinations(range(52), 3)), np.uint8)


def assert_same_order(ours: np.ndarray, theirs: np.ndarray) -> None:
    order = np.lexsort((ours, theirs))
    o, t = ours[order].astype(np.int64), theirs[order]
    same = t[1:] == t[:-1]
    assert (o[1:][same] == o[:-1][same]).all(), "equal reference values, different strengths"
    assert (o[1:][~same] > o[:-1][~same]).all(), "the reference orders two hands the other way"


def _sorted_ranks(hands: np.ndarray) -> np.ndarray:
    return -np.sort(-(hands // 4).astype(np.int64), axis=1)  # highest first


# docs/rules.md, three-card poker, weakest first
TCP_LADDER = ["high card", "pair", "flush", "straight", "trips", "straight flush"]


def tcp_reference(hands: np.ndarray) -> np.ndarray:
    """Three-card poker keys from the rules: ladder step, then the ranks that break ties."""
    r = _sorted_ranks(hands)
    suited = (hands % 4 == hands[:, :1] % 4).all(axis=1)
    pair = (r[:, 0] == r[:, 1]) | (r[:, 1] == r[:, 2])
    trips = (r[:, 0] == r[:, 2])
    wheel = (r[:, 0] == 12) & (r[:, 1] == 1) & (r[:, 2] == 0)  # A-3-2 plays as 3-2-A, top card the trey
    run = (r[:, 0] - r[:, 2] == 2) & ~pair
    straight = run | wheel
    top = np.where(wheel, 1, r[:, 0])
    step = np.select([straight & suited, trips, straight, suited, pair],
                     [TCP_LADDER.index(x) for x in ("straight flush", "trips", "straight", "flush", "pair")],
                     TCP_LADDER.index("high card"))
    pair_rank = np.where(r[:, 0] == r[:, 1], r[:, 0], r[:, 2])
    kicker = np.where(r[:, 0] == r[:, 1], r[:, 2], r[:, 0])
    t1 = np.select([straight, trips, pair], [top, r[:, 0], pair_rank], r[:, 0])
    t2 = np.select([straight | trips, pair], [0, kicker], r[:, 1])
    t3 = np.where(straight | trips | pair, 0, r[:, 2])
    return ((step * 13 + t1) * 13 + t2) * 13 + t3


def test_three_card_poker_every_hand(every_three):
    ours = pokerlut.evaluate(every_three, variant=TCP)
    ref = tcp_reference(every_three)
    assert_same_order(ours, ref)
    assert int(ours.max()) == 741 and len(np.unique(ours)) == 741
    counts = np.bincount(pokerlut.category(ours, TCP), minlength=6)
    names = [n.lower() for n in pokerlut.category_names(TCP)]
    assert names == ["high card", "one pair", "flush", "straight", "three of a kind", "straight flush"]
    # the published counts of three-card poker's hands, weakest first
    assert counts.tolist() == [16_440, 3_744, 1_096, 720, 52, 48]
    assert np.array_equal(pokerlut.category(ours, TCP), ref // 13**3)


def test_three_card_poker_examples():
    hands = ["Qh Kh Ah", "2c 3c 4c", "Ac 2c 3c", "7d 7h 7s", "As Kd Qc", "Ad 2h 3s", "Kc 9c 4c", "Qd Qs 2h", "Kd 9h 4s"]
    s = pokerlut.evaluate(hands, variant=TCP).tolist()
    assert s == sorted(s, reverse=True) and len(set(s)) == len(s)
    assert [pokerlut.describe(x, TCP) for x in s] == [
        "Straight flush, ace-high", "Straight flush, four-high", "Straight flush, three-high",
        "Three of a kind, sevens", "Straight, ace-high", "Straight, three-high", "Flush, king-high (K-9-4)",
        "One pair, queens (2 kicker)", "High card, king-high (K-9-4)"]


def ofc_three_reference(hands: np.ndarray) -> np.ndarray:
    """A top row on the open-face scale: the 5-card category it belongs to, then its ranks, the
    two missing cards ranking below a deuce (digits are rank + 1; 0 is "no card")."""
    r = _sorted_ranks(hands) + 1
    trips = r[:, 0] == r[:, 2]
    pair = ~trips & ((r[:, 0] == r[:, 1]) | (r[:, 1] == r[:, 2]))
    pair_rank = np.where(r[:, 0] == r[:, 1], r[:, 0], r[:, 2])
    kicker = np.where(r[:, 0] == r[:, 1], r[:, 2], r[:, 0])
    cat = np.select([trips, pair], [R.TRIPS, R.PAIR], R.HIGH_CARD)
    digits = np.select([trips[:, None], pair[:, None]],
                       [np.stack([r[:, 0], 0 * r[:, 0], 0 * r[:, 0]], axis=1),
                        np.stack([pair_rank, kicker, 0 * kicker], axis=1)], r)
    return _merged(cat, np.concatenate([digits, np.zeros((len(r), 2), np.int64)], axis=1))


def _merged(cat: np.ndarray, digits: np.ndarray) -> np.ndarray:
    code = cat.astype(np.int64)
    for j in range(5):
        code = code * 14 + digits[:, j]
    return code


def ofc_five_reference(hands: np.ndarray) -> np.ndarray:
    """A 5-card row on the open-face scale: the reference evaluator's key, digits shifted by one."""
    keys = R.ref_keys_natural(hands)
    cat = keys // R.KEY_BASE
    rest = keys % R.KEY_BASE
    digits = np.stack([(rest // R.RANK_BASE ** (4 - j)) % R.RANK_BASE for j in range(5)], axis=1)
    used = np.array([R.TIEBREAK_DIGITS[c] for c in range(10)])[cat]
    digits = np.where(np.arange(5) < used[:, None], digits + 1, 0)
    return _merged(cat, digits)


def test_ofc_rows_on_one_scale(every_three):
    rng = np.random.default_rng(33)
    fives = np.array(pokerlut.random_hands(300_000, 5, seed=rng))
    ours = np.concatenate([pokerlut.evaluate(every_three, variant=OFC), pokerlut.evaluate(fives, variant=OFC)])
    theirs = np.concatenate([ofc_three_reference(every_three), ofc_five_reference(fives)])
    assert_same_order(ours, theirs)
    # 7,462 five-card values and 455 three-card ones (286 high cards, 156 pairs, 13 trips), one scale
    assert pokerlut.category_names(OFC) == pokerlut.CATEGORY_NAMES[:9]
    top = pokerlut.evaluate(every_three, variant=OFC)
    assert len(np.unique(top)) == 455
    assert np.bincount(pokerlut.category(top, OFC), minlength=9).tolist() == [18_304, 3_744, 0, 52, 0, 0, 0, 0, 0]
    assert int(pokerlut.evaluate("As Ks Qs Js Ts", variant=OFC)) == 7917
    # on its own, a 5-card row orders as the high game does
    high = pokerlut.evaluate(fives)
    assert_same_order(pokerlut.evaluate(fives, variant=OFC), high.astype(np.int64))


def test_a_foul_is_a_comparison():
    top = pokerlut.evaluate(["Qc Qd Kh", "7c 5d 4h", "Ac Ad Ah", "Qs Qh 2c"], variant=OFC)
    middle = pokerlut.evaluate(["Qs Qh Kc 3d 2d", "7d 5c 4s 3h 2s", "Ks Kd Kc 3c 2c", "Qc Qd 2d 3s 4s"], variant=OFC)
    assert (top < middle).tolist() == [True, True, False, True]   # the middle row beats the top: no foul
    assert int(pokerlut.evaluate("Qc Qd Ah", variant=OFC)) > int(pokerlut.evaluate("Qs Qh Kc 3d 2d", variant=OFC))
    assert [pokerlut.describe(int(x), OFC) for x in top] == [
        "One pair, queens (K kicker)", "High card, seven-high (7-5-4)", "Three of a kind, aces",
        "One pair, queens (2 kicker)"]


def test_showdowns_of_rows():
    r = pokerlut.showdown([["Qc", "Qd", "Kh"], ["Qs", "Qh", "Ks"], ["Ac", "Ad", "2h"]], variant=OFC)
    assert r.winners.tolist() == [False, False, True]
    r = pokerlut.showdown([["Qc", "Qd", "Kh"], ["Qs", "Qh", "Ks"]], variant=OFC)
    assert r.shares.tolist() == [0.5, 0.5]
    r = pokerlut.showdown([["Ac", "2c", "3c"], ["Kd", "Kh", "Ks"]], variant=TCP)
    assert r.winners.tolist() == [True, False]


def test_unchecked_rows_stay_inside_the_tables():
    rng = np.random.default_rng(2)
    garbage = rng.integers(0, 256, (10_000, 3), dtype=np.uint8)
    for v in (TCP, OFC):
        s = pokerlut.evaluate(garbage, variant=v, check=False)
        assert (s[(garbage > 51).any(axis=1)] == 0).all()


@pytest.mark.parametrize("variant", [TCP, OFC])
def test_bad_input_names_the_game(variant):
    with pytest.raises(ValueError, match=r"card Ac \(id 48\) is dealt twice: at position 0 and at position 2"):
        pokerlut.evaluate("Ac 2d Ac", variant=variant)
    with pytest.raises(ValueError, match=rf"the wild card \(id 52\) is not dealt in the {variant} game"):
        pokerlut.evaluate("Ac 2d W", variant=variant)
    sizes = "3 or 5" if variant == OFC else "3"
    with pytest.raises(ValueError, match=rf"^an? {variant} hand is {sizes} cards, got 4$"):
        pokerlut.evaluate("Ac 2d 3h 4s", variant=variant)
    with pytest.raises(ValueError, match=rf"must have {sizes} cards in the {variant} game"):
        pokerlut.showdown([["Ac", "2d"], ["Kc", "Qd"]], variant=variant)
    with pytest.raises(ValueError, match=rf"not a valid {variant} strength"):
        pokerlut.describe(0, variant)
