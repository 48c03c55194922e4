"""Independent, slow, obviously-correct reference for poker *variants*.

A test oracle for pokerlut, written from ``docs/rules.md`` ("Other variants") and
the way pokerkit 0.7.7 defines the same games, sharing no code, tables or
algorithms with the library under test.  Plain Python, one hand at a time,
the textbook way (numpy is not needed).

Cards
-----
``card = 4 * rank + suit``, rank 0 = deuce .. 12 = ace, suit 0..3 = c, d, h, s
(``2c = 0``, ``As = 51``).  ``cards("As Ks 7h")`` parses a space separated
list (``"AsKs7h"`` works too).  No wild cards in any variant here.

Variants
--------
==========================  ====================================================
``"high"``                  standard high poker (wheel A-2-3-4-5 tops at the 5)
``"short-deck"``            36 cards (6..A, rank ids 4..12), A-6-7-8-9 is the
                            lowest straight, ladder as docs/rules.md states it:
                            high card < pair < two pair < STRAIGHT < TRIPS <
                            full house < flush < quads < straight flush
``"short-deck-pokerkit"``   the same deck and straights, with pokerkit's
                            ``ShortDeckHoldemLookup`` ladder, which differs:
                            ... < two pair < TRIPS < STRAIGHT < full house <
                            flush < quads < straight flush (see below)
``"ace-five-low"``          razz / A-5 lowball (pokerkit ``RegularLowHand``)
``"eight-or-better"``       A-5 low qualifying with 5 distinct ranks <= 8
                            (pokerkit ``EightOrBetterLowHand``)
``"deuce-seven-low"``       2-7 lowball (pokerkit ``StandardLowHand``)
``"omaha"``                 high, exactly 2 hole + 3 board (``OmahaHoldemHand``)
``"omaha-hilo"``            omaha high + eight-or-better low, each exactly
                            2 hole + 3 board (``OmahaEightOrBetterLowHand``)
==========================  ====================================================

Keys (larger tuple = better hand in that game; equal tuples tie)
----------------------------------------------------------------
*High-like games* (``high``, ``short-deck``, ``short-deck-pokerkit``; also the
high half of omaha): ``(category, *tiebreak)`` with ``category`` the position
in the variant's ladder (``CATEGORY_NAMES[variant]``) and the tie-break ranks
(0..12, deuce = 0) exactly as in ``tests/reference.py``:

    high card / flush      all five ranks, highest first
    pair                   pair rank, 3 kickers highest first
    two pair               high pair, low pair, kicker
    three of a kind        trips rank, 2 kickers highest first
    straight / str. flush  top card (wheel -> 3 = the five; short deck
                           A-6-7-8-9 -> 7 = the nine)
    full house             trips rank, pair rank
    four of a kind         quad rank, kicker

For ``"high"`` the key is identical to ``reference.ref_key``.

``"deuce-seven-low"``: take the *2-7 high key* -- the high key above computed
with aces always high and A-2-3-4-5 NOT a straight (it is an ace-high hand, or
an ace-high flush when suited) -- and negate every component:
``(-category, -t1, -t2, ...)``.  Category (for counting) is the high category
0..8 of that 2-7 high key.  Best: 7-5-4-3-2 offsuit = ``(0, -5, -3, -2, -1, 0)``.

``"ace-five-low"``: ranks are re-numbered ace-low, ``low = (rank + 1) % 13``
(A = 0, 2 = 1, .., K = 12); straights and flushes do not exist.  The "badness"
tuple is ``(category, *groups)`` with category 0 no pair, 1 pair, 2 two pair,
3 trips, 4 full house, 5 quads and groups the low ranks ordered by (group size,
rank) descending (pair rank first, then kickers, highest first -- as pokerkit
builds its table).  The key is the negation of every component.  Best:
A-2-3-4-5 = ``(0, -4, -3, -2, -1, 0)``.

``"eight-or-better"``: a hand of five distinct low ranks all <= 7 (i.e. 8 or
lower, ace = 1) has key ``(1, -l1, -l2, -l3, -l4, -l5)`` (low ranks highest
first); any other hand has NO low and key ``NO_LOW = (0,)``, which sorts below
every qualifying key.  Categories: 0 no low, 1 qualifying low.

Best-of-k and Omaha keys are plain maxima of these keys over the allowed
5-card subsets, so for the low games the "best" is the best low.

Disagreement with pokerkit
--------------------------
docs/rules.md puts a straight BELOW three of a kind in short deck;
pokerkit 0.7.7's ``ShortDeckHoldemLookup._add_entries`` adds three of a kind
before straights, i.e. a straight BEATS three of a kind there (only flush vs
full house is swapped).  Example: 6c 7d 8h 9s Tc (straight) vs 7c 7d 7h Ts Qc
(trips): docs/rules.md -> trips win; pokerkit -> the straight wins (its own doctest
has ``7c7d7hTsQc < As6c7h8h9h``).  ``"short-deck"`` follows docs/rules.md;
``"short-deck-pokerkit"`` reproduces pokerkit so the rest can be cross-checked.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb

# --------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"


def card(text: str) -> int:
    """Parse one card, e.g. 'As' -> 51, 'td' -> 33."""
    t = text.strip()
    if len(t) != 2:
        raise ValueError(f"bad card {text!r}")
    return 4 * RANK_CHARS.index(t[0].upper()) + SUIT_CHARS.index(t[1].lower())


def cards(text: str) -> list[int]:
    """Parse 'As Ks 7h' or 'AsKs7h' -> [51, 47, 22]."""
    t = "".join(text.split())
    if len(t) % 2:
        raise ValueError(f"bad card list {text!r}")
    return [card(t[i:i + 2]) for i in range(0, len(t), 2)]


def card_str(c: int) -> str:
    return RANK_CHARS[c // 4] + SUIT_CHARS[c % 4]


def cards_str(cs) -> str:
    return " ".join(card_str(c) for c in cs)


# --------------------------------------------------------------------------
# Variants, decks, category names
# --------------------------------------------------------------------------

FIVE_CARD_VARIANTS = ("high", "short-deck", "short-deck-pokerkit",
                      "ace-five-low", "eight-or-better", "deuce-seven-low")
OMAHA_VARIANTS = ("omaha", "omaha-hilo")
VARIANTS = FIVE_CARD_VARIANTS + OMAHA_VARIANTS

# the nine natural shapes of a 5-card hand, by name
HC, PR, TP, TR, ST, FL, FH, QU, SF = ("high card", "one pair", "two pair", "three of a kind",
                                      "straight", "flush", "full house", "four of a kind",
                                      "straight flush")
_LADDER = {
    "high": (HC, PR, TP, TR, ST, FL, FH, QU, SF),
    "deuce-seven-low": (HC, PR, TP, TR, ST, FL, FH, QU, SF),
    "short-deck": (HC, PR, TP, ST, TR, FH, FL, QU, SF),           # docs/rules.md
    "short-deck-pokerkit": (HC, PR, TP, TR, ST, FH, FL, QU, SF),  # pokerkit 0.7.7
}
A5_NAMES = ("no pair", "one pair", "two pair", "three of a kind", "full house", "four of a kind")
CATEGORY_NAMES = {
    **_LADDER,
    "omaha": _LADDER["high"],
    "ace-five-low": A5_NAMES,
    "eight-or-better": ("no low", "low"),
}
NO_LOW = (0,)

_SHORT_RANKS = range(4, 13)  # 6 .. A


def deck(variant: str) -> list[int]:
    """Card ids of the variant's deck (36 for short deck, else 52)."""
    _check_variant(variant)
    if variant.startswith("short-deck"):
        return [4 * r + s for r in _SHORT_RANKS for s in range(4)]
    return list(range(52))


