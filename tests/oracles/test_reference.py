"""Tests of the independent reference evaluator (tests/reference.py) itself.

The reference is the oracle for the library's tests, so it is checked here
against textbook counts, the named cases of docs/rules.md, and against itself by
several independent routes (plain Python vs vectorised, table lookup vs
recursion over wild counts).  Slow exhaustive checks carry
``@pytest.mark.exhaustive``.
"""

from __future__ import annotations

import os
import random
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from math import comb

import numpy as np
import pytest

from reference import (
    KEY_BASE,
    N_NATURAL_VALUES,
    WILD,
    all_hands,
    cards,
    colex_index,
    decode_key,
    describe_key,
    encode_key,
    ref_best_key,
    ref_key,
    ref_key_wild,
    ref_keys_natural,
    ref_keys_wild,
    wild_hands_and_keys,
    natural_hands_and_keys,
    strength_from_keys,
)

SEED = 20240611

TEXTBOOK_COUNTS = {
    8: 40, 7: 624, 6: 3_744, 5: 5_108, 4: 10_200,
    3: 54_912, 2: 123_552, 1: 1_098_240, 0: 1_302_540,
}
DISTINCT_PER_CATEGORY = {8: 10, 7: 156, 6: 156, 5: 1277, 4: 10, 3: 858, 2: 858, 1: 2860, 0: 1277}


def K(text):
    """Key of a 5-card hand written like 'As Ks W 9d 2c' (wilds allowed)."""
    return ref_key_wild(cards(text))


def enc(key):
    return encode_key(key)


# ---------------------------------------------------------------- fixtures

@pytest.fixture(scope="module")
def natural():
    return natural_hands_and_keys()  # all_hands(5) and ref_keys_natural of them, computed once per process


def _wild_hands(w):
    nat = all_hands(5 - w)
    return np.hstack([nat, np.full((len(nat), w), WILD, dtype=np.uint8)])


@pytest.fixture(scope="module")
def wild():
    """{w: (hands with exactly w wilds (naturals lex order, wilds last), keys)}."""
    out = {w: wild_hands_and_keys(w) for w in range(1, 6)}  # ref_keys_wild of them, computed once per process
    for w, (hands, _) in out.items():
        assert np.array_equal(hands, _wild_hands(w))
    return out


def _colex(sorted_rows):
    """Colex index of ascending rows of any width k (plain formula, independent helper)."""
    rows = np.asarray(sorted_rows, dtype=np.int64)
    table = np.array([[comb(c, i) for i in range(8)] for c in range(53)], dtype=np.int64)
    if rows.shape[1] == 0:
        return np.zeros(len(rows), dtype=np.int64)
    return table[rows, np.arange(1, rows.shape[1] + 1)].sum(axis=1)


# ---------------------------------------------------------------- all_hands / colex

@pytest.mark.parametrize("k,n", [(0, 5), (1, 6), (2, 7), (3, 9), (4, 8), (5, 10), (3, 52), (2, 52)])
def test_all_hands_matches_itertools(k, n):
    got = all_hands(k, n)
    combos = list(combinations(range(n), k))
    want = np.array(combos, dtype=np.uint8).reshape(len(combos), k)
    assert got.dtype == np.uint8
    assert np.array_equal(got, want)


def test_all_hands_five():
    h = all_hands(5)
    assert h.shape == (2_598_960, 5) and h.dtype == np.uint8
    assert (np.diff(h.astype(np.int64), axis=1) > 0).all()  # each row strictly ascending
    as_number = (h.astype(np.int64) * 52 ** np.arange(4, -1, -1)).sum(axis=1)
    assert (np.diff(as_number) > 0).all()  # strictly lexicographic, hence all distinct
    assert h[0].tolist() == [0, 1, 2, 3, 4] and h[-1].tolist() == [47, 48, 49, 50, 51]


def test_colex_index_is_a_bijection():
    idx = colex_index(all_hands(5))
    assert np.array_equal(np.sort(idx), np.arange(comb(52, 5)))


# ---------------------------------------------------------------- encoding

