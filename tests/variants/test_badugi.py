"""Badugi (docs/rules.md, "Badugi"): every one of the C(52, 4) = 270,725 hands against a reference
written here from the rules and against pokerkit's ``BadugiHand``; showdowns on random deals;
counts; bad input.

pokerkit is slow (about 70 us a hand), so it ranks one hand per *shape* (the four suits' sets of
ranks, up to a relabelling of the suits, which never changes a badugi hand's value) and a
sample of 3,000 hands directly; every hand then takes its shape's pokerkit hand.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

import pokerlut

pokerkit = pytest.importorskip("pokerkit")
from pokerkit import BadugiHand  # noqa: E402

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def text(cards) -> str:
    return "".join(RANKS[c // 4] + SUITS[c % 4] for c in cards)


@pytest.fixture(scope="module")
def every_hand() -> np.ndarray:
    return np.array(list(combinations(range(52), 4)), np.uint8)


def reference_scores(hands: np.ndarray) -> np.ndarray:
    """The rules, vectorized over hands: among the subsets of distinct ranks and distinct suits
    the largest wins, then the one whose highest card is lowest, then the next (ace low).  Score =
    size, then the low values (ace 0 .. king 12) highest first, smaller better, as one integer."""
    low = (hands // 4 + 1) % 13  # ace 0, deuce 1, .. king 12
    suits = hands % 4
    best = np.zeros(len(hands), np.int64)
    for size in range(1, 5):
        for pick in combinations(range(4), size):
            r, s = low[:, pick].astype(np.int64), suits[:, pick]
            ok = np.ones(len(hands), bool)
            for a, b in combinations(range(size), 2):
                ok &= (r[:, a] != r[:, b]) & (s[:, a] != s[:, b])
            desc = -np.sort(-r, axis=1)
            code = np.zeros(len(hands), np.int64)
            for j in range(4):
                code = code * 13 + (desc[:, j] if j < size else 0)
            score = size * 13**4 + (13**4 - 1 - code)
            best = np.where(ok, np.maximum(best, score), best)
    return best


def assert_same_order(ours: np.ndarray, theirs: np.ndarray) -> None:
    order = np.lexsort((ours, theirs))
    o, t = ours[order].astype(np.int64), theirs[order]
    same = t[1:] == t[:-1]
    assert (o[1:][same] == o[:-1][same]).all(), "equal reference values, different strengths"
    assert (o[1:][~same] > o[:-1][~same]).all(), "the reference orders two hands the other way"


def test_every_hand_against_the_rules(every_hand):
    ours = pokerlut.evaluate(every_hand, variant="badugi")
    assert_same_order(ours, reference_scores(every_hand))
    assert int(ours.min()) == 1 and int(ours.max()) == 1092 and len(np.unique(ours)) == 1092
    # counts: a badugi is 4 ranks in 4 suits, C(13, 4) * 4!; a one-card hand holds a single suit or a single rank
    counts = np.bincount(pokerlut.category(ours, "badugi"), minlength=4)
    assert counts[3] == 715 * 24 and counts[0] == 4 * 715 + 13
    assert counts.sum() == 270_725
    ref_sizes = reference_scores(every_hand) // 13**4
    assert np.array_equal(counts, np.bincount(ref_sizes - 1, minlength=4))
    # the distinct values: C(13, k) rank sets of k cards, k = 1..4
    values = np.bincount(pokerlut.category(np.arange(1, 1093), "badugi"), minlength=4)
    assert values.tolist() == [13, 78, 286, 715]


def _shapes(hands: np.ndarray) -> np.ndarray:
    """Each hand's four suits' rank masks, sorted: its value up to a relabelling of the suits."""
    masks = np.zeros((len(hands), 4), np.int64)
    for j in range(4):
        masks[np.arange(len(hands)), hands[:, j] % 4] |= 1 << (hands[:, j] // 4).astype(np.int64)
    masks.sort(axis=1)
    return (masks * (1 << (13 * np.arange(4)))).sum(axis=1)


@pytest.fixture(scope="module")
def pokerkit_by_hand(every_hand):
    """pokerkit's goodness (larger is better: ``BadugiHand`` is a low hand, its entries run best
    first) of every hand, from one ``BadugiHand`` per shape, and the hands ranked to check it."""
    shapes = _shapes(every_hand)
    _, first, inverse = np.unique(shapes, return_index=True, return_inverse=True)
    hands = [BadugiHand.from_game(text(every_hand[i])) for i in first]
    goodness = np.array([-h.entry.index for h in hands])[inverse.ravel()]
    return goodness


def test_every_hand_against_pokerkit(every_hand, pokerkit_by_hand):
    assert_same_order(pokerlut.evaluate(every_hand, variant="badugi"), pokerkit_by_hand)
    # the shape shortcut and the entry order, checked on hands pokerkit ranks and compares itself
    rng = np.random.default_rng(4)
    sample = rng.choice(len(every_hand), 3000, replace=False)
    direct = [BadugiHand.from_game(text(every_hand[i])) for i in sample]
    for a, b in zip(range(0, 3000, 2), range(1, 3000, 2)):
        ga, gb = pokerkit_by_hand[sample[a]], pokerkit_by_hand[sample[b]]
        assert (direct[a] > direct[b]) == (ga > gb) and (direct[a] == direct[b]) == (ga == gb)


def test_showdowns_on_random_deals_against_pokerkit(every_hand, pokerkit_by_hand):
    """100,000 deals of 2 to 6 players (four cards each, no card twice): winners and shares as
    pokerkit's hands decide them."""
    all_index = np.ravel_multi_index(every_hand.astype(np.int64).T, (52,) * 4)
    rng = np.random.default_rng(26)
    for n_players in range(2, 7):
        n = 20_000
        deals = np.argsort(rng.random((n, 52)), axis=1)[:, :4 * n_players].astype(np.uint8)
        holes = deals.reshape(n, n_players, 4)
        r = pokerlut.showdown(holes, variant="badugi")
        s = np.sort(holes, axis=2).reshape(-1, 4).astype(np.int64)
        where = np.searchsorted(all_index, np.ravel_multi_index(s.T, (52,) * 4))
        theirs = pokerkit_by_hand[where].reshape(n, n_players)
        winners = theirs == theirs.max(axis=1, keepdims=True)
        assert np.array_equal(r.winners, winners)
        assert np.array_equal(r.shares, winners / winners.sum(axis=1, keepdims=True))