def _check_variant(variant):
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; known: {VARIANTS}")


_DECK_SET = {v: frozenset(deck(v)) for v in VARIANTS}


def _check_cards(variant, cs, sizes):
    cs = [int(c) for c in cs]
    if sizes is not None and len(cs) not in sizes:
        raise ValueError(f"{variant}: expected {sizes} cards, got {len(cs)}")
    valid = _DECK_SET[variant]
    bad = [c for c in cs if c not in valid]
    if bad:
        raise ValueError(f"{variant}: cards not in the deck: {bad}")
    if len(set(cs)) != len(cs):
        raise ValueError(f"duplicate card in {cs}")
    return cs


# --------------------------------------------------------------------------
# 5-card keys
# --------------------------------------------------------------------------

def _groups(ranks):
    """Ranks grouped by equal value: (shape, order), biggest group first, then higher rank."""
    g = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return [n for _, n in g], [r for r, _ in g]


@lru_cache(maxsize=None)
def _straights(variant):
    """{frozenset of 5 ranks: top rank} of the straights of the variant."""
    if variant.startswith("short-deck"):
        lo = 4                                   # the six
        out = {frozenset(range(r, r + 5)): r + 4 for r in range(lo, 9)}   # 6-T .. T-A
        out[frozenset({12, 4, 5, 6, 7})] = 7     # A-6-7-8-9, top card the nine
        return out
    out = {frozenset(range(r, r + 5)): r + 4 for r in range(0, 9)}        # 2-6 .. T-A
    if variant == "high":
        out[frozenset({12, 0, 1, 2, 3})] = 3     # wheel, top card the five
    # deuce-seven: A-2-3-4-5 is not a straight
    return out


