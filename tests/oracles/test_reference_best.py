"""Tests of the reference evaluator's best-5-of-k routines (tests/reference.py).

ref_best_keys (vectorised, table lookups) is checked against the scalar
ref_best_key (plain Python, docs/rules.md word for word), against a second
vectorised route (every 5-card subset through ref_keys_wild, no combined
table), on named cases, and by exhaustive category counts of all 5- and
6-card hands against the published frequencies.  (Every 7-card hand is
counted by pokerlut itself against the published frequencies in
tests/evaluate/test_evaluate_six_seven.py; the reference's own 7-card count, 133,784,560 hands in
numpy, took longer than the rest of this file and was dropped to keep the run
short.)
"""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest

from reference import (
    WILD,
    all_hands,
    cards,
    decode_key,
    describe_key,
    encode_key,
    ref_best_key,
    ref_best_keys,
    ref_category_counts,
    ref_key_wild,
    ref_keys_natural,
    ref_keys_wild,
)

SEED = 20240612

COUNTS_5 = {  # textbook: 2,598,960 five-card hands
    8: 40, 7: 624, 6: 3_744, 5: 5_108, 4: 10_200,
    3: 54_912, 2: 123_552, 1: 1_098_240, 0: 1_302_540,
}
COUNTS_6 = {  # published six-card frequencies (best five of six), 20,358,520 hands
    8: 1_844, 7: 14_664, 6: 165_984, 5: 205_792, 4: 361_620,
    3: 732_160, 2: 2_532_816, 1: 9_730_740, 0: 6_612_900,
}


def random_hands(rng: np.random.Generator, n: int, k: int, wilds) -> np.ndarray:
    """n rows of k cards: distinct naturals plus `wilds` (int or per-row array) wilds, shuffled."""
    w = np.broadcast_to(np.asarray(wilds), (n,))
    h = np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)
    h[np.arange(k)[None, :] < w[:, None]] = WILD
    return rng.permuted(h, axis=1)  # wilds anywhere in the row


def best_by_subsets(hands: np.ndarray) -> np.ndarray:
    """Second route: every 5-card subset through ref_keys_wild, then the max per row.

    Subsets with 4 or 5 wilds (always five of a kind) go through the scalar
    ref_key_wild, which decides them without brute force; ref_keys_wild
    would try all C(51, 4) or C(52, 5) substitutions for each.
    """
    hands = np.asarray(hands)
    n, k = hands.shape
    subs = hands[:, list(combinations(range(k), 5))].reshape(-1, 5)  # (n * C(k,5), 5)
    keys = np.empty(len(subs), dtype=np.int64)
    many = (subs == WILD).sum(axis=1) >= 4
    keys[~many] = ref_keys_wild(subs[~many])
    keys[many] = [encode_key(ref_key_wild(s)) for s in subs[many].tolist()]
    return keys.reshape(n, -1).max(axis=1)


def best(text: str) -> int:
    """ref_best_keys of one hand written like 'As Ks W 9d 2c 3h', checked against the scalar."""
    hand = cards(text)
    got = int(ref_best_keys(np.array([hand]))[0])
    want = encode_key(ref_best_key(hand))
    assert got == want, (text, describe_key(got), describe_key(want))
    return got


def B(text: str) -> tuple:
    return decode_key(best(text))


# ---------------------------------------------------------------- agreement with the scalar

def test_five_cards_equal_ref_keys_natural_and_wild():
    rng = np.random.default_rng(SEED)
    nat = random_hands(rng, 20_000, 5, 0)
    assert np.array_equal(ref_best_keys(nat), ref_keys_natural(nat))
    # ref_keys_wild brute-forces every substitution, so few rows with 3+ wilds
    w = np.concatenate([rng.integers(0, 3, 20_000), [3] * 50, [4] * 3, [5]])
    wild = random_hands(rng, len(w), 5, w)
    assert np.array_equal(ref_best_keys(wild), ref_keys_wild(wild))
    # every 5-card hand with exactly one wild, wild in each position
    four = all_hands(4)
    one = ref_best_keys(np.hstack([four, np.full((len(four), 1), WILD, np.uint8)]))
    for pos in range(4):
        hands = np.insert(four, pos, WILD, axis=1)
        assert np.array_equal(ref_best_keys(hands), one)
    assert np.array_equal(one[:200], ref_keys_wild(np.insert(four[:200], 2, WILD, axis=1)))


@pytest.mark.parametrize(
    "k,w,n",
    [
        (6, 0, 1500), (7, 0, 1500),
        (6, 1, 300), (7, 1, 300),
        (6, 2, 25), (7, 2, 20),
        (6, 3, 3), (7, 3, 2),
        (6, 4, 2), (7, 4, 1),
    ],
)
def test_matches_scalar_ref_best_key(k, w, n):
    rng = np.random.default_rng([SEED, k, w])
    hands = random_hands(rng, n, k, w)
    got = ref_best_keys(hands)
    for hand, g in zip(hands.tolist(), got.tolist()):
        want = encode_key(ref_best_key(hand))
        assert g == want, (hand, describe_key(g), describe_key(want))