def test_encode_key_examples():
    assert KEY_BASE == 13**5
    assert encode_key((0, 5, 3, 2, 1, 0)) == 5 * 13**4 + 3 * 13**3 + 2 * 13**2 + 1 * 13
    assert encode_key((8, 12)) == 8 * KEY_BASE + 12 * 13**4
    assert encode_key((9, 0)) > encode_key((8, 12))
    assert encode_key((9, 12)) == 9 * KEY_BASE + 12 * 13**4
    with pytest.raises(ValueError):
        encode_key((4, 3, 2))  # straights have one tie-break rank
    with pytest.raises(ValueError):
        encode_key((1, 13, 0, 0, 0))


def test_encode_key_preserves_order_and_roundtrips():
    rng = random.Random(SEED)
    keys = [ref_key(rng.sample(range(52), 5)) for _ in range(3000)]
    keys += [(9, r) for r in range(13)]
    for k in keys:
        e = encode_key(k)
        assert decode_key(e) == k
        assert e // KEY_BASE == k[0]
    for a, b in zip(keys, keys[1:] + keys[:1]):
        assert (a < b) == (encode_key(a) < encode_key(b))
        assert (a == b) == (encode_key(a) == encode_key(b))


# ---------------------------------------------------------------- natural hands, exhaustive counts

def test_natural_distinct_and_category_counts(natural):
    _, keys = natural
    assert len(np.unique(keys)) == N_NATURAL_VALUES == 7462
    cats = keys // KEY_BASE
    assert dict(enumerate(np.bincount(cats, minlength=9).tolist())) == TEXTBOOK_COUNTS
    distinct = {c: len(np.unique(keys[cats == c])) for c in range(9)}
    assert distinct == DISTINCT_PER_CATEGORY


def test_natural_vectorised_matches_textbook_on_random_sample():
    rng = np.random.default_rng(SEED)
    hands = np.argsort(rng.random((20_000, 52)), axis=1)[:, :5]  # random 5 distinct cards, random order
    got = ref_keys_natural(hands)
    want = np.array([encode_key(ref_key(h)) for h in hands.tolist()])
    assert np.array_equal(got, want)


