"""Short deck under both rules (docs/rules.md, "Short deck"): ``"short-deck"`` ranks three of a kind
above a straight, ``"short-deck-straight-over-trips"`` a straight above three of a kind.

Every one of the 376,992 five-card short-deck hands is ranked by pokerlut under both rules and
checked against (a) the ladders of docs/rules.md, written out below from the document, and (b)
pokerkit's ``ShortDeckHoldemLookup`` (pokerkit's rule is the straight above trips); random 6- and
7-card hands are checked as the best of their 5-card subsets against pokerkit.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

import pokerlut

pokerkit = pytest.importorskip("pokerkit")
from pokerkit.lookups import ShortDeckHoldemLookup  # noqa: E402

TRIPS_HIGH, STRAIGHT_HIGH = "short-deck", "short-deck-straight-over-trips"
RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = np.array([4 * r + s for r in range(4, 13) for s in range(4)], np.uint8)
# docs/rules.md, "Short deck": the ladders, weakest first
LADDER = {
    TRIPS_HIGH: ["high card", "pair", "two pair", "straight", "trips", "full house", "flush", "quads",
                 "straight flush"],
    STRAIGHT_HIGH: ["high card", "pair", "two pair", "trips", "straight", "full house", "flush", "quads",
                    "straight flush"],
}
PATTERN = {(1, 1, 1, 1, 1): "high card", (2, 1, 1, 1): "pair", (2, 2, 1): "two pair", (3, 1, 1): "trips",
           (3, 2): "full house", (4, 1): "quads"}


def rules_key(variant: str, hand) -> tuple:
    """(ladder step, tie-break ranks) of a 5-card short-deck hand, from docs/rules.md."""
    ranks = [c // 4 for c in hand]
    suited = len({c % 4 for c in hand}) == 1
    groups = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    pattern = tuple(n for n, _ in groups)
    order = tuple(r for _, r in groups)
    name = PATTERN[pattern]
    if name == "high card":
        distinct = sorted(set(ranks))
        if distinct == [4, 5, 6, 7, 12]:  # A-6-7-8-9: the lowest straight, top card the nine
            name, order = "straight", (7,)
        elif distinct[-1] - distinct[0] == 4:
            name, order = "straight", (distinct[-1],)
        if suited:
            name = "straight flush" if name == "straight" else "flush"
    return LADDER[variant].index(name), order


@pytest.fixture(scope="module")
def every_hand():
    hands = np.array(list(combinations(DECK.tolist(), 5)), np.uint8)
    assert len(hands) == 376_992
    return hands


def shape_codes(hands: np.ndarray) -> np.ndarray:
    """A code of each 5-card row's shape: its sorted ranks in base 13, then whether it is suited."""
    r = np.sort(hands // 4, axis=1).astype(np.int64)
    code = np.zeros(len(hands), np.int64)
    for j in range(5):
        code = code * 13 + r[:, j]
    return code * 2 + (hands % 4 == hands[:, :1] % 4).all(axis=1)


def by_shape(hands: np.ndarray, value) -> np.ndarray:
    """``value(hand)`` of every row, computed once per shape (the values depend on the shape only)."""
    codes = shape_codes(hands)
    unique, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
    values = [value(hands[i].tolist()) for i in first]
    return _dense(values)[inverse.ravel()]


def pk_goodness(hand) -> int:
    """pokerkit's entry index of a 5-card short-deck hand (larger is better)."""
    return _PK.get_entry("".join(RANKS[c // 4] + SUITS[c % 4] for c in hand)).index


_PK = ShortDeckHoldemLookup()


def assert_same_order(ours: np.ndarray, theirs) -> None:
    """``ours`` is a strictly increasing function of ``theirs`` (any comparable values)."""
    theirs = np.asarray(theirs)
    order = np.lexsort((ours, theirs))
    o, t = ours[order].astype(np.int64), theirs[order]
    same = t[1:] == t[:-1]
    assert (o[1:][same] == o[:-1][same]).all(), "equal reference values, different strengths"
    assert (o[1:][~same] > o[:-1][~same]).all(), "the reference orders two hands the other way"


def _dense(keys: list) -> np.ndarray:
    """Keys (tuples) as their rank among the distinct keys (0 = weakest)."""
    index = {k: i for i, k in enumerate(sorted(set(keys)))}
    return np.array([index[k] for k in keys])


@pytest.mark.parametrize("variant", [TRIPS_HIGH, STRAIGHT_HIGH])
def test_every_hand_follows_the_ladder_of_the_rules(variant, every_hand):
    ours = pokerlut.evaluate(every_hand, variant=variant)
    assert_same_order(ours, by_shape(every_hand, lambda h: rules_key(variant, h)))
    assert int(ours.max()) == 1404 and len(np.unique(ours)) == 1404
    # the category numbers and names follow the same ladder
    names = [n.lower() for n in pokerlut.category_names(variant)]
    words = {"one pair": "pair", "three of a kind": "trips", "four of a kind": "quads"}
    assert [words.get(n, n) for n in names] == LADDER[variant]
    assert np.array_equal(pokerlut.category(ours, variant), by_shape(every_hand, lambda h: rules_key(variant, h)[0]))


def test_straight_over_trips_is_pokerkits_order_on_every_hand(every_hand):
    assert_same_order(pokerlut.evaluate(every_hand, variant=STRAIGHT_HIGH), by_shape(every_hand, pk_goodness))


def test_the_two_rules_differ_only_on_straight_against_trips(every_hand):
    a = pokerlut.evaluate(every_hand, variant=TRIPS_HIGH).astype(np.int64)
    b = pokerlut.evaluate(every_hand, variant=STRAIGHT_HIGH).astype(np.int64)
    ca, cb = pokerlut.category(a, TRIPS_HIGH), pokerlut.category(b, STRAIGHT_HIGH)
    names_a = np.array(pokerlut.category_names(TRIPS_HIGH))[ca]
    rng = np.random.default_rng(5)
    i, j = rng.integers(0, len(a), (2, 400_000))
    differ = np.sign(a[i] - a[j]) != np.sign(b[i] - b[j])
    pair = {frozenset(x) for x in zip(names_a[i][differ], names_a[j][differ])}
    assert pair == {frozenset({"Straight", "Three of a kind"})}
    both = (names_a[i] == "Straight") & (names_a[j] == "Three of a kind")
    assert (a[i][both] < a[j][both]).all() and (b[i][both] > b[j][both]).all()
    assert set(np.array(pokerlut.category_names(STRAIGHT_HIGH))[cb]) == set(names_a)


def test_examples_side_by_side():
    hands = ["7c 7d 7h Ts Qc", "6c 7s 8h 9s Tc", "Ah 6c 7d 8s 9h", "6d 7d 8d Td Qd", "Ac Ah Kc Kh Ks"]
    s = pokerlut.evaluate(hands, variant=TRIPS_HIGH)
    assert s[0] > s[1] > s[2] and s[3] > s[4]
    s = pokerlut.evaluate(hands, variant=STRAIGHT_HIGH)
    assert s[1] > s[2] > s[0] and s[3] > s[4]
    assert pokerlut.describe(int(s[2]), STRAIGHT_HIGH) == "Straight, nine-high"


@pytest.mark.parametrize("k", [6, 7])
def test_best_of_six_and_seven_against_pokerkit(k, every_hand):
    codes = shape_codes(every_hand)
    goodness = dict(zip(codes.tolist(), by_shape(every_hand, pk_goodness).tolist()))
    table = np.full(int(codes.max()) + 1, -1)
    table[list(goodness)] = list(goodness.values())
    rng = np.random.default_rng(k)
    hands = DECK[np.argsort(rng.random((20_000, 36)), axis=1)[:, :k]]
    best = np.full(len(hands), -1)
    for idx in combinations(range(k), 5):
        best = np.maximum(best, table[shape_codes(hands[:, list(idx)])])
    assert_same_order(pokerlut.evaluate(hands, variant=STRAIGHT_HIGH), best)


def test_holdem_equity_and_showdown_take_the_new_name():
    r = pokerlut.showdown([["Th", "Jd"], ["7c", "7d"]], "7h 8s 9c Ad Kc", variant=STRAIGHT_HIGH)
    assert r.winners.tolist() == [True, False]
    r = pokerlut.showdown([["Th", "Jd"], ["7c", "7d"]], "7h 8s 9c Ad Kc", variant=TRIPS_HIGH)
    assert r.winners.tolist() == [False, True]
    r = pokerlut.equity(["Th Jd", "7c 7d"], "7h 8s 9c Ad", variant=STRAIGHT_HIGH)
    assert r.method == "exact" and r.n == 36 - 8


def test_bad_input_names_the_game():
    with pytest.raises(ValueError, match=r"card 5h \(id 14\) is not in the short-deck-straight-over-trips deck"):
        pokerlut.evaluate("Ah Kh Qh Jh 5h", variant=STRAIGHT_HIGH)
    with pytest.raises(ValueError, match="wild card .* not dealt in the short-deck-straight-over-trips game"):
        pokerlut.evaluate("Ah Kh Qh Jh W", variant=STRAIGHT_HIGH)
    with pytest.raises(ValueError, match="unknown variant 'short-deck-straights'.*short-deck-straight-over-trips"):
        pokerlut.evaluate("Ah Kh Qh Jh Th", variant="short-deck-straights")