def test_matches_subset_route_with_many_wilds():
    """Second vectorised route, 0..7 wilds, 6 and 7 cards (a few thousand hands)."""
    rng = np.random.default_rng(SEED + 1)
    for k, n in [(6, 1000), (7, 250)]:
        w = rng.choice(k + 1, size=n, p=None)
        hands = random_hands(rng, n, k, w)
        assert np.array_equal(ref_best_keys(hands), best_by_subsets(hands)), k


def test_matches_scalar_on_structured_wild_hands():
    """Wild hands built around a pair or trips and a suited run (full houses, quads,
    five of a kind, straight flushes, substitutes held elsewhere in the hand)."""
    rng = random.Random(SEED)
    for _ in range(40):
        k, w = rng.choice([6, 7]), rng.choice([1, 1, 2])
        r, s = rng.randrange(13), rng.randrange(4)
        group = [4 * r + (s + i) % 4 for i in range(rng.randint(2, 3))]
        run = [4 * ((r + 1 + i) % 13) + s for i in range(rng.randint(2, 4))]
        pool = list(dict.fromkeys(group + run))
        naturals = rng.sample(pool, min(len(pool), k - w))
        naturals += rng.sample([c for c in range(52) if c not in naturals], k - w - len(naturals))
        hand = naturals + [WILD] * w
        rng.shuffle(hand)
        got = int(ref_best_keys(np.array([hand]))[0])
        want = encode_key(ref_best_key(hand))
        assert got == want, (hand, describe_key(got), describe_key(want))