def test_natural_vectorised_matches_textbook_on_every_rare_hand(natural):
    """Every straight, flush, full house, quads, straight flush (~19.7k hands)."""
    hands, keys = natural
    rare = np.nonzero(keys // KEY_BASE >= 4)[0]
    assert len(rare) == 40 + 624 + 3744 + 5108 + 10200
    for i in rare.tolist():
        assert encode_key(ref_key(hands[i].tolist())) == keys[i], hands[i]


def test_straights_and_wheel(natural):
    _, keys = natural
    straight_keys = np.unique(keys[keys // KEY_BASE == 4])
    assert [decode_key(k) for k in straight_keys] == [(4, t) for t in range(3, 13)]
    assert straight_keys[0] == enc(K("Ac 2d 3h 4s 5c"))  # the wheel is the lowest straight
    sf_keys = np.unique(keys[keys // KEY_BASE == 8])
    assert sf_keys[0] == enc(K("Ah 2h 3h 4h 5h")) and sf_keys[-1] == enc(K("Th Jh Qh Kh Ah"))


def test_card_order_and_suit_relabelling_do_not_matter():
    rng = random.Random(SEED)
    for _ in range(500):
        hand = rng.sample(range(52), 5)
        k = ref_key(hand)
        assert ref_key(rng.sample(hand, 5)) == k
        perm = rng.sample(range(4), 4)
        assert ref_key([4 * (c // 4) + perm[c % 4] for c in hand]) == k
    for _ in range(100):
        hand = rng.sample(range(52), 5 - rng.randint(1, 2))
        hand += [WILD] * (5 - len(hand))
        k = ref_key_wild(hand)
        assert ref_key_wild(rng.sample(hand, 5)) == k
        perm = rng.sample(range(4), 4)
        assert ref_key_wild([c if c == WILD else 4 * (c // 4) + perm[c % 4] for c in hand]) == k


def test_bad_input_rejected():
    with pytest.raises(ValueError):
        ref_key([0, 0, 1, 2, 3])
    with pytest.raises(ValueError):
        ref_key([0, 1, 2, 3, WILD])
    with pytest.raises(ValueError):
        ref_key([0, 1, 2, 3])
    with pytest.raises(ValueError):
        ref_key_wild([5, 5, WILD, WILD, 1])
    with pytest.raises(ValueError):
        ref_best_key([0, 1, 2, 3])
    with pytest.raises(ValueError):
        ref_keys_natural(np.array([[0, 1, 2, 3, 3]]))
    with pytest.raises(ValueError):
        ref_keys_wild(np.array([[0, 1, 2, 2, WILD]]))


# ---------------------------------------------------------------- named cases (docs/rules.md)

def test_named_natural_cases():
    # categories in order
    ladder = [
        "7c 5d 4h 3s 2c",          # worst high card
        "Ac Kd Qh Js 9c",          # best high card
        "2c 2d 3h 4s 5c",          # worst pair
        "Ac Ad Kh Qs Jc",          # best pair
        "2c 2d 3h 3s 4c",
        "Ac Ad Kh Ks Qc",
        "2c 2d 2h 3s 4c",
        "Ac Ad Ah Ks Qc",
        "Ac 2d 3h 4s 5c",          # wheel: lowest straight
        "2c 3d 4h 5s 6c",
        "Tc Jd Qh Ks Ac",
        "7h 5h 4h 3h 2h",          # worst flush
        "Ah Kh Qh Jh 9h",
        "2c 2d 2h 3s 3c",
        "Ac Ad Ah Ks Kc",
        "2c 2d 2h 2s 3c",
        "Ac Ad Ah As Kc",
        "Ah 2h 3h 4h 5h",          # steel wheel
        "9s Ts Js Qs Ks",
        "Ts Js Qs Ks As",          # royal flush
    ]
    keys = [K(h) for h in ladder]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert [k[0] for k in keys] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 8]
    assert K("Ac 2d 3h 4s 5c") == (4, 3)
    assert K("Ts Js Qs Ks As") == (8, 12)


def test_named_tie_breaks():
    # a pair of aces beats a pair of kings, whatever the kickers
    assert K("As Ad 7c 4h 2s") > K("Ks Kd Qc Jh 9s")
    # kickers decide
    assert K("Ks Kd 9c 7h 3s") > K("Kh Kc 9d 7s 2c")
    assert K("Ks Kd 9c 8h 2s") > K("Kh Kc 9d 7s 6c")
    assert K("Ks Kd 9c 9h 3s") > K("Kh Kc 9d 9s 2c")       # two pair: kicker
    assert K("Ks Kd 3c 3h 2s") > K("Qh Qc Jd Js Ac")       # two pair: high pair first
    assert K("Ks Kd 9c 9h 2s") > K("Kh Kc 8d 8s Ac")       # two pair: low pair second
    assert K("9s 9d 9c Ah 2s") > K("9h 9c 9d Ks Qc")       # trips kickers (only with wilds / boards)
    assert K("3s 3d 3c 2h 2s") > K("2h 2c 2d As Ac")       # full house: trips rank first
    assert K("As Ad Ac Ah 3s") > K("Kh Kc Kd Ks Qc")       # quads rank first
    assert K("7s 7d 7c 7h Ks") > K("7s 7d 7c 7h Qs")       # quads kicker
    assert K("Ah Qh 9h 5h 3h") > K("Ad Jd Td 8d 6d")       # flush: second card
    assert K("Ah Kh 9h 5h 3h") > K("As Ks 9s 5s 2s")       # flush: last card
    assert K("2c 3d 4h 5s 6c") > K("Ac 2d 3h 4s 5c")       # six-high straight beats the wheel
    assert K("Ac Kd Qh Js 9c") > K("Ac Kd Qh Js 8c")       # high card: all five ranks
    assert K("8c 7d 5h 4s 3c") > K("8d 7h 4c 3s 2d")


def test_suits_never_break_ties():
    assert K("As Ks Qs Js Ts") == K("Ah Kh Qh Jh Th")
    assert K("As Ad 7c 4h 2s") == K("Ah Ac 7d 4s 2h")
    assert K("Ac 2d 3h 4s 5c") == K("As 2s 3s 4s 5d")
    assert K("Ah Qh 9h 5h 3h") == K("Ac Qc 9c 5c 3c")


def test_named_wild_cases():
    # a wild in a flush is the highest rank of that suit not already held
    assert K("Ah W 9h 5h 2h") == (5, 12, 11, 7, 3, 0) == K("Ah Kh 9h 5h 2h")
    assert K("As Ks W 9s 2s") == (5, 12, 11, 10, 7, 0)
    # a wild joins the largest group
    assert K("Kc Kd Kh W 7s") == (7, 11, 5)       # four kings, not kings with an ace kicker
    assert K("Kc Kd W 9s 4h") == (3, 11, 7, 2)    # three kings
    assert K("Kc Kd 9c 9h W") == (6, 11, 7)       # two pair + wild = full house
    # wilds extend straights upward
    assert K("W W Qh Jh Th") == (8, 12)           # royal flush when suited
    assert K("W W Qh Jd Th") == (4, 12)           # else an ace-high straight
    assert K("W 5c 6d 7h 8s") == (4, 7)           # 9-high, not 8-high
    assert K("W 2c 3d 4h 5s") == (4, 4)           # 6-high, not the wheel
    assert K("W Ac Kd Qh Js") == (4, 12)
    assert K("W Ah 2h 3h 4h") == (8, 3)           # steel wheel is the only straight flush possible
    # five of a kind
    assert K("W W W W W") == (9, 12)              # five aces
    assert K("Kc Kd Kh Ks W") == (9, 11)          # five kings
    assert K("2c W W W W") == (9, 0)
    assert K("7c 7d W W W") == (9, 5)
    assert K("W W W W W") > K("Kc Kd Kh Ks W") > K("Ts Js Qs Ks W") == K("Ts Js Qs Ks As")
    # with no wild ref_key_wild is ref_key
    assert K("As Ad 7c 4h 2s") == ref_key(cards("As Ad 7c 4h 2s"))
    # three wilds and two unsuited naturals: four of the higher rank
    assert K("As Kd W W W") == (7, 12, 11)
    assert K("As Ks W W W") == (8, 12)


def test_best_of_seven():
    assert ref_best_key(cards("As Ks Qs Js Ts 2c 3d")) == (8, 12)
    assert ref_best_key(cards("2c 7d Ah Kh Qh Jh Th")) == (8, 12)      # the board plays
    assert ref_best_key(cards("Ac 2d 3h 4s 5c 6d 9h")) == (4, 4)       # six-high, not the wheel
    assert ref_best_key(cards("Ac Ad Ah Kc Kd Qh Qs")) == (6, 12, 11)  # best pair for the boat
    assert ref_best_key(cards("Ac Ad Kh Kc Qd Qh 2s")) == (2, 12, 11, 10)  # third pair plays as kicker
    assert ref_best_key(cards("2h 5h 9h Jh Kh Ah 3c")) == (5, 12, 11, 9, 7, 3)
    assert ref_best_key(cards("Ac Ad Ah As Kc Kd Qh")) == (7, 12, 11)
    assert ref_best_key(cards("W Kc Kd Kh 2s 7d")) == (7, 11, 5)
    assert ref_best_key(cards("W W 9c 9d 9h 9s 2c")) == (9, 7)
    assert ref_best_key(cards("Ac Kd Qh Js Ts 9c")) == (4, 12)
    # five cards: same as ref_key_wild
    assert ref_best_key(cards("W Kc Kd Kh 7s")) == K("W Kc Kd Kh 7s")


def _best_key_whole_hand_exclusion(hand):
    """Alternative reading of rule 4: wilds stand for cards not in the whole 6/7-card hand.

    Five of a kind is still judged per 5-card subset (docs/rules.md: "among the five cards").
    """
    naturals = [c for c in hand if c != WILD]
    w = len(hand) - len(naturals)
    best = max(
        ((9, r) for sub in combinations(hand, 5) for r in range(13)
         if sum(1 for c in sub if c != WILD and c // 4 == r) + sub.count(WILD) >= 5),
        default=(-1,),
    )
    free = [c for c in range(52) if c not in naturals]
    for subs in combinations(free, w):
        full = naturals + list(subs)
        best = max(best, max(ref_key(s) for s in combinations(full, 5)))
    return best


def test_subset_substitution_equals_whole_hand_substitution():
    """The two readings of 'not already in the hand' agree for 6/7-card hands (see report)."""
    rng = random.Random(SEED)
    cases = [(7, 1)] * 25 + [(6, 1)] * 15 + [(6, 2)] * 4 + [(7, 2)] * 3
    for size, w in cases:
        hand = rng.sample(range(52), size - w) + [WILD] * w
        assert ref_best_key(hand) == _best_key_whole_hand_exclusion(hand), hand
    # hands built so the per-subset substitute is held elsewhere in the hand
    for text in ["As Ks Qs Js W Ts 2c", "W Kc Kd Kh Ks 2c 3d", "W 9h 8h 7h 6h 5h 2c", "W W Ah Kh Qh Jh Th"]:
        hand = cards(text)
        assert ref_best_key(hand) == _best_key_whole_hand_exclusion(hand), text


# ---------------------------------------------------------------- wild hands, vectorised

def test_wild_vectorised_matches_brute_force_on_random_sample():
    rng = random.Random(SEED)
    hands = []
    for w, n in [(1, 300), (2, 120), (3, 25), (4, 10), (5, 1)]:
        for _ in range(n):
            hand = rng.sample(range(52), 5 - w) + [WILD] * w
            rng.shuffle(hand)  # wilds anywhere in the row
            hands.append(hand)
    # three-wild hands with a pair (five of a kind) and suited (straight flush) naturals
    hands += [cards("7c 7d W W W"), cards("W 7c W 8c W"), cards("W Ac W 2c W"), cards("2c 7d W W W")]
    hands += [rng.sample(range(52), 5) for _ in range(50)]  # no wild at all
    got = ref_keys_wild(np.array(hands))
    want = [encode_key(ref_key_wild(h)) for h in hands]
    for h, g, wv in zip(hands, got.tolist(), want):
        assert g == wv, (h, describe_key(g), describe_key(wv))


def test_wild_vectorised_exhaustive_by_recursion(natural, wild):
    """Every hand with 1..5 wilds, checked by an independent route.

    Without the five-of-a-kind rule, the value of naturals S plus w wilds is
    max over cards c not in S of the value of S+{c} plus w-1 wilds (a wild
    picks any card not held; the rest pick among the remaining ones).  Build
    that recursively from the natural keys with np.maximum.at over colex
    indices, then apply five of a kind by counting ranks.
    """
    hands5, keys5 = natural
    level = np.full(comb(52, 5), -1, dtype=np.int64)
    level[_colex(hands5)] = keys5  # value by colex index of the naturals held
    for w in range(1, 6):
        n = 5 - w
        parents = all_hands(n + 1)
        parent_vals = level[_colex(parents)]
        level = np.full(comb(52, n), -1, dtype=np.int64)
        for drop in range(n + 1):
            np.maximum.at(level, _colex(np.delete(parents, drop, axis=1)), parent_vals)
        assert (level >= 0).all()

        hands, got = wild[w]
        nat = hands[:, :n].astype(np.int64)
        want = level[_colex(nat)]
        if n == 0:
            five, rank = np.ones(len(nat), bool), np.full(len(nat), 12)
        else:
            counts = np.stack([(nat // 4 == r).sum(axis=1) for r in range(13)], axis=1)
            ok = counts + w >= 5
            five = ok.any(axis=1)
            rank = 12 - np.argmax(ok[:, ::-1], axis=1)  # highest such rank
        want = np.where(five, 9 * KEY_BASE + rank * 13**4, want)
        assert np.array_equal(got, want), w


def test_wild_category_counts(wild):
    cats = {w: np.bincount(keys // KEY_BASE, minlength=10).tolist() for w, (_, keys) in wild.items()}
    # five of a kind: quads+W, trips+2W, pair+3W, any+4W, 5W
    assert [cats[w][9] for w in range(1, 6)] == [13, 13 * 4, 13 * 6, 52, 1]
    # one wild, derived by hand
    one = cats[1]
    assert one[7] == 13 * 4 * 48            # trips + W + kicker -> quads
    assert one[6] == comb(13, 2) * 6 * 6    # two pair + W -> full house
    assert one[2] == 0 and one[0] == 0      # a wild never leaves two pair or high card
    assert sum(one) == comb(52, 4)
    _, keys1 = wild[1]
    assert (keys1 == encode_key((8, 12))).sum() == 4 * 5  # wild royal flushes
    # two wilds: pair + kicker + 2W -> quads
    assert cats[2][7] == 13 * 6 * 48
    assert sum(cats[2][:3]) == 0
    # three wilds: never worse than quads; four wilds: always five of a kind
    assert sum(cats[3][:7]) == 0 and cats[3][7] + cats[3][8] + cats[3][9] == comb(52, 2)
    assert cats[4][9] == 52 and cats[5][9] == 1


def test_every_wild_key_is_a_natural_value_or_five_of_a_kind(natural, wild):
    _, keys5 = natural
    all_keys = np.concatenate([keys5] + [k for _, k in wild.values()])
    assert len(np.unique(all_keys)) == 7462 + 13 == 7475
    strength_from_keys(all_keys)  # raises on an unknown key


def test_replacing_a_card_by_a_wild_never_hurts(natural, wild):
    """key(hand with one natural replaced by W) >= key(hand), for every natural hand."""
    hands5, keys5 = natural
    hands1, keys1 = wild[1]
    one = np.empty(comb(52, 4), dtype=np.int64)
    one[_colex(hands1[:, :4])] = keys1
    for drop in range(5):
        assert (one[_colex(np.delete(hands5, drop, axis=1))] >= keys5).all()


# ---------------------------------------------------------------- strength convention

def test_strength_from_keys(natural):
    _, keys = natural
    s = strength_from_keys(keys)
    assert s.min() == 1 and s.max() == 7462
    assert len(np.unique(s)) == 7462
    order = np.argsort(keys, kind="stable")
    assert (np.diff(s[order]) >= 0).all()
    assert (np.diff(s[order]) > 0).sum() == 7461  # dense: consecutive values differ by 1
    assert (np.diff(s[order]) <= 1).all()
    assert strength_from_keys(enc(K("7c 5d 4h 3s 2c"))) == 1
    assert strength_from_keys(enc(K("7c 6d 4h 3s 2c"))) == 2
    assert strength_from_keys(enc(K("8c 5d 4h 3s 2c"))) == 5   # after 75432, 76432, 76532, 76542
    assert strength_from_keys(enc(K("Ts Js Qs Ks As"))) == 7462
    assert strength_from_keys(enc(K("9s Ts Js Qs Ks"))) == 7461
    assert strength_from_keys(enc(K("Ah 2h 3h 4h 5h"))) == 7453
    assert strength_from_keys(enc(K("Ac Ad Ah As Kc"))) == 7452
    assert strength_from_keys(enc(K("2c 2d 2h 2s 3c"))) == 7297
    assert strength_from_keys(enc((9, 0))) == 7463
    assert strength_from_keys(enc(K("W W W W W"))) == 7475
    assert strength_from_keys(enc(K("Kc Kd Kh Ks W"))) == 7474
    cats = np.array([k[0] for k in map(decode_key, np.unique(keys))])
    assert np.array_equal(np.bincount(cats), [DISTINCT_PER_CATEGORY[c] for c in range(9)])
    with pytest.raises(ValueError):
        strength_from_keys(encode_key((4, 2)))  # no straight tops at a four
    with pytest.raises(ValueError):
        strength_from_keys(encode_key((1, 3, 3, 2, 1)))  # kicker equal to the pair rank


# ---------------------------------------------------------------- exhaustive (slow)

def _textbook_chunk(rows):
    return [encode_key(ref_key(r)) for r in rows]


def _wild_chunk(rows):
    return [encode_key(ref_key_wild(r)) for r in rows]


def _parallel(fn, rows, chunks=64):
    parts = [rows[i::chunks] for i in range(chunks)]
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as ex:
        results = list(ex.map(fn, parts))
    out = [None] * len(rows)
    for i, res in enumerate(results):
        out[i::chunks] = res
    return out


@pytest.mark.exhaustive
def test_exhaustive_natural_textbook_equals_vectorised(natural):
    """ref_key on all 2,598,960 hands (about 15 s per core)."""
    hands, keys = natural
    got = _parallel(_textbook_chunk, hands.tolist())
    assert np.array_equal(np.array(got, dtype=np.int64), keys)


# Every 4- and 5-wild hand; for 1-3 wilds an evenly spaced sample (every 20th, 40th, 40th hand of the
# lexicographic order, so every first card and every wild count is covered): the pure-Python brute
# force costs 13-26 M ref_key calls per wild count on all of them (about 6 minutes on two cores),
# and test_wild_vectorised_exhaustive_by_recursion already checks every one of those hands by an
# independent route.
WILD_BRUTE_FORCE_STEP = {1: 20, 2: 40, 3: 40, 4: 1, 5: 1}


@pytest.mark.exhaustive
@pytest.mark.parametrize("w", [1, 2, 3, 4, 5])
def test_wild_brute_force_equals_vectorised(wild, w):
    """ref_key_wild, the pure-Python brute force, against the vectorised reference."""
    hands, keys = wild[w]
    step = WILD_BRUTE_FORCE_STEP[w]
    got = _parallel(_wild_chunk, hands[::step].tolist())
    assert np.array_equal(np.array(got, dtype=np.int64), keys[::step])