def _high_like_key(variant, hand):
    """(category in the variant's ladder, *tie-break ranks) for a high-like game."""
    ranks = sorted((c // 4 for c in hand), reverse=True)
    flush = len({c % 4 for c in hand}) == 1
    top = _straights(variant).get(frozenset(ranks)) if len(set(ranks)) == 5 else None
    shape, order = _groups(ranks)
    if top is not None:
        name, tb = (SF if flush else ST), (top,)
    elif shape == [4, 1]:
        name, tb = QU, order
    elif shape == [3, 2]:
        name, tb = FH, order
    elif flush:
        name, tb = FL, ranks
    elif shape == [3, 1, 1]:
        name, tb = TR, order
    elif shape == [2, 2, 1]:
        name, tb = TP, order
    elif shape == [2, 1, 1, 1]:
        name, tb = PR, order
    else:
        assert shape == [1, 1, 1, 1, 1]
        name, tb = HC, ranks
    return (_LADDER[variant].index(name), *tb)


_A5_SHAPES = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}


def _a5_badness(hand):
    """(category, *low ranks by group) -- smaller is a better A-5 low."""
    low = [(c // 4 + 1) % 13 for c in hand]  # A=0, 2=1, .., K=12
    shape, order = _groups(low)
    return (_A5_SHAPES[tuple(shape)], *order)


def key5(variant: str, hand) -> tuple:
    """Key of exactly 5 distinct cards; larger = better in `variant`."""
    _check_variant(variant)
    if variant in OMAHA_VARIANTS:
        raise ValueError("omaha keys need hole and board: use omaha_key / omaha_hilo_keys")
    hand = _check_cards(variant, hand, (5,))
    if variant in ("high", "short-deck", "short-deck-pokerkit"):
        return _high_like_key(variant, hand)
    if variant == "deuce-seven-low":
        return tuple(-x for x in _high_like_key(variant, hand))
    bad = _a5_badness(hand)
    if variant == "ace-five-low":
        return tuple(-x for x in bad)
    assert variant == "eight-or-better"
    if bad[0] == 0 and bad[1] <= 7:          # five distinct ranks, highest one 8 or lower
        return (1, *(-x for x in bad[1:]))
    return NO_LOW


def category5(variant: str, hand) -> int:
    """Category index (into CATEGORY_NAMES[variant]) of exactly 5 cards."""
    _check_variant(variant)
    if variant == "omaha":
        variant = "high"
    return category_of_key(variant, key5(variant, hand))


def category_of_key(variant: str, key: tuple) -> int:
    """Category index (into CATEGORY_NAMES[variant]) of a 5-card key of `variant`."""
    if variant in ("deuce-seven-low", "ace-five-low"):
        return -key[0]
    return key[0]  # high-like: ladder position; eight-or-better: 0 no low, 1 low


def describe(variant: str, hand) -> str:
    return f"{CATEGORY_NAMES[variant][category5(variant, hand)]} ({cards_str(hand)})"


# --------------------------------------------------------------------------
# More than five cards
# --------------------------------------------------------------------------

def best_hand(variant: str, cs) -> tuple:
    """(best key, one 5-card subset achieving it) over every 5 of 5+ cards."""
    _check_variant(variant)
    cs = _check_cards(variant, cs, None)
    if len(cs) < 5:
        raise ValueError("need at least 5 cards")
    best = None
    for sub in combinations(cs, 5):
        k = key5(variant, sub)
        if best is None or k > best[0]:
            best = (k, list(sub))
    return best


def best_key(variant: str, cs) -> tuple:
    """Max key over every 5-card subset (5..7 cards, more allowed)."""
    return best_hand(variant, cs)[0]


def _omaha_check(hole, board):
    hole = _check_cards("omaha", hole, (4, 5, 6))
    board = _check_cards("omaha", board, (3, 4, 5))
    if set(hole) & set(board):
        raise ValueError("a card is both in the hole and on the board")
    return hole, board


def _omaha_best(variant5, hole, board):
    hole, board = _omaha_check(hole, board)
    best = None
    for h in combinations(hole, 2):          # exactly two hole cards
        for b in combinations(board, 3):     # and exactly three board cards
            sub = list(h) + list(b)
            k = key5(variant5, sub)
            if best is None or k > best[0]:
                best = (k, sub)
    return best


def omaha_best_high(hole, board) -> tuple:
    """(high key, its 5 cards) with exactly 2 hole + 3 board cards."""
    return _omaha_best("high", hole, board)


def omaha_best_low(hole, board) -> tuple:
    """(eight-or-better key, its 5 cards) with exactly 2 hole + 3 board; NO_LOW if none."""
    return _omaha_best("eight-or-better", hole, board)


def omaha_key(hole, board) -> tuple:
    return omaha_best_high(hole, board)[0]


def omaha_low_key(hole, board) -> tuple:
    return omaha_best_low(hole, board)[0]


def omaha_hilo_keys(hole, board) -> tuple:
    """(high key, low key); the low key is NO_LOW when no 2+3 low qualifies."""
    return omaha_key(hole, board), omaha_low_key(hole, board)


# --------------------------------------------------------------------------
# Showdown
# --------------------------------------------------------------------------

def _split(keys, amount):
    """`amount` shared equally among the players with the maximal key."""
    top = max(keys)
    winners = [i for i, k in enumerate(keys) if k == top]
    return [amount / len(winners) if i in winners else Fraction(0) for i in range(len(keys))]


def showdown(variant: str, holes, board=()) -> list:
    """Exact pot shares (Fractions summing to 1) of each player.

    Five-card variants: each player plays best_key(hole + board) (board may be
    empty, e.g. stud / draw hands given whole).  "eight-or-better" alone is
    just the low half: players without a low all hold NO_LOW (and share if
    nobody qualifies).  "omaha": omaha_key.  "omaha-hilo": half the pot to the
    best high(s), half to the best qualifying low(s), split equally on ties;
    the whole pot to the high(s) if no player has a qualifying low.
    """
    _check_variant(variant)
    holes = [list(h) for h in holes]
    board = list(board)
    if not holes:
        raise ValueError("no players")
    everything = [c for h in holes for c in h] + board
    _check_cards(variant, everything, None)   # deck membership + global uniqueness
    if variant in FIVE_CARD_VARIANTS:
        return _split([best_key(variant, h + board) for h in holes], Fraction(1))
    highs = [omaha_key(h, board) for h in holes]
    if variant == "omaha":
        return _split(highs, Fraction(1))
    lows = [omaha_low_key(h, board) for h in holes]
    if max(lows) == NO_LOW:
        return _split(highs, Fraction(1))
    hi = _split(highs, Fraction(1, 2))
    lo = _split(lows, Fraction(1, 2))
    return [a + b for a, b in zip(hi, lo)]


# --------------------------------------------------------------------------
# Exhaustive 5-card counts
# --------------------------------------------------------------------------
#
# In every five-card variant a hand's key depends only on (a) its multiset of
# ranks and (b) whether all five cards share a suit (flush).  So instead of
# visiting the C(n, 5) hands one at a time we visit every rank multiset M
# (multiplicities m_r <= 4, sum 5) once:
#   * the number of hands with rank multiset M is prod_r C(4, m_r)
#     (choose which m_r of the 4 suits of rank r are held);
#   * a flush needs five distinct ranks (no two cards of a rank share a suit),
#     and then exactly 4 of the 4**5 suit choices are flushes (one per suit).
# So M with a repeated rank contributes prod C(4, m_r) hands of one key, and
# M with five distinct ranks contributes 4**5 - 4 non-flush hands and 4 flush
# hands.  Each key is computed by key5 on a concrete representative hand
# (suits cycled for the non-flush one, all clubs for the flush one), so the
# counts use exactly the same key function as everything else.  The total is
# asserted to equal C(deck size, 5).

def _multisets(rank_values, size=5, cap=4):
    """Every multiset of `size` ranks from rank_values, each used at most `cap` times."""
    for combo in combinations_with_replacement(rank_values, size):
        if max(Counter(combo).values()) <= cap:
            yield combo


def _representatives(ranks):
    """[(hand, number of hands it stands for)] for one rank multiset."""
    counts = Counter(ranks)
    n_hands = 1
    for m in counts.values():
        n_hands *= comb(4, m)
    if len(counts) < 5:
        # suits 0, 1, 2, .. within each rank: distinct cards, never a flush
        hand = [4 * r + s for r, m in counts.items() for s in range(m)]
        return [(hand, n_hands)]
    nonflush = [4 * r + (i % 2) for i, r in enumerate(ranks)]  # suits c, d alternate
    flush = [4 * r for r in ranks]                              # all clubs
    return [(nonflush, n_hands - 4), (flush, 4)]


def count_5card(variant: str) -> tuple:
    """(number of distinct keys, {category: number of 5-card hands}) over the deck."""
    _check_variant(variant)
    if variant in OMAHA_VARIANTS:
        raise ValueError("omaha hands are 2 + 3 cards; count_5card('high') covers their 5-card values")
    rank_values = sorted({c // 4 for c in deck(variant)})
    keys = set()
    per_cat = Counter()
    total = 0
    for ms in _multisets(rank_values):
        for hand, n in _representatives(ms):
            keys.add(key5(variant, hand))
            per_cat[category5(variant, hand)] += n
            total += n
    assert total == comb(len(deck(variant)), 5), total
    return len(keys), {c: per_cat[c] for c in range(len(CATEGORY_NAMES[variant]))}


def count_5card_bruteforce(variant: str) -> tuple:
    """Same as count_5card but visiting every 5-card combination (slow: short deck ~ seconds)."""
    keys = set()
    per_cat = Counter()
    for hand in combinations(deck(variant), 5):
        k = key5(variant, hand)
        keys.add(k)
        per_cat[category_of_key(variant, k)] += 1
    return len(keys), {c: per_cat[c] for c in range(len(CATEGORY_NAMES[variant]))}