def test_order_chunking_and_suit_relabelling_do_not_matter():
    rng = np.random.default_rng(SEED + 2)
    hands = random_hands(rng, 5000, 7, rng.integers(0, 4, 5000))
    keys = ref_best_keys(hands)
    assert np.array_equal(ref_best_keys(rng.permuted(hands, axis=1)), keys)
    assert np.array_equal(ref_best_keys(hands, chunk_rows=7), keys)
    perm = rng.permutation(4)
    relabelled = np.where(hands == WILD, WILD, 4 * (hands // 4) + perm[hands % 4]).astype(np.uint8)
    assert np.array_equal(ref_best_keys(relabelled), keys)


def test_best_of_seven_is_best_of_its_sixes_and_wild_never_hurts():
    rng = np.random.default_rng(SEED + 3)
    hands = random_hands(rng, 20_000, 7, rng.integers(0, 3, 20_000))
    keys = ref_best_keys(hands)
    sixes = np.stack([ref_best_keys(np.delete(hands, d, axis=1)) for d in range(7)], axis=1)
    assert np.array_equal(sixes.max(axis=1), keys)
    # replacing any card by a wild never lowers the value
    for col in range(7):
        w = hands.copy()
        w[:, col] = WILD
        assert (ref_best_keys(w) >= keys).all()


def test_bad_input_rejected():
    for bad in [
        np.zeros((3, 4), np.uint8),
        np.zeros((3, 8), np.uint8),
        np.zeros(7, np.uint8),
        np.array([[0, 1, 2, 3, 4, 5, 5]]),      # duplicate natural
        np.array([[0, 1, 2, 3, 4, 5, 53]]),     # no such card
        np.array([[0, 1, 2, 3, 4, 5, -1]]),
    ]:
        with pytest.raises(ValueError):
            ref_best_keys(bad)
    assert ref_best_keys(np.zeros((0, 7), np.uint8)).shape == (0,)
    # any number of wilds is fine
    assert ref_best_keys(np.full((1, 7), WILD))[0] == encode_key((9, 12))


# ---------------------------------------------------------------- named cases

def test_board_plays():
    assert B("2c 7d Ah Kh Qh Jh Th") == (8, 12)                 # royal flush on the board
    assert B("2c 3d As Ad Ks Kc Qd") == (2, 12, 11, 10)         # board two pair, board kicker
    assert B("4c 4d As Ad Ks Kc Qd") == (2, 12, 11, 10)         # a third pair does not play
    assert B("2c 3d Ah Kd Qs Jh 9c") == (0, 12, 11, 10, 9, 7)   # high card, all on board
    assert best("2c 3d As Ad Ks Kc Qd") == best("4h 5h Ah Ac Kh Kd Qc")  # a tie: split


def test_made_hands_compete():
    # flush and straight in the same 7 cards: the flush wins
    assert B("5h 6c 7h 8h 9d Kh 2h") == (5, 11, 6, 5, 3, 0)
    # flush and trips: the flush wins
    assert B("9h 9c 9d Ah Kh 5h 2h") == (5, 12, 11, 7, 3, 0)
    # straight flush beats a higher plain straight in the same hand
    assert B("5h 6h 7h 8h 9h Tc Jd") == (8, 7)
    # quads and a full house: quads, best kicker
    assert B("9c 9d 9h 9s Kc Kd 2h") == (7, 7, 11)
    # flush + full house (naturals need 8 cards for both, so with a wild):
    # Kh 9h 5h 2h + W is an ace-high flush, Kh Kc 9h 9c + W is kings full: full house wins
    assert B("Kh Kc 9h 9c 5h 2h W") == (6, 11, 7)


def test_two_straights_higher_wins():
    assert B("4c 5d 6h 7s 8c 9d Th") == (4, 8)         # ten-high, not eight- or nine-high
    assert B("Ac 2d 3h 4s 5c 6d Kh") == (4, 4)         # six-high beats the wheel
    assert B("Ac 2d 3h 4s 5c Kd Qh") == (4, 3)         # only the wheel
    assert B("Ac Kd Qh Js Tc 9d 8h") == (4, 12)        # broadway over king-high
    assert B("Ac 2d 3h 4s 5c 6d 7h") == (4, 5)


def test_trips_pairs_and_kickers():
    assert B("Kc Kd Kh 7c 7d 7h") == (6, 11, 5)         # 6 cards, two trips: kings full of sevens
    assert B("7c 7d 7h Kc Kd Kh Ac") == (6, 11, 5)      # the ace cannot play
    assert B("Ac Ad 9h 9c 4d 4h 7s") == (2, 12, 7, 5)   # three pairs: AA 99, seven kicker
    assert B("Ac Ad 9h 9c 8d 8h 2s") == (2, 12, 7, 6)   # the third pair's card is the kicker
    assert B("Ac Ad Ah Kc Kd Qh Qs") == (6, 12, 11)     # trips + two pairs: best pair
    assert B("Ac Ad 9h 7c 5d 4h 2s") == (1, 12, 7, 5, 3)  # pair, three best kickers
    assert B("9c 9d 9h Ac 7d 4h 2s") == (3, 7, 12, 5)


def test_wild_cases():
    # 4 suited + wild among 7: a flush with the best missing rank of that suit
    assert B("Ah 9h 5h 2h W Kc 3d") == (5, 12, 11, 7, 3, 0)   # W = Kh (Kc does not block it)
    assert B("Ah Kh 9h 5h W Kc 3d") == (5, 12, 11, 10, 7, 3)  # W = Qh: no double ace or king
    assert B("Ah W 9h 5h 2h Kc Qd") == (5, 12, 11, 7, 3, 0)   # A-W-9-5-2 plays as A-K-9-5-2
    # two wilds prefer a straight to trips
    assert B("W W 2c 7d 9h Jd Ks") == (4, 11)
    # a wild completes the higher straight, upward
    assert B("W 5c 6d 7h 8s 2c 2d") == (4, 7)
    # a wild joins the biggest group; with quads it makes five of a kind
    assert B("W Kc Kd Kh 7s 2c 3d") == (7, 11, 5)
    assert B("W 9c 9d 9h 9s 2c 3d") == (9, 7)
    assert B("W Kc Kd 9s 9h 4c 2d") == (6, 11, 7)
    # substitutes held elsewhere in the hand (rule 4: per 5-card subset)
    assert B("As Ks Qs Js W Ts 2c") == (8, 12)
    assert B("W Qs Js Ts 9s Ks 2c") == (8, 12)               # W = As, a royal flush
    # many wilds
    assert B("W W W W W W W") == (9, 12)
    assert B("W W W W W W 2c") == (9, 12)                    # five wilds: five aces
    assert B("W W W W 2c 3d 4h") == (9, 2)                   # four wilds + the best natural
    # three wilds, four unpaired naturals of four suits: no straight flush, no
    # five of a kind; the best is W W W 5s + the best other card: four fives, four kicker
    assert B("W W W 2c 3d 4h 5s") == (7, 3, 2)
    assert B("W W W 2c 3c 4h 5s") == (8, 4)                  # 2c 3c W W W: a six-high straight flush


# ---------------------------------------------------------------- category counts

def test_category_counts_5():
    assert ref_category_counts(5) == COUNTS_5


def test_category_counts_bad_k():
    with pytest.raises(ValueError):
        ref_category_counts(8)


@pytest.mark.exhaustive
def test_category_counts_6():
    """Every 6-card hand (20,358,520), about 2 s once the table is built."""
    counts = ref_category_counts(6)
    assert counts == COUNTS_6
    assert sum(counts.values()) == 20_358_520


