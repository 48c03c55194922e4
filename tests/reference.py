"""Independent, slow, obviously-correct reference poker hand evaluator.

This module is the oracle the pokerlut test suite checks the library against.
It is written from the rules (``docs/rules.md``) alone and deliberately
shares no code, tables or algorithms with the library under test.  It uses
plain Python (one hand at a time, the textbook way) plus a few numpy
vectorised helpers that are themselves cross-checked against the plain
Python versions in ``tests/oracles/test_reference.py``.

Cards
-----
``card = 4 * rank + suit`` with rank 0 = deuce .. 12 = ace and suit 0..3;
the wild card (joker) is ``52``.

Keys
----
A *key* is a tuple; a higher tuple is a stronger hand, equal tuples tie.
``key[0]`` is the category:

    0 high card, 1 one pair, 2 two pair, 3 three of a kind, 4 straight,
    5 flush, 6 full house, 7 four of a kind, 8 straight flush,
    9 five of a kind (wilds only)

followed by the tie-break ranks (0..12) as docs/rules.md orders them:

    high card / flush      all five ranks, highest first         (5 digits)
    one pair               pair rank, 3 kickers highest first    (4 digits)
    two pair               high pair, low pair, kicker           (3 digits)
    three of a kind        trips rank, 2 kickers highest first   (3 digits)
    straight / str. flush  top card (wheel A-2-3-4-5 -> 5, i.e. rank 3) (1)
    full house             trips rank, pair rank                 (2 digits)
    four of a kind         quad rank, kicker                     (2 digits)
    five of a kind         its rank                              (1 digit)

Within one category every key has the same length, so tuple comparison is
exactly the poker comparison.

Integer encoding
----------------
``encode_key`` maps a key to ``category * KEY_BASE + d0*13**4 + d1*13**3 +
d2*13**2 + d3*13 + d4`` where ``d0..`` are the tie-break ranks, right-padded
with zeros to five digits, and ``KEY_BASE = 13**5``.  Hence
``category == encoded // KEY_BASE`` and the encoding preserves order (padding
is the same within a category; the category dominates across categories).
Five of a kind ``(9, r)`` encodes to ``9 * KEY_BASE + r * 13**4``, above
every straight flush.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations
from math import comb

import numpy as np

WILD = 52
N_NATURAL = 52
RANK_BASE = 13
N_DIGITS = 5
KEY_BASE = RANK_BASE**N_DIGITS  # 371293: weight of the category in an encoded key

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIVE_KIND = range(10)
CATEGORY_NAMES = (
    "high card", "one pair", "two pair", "three of a kind", "straight",
    "flush", "full house", "four of a kind", "straight flush", "five of a kind",
)
# number of tie-break digits that follow the category in a key tuple
TIEBREAK_DIGITS = {0: 5, 1: 4, 2: 3, 3: 3, 4: 1, 5: 5, 6: 2, 7: 2, 8: 1, 9: 1}

N_NATURAL_VALUES = 7462  # distinct values of natural 5-card hands (docs/rules.md)


# --------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------

_RANK_CHARS = "23456789TJQKA"
_SUIT_CHARS = "cdhs"


def card(text: str) -> int:
    """Parse 'As', 'td', 'W' -> card id.  Convenience for tests only."""
    t = text.strip()
    if t.upper() in ("W", "JK", "*"):
        return WILD
    rank = _RANK_CHARS.index(t[0].upper())
    suit = _SUIT_CHARS.index(t[1].lower())
    return 4 * rank + suit


def cards(text: str) -> list[int]:
    """Parse a space separated list, e.g. 'As Ks W 9d' -> ids."""
    return [card(tok) for tok in text.split()]


def _check_natural_hand(hand, n=5):
    hand = [int(c) for c in hand]
    if len(hand) != n:
        raise ValueError(f"expected {n} cards, got {len(hand)}")
    if any(c < 0 or c > 51 for c in hand):
        raise ValueError(f"natural card ids are 0..51: {hand}")
    if len(set(hand)) != len(hand):
        raise ValueError(f"duplicate natural card: {hand}")
    return hand


def _check_wild_hand(hand, sizes=(5,)):
    hand = [int(c) for c in hand]
    if len(hand) not in sizes:
        raise ValueError(f"expected {sizes} cards, got {len(hand)}")
    if any(c < 0 or c > WILD for c in hand):
        raise ValueError(f"card ids are 0..52: {hand}")
    naturals = [c for c in hand if c != WILD]
    if len(set(naturals)) != len(naturals):
        raise ValueError(f"duplicate natural card: {hand}")
    return hand


# --------------------------------------------------------------------------
# 1-3. Plain Python, one hand at a time
# --------------------------------------------------------------------------

def ref_key(cards) -> tuple:
    """Key of exactly 5 distinct natural cards (ids 0..51), the textbook way."""
    hand = _check_natural_hand(cards)
    ranks = sorted((c // 4 for c in hand), reverse=True)
    suits = [c % 4 for c in hand]

    is_flush = len(set(suits)) == 1

    straight_top = None
    if len(set(ranks)) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:  # wheel A-5-4-3-2: the ace plays low
            straight_top = 3
    is_straight = straight_top is not None

    # groups of equal rank, biggest group first, then higher rank first
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]

    if is_straight and is_flush:
        return (STRAIGHT_FLUSH, straight_top)
    if shape == [4, 1]:
        return (QUADS, order[0], order[1])
    if shape == [3, 2]:
        return (FULL_HOUSE, order[0], order[1])
    if is_flush:
        return (FLUSH, *ranks)
    if is_straight:
        return (STRAIGHT, straight_top)
    if shape == [3, 1, 1]:
        return (TRIPS, *order)
    if shape == [2, 2, 1]:
        return (TWO_PAIR, *order)
    if shape == [2, 1, 1, 1]:
        return (PAIR, *order)
    assert shape == [1, 1, 1, 1, 1]
    return (HIGH_CARD, *ranks)


def ref_key_wild(cards) -> tuple:
    """Key of 5 cards that may hold any number of wilds (id 52).

    Five of a kind first: if some rank r has count(r) + wilds >= 5, the key is
    (9, r) for the highest such r (five wilds -> (9, 12)).  Otherwise brute
    force: the best ref_key over every way to replace the wilds by distinct
    natural cards that are not already in the hand.
    """
    hand = _check_wild_hand(cards)
    naturals = [c for c in hand if c != WILD]
    n_wild = len(hand) - len(naturals)
    if n_wild == 0:
        return ref_key(hand)
    for r in range(12, -1, -1):
        if sum(1 for c in naturals if c // 4 == r) + n_wild >= 5:
            return (FIVE_KIND, r)
    available = [c for c in range(N_NATURAL) if c not in naturals]
    return max(ref_key(naturals + list(sub)) for sub in combinations(available, n_wild))


def ref_best_key(cards) -> tuple:
    """Key of 5, 6 or 7 cards (wilds allowed): best ref_key_wild over 5-card subsets."""
    hand = _check_wild_hand(cards, sizes=(5, 6, 7))
    return max(ref_key_wild(sub) for sub in combinations(hand, 5))


# --------------------------------------------------------------------------
# 4. Integer encoding
# --------------------------------------------------------------------------

def encode_key(key_tuple) -> int:
    """Order-preserving int: category * 13**5 + tie-break ranks as base-13 digits.

    The tie-break digits are right-padded with zeros to 5 digits, so
    ``encode_key(k) // KEY_BASE == k[0]``.
    """
    cat, *digits = (int(x) for x in key_tuple)
    if not 0 <= cat <= 9:
        raise ValueError(f"bad category in {key_tuple}")
    if len(digits) != TIEBREAK_DIGITS[cat] or any(not 0 <= d <= 12 for d in digits):
        raise ValueError(f"bad tie-break ranks in {key_tuple}")
    value = 0
    for d in digits + [0] * (N_DIGITS - len(digits)):
        value = value * RANK_BASE + d
    return cat * KEY_BASE + value


def decode_key(encoded: int) -> tuple:
    """Inverse of encode_key (for readable test failures)."""
    encoded = int(encoded)
    cat, rest = divmod(encoded, KEY_BASE)
    digits = []
    for i in range(N_DIGITS - 1, -1, -1):
        digits.append(rest // RANK_BASE**i % RANK_BASE)
    return (cat, *digits[: TIEBREAK_DIGITS[cat]])


def describe_key(key) -> str:
    if not isinstance(key, tuple):
        key = decode_key(key)
    return CATEGORY_NAMES[key[0]] + " " + "".join(_RANK_CHARS[d] for d in key[1:])


# --------------------------------------------------------------------------
# 6. All k-card combinations, lexicographic order
# --------------------------------------------------------------------------

def all_hands(k: int = 5, n: int = N_NATURAL) -> np.ndarray:
    """Every k-combination of range(n) as a (C(n, k), k) uint8 array, lex order."""
    return _all_hands_cached(k, n).copy()


@lru_cache(maxsize=None)
def _all_hands_cached(k: int, n: int) -> np.ndarray:
    if not 0 <= k <= n <= 255:
        raise ValueError("need 0 <= k <= n <= 255")
    # tails[s] = all j-combinations of range(s, n) in lex order, for j = 0..k
    tails = [np.zeros((1, 0), np.uint8) for _ in range(n + 1)]
    for j in range(1, k + 1):
        new = [np.zeros((0, j), np.uint8) for _ in range(n + 1)]
        # combos of range(s, n) = [s + combos of range(s+1, n)] then combos of range(s+1, n)
        for s in range(n - 1, -1, -1):
            t = tails[s + 1]
            head = np.empty((len(t), j), np.uint8)
            head[:, 0] = s
            head[:, 1:] = t
            new[s] = np.concatenate([head, new[s + 1]])
        tails = new
    out = tails[0]
    assert len(out) == comb(n, k)
    out.setflags(write=False)
    return out


# --------------------------------------------------------------------------
# 5. Vectorised natural evaluator (independent of ref_key)
# --------------------------------------------------------------------------

def ref_keys_natural(hands) -> np.ndarray:
    """Encoded keys (int64) of an (N, 5) array of natural hands, vectorised."""
    h = np.asarray(hands)
    if h.ndim != 2 or h.shape[1] != 5:
        raise ValueError(f"expected an (N, 5) array, got shape {h.shape}")
    h = h.astype(np.int64)
    if h.size and (h.min() < 0 or h.max() > 51):
        raise ValueError("natural card ids are 0..51")
    hs = np.sort(h, axis=1)
    if (hs[:, 1:] == hs[:, :-1]).any():
        raise ValueError("duplicate natural card in a hand")

    ranks = h // 4
    suits = h % 4
    # for each card: how many cards of the hand share its rank (itself included)
    same = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    # order cards by (group size, rank), descending: that is the tie-break order
    order = -np.sort(-(same * 16 + ranks), axis=1)
    r = order % 16
    size = order // 16

    starts = np.ones(r.shape, dtype=bool)
    starts[:, 1:] = r[:, 1:] != r[:, :-1]
    n_groups = starts.sum(axis=1)
    biggest = size[:, 0]

    # tie-break digits: the rank of each group, in order, padded to 5 digits
    digits = np.zeros(len(h), dtype=np.int64)
    n_digits = np.zeros(len(h), dtype=np.int64)
    for j in range(5):
        digits = np.where(starts[:, j], digits * RANK_BASE + r[:, j], digits)
        n_digits += starts[:, j]
    digits = digits * RANK_BASE ** (N_DIGITS - n_digits)

    flush = (suits == suits[:, :1]).all(axis=1)
    spread = r[:, 0] - r[:, 4]  # with 5 distinct ranks r is sorted high..low
    plain_straight = (n_groups == 5) & (spread == 4)
    wheel = (n_groups == 5) & (r[:, 0] == 12) & (r[:, 1] == 3)
    straight = plain_straight | wheel
    top = np.where(wheel, 3, r[:, 0])

    cat = np.select(
        [
            straight & flush,
            (n_groups == 2) & (biggest == 4),
            (n_groups == 2) & (biggest == 3),
            flush,
            straight,
            (n_groups == 3) & (biggest == 3),
            (n_groups == 3) & (biggest == 2),
            n_groups == 4,
        ],
        [STRAIGHT_FLUSH, QUADS, FULL_HOUSE, FLUSH, STRAIGHT, TRIPS, TWO_PAIR, PAIR],
        default=HIGH_CARD,
    ).astype(np.int64)
    tiebreak = np.where(straight, top * RANK_BASE**4, digits)
    return cat * KEY_BASE + tiebreak


# --------------------------------------------------------------------------
# Colex index and the table of all natural keys
# --------------------------------------------------------------------------

# _BINOM[c, i] = C(c, i)
_BINOM = np.array([[comb(c, i) for i in range(6)] for c in range(N_NATURAL + 1)], dtype=np.int64)
N_HANDS5 = comb(52, 5)


def colex_index(sorted_hands) -> np.ndarray:
    """Combinatorial number of ascending-sorted 5-card rows: sum C(c_i, i+1).

    A bijection from the C(52, 5) sets onto 0..C(52, 5)-1.  Works on any
    leading shape (..., 5).
    """
    s = np.asarray(sorted_hands)
    return _BINOM[s, np.arange(1, 6)].sum(axis=-1)


@lru_cache(maxsize=None)
def natural_hands_and_keys() -> tuple[np.ndarray, np.ndarray]:
    """Every natural 5-card hand (lex order) and its encoded key, computed once per process (read-only):
    the reference table below and the tests that check every hand share the one computation."""
    hands = _all_hands_cached(5, N_NATURAL)  # lex order => rows already sorted ascending
    keys = ref_keys_natural(hands)
    keys.setflags(write=False)
    return hands, keys


@lru_cache(maxsize=None)
def wild_hands_and_keys(w: int) -> tuple[np.ndarray, np.ndarray]:
    """Every 5-card hand with exactly ``w`` wilds (the naturals in lex order, the wilds last) and its
    encoded key by the vectorised brute force, computed once per process (read-only)."""
    nat = _all_hands_cached(5 - w, N_NATURAL) if w < 5 else np.empty((1, 0), dtype=np.uint8)
    hands = np.hstack([nat, np.full((len(nat), w), WILD, dtype=np.uint8)])
    keys = ref_keys_wild(hands)
    hands.setflags(write=False)
    keys.setflags(write=False)
    return hands, keys


@lru_cache(maxsize=None)
def _natural_key_table() -> np.ndarray:
    """Encoded key of every natural 5-card hand, indexed by colex index."""
    hands, keys = natural_hands_and_keys()
    table = np.full(N_HANDS5, -1, dtype=np.int64)
    table[colex_index(hands)] = keys
    assert (table >= 0).all()
    table.setflags(write=False)
    return table


@lru_cache(maxsize=None)
def natural_distinct_keys() -> np.ndarray:
    """The sorted distinct encoded keys of all natural hands (7,462 of them)."""
    u = np.unique(_natural_key_table())
    assert len(u) == N_NATURAL_VALUES, len(u)
    u.setflags(write=False)
    return u


# --------------------------------------------------------------------------
# 7. Vectorised brute force over wild substitutions
# --------------------------------------------------------------------------

def encode_five_kind(rank):
    """Encoded key of five of a kind of `rank` (int or array)."""
    return FIVE_KIND * KEY_BASE + np.asarray(rank, dtype=np.int64) * RANK_BASE**4


def ref_keys_wild(hands, chunk_rows: int = 1 << 21) -> np.ndarray:
    """Encoded keys (int64) of an (N, 5) array whose cards may be wild (52).

    Same value as encode_key(ref_key_wild(h)) for every row: five of a kind
    where count(r) + wilds >= 5, otherwise the maximum natural key over every
    set of distinct substitutes not already in the hand (looked up in the
    precomputed table of all natural hands by colex index).  `chunk_rows`
    bounds the number of substituted hands held in memory at once.
    """
    h = np.asarray(hands)
    if h.ndim != 2 or h.shape[1] != 5:
        raise ValueError(f"expected an (N, 5) array, got shape {h.shape}")
    h = np.sort(h.astype(np.int64), axis=1)  # wilds (52) sort to the end
    if h.size and (h.min() < 0 or h.max() > WILD):
        raise ValueError("card ids are 0..52")
    if ((h[:, 1:] == h[:, :-1]) & (h[:, 1:] != WILD)).any():
        raise ValueError("duplicate natural card in a hand")

    table = _natural_key_table()
    n_wild = (h == WILD).sum(axis=1)
    out = np.empty(len(h), dtype=np.int64)
    for w in range(6):
        rows = np.nonzero(n_wild == w)[0]
        if len(rows) == 0:
            continue
        nat = h[rows, : 5 - w]
        if w == 0:
            out[rows] = table[colex_index(nat)]
            continue
        keys = _best_substitution(nat, w, table, chunk_rows)
        # five of a kind: count(r) + w >= 5 among 5 cards <=> every natural has rank r
        if w == 5:
            five, five_rank = np.ones(len(rows), bool), np.full(len(rows), 12)
        else:
            nat_ranks = nat // 4
            five = (nat_ranks == nat_ranks[:, :1]).all(axis=1)
            five_rank = nat_ranks[:, 0]
        keys[five] = encode_five_kind(five_rank[five])
        out[rows] = keys
    return out


def _best_substitution(nat: np.ndarray, w: int, table: np.ndarray, chunk_rows: int) -> np.ndarray:
    """Max natural key over all w-sets of substitutes for hands `nat` (M, 5-w)."""
    m, n = nat.shape
    n_free = N_NATURAL - n
    picks = _all_hands_cached(w, n_free).astype(np.intp)  # (S, w) positions among free cards
    s = len(picks)

    in_hand = np.zeros((m, N_NATURAL), dtype=bool)
    in_hand[np.arange(m)[:, None], nat] = True
    # the cards not in the hand, ascending (stable argsort puts False first)
    free = np.argsort(in_hand, axis=1, kind="stable")[:, :n_free].astype(np.int16)

    best = np.empty(m, dtype=np.int64)
    step = max(1, chunk_rows // s)
    for lo in range(0, m, step):
        hi = min(m, lo + step)
        k = hi - lo
        full = np.empty((k, s, 5), dtype=np.int16)
        full[:, :, :n] = nat[lo:hi, None, :]
        full[:, :, n:] = free[lo:hi][:, picks]
        full.sort(axis=2)
        best[lo:hi] = table[colex_index(full)].max(axis=1)
    return best


# --------------------------------------------------------------------------
# 8. Dense strength convention of the library
# --------------------------------------------------------------------------

def strength_from_keys(encoded_keys):
    """Map encoded keys to 1..7462 (natural values, increasing) or 7463 + r (five of a kind r)."""
    k = np.asarray(encoded_keys, dtype=np.int64)
    u = natural_distinct_keys()
    pos = np.searchsorted(u, k)
    found = u[np.minimum(pos, len(u) - 1)] == k
    five_rank = (k - FIVE_KIND * KEY_BASE) // RANK_BASE**4
    five = (k // KEY_BASE == FIVE_KIND) & (k % RANK_BASE**4 == 0) & (five_rank >= 0) & (five_rank <= 12)
    if not (found | five).all():
        raise ValueError("not an encoded key of any hand")
    out = np.where(five, N_NATURAL_VALUES + 1 + five_rank, pos + 1).astype(np.int64)
    return int(out) if out.ndim == 0 else out


# --------------------------------------------------------------------------
# 9. Best 5 of 5, 6 or 7 cards, vectorised (wilds anywhere)
# --------------------------------------------------------------------------

# Layout of the table of every 5-card hand, natural or wild.  A 5-card hand
# with w wilds and ascending naturals n_0 < .. < n_{4-w} sits at
#     _WILD_OFFSET[w] + sum_{i < 5-w} C(n_i, i + 1)
# i.e. blocks w = 0 (all C(52, 5) natural hands), 1 (C(52, 4)), .., 5 (1 hand),
# each block indexed by the colex index of its naturals.
_BLOCK_SIZE = tuple(comb(N_NATURAL, 5 - w) for w in range(6))
_WILD_OFFSET = tuple(sum(_BLOCK_SIZE[:w]) for w in range(6))
N_HANDS5_WILD = sum(_BLOCK_SIZE)  # 2,893,164 five-card hands over 52 naturals + any wilds

# Per-card, per-position weight of that index: with the hand sorted ascending
# (wilds, id 52, last) the index is sum_j _POS_WEIGHT[card_j, j].  A natural c
# at position j weighs C(c, j + 1); a wild at position j weighs
# _WILD_OFFSET[5 - j] - _WILD_OFFSET[4 - j], so that the wilds of a hand (at
# positions 5-w .. 4) add up to _WILD_OFFSET[w].
_POS_WEIGHT = np.zeros((WILD + 1, 5), dtype=np.int64)
for _j in range(5):
    for _c in range(N_NATURAL):
        _POS_WEIGHT[_c, _j] = comb(_c, _j + 1)
    _POS_WEIGHT[WILD, _j] = _WILD_OFFSET[5 - _j] - _WILD_OFFSET[4 - _j]
del _j, _c
_POS_WEIGHT32 = _POS_WEIGHT.astype(np.int32)


def _colex_rows(sorted_rows) -> np.ndarray:
    """Colex index sum C(c_i, i+1) of ascending natural rows of any width 0..5."""
    rows = np.asarray(sorted_rows, dtype=np.int64)
    if rows.shape[-1] == 0:
        return np.zeros(rows.shape[:-1], dtype=np.int64)
    return _BINOM[rows, np.arange(1, rows.shape[-1] + 1)].sum(axis=-1)


@lru_cache(maxsize=None)
def _five_card_key_table() -> np.ndarray:
    """Encoded wild-aware key of every 5-card hand (0..5 wilds), see _WILD_OFFSET.

    Block 0 is the natural table; block w >= 1 is ref_keys_wild of every set
    of 5-w naturals plus w wilds.  Built once (~10 s), ~23 MB.
    """
    table = np.full(N_HANDS5_WILD, -1, dtype=np.int64)
    table[: _BLOCK_SIZE[0]] = _natural_key_table()
    for w in range(1, 6):
        nat = _all_hands_cached(5 - w, N_NATURAL)  # lex order: rows ascending
        hands = np.hstack([nat, np.full((len(nat), w), WILD, dtype=np.uint8)])
        table[_WILD_OFFSET[w] + _colex_rows(nat)] = ref_keys_wild(hands)
    assert (table >= 0).all()
    table.setflags(write=False)
    return table


@lru_cache(maxsize=None)
def _subset_positions(k: int) -> tuple:
    return tuple(combinations(range(k), 5))


def _validated_sorted(hands) -> np.ndarray:
    h = np.asarray(hands)
    if h.ndim != 2 or h.shape[1] not in (5, 6, 7):
        raise ValueError(f"expected an (N, k) array with k in 5, 6, 7, got shape {h.shape}")
    if h.size and (h.min() < 0 or h.max() > WILD):
        raise ValueError("card ids are 0..52")
    hs = np.sort(h.astype(np.uint8), axis=1)  # wilds (52) sort to the end
    if ((hs[:, 1:] == hs[:, :-1]) & (hs[:, 1:] != WILD)).any():
        raise ValueError("duplicate natural card in a hand")
    return hs


def ref_best_keys(hands, chunk_rows: int = 1 << 17) -> np.ndarray:
    """Encoded keys (int64) of an (N, k) array, k in 5, 6, 7, wilds (52) anywhere.

    Same value as encode_key(ref_best_key(h)) for every row: the best
    wild-aware key over the C(k, 5) five-card subsets (docs/rules.md, "Hands of six
    and seven cards" and wild rule 4: a wild stands for a card not in
    its own 5-card subset).  Each subset is a lookup in the table of all
    5-card hands (_five_card_key_table): rows are sorted once, so every
    subset taken in position order is sorted too, and its table index is a
    sum of per-card, per-position weights.  `chunk_rows` bounds memory.
    """
    hs = _validated_sorted(hands)
    n, k = hs.shape
    table = _five_card_key_table()
    subsets = _subset_positions(k)
    out = np.empty(n, dtype=np.int64)
    for lo in range(0, n, chunk_rows):
        h = hs[lo: lo + chunk_rows]
        # weight[p][j]: weight of the card at sorted position p when it is the
        # j-th card of a subset (only j <= p <= j + k - 5 can occur)
        weight = {(p, j): _POS_WEIGHT32[h[:, p], j]
                  for j in range(5) for p in range(j, j + k - 4)}
        best = None
        for pos in subsets:
            idx = weight[pos[0], 0] + weight[pos[1], 1]
            idx += weight[pos[2], 2]
            idx += weight[pos[3], 3]
            idx += weight[pos[4], 4]
            keys = table[idx]
            best = keys if best is None else np.maximum(best, keys, out=best)
        out[lo: lo + len(h)] = best
    return out


def _all_hands_chunks(k: int, chunk_rows: int = 1 << 21):
    """Every k-combination of the 52 naturals (k >= 5), lex order, in chunks.

    Each k-hand is a (k-5)-card prefix followed by a 5-card suffix of cards
    above the prefix; the suffixes of cards >= s are a tail of all_hands(5).
    """
    fives = _all_hands_cached(5, N_NATURAL)
    if k == 5:
        for lo in range(0, len(fives), chunk_rows):
            yield fives[lo: lo + chunk_rows]
        return
    # first row of all_hands(5) whose lowest card is >= s, for s = 0..52
    start = np.searchsorted(fives[:, 0], np.arange(N_NATURAL + 1), side="left")
    buf, size = [], 0
    for prefix in _all_hands_cached(k - 5, N_NATURAL):
        tail = fives[start[int(prefix[-1]) + 1]:]
        if len(tail) == 0:
            continue
        part = np.empty((len(tail), k), dtype=np.uint8)
        part[:, : k - 5] = prefix
        part[:, k - 5:] = tail
        buf.append(part)
        size += len(part)
        if size >= chunk_rows:
            yield np.concatenate(buf)
            buf, size = [], 0
    if buf:
        yield np.concatenate(buf)


def all_hands_in_chunks(k: int):
    """Every k-combination of the 52 naturals (k >= 5), lex order, as uint8 chunks of about 2M rows."""
    for chunk in _all_hands_chunks(k):
        yield np.ascontiguousarray(chunk, dtype=np.uint8)


def ref_category_counts(k: int) -> dict:
    """{category 0..8: number of k-card natural hands whose best five is in it}.

    Brute force over every combination of k of the 52 cards with
    ref_best_keys (k = 5: 2,598,960 hands; k = 6: 20,358,520, about a minute;
    k = 7: 133,784,560, several minutes).
    """
    if k not in (5, 6, 7):
        raise ValueError("k must be 5, 6 or 7")
    counts = np.zeros(10, dtype=np.int64)
    total = 0
    for chunk in _all_hands_chunks(k):
        counts += np.bincount(ref_best_keys(chunk) // KEY_BASE, minlength=10)
        total += len(chunk)
    assert total == comb(N_NATURAL, k) and counts[FIVE_KIND] == 0
    return {c: int(counts[c]) for c in range(9)}