def test_examples():
    hands = ["Ac 2d 3h 4s", "Ac 2c 3d 4h", "2s 4c 5d 6h", "2s 3s 4d 7h", "Kc Kd Kh Ks", "Ac 2c 3c 4c",
             "As Ad 2h 3c", "5c 4d 3h 2s"]
    s = pokerlut.evaluate(hands, variant="badugi").tolist()
    assert [pokerlut.describe(x, "badugi") for x in s] == [
        "Badugi, 4-3-2-A", "Three-card hand, 4-3-A", "Badugi, 6-5-4-2", "Three-card hand, 7-4-2",
        "One-card hand, K", "One-card hand, A", "Three-card hand, 3-2-A", "Badugi, 5-4-3-2"]
    assert s[0] == 1092 and s[4] == 1 and s[7] > s[2] > s[3]
    assert pokerlut.category_names("badugi") == ("One-card hand", "Two-card hand", "Three-card hand", "Badugi")
    r = pokerlut.showdown([["Ac", "2d", "3h", "Ks"], ["As", "2c", "3d", "Kh"], ["7c", "8d", "9h", "Kc"]],
                          variant="badugi")
    assert r.shares.tolist() == [0.5, 0.5, 0.0]
    assert [Fraction(x) for x in r.shares] == [Fraction(1, 2), Fraction(1, 2), 0]


def test_unchecked_rows_stay_inside_the_tables():
    rows = np.array([[0, 0, 0, 0], [255, 255, 255, 255], [51, 51, 51, 51], [53, 1, 2, 3], [12, 25, 38, 51]],
                    np.uint8)
    s = pokerlut.evaluate(rows, variant="badugi", check=False)
    assert s[1] == 0 and s[3] == 0 and s[4] == pokerlut.evaluate("5c 8d Jh As", variant="badugi")
    rng = np.random.default_rng(1)
    garbage = rng.integers(0, 256, (10_000, 4), dtype=np.uint8)
    pokerlut.evaluate(garbage, variant="badugi", check=False)  # no crash, nothing read outside


@pytest.mark.parametrize("hand, message", [
    ("Ac 2d 3h Ac", r"hand 0: card Ac \(id 48\) is dealt twice: at position 0 and at position 3"),
    ("Ac 2d 3h W", r"hand 0, position 3: the wild card \(id 52\) is not dealt in the badugi game"),
    ([1, 2, 3, 99], r"card id 99 is not a card"),
])
def test_bad_cards(hand, message):
    with pytest.raises(ValueError, match=message):
        pokerlut.evaluate(hand, variant="badugi")


def test_bad_shapes_name_the_game():
    with pytest.raises(ValueError, match=r"a badugi hand is 4 cards, got 5"):
        pokerlut.evaluate("Ac 2d 3h 4s 5c", variant="badugi")
    with pytest.raises(ValueError, match=r"must have 4 cards in the badugi game"):
        pokerlut.showdown([["Ac", "2d", "3h"], ["Kc", "Qd", "Js"]], variant="badugi")
    with pytest.raises(ValueError, match=r"dealt twice: as player 0's card 0 and as player 1's card 1"):
        pokerlut.showdown([["Ac", "2d", "3h", "4s"], ["Kc", "Ac", "Js", "Th"]], variant="badugi")
    with pytest.raises(TypeError):
        pokerlut.evaluate(np.zeros((2, 4)), variant="badugi")
    with pytest.raises(ValueError, match="strength 1093 .* not a valid badugi strength"):
        pokerlut.describe(1093, "badugi")
