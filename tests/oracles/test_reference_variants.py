"""Tests of the variant reference (tests/reference_variants.py) itself, not of pokerlut.

Hand-picked examples per variant, exhaustive 5-card counts, and agreement with
pokerkit 0.7.7 as an independent oracle (exhaustively over every 5-card value,
then on seeded random deals for best-of-k, Omaha and showdowns).
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest

import reference_variants as R
from reference_variants import NO_LOW, cards, key5

pokerkit = pytest.importorskip("pokerkit")
from pokerkit import (  # noqa: E402
    EightOrBetterLowHand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    RegularLowHand,
    ShortDeckHoldemHand,
    StandardHighHand,
    StandardLowHand,
)

# the pokerkit hand class of each five-card variant ("short-deck" follows
# docs/rules.md and is compared separately: it differs on straight vs trips)
PK_CLASS = {
    "high": StandardHighHand,
    "short-deck-pokerkit": ShortDeckHoldemHand,
    "ace-five-low": RegularLowHand,
    "eight-or-better": EightOrBetterLowHand,
    "deuce-seven-low": StandardLowHand,
}


def pk(cs) -> str:
    return "".join(R.card_str(c) for c in cs)


def pk_cmp(a, b) -> int:
    """-1/0/1 comparison of two pokerkit hands where None (no valid hand, e.g. no low) is lowest."""
    if a is None or b is None:
        return (a is not None) - (b is not None)
    return (a > b) - (a < b)


def cmp(a, b) -> int:
    return (a > b) - (a < b)


def K(variant, text):
    return key5(variant, cards(text))


# --------------------------------------------------------------------------
# Cards and decks
# --------------------------------------------------------------------------

def test_cards_parser():
    assert cards("2c") == [0]
    assert cards("As") == [51]
    assert cards("As Ks 7h") == [51, 47, 22]
    assert cards("AsKs7h") == [51, 47, 22]
    assert cards("td Jc") == [33, 36]
    assert R.cards_str(cards("As Td 2c")) == "As Td 2c"
    with pytest.raises(ValueError):
        cards("Xs")
    with pytest.raises(ValueError):
        cards("As K")


def test_decks():
    assert R.deck("high") == list(range(52))
    sd = R.deck("short-deck")
    assert len(sd) == 36 and min(sd) == cards("6c")[0] and max(sd) == 51
    assert R.deck("short-deck-pokerkit") == sd
    for v in ("ace-five-low", "eight-or-better", "deuce-seven-low", "omaha", "omaha-hilo"):
        assert R.deck(v) == list(range(52))


def test_bad_input():
    with pytest.raises(ValueError):
        key5("high", cards("As Ks Qs Js"))
    with pytest.raises(ValueError):
        key5("high", cards("As As Qs Js Ts"))
    with pytest.raises(ValueError):
        key5("short-deck", cards("As Ks Qs Js 5s"))  # no fives in short deck
    with pytest.raises(ValueError):
        key5("no-such-game", cards("As Ks Qs Js Ts"))
    with pytest.raises(ValueError):
        R.omaha_key(cards("As Ks Qs"), cards("2c 3c 4c"))  # 3 hole cards
    with pytest.raises(ValueError):
        R.omaha_key(cards("As Ks Qs Js"), cards("As 3c 4c"))  # shared card
    with pytest.raises(ValueError):
        R.showdown("high", [cards("As Ks"), cards("As Qd")], cards("2c 3c 4c 5d 9h"))


# --------------------------------------------------------------------------
# Hand-picked examples
# --------------------------------------------------------------------------

def ascending(variant, *hands):
    ks = [K(variant, h) for h in hands]
    return all(a < b for a, b in zip(ks, ks[1:]))


def test_high_examples():
    v = "high"
    assert K(v, "Ah 2c 3d 4s 5h") == (4, 3)              # wheel tops at the five
    assert K(v, "2c 3d 4s 5h 6h") == (4, 4)
    assert K(v, "Th Jh Qh Kh Ah") == (8, 12)
    assert K(v, "Ah 2h 3h 4h 5h") == (8, 3)
    assert K(v, "Kc Kd Kh 7s 7c") == (6, 11, 5)
    assert K(v, "9c 9d 4h 4s Ac") == (2, 7, 2, 12)
    assert ascending(v, "7c 5d 4h 3s 2c", "Ac Kd Qh Js 9c", "2c 2d 3h 4s 5c", "Ac Ad Kh Qs Jc",
                     "2c 2d 3h 3s 4c", "Ac Ad Ah Ks Qc", "Ac 2d 3h 4s 5c", "Tc Jd Qh Ks Ac",
                     "2c 3c 4c 5c 7c", "Ac Kc Qc Jc 9c", "2c 2d 2h 3s 3c", "Ac Ad Ah Ks Kc",
                     "2c 2d 2h 2s 3c", "Ac Ad Ah As Kc", "Ac 2c 3c 4c 5c", "Tc Jc Qc Kc Ac")
    assert K(v, "Ah Kd 9c 5s 2h") == K(v, "As Kc 9d 5h 2c")  # suits never break ties
    assert R.category5(v, cards("Ah 2c 3d 4s 5h")) == 4


def test_high_matches_existing_reference():
    ref = pytest.importorskip("reference")
    rng = random.Random(7)
    for _ in range(3000):
        h = rng.sample(range(52), 5)
        assert key5("high", h) == ref.ref_key(h)
    for _ in range(300):
        h = rng.sample(range(52), 7)
        assert R.best_key("high", h) == ref.ref_best_key(h)


def test_short_deck_examples():
    v = "short-deck"
    names = R.CATEGORY_NAMES[v]
    assert names == ("high card", "one pair", "two pair", "straight", "three of a kind",
                     "full house", "flush", "four of a kind", "straight flush")
    assert K(v, "Ah 6c 7d 8s 9h") == (3, 7)            # A-6-7-8-9: lowest straight, top the nine
    assert K(v, "6c 7d 8s 9h Th") == (3, 8)
    assert K(v, "Ah 6h 7h 8h 9h") == (8, 7)
    # docs/rules.md ladder: ... two pair < straight < trips < full house < flush < quads < SF
    assert ascending(v, "Ac Kd Qh Js 9c", "6c 6d 7h 8s 9c", "Ac Ad Kh Ks Qc", "Ac 6d 7h 8s 9c",
                     "Tc Jd Qh Ks Ac", "6c 6d 6h 7s 8c", "Ac Ad Ah Ks Qc", "6c 6d 6h 7s 7c",
                     "Ac Ad Ah Ks Kc", "6c 7c 8c 9c Jc", "Ac Kc Qc Jc 9c", "6c 6d 6h 6s 7c",
                     "Ac 6c 7c 8c 9c", "Tc Jc Qc Kc Ac")
    # A-2-3-4-5 cannot exist; A-K-Q-J-9 is just ace high
    assert R.category5(v, cards("Ac Kd Qh Js 9c")) == 0
    # pokerkit's ladder differs only on straight vs trips
    assert K(v, "6c 7d 8h 9s Tc") < K(v, "7c 7d 7h Ts Qc")
    pv = "short-deck-pokerkit"
    assert K(pv, "6c 7d 8h 9s Tc") > K(pv, "7c 7d 7h Ts Qc")
    assert ShortDeckHoldemHand("6c7d8h9sTc") > ShortDeckHoldemHand("7c7d7hTsQc")  # pokerkit itself


def test_ace_five_examples():
    v = "ace-five-low"
    assert K(v, "Ac 2d 3h 4s 5c") == (0, -4, -3, -2, -1, 0)   # the best hand
    assert K(v, "Ac 2c 3c 4c 5c") == K(v, "Ac 2d 3h 4s 5c")   # flushes ignored
    assert K(v, "2c 3d 4h 5s 6c") > K(v, "2c 3d 4h 5s 7c")    # straights ignored: 6-low beats 7-low
    assert ascending(v,
                     "Kc Kd Kh Ks Qc",        # quads: worst
                     "Kc Kd Kh Qs Qc",        # full house
                     "Kc Kd Kh Qs Jc",        # trips
                     "2c 2d 3h 3s 4c",        # two pair
                     "Kc Kd Qh Js Tc",        # pair of kings
                     "2c 2d Qh Js Tc",        # pair of deuces
                     "Ac Ad Kh Qs Jc",        # pair of aces is the lowest pair
                     "Kc Qd Jh Ts 8c",        # king high, no pair beats any pair
                     "8c 7d 6h 5s 4c",
                     "8c 6d 4h 3s 2c",
                     "7c 6d 4h 3s 2c",
                     "7c 5d 4h 3s 2c",
                     "6c 5d 4h 3s 2c",
                     "6c 4d 3h 2s Ac",
                     "5c 4d 3h 2s Ac")
    assert K(v, "Ac Ad 2h 3s 4c") > K(v, "2c 2d Ah 3s 4c")    # lower pair wins
    assert K(v, "9c 9d 2h 2s Ac") < K(v, "8c 8d 7h 7s Kc")    # two pair: high pair first
    assert R.category5(v, cards("Kc Kd Kh Qs Qc")) == 4


def test_eight_or_better_examples():
    v = "eight-or-better"
    assert K(v, "Ac 2c 3c 4c 5c") == (1, -4, -3, -2, -1, 0)
    assert K(v, "8c 7d 6h 5s 4c") == (1, -7, -6, -5, -4, -3)  # the worst qualifying low
    assert K(v, "9c 4d 3h 2s Ac") == NO_LOW                    # a nine does not qualify
    assert K(v, "Ac Ad 2h 3s 4c") == NO_LOW                    # a pair does not qualify
    assert K(v, "Kc Kd Kh Ks Qc") == NO_LOW
    assert all(K(v, h) > NO_LOW for h in ("8c 7d 6h 5s 4c", "Ac 2c 3c 4c 5c"))
    assert ascending(v, "9c 4d 3h 2s Ac", "8c 7d 6h 5s 4c", "8c 6d 4h 3s 2c", "7c 6d 4h 3s 2c",
                     "7c 5d 4h 3s 2c", "6c 4d 3h 2s Ac", "5c 4d 3h 2s Ac")
    assert R.best_key(v, cards("Ac Ad 2h 3s 4c 9d Kh")) == NO_LOW
    assert R.best_key(v, cards("Ac Ad 2h 3s 4c 8d Kh")) == K(v, "8d 4c 3s 2h Ac")


def test_deuce_seven_examples():
    v = "deuce-seven-low"
    assert K(v, "7c 5d 4h 3s 2c") == (0, -5, -3, -2, -1, 0)   # the best hand
    assert K(v, "7c 5c 4c 3c 2c") < K(v, "Ac Kd Qh Js 9c")    # flushes count against
    assert K(v, "2c 3d 4h 5s 6c") < K(v, "Ac Kd Qh Js 9c")    # straights count against
    assert R.category5(v, cards("Ac 2d 3h 4s 5c")) == 0      # A-2-3-4-5 is ace high, not a straight
    assert K(v, "Ac 2d 3h 4s 5c") < K(v, "Kc Qd Jh Ts 8c")   # ... and loses to king high
    assert R.category5(v, cards("Ac 2c 3c 4c 5c")) == 5      # ace-high flush
    assert R.category5(v, cards("Tc Jc Qc Kc Ac")) == 8      # the royal still is a straight flush
    assert ascending(v, "Tc Jc Qc Kc Ac", "2c 3c 4c 5c 6c", "Ac Ad Ah As Kc", "2c 2d 2h 3s 3c",
                     "Ac Kc Qc Jc 9c", "2c 3c 4c 5c 7c", "Tc Jd Qh Ks Ac", "2c 3d 4h 5s 6c",
                     "Ac Ad Ah Ks Qc", "2c 2d 3h 3s 4c", "2c 2d 3h 4s 5c", "Ac Kd Qh Js 9c",
                     "Ac 2d 3h 4s 5c", "Kc Qd Jh Ts 8c", "8c 6d 4h 3s 2c", "7c 6d 5h 4s 2c", "7c 5d 4h 3s 2c")


def test_best_of_k_examples():
    assert R.best_key("high", cards("Ah Kh 2c 3d 4s 5h 9c")) == (4, 3)
    assert R.best_key("high", cards("Ah Kh Qh Jh 9h Ts Tc")) == (5, 12, 11, 10, 9, 7)
    assert R.best_key("ace-five-low", cards("Kc Kd Qh 2s 3c 4d 5h")) == K("ace-five-low", "Qh 5h 4d 3c 2s")
    assert R.best_key("deuce-seven-low", cards("2c 3c 4c 5c 7c 7d 8h")) == K("deuce-seven-low", "7d 5c 4c 3c 2c")
    assert R.best_key("deuce-seven-low", cards("2c 3c 4c 5c 7c 7h 6d")) == K("deuce-seven-low", "7h 5c 4c 3c 2c")
    k, five = R.best_hand("short-deck", cards("Ac 6d 7h 8s 9c 9d 9h"))
    assert k[0] == R.CATEGORY_NAMES["short-deck"].index("three of a kind")  # trips beat the straight
    k, five = R.best_hand("short-deck-pokerkit", cards("Ac 6d 7h 8s 9c 9d 9h"))
    assert k == (4, 7)                                         # pokerkit: the straight


# --------------------------------------------------------------------------
# Omaha
# --------------------------------------------------------------------------

def test_omaha_examples():
    # four hearts on board, one in hand: no flush (exactly two hole cards)
    assert R.omaha_key(cards("Ah Ks Qd Jc"), cards("2h 5h 8h 9h Kd"))[0] == 1
    # one heart on board, four in hand: no flush either
    assert R.omaha_key(cards("Ah Kh Qh Jh"), cards("2h 5c 8d 9s 3c"))[0] == 0
    # a board straight needs two hole cards of it
    assert R.omaha_key(cards("Ac Ad 2s 2h"), cards("5c 6d 7h 8s 9c")) == (1, 12, 7, 6, 5)
    assert R.omaha_key(cards("Ac Ad 2s 2h Kc Kd"), cards("5c 6d 7h")) == (1, 12, 5, 4, 3)
    # trips on board + a pair in hand = full house (two hole + three board)
    assert R.omaha_key(cards("Qc Qd 2s 3h"), cards("Kc Kd Kh 7s 4c")) == (6, 11, 10)
    # low: A-2 in hand, 3-4-5 on board
    hi, lo = R.omaha_hilo_keys(cards("Ac 2d Kh Ks"), cards("3c 4d 7h Qs Qd"))
    assert lo == K("eight-or-better", "7h 4d 3c 2d Ac")
    assert hi == K("high", "Kh Ks Qs Qd 7h")   # high and low use different hole cards
    # with a 5 on board A-2 make both the wheel straight (high) and the wheel (low)
    assert R.omaha_hilo_keys(cards("Ac 2d Kh Ks"), cards("3c 4d 5h Qs Qd")) == \
        ((4, 3), K("eight-or-better", "5h 4d 3c 2d Ac"))
    # only one low card in hand: no low
    assert R.omaha_low_key(cards("Ac Kd Kh Ks"), cards("3c 4d 5h 6s 7d")) == NO_LOW
    # three low cards on the board are needed
    assert R.omaha_low_key(cards("Ac 2d 3h 4s"), cards("5c 9d Th Js Qd")) == NO_LOW
    # counterfeit: board pairs the hand's low card
    assert R.omaha_low_key(cards("Ac 2d Kh Ks"), cards("Ad 2c 7h 8s 6d")) == K("eight-or-better", "8s 7h 6d 2d Ac")


def test_showdown_examples():
    F = Fraction
    board = cards("2c 7d 9h Ks Qd")
    assert R.showdown("high", [cards("Ac Ad"), cards("Kc Kd")], board) == [F(0), F(1)]
    assert R.showdown("high", [cards("Ac 3d"), cards("Ah 3s"), cards("4c 4d")], cards("Tc Jd Qh Ks 2d")) \
        == [F(1, 2), F(1, 2), F(0)]
    # whole 5-card hands, no board
    assert R.showdown("ace-five-low", [cards("Ac 2d 3h 4s 5c"), cards("Ad 2c 3s 4h 6c")]) == [F(1), F(0)]
    assert R.showdown("deuce-seven-low", [cards("7c 5d 4h 3s 2c"), cards("Ac 2d 3h 4s 5c")]) == [F(1), F(0)]
    # eight-or-better alone: nobody qualifies -> everyone ties at NO_LOW
    assert R.showdown("eight-or-better", [cards("Kc Kd Qh Js Tc"), cards("9c 9d 8h 7s 6c")]) == [F(1, 2), F(1, 2)]

    # omaha hi-lo: scoop
    b = cards("3c 4d 5h Kc 9s")
    assert R.showdown("omaha-hilo", [cards("Ac 2d Ks Kd"), cards("Qc Qd Jh Js")], b) == [F(1), F(0)]
    # split high / low: the 7-high straight takes the high, the wheel the low
    assert R.showdown("omaha-hilo", [cards("Ac 2d Qs Jd"), cards("6c 7c Th Js")], b) == [F(1, 2), F(1, 2)]
    # quartered: both have the same nut low, the quad kings take the high
    bq = cards("3c 4d 5h Kc Kd")
    assert R.showdown("omaha-hilo", [cards("Ac 2d Kh Ks"), cards("Ad 2c Qh Js")], bq) == [F(3, 4), F(1, 4)]
    # no low possible on this board: whole pot to the high
    b2 = cards("Tc Jd Qh Kc 9s")
    assert R.showdown("omaha-hilo", [cards("Ac 2d 8s 3d"), cards("Qc Qd 4h 5s")], b2) == [F(0), F(1)]
    # three players, a three-way tie for the high (A-K-J-T-8) and a two-way tie for the low (8-4-3-2-A)
    b3 = cards("2c 3d 8h Ts Js")
    shares = R.showdown("omaha-hilo", [cards("Ac 4c Qd Kh"), cards("Ad 4d Qc Kd"), cards("As 5c 6c Ks")], b3)
    assert shares == [F(1, 6) + F(1, 4), F(1, 6) + F(1, 4), F(1, 6)]
    assert sum(shares) == 1
    assert R.showdown("omaha", [cards("Ac 4c Qd Kh"), cards("5c 6c 9h 7s")], b3) == [F(0), F(1)]


# --------------------------------------------------------------------------
# Exhaustive 5-card counts
# --------------------------------------------------------------------------

EXPECTED_COUNTS = {
    "high": (7462, [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]),
    # ladder: HC, pair, two pair, STRAIGHT, TRIPS, full house, flush, quads, SF
    "short-deck": (1404, [122400, 193536, 36288, 6120, 16128, 1728, 480, 288, 24]),
    # ladder: HC, pair, two pair, TRIPS, STRAIGHT, full house, flush, quads, SF
    "short-deck-pokerkit": (1404, [122400, 193536, 36288, 16128, 6120, 1728, 480, 288, 24]),
    # no pair, pair, two pair, trips, full house, quads
    "ace-five-low": (6175, [1317888, 1098240, 123552, 54912, 3744, 624]),
    # no low, low (56 qualifying values + the NO_LOW sentinel)
    "eight-or-better": (57, [2541616, 57344]),
    # high ladder with A-2-3-4-5 an ace-high hand
    "deuce-seven-low": (7462, [1303560, 1098240, 123552, 54912, 9180, 5112, 3744, 624, 36]),
}


@pytest.mark.parametrize("variant", sorted(EXPECTED_COUNTS))
def test_count_5card(variant):
    distinct, per_cat = R.count_5card(variant)
    want_distinct, want_cats = EXPECTED_COUNTS[variant]
    assert distinct == want_distinct
    assert [per_cat[c] for c in range(len(want_cats))] == want_cats
    assert sum(per_cat.values()) == (376992 if variant.startswith("short") else 2598960)


def test_count_5card_short_deck_bruteforce():
    """The multiset counting argument agrees with visiting all 376,992 short-deck hands."""
    assert R.count_5card_bruteforce("short-deck") == R.count_5card("short-deck")


def test_count_closed_forms():
    from math import comb
    # short deck, by hand: 9 ranks, 6 straights (A-6-7-8-9 .. T-J-Q-K-A)
    hc = (comb(9, 5) - 6) * (4**5 - 4)
    assert EXPECTED_COUNTS["short-deck"][1] == [
        hc, 9 * comb(8, 3) * 6 * 4**3, comb(9, 2) * 7 * 36 * 4, 6 * (4**5 - 4),
        9 * comb(8, 2) * 4 * 16, 9 * 8 * 4 * 6, (comb(9, 5) - 6) * 4, 9 * 8 * 4, 6 * 4]
    assert EXPECTED_COUNTS["eight-or-better"][1][1] == comb(8, 5) * 4**5
    assert EXPECTED_COUNTS["ace-five-low"][0] == comb(13 + 5 - 1, 5) - 13  # rank multisets minus five-of-a-kind


# --------------------------------------------------------------------------
# pokerkit: exhaustive agreement over every 5-card value
# --------------------------------------------------------------------------

def _value_representatives(variant):
    """One hand per (rank multiset, flush?) class of the deck: covers every 5-card value."""
    reps = []
    ranks = sorted({c // 4 for c in R.deck(variant)})
    for ms in R._multisets(ranks):
        for hand, _n in R._representatives(ms):
            reps.append(hand)
    return reps


def _pk_strength(cls, hand):
    """pokerkit strength as a number, larger = stronger (no valid hand, e.g. no low: below all)."""
    h = cls.from_game_or_none(pk(hand))
    if h is None:
        return -10**9
    return -h.entry.index if cls.low else h.entry.index


@pytest.mark.parametrize("variant", sorted(PK_CLASS))
def test_every_5card_value_ordered_as_pokerkit(variant):
    """My keys and pokerkit's strengths are the same total preorder on all 5-card hands.

    Keys depend only on (rank multiset, flush); so do pokerkit's lookups.  On one
    representative per class: key -> strength must be a strictly increasing bijection.
    """
    cls = PK_CLASS[variant]
    pairs = {(key5(variant, h), _pk_strength(cls, h)) for h in _value_representatives(variant)}
    mine = sorted(pairs)
    assert len({k for k, _ in pairs}) == len(pairs) == len({s for _, s in pairs})
    strengths = [s for _, s in mine]
    assert strengths == sorted(strengths)
    assert len(pairs) == EXPECTED_COUNTS[variant][0]


def test_short_deck_differs_from_pokerkit_only_on_straight_vs_trips():
    """Over every pair of short-deck values, docs/rules.md and pokerkit disagree iff straight vs trips."""
    v = "short-deck"
    ST, TR = R.CATEGORY_NAMES[v].index("straight"), R.CATEGORY_NAMES[v].index("three of a kind")
    values = {}
    for h in _value_representatives(v):
        values[key5(v, h)] = _pk_strength(ShortDeckHoldemHand, h)
    items = sorted(values.items())
    assert len(items) == 1404
    disagreements = 0
    for (ka, sa), (kb, sb) in combinations(items, 2):
        assert ka < kb
        if sa > sb:
            disagreements += 1
            assert (ka[0], kb[0]) == (ST, TR)
        else:
            assert sa < sb
    assert disagreements == 6 * 252  # every straight against every trips value


# --------------------------------------------------------------------------
# pokerkit: random deals, best-of-k
# --------------------------------------------------------------------------

@pytest.mark.parametrize("variant", sorted(PK_CLASS))
def test_best_of_k_matches_pokerkit(variant):
    """Hold'em-style deals (2 hole each + 5 board, also 5- and 6-card hands).

    * the 5 cards my best_hand picks are equal-strength to pokerkit's from_game;
    * the two players' keys compare as pokerkit compares their hands;
    * random pairs of all computed hands compare the same way too.
    """
    cls = PK_CLASS[variant]
    rng = random.Random(sum(map(ord, variant)))
    d = R.deck(variant)
    mine, theirs = [], []
    n_deals = 600
    for i in range(n_deals):
        size = (7, 7, 6, 5)[i % 4]
        dealt = rng.sample(d, 4 + size - 2)  # two players with 2 hole cards each + a board of size - 2
        a, b, shared = dealt[:2], dealt[2:4], dealt[4:]
        ka_b = []
        for hole in (a, b):
            hand = hole + shared
            k, five = R.best_hand(variant, hand)
            ref = cls.from_game_or_none(pk(hole), pk(shared))
            mine_pk = cls.from_game_or_none(pk(five))
            # the chosen five are valid in pokerkit exactly when a valid hand exists
            assert (ref is None) == (mine_pk is None) == (k == NO_LOW), (variant, R.cards_str(hand))
            if ref is not None:
                assert mine_pk == ref, (variant, R.cards_str(hand), R.cards_str(five))
            ka_b.append((k, ref))
            mine.append(k)
            theirs.append(ref)
        (k1, h1), (k2, h2) = ka_b
        assert cmp(k1, k2) == pk_cmp(h1, h2), (variant, R.cards_str(a), R.cards_str(b), R.cards_str(shared))
    for _ in range(6000):
        i, j = rng.randrange(len(mine)), rng.randrange(len(mine))
        assert cmp(mine[i], mine[j]) == pk_cmp(theirs[i], theirs[j])


def test_random_5card_pairs_match_pokerkit():
    """Thousands of random 5-card pairs per variant (cheap: one lookup each)."""
    rng = random.Random(2024)
    for variant, cls in PK_CLASS.items():
        d = R.deck(variant)
        hands = [rng.sample(d, 5) for _ in range(3000)]
        keys = [key5(variant, h) for h in hands]
        pks = [cls.from_game_or_none(pk(h)) for h in hands]
        for _ in range(6000):
            i, j = rng.randrange(len(hands)), rng.randrange(len(hands))
            assert cmp(keys[i], keys[j]) == pk_cmp(pks[i], pks[j]), (variant, hands[i], hands[j])


# --------------------------------------------------------------------------
# pokerkit: Omaha and Omaha hi-lo
# --------------------------------------------------------------------------

def _omaha_deals(seed, n):
    rng = random.Random(seed)
    out = []
    for i in range(n):
        n_hole = (4, 5, 6)[i % 3]
        n_board = (5, 3, 4, 5)[i % 4]
        dealt = rng.sample(range(52), 2 * n_hole + n_board)
        out.append((dealt[:n_hole], dealt[n_hole:2 * n_hole], dealt[2 * n_hole:]))
    return out


def test_omaha_matches_pokerkit():
    deals = _omaha_deals(11, 300)
    hi_keys, hi_pk, lo_keys, lo_pk = [], [], [], []
    for a, b, board in deals:
        res = []
        for hole in (a, b):
            k, five = R.omaha_best_high(hole, board)
            ref = OmahaHoldemHand.from_game(pk(hole), pk(board))
            assert OmahaHoldemHand(pk(five)) == ref, (R.cards_str(hole), R.cards_str(board))
            assert len(set(five) & set(hole)) == 2 and len(set(five) & set(board)) == 3
            lk, lfive = R.omaha_best_low(hole, board)
            lref = OmahaEightOrBetterLowHand.from_game_or_none(pk(hole), pk(board))
            assert (lk == NO_LOW) == (lref is None), (R.cards_str(hole), R.cards_str(board))
            if lref is not None:
                assert OmahaEightOrBetterLowHand(pk(lfive)) == lref
                assert len(set(lfive) & set(hole)) == 2 and len(set(lfive) & set(board)) == 3
            res.append((k, ref, lk, lref))
            hi_keys.append(k), hi_pk.append(ref), lo_keys.append(lk), lo_pk.append(lref)
        (k1, r1, l1, q1), (k2, r2, l2, q2) = res
        assert cmp(k1, k2) == pk_cmp(r1, r2)
        assert cmp(l1, l2) == pk_cmp(q1, q2)
    rng = random.Random(5)
    for _ in range(3000):
        i, j = rng.randrange(len(hi_keys)), rng.randrange(len(hi_keys))
        assert cmp(hi_keys[i], hi_keys[j]) == pk_cmp(hi_pk[i], hi_pk[j])
        assert cmp(lo_keys[i], lo_keys[j]) == pk_cmp(lo_pk[i], lo_pk[j])


def test_omaha_low_boards_match_pokerkit():
    """Low-heavy deals (cards mostly A-8) so that many lows qualify and tie."""
    rng = random.Random(99)
    low_cards = [c for c in range(52) if c // 4 <= 6 or c // 4 == 12]
    n_low = 0
    for i in range(150):
        n_hole = (4, 5, 6)[i % 3]
        lows = rng.sample(low_cards, 6)                      # 3 low hole cards, 3 low board cards
        others = rng.sample([c for c in range(52) if c not in lows], 5)
        hole = lows[:3] + others[:n_hole - 3]
        board = lows[3:] + others[3:3 + (2, 0, 1)[i % 3]]
        lk = R.omaha_low_key(hole, board)
        lref = OmahaEightOrBetterLowHand.from_game_or_none(pk(hole), pk(board))
        assert (lk == NO_LOW) == (lref is None)
        if lref is not None:
            n_low += 1
            _, lfive = R.omaha_best_low(hole, board)
            assert OmahaEightOrBetterLowHand(pk(lfive)) == lref
    assert n_low > 50


def _pk_shares(hi, lo):
    """Pot shares from pokerkit hands (lo None for a high-only game): same split rule."""
    def split(hands, amount):
        valid = [h for h in hands if h is not None]
        if not valid:
            return None
        top = max(valid)
        win = [h is not None and h == top for h in hands]
        return [amount / sum(win) if w else Fraction(0) for w in win]
    if lo is None:
        return split(hi, Fraction(1))
    low = split(lo, Fraction(1, 2))
    if low is None:
        return split(hi, Fraction(1))
    return [a + b for a, b in zip(split(hi, Fraction(1, 2)), low)]


def test_omaha_hilo_showdown_matches_pokerkit():
    rng = random.Random(123)
    n_split = 0
    for i in range(120):
        n_players = (2, 3, 4)[i % 3]
        n_hole = (4, 4, 5, 6)[i % 4] if n_players < 4 else 4
        # bias towards low cards so that lows, ties and quartering happen
        pool = [c for c in range(52) if c // 4 <= 6 or c // 4 == 12] if i % 2 else list(range(52))
        dealt = rng.sample(pool, n_players * n_hole + 5)
        holes = [dealt[p * n_hole:(p + 1) * n_hole] for p in range(n_players)]
        board = dealt[n_players * n_hole:]
        shares = R.showdown("omaha-hilo", holes, board)
        assert sum(shares) == 1
        want = _pk_shares([OmahaHoldemHand.from_game(pk(h), pk(board)) for h in holes],
                          [OmahaEightOrBetterLowHand.from_game_or_none(pk(h), pk(board)) for h in holes])
        assert shares == want, ([R.cards_str(h) for h in holes], R.cards_str(board))
        n_split += any(s not in (0, 1) for s in shares)
        hi_only = R.showdown("omaha", holes, board)
        assert hi_only == _pk_shares([OmahaHoldemHand.from_game(pk(h), pk(board)) for h in holes], None)
    assert n_split > 10


@pytest.mark.parametrize("variant", sorted(PK_CLASS))
def test_holdem_style_showdown_matches_pokerkit(variant):
    cls = PK_CLASS[variant]
    rng = random.Random(len(variant))
    d = R.deck(variant)
    for i in range(40):
        n_players = (2, 3, 5)[i % 3]
        dealt = rng.sample(d, 2 * n_players + 5)
        holes = [dealt[2 * p:2 * p + 2] for p in range(n_players)]
        board = dealt[2 * n_players:]
        shares = R.showdown(variant, holes, board)
        pks = [cls.from_game_or_none(pk(h), pk(board)) for h in holes]
        if all(h is None for h in pks):   # eight-or-better alone, nobody qualifies: all tie
            assert shares == [Fraction(1, n_players)] * n_players
        else:
            assert shares == _pk_shares(pks, None)
