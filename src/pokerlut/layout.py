"""The layout of the lookup tables: the one contract between the generator and the kernels.

Every constant of the key and of the tables is defined here and imported by both
:mod:`pokerlut.tablegen` (which writes the tables) and :mod:`pokerlut.kernels` (which reads them);
nothing here is written twice.

The key of a hand (uint64) is the sum of one **card constant** per card::

    bits  0..15   four 4-bit suit counters (clubs in bits 0-3 .. spades in 12-15)
    bits 16..40   the rank key: the sum of RANK_MULTIPLIERS[rank] over the natural cards plus
                  WILD_MULTIPLIER per wild card, distinct for every multiset of up to seven cards
    bits 48..51   the wild field: how many wild cards the hand holds
    bits 56..59   the poison field: how many ids the game does not deal (53..255, and cards outside
                  the variant's deck, or the wild card in a game without one)

The card table has ``2 * CARD_IDS`` entries: ``cards[c]`` for every uint8 id, and
``cards[FIRST_CARD + c]`` for the first card of a hand, which also starts each suit counter at
``SUIT_COUNTER_START``.  A wild card adds one to every counter (it can join any suit).  With a
start of 3, bit 3 of a counter is set exactly when that suit's natural cards and the wild cards
number five or more, so ``key & FLUSH_BITS`` is the test for a possible flush.  A hand that fails
it makes no flush, whatever its wild cards stand for, and its value is the hash's (the wild cards
as a fourteenth rank): wild cards leave the fast path only when a flush is possible.  Every uint8
id has an entry, so even unchecked input never reads outside the table.

Non-flush values come from a row-displacement perfect hash over the rank key::

    rank   = key >> RANK_SHIFT
    value  = values[(rank & COLUMN_MASK) + bases[(rank >> ROW_SHIFT) & ROW_MASK]]

``bases`` has ``N_ROWS`` entries and ``values`` at least ``max(bases) + COLUMN_MASK + 1``, so any
key whatsoever indexes inside both tables.  Flush values come from ``flush[(wilds << 13) | mask]``:
the best hand that the natural cards of one suit (a 13-bit rank mask) and ``wilds`` wild cards
make, flush or better.

>>> int(card_constant(51, wild=False, poison=False)) >> RANK_SHIFT == RANK_MULTIPLIERS[12]
True
>>> hex(FLUSH_BITS), SLOW_FIELDS == FLUSH_BITS | POISON_FIELD
('0x8888', True)
"""

from __future__ import annotations

from math import comb

import numpy as np

from .constants import BOARD_CARDS, HOLDEM_HOLE, N_NATURAL, N_RANKS, N_SUITS

#: Per rank (deuce .. ace), the amount a card adds to the rank key.  These are OMPEval's
#: published constants: every multiset of up to seven ranks (at most four of each) has its own
#: sum, and the sums fit in 25 bits.
RANK_MULTIPLIERS: tuple[int, ...] = (
    0x2000, 0x8001, 0x11000, 0x3A000, 0x91000, 0x176005, 0x366000,
    0x41A013, 0x47802E, 0x479068, 0x48C0E4, 0x48F211, 0x494493,
)  # fmt: skip
#: What a wild card adds to the rank key; the generator checks that every multiset of up to seven
#: cards, wild cards included, still has a key of its own.
WILD_MULTIPLIER = 1332

SUIT_COUNTER_BITS = 4
#: Cards of one suit that make a flush in the five-card games; a game of three-card hands with
#: flushes (three-card poker) starts its counters at ``8 - 3 = 5`` instead (:func:`suit_counters_start`).
FLUSH_CARDS = 5
SUIT_COUNTER_START = (1 << (SUIT_COUNTER_BITS - 1)) - FLUSH_CARDS
#: Added by the first card of a hand in games with flushes: every counter starts at 3.
SUIT_COUNTERS_START = sum(SUIT_COUNTER_START << (SUIT_COUNTER_BITS * s) for s in range(N_SUITS))


def suit_counters_start(flush_cards: int = FLUSH_CARDS) -> int:
    """What a hand's first card adds to the four suit counters so that bit 3 of a counter is set
    exactly when its suit holds ``flush_cards`` cards (wild cards included) or more.

    >>> suit_counters_start() == SUIT_COUNTERS_START, hex(suit_counters_start(3))
    (True, '0x5555')
    """
    start = (1 << (SUIT_COUNTER_BITS - 1)) - flush_cards
    return sum(start << (SUIT_COUNTER_BITS * s) for s in range(N_SUITS))

#: Bit 3 of each counter: set when that suit's natural cards and the wild cards number five or more.
FLUSH_BITS = sum(1 << (SUIT_COUNTER_BITS * s + SUIT_COUNTER_BITS - 1) for s in range(N_SUITS))
#: One on every suit counter: what a wild card adds to them (at most 3 + 7 = 10, so no counter
#: overflows in a hand of seven).
EVERY_SUIT = sum(1 << (SUIT_COUNTER_BITS * s) for s in range(N_SUITS))
SUIT_COUNTER_MASK = (1 << SUIT_COUNTER_BITS) - 1

RANK_SHIFT = 16
RANK_KEY_BITS = 25
#: The rank key's bits in a key: equal for hands of the same ranks.
RANK_FIELD = ((1 << RANK_KEY_BITS) - 1) << RANK_SHIFT
WILD_SHIFT = 48
POISON_SHIFT = 56
FIELD_MASK = 0xF
WILD_FIELD = FIELD_MASK << WILD_SHIFT
POISON_FIELD = FIELD_MASK << POISON_SHIFT
#: A row whose key has any of these bits set leaves the fast path: a possible flush, a bad id.
SLOW_FIELDS = FLUSH_BITS | POISON_FIELD

#: Card table: one entry per uint8 id, then the same again for a hand's first card.
CARD_IDS = 256
FIRST_CARD = CARD_IDS
CARD_TABLE_SIZE = 2 * CARD_IDS

#: Row-displacement hash: rows of ``1 << ROW_SHIFT`` columns of the rank key.
ROW_SHIFT = 12
COLUMN_MASK = (1 << ROW_SHIFT) - 1
N_ROWS = 1 << (RANK_KEY_BITS - ROW_SHIFT)
ROW_MASK = N_ROWS - 1

#: Flush table: ``flush[(wilds << FLUSH_WILD_SHIFT) | rank_mask]`` for 0..MAX_WILDS wild cards
#: (0 only in games without a wild card).
FLUSH_WILD_SHIFT = N_RANKS
RANK_MASK = (1 << N_RANKS) - 1
MAX_WILDS = 7

#: The file stems of one variant's table set, and the order the evaluation kernels take them in:
#: ``(cards, bases, values, flush, bases5, values5)`` for hands of k cards (the 5-card hash comes
#: along for the rare rows that are ranked subset by subset).
CARD_TABLE = "cards"
FLUSH_TABLE = "flush"
HAND_VALUES_TABLE = "hand_values"
#: Per strength (row 0 unused): the category, then the ranks that name the hand, most significant
#: first (``NO_CARD`` where unused): ``HAND_VALUES_COLUMNS`` uint8 columns.
HAND_VALUES_COLUMNS = 6
#: A few flags of the game, as a uint8 array of 0s and 1s: whether 6/7-card rows with five cards of
#: one suit are ranked subset by subset (games where a flush is bad), whether it deals the wild
#: card, whether suits count.
RULES_TABLE = "rules"
N_RULES = 3
RULE_SUBSET_RARE, RULE_WILD, RULE_FLUSHES = range(N_RULES)

#: The dtype of each kind of table, as the generator writes them and the kernels are compiled for.
CARD_DTYPE = np.uint64
BASES_DTYPE = np.uint32
VALUE_DTYPE = np.uint16
HAND_VALUES_DTYPE = np.uint8
RULES_DTYPE = np.uint8


#: Three-card hands (three-card poker, the top row of open-face Chinese poker) never leave the fast
#: path for a flush: the rank key of three natural cards is below ``1 << 24``, and a three-card
#: flush (its suit counter started at 5 reaches 8) adds :data:`THREE_CARD_FLUSH_KEY` to it, so the
#: hash holds the flushes as keys of their own.  No branch, no flush table read.
THREE_CARD_FLUSH_KEY = 1 << 24

#: Badugi's tables read the cards differently (:func:`suit_set_constant`): a card adds bit
#: ``13 * suit + rank`` (its suit's 13-bit rank mask gets the card's rank), so the key of a hand holds
#: the four suits' rank masks side by side (bits 0..51), and an id the game does not deal adds one
#: to the poison field, as above.  ``suit_keys[mask]`` (:data:`SUIT_KEYS_TABLE`, uint32, one entry
#: per 13-bit mask) is a number per rank mask, chosen by the generator so that the sum over the four
#: suits tells apart any two hands of different value; the sum is the same for every relabelling of
#: the suits, and it indexes ``values4`` directly, clamped to its last entry (which holds 0), so that
#: the masks of any bytes whatever read inside it::
#:
#:     value = values4[min(suit_keys[m0] + suit_keys[m1] + suit_keys[m2] + suit_keys[m3], len - 1)]
SUIT_SET_BITS = 13
SUIT_SET_MASK = (1 << SUIT_SET_BITS) - 1
SUIT_KEYS_TABLE = "suit_keys"
SUIT_KEYS_DTYPE = np.uint32
#: Bits above the four rank masks: a valid suit-set key has none (poison, or a repeated ace's carry).
SUIT_SET_OVERFLOW = ~((1 << (SUIT_SET_BITS * N_SUITS)) - 1) & ((1 << 64) - 1)


def suit_set_constant(card: int, *, poison: bool) -> np.uint64:
    """The amount card id ``card`` adds to a suit-set key (badugi).

    >>> int(suit_set_constant(51, poison=False)) == 1 << (3 * SUIT_SET_BITS + 12)
    True
    """
    if poison:
        return np.uint64(1 << POISON_SHIFT)
    rank, suit = divmod(card, N_SUITS)
    return np.uint64(1 << (SUIT_SET_BITS * suit + rank))


def bases_name(n_cards: int) -> str:
    """File stem of the row bases of the ``n_cards``-card hash.

    >>> bases_name(7)
    'bases7'
    """
    return f"bases{n_cards}"


def values_name(n_cards: int) -> str:
    """File stem of the values of the ``n_cards``-card hash.

    >>> values_name(5)
    'values5'
    """
    return f"values{n_cards}"


def card_constant(card: int, *, wild: bool, poison: bool, suits: bool = True) -> np.uint64:
    """The amount card id ``card`` adds to a key (the generator's recipe for ``cards[card]``).

    ``wild`` marks the wild card, ``poison`` an id the game does not deal; ``suits=False`` leaves
    the suit counters alone (games where flushes do not count).

    >>> hex(int(card_constant(0, wild=False, poison=False)))   # 2c: deuce multiplier, clubs counter
    '0x20000001'
    """
    if poison:
        return np.uint64(1 << POISON_SHIFT)
    if wild:
        return np.uint64((1 << WILD_SHIFT) + (WILD_MULTIPLIER << RANK_SHIFT) + (EVERY_SUIT if suits else 0))
    rank, suit = divmod(card, N_SUITS)
    counter = (1 << (SUIT_COUNTER_BITS * suit)) if suits else 0
    return np.uint64((RANK_MULTIPLIERS[rank] << RANK_SHIFT) + counter)


def standard_cards(cards: np.ndarray) -> bool:
    """Whether a card table gives every natural card and the wild card the standard constants
    (suit counters included, started by the first card), as a game with all 52 cards, flushes and
    the wild card has; the SIMD key computes exactly these.

    >>> standard_cards(np.zeros(CARD_TABLE_SIZE, np.uint64))
    False
    """
    standard = np.array([card_constant(c, wild=False, poison=False) for c in range(N_RANKS * N_SUITS)]
                        + [card_constant(N_RANKS * N_SUITS, wild=True, poison=False)], dtype=np.uint64)
    return bool(np.array_equal(cards[:len(standard)], standard)
                and np.array_equal(cards[FIRST_CARD:FIRST_CARD + len(standard)],
                                   standard + np.uint64(SUIT_COUNTERS_START)))


def rank_key(ranks, wilds: int = 0) -> int:
    """The rank key of a multiset of natural ranks plus ``wilds`` wild cards.

    >>> rank_key([12, 12]) == 2 * RANK_MULTIPLIERS[12]
    True
    """
    return sum(RANK_MULTIPLIERS[r] for r in ranks) + WILD_MULTIPLIER * wilds


def rank_keys(cards: np.ndarray) -> np.ndarray:
    """The rank field of each rank's card constant (its clubs card, the suit counter removed): what
    a card of that rank adds to the rank key.

    >>> cards = np.array([card_constant(c, wild=False, poison=False) for c in range(52)])
    >>> int(rank_keys(cards)[12] >> RANK_SHIFT) == RANK_MULTIPLIERS[12]
    True
    """
    return np.ascontiguousarray(cards[0:N_RANKS * N_SUITS:N_SUITS] & np.uint64(RANK_FIELD))


def hash_index(rank: int, bases: np.ndarray) -> int:
    """Where the value of rank key ``rank`` sits in ``values`` (the kernels' lookup, in Python).

    >>> hash_index(5, np.zeros(N_ROWS, np.uint32))
    5
    """
    return (rank & COLUMN_MASK) + int(bases[(rank >> ROW_SHIFT) & ROW_MASK])


# --------------------------------------------------------------------------- Omaha

#: The Omaha table set (``tables/omaha``): what a pair of hole cards makes with a board, read in one
#: load per pair.  Without a flush, the best hand a hole pair makes with exactly three board cards
#: depends only on the pair's two ranks and the board's rank multiset::
#:
#:     row   = board_rows[hash of the board's rank key]      (once per board, any board of 3-5 cards)
#:     value = pairs[row + pair_column(rank a, rank b)]
#:
#: A flush needs three board cards of one suit (at most one suit has three, on any board of up to
#: five) and two hole cards of it: ``flush_pairs[flush_rows[board's rank mask of that suit] +
#: pair_column(a, b)]``.  The eight-or-better low needs five distinct ranks of eight or lower and
#: depends only on the board's and the hole's sets of low ranks: ``low[board low bits, hole low bits]``.
OMAHA_TABLE_SET = "omaha"
OMAHA_BOARD_BASES = "board_bases"
OMAHA_BOARD_ROWS = "board_rows"
OMAHA_PAIRS = "pairs"
OMAHA_FLUSH_ROWS = "flush_rows"
OMAHA_FLUSH_PAIRS = "flush_pairs"
OMAHA_LOW = "low"
#: Columns of a row: one per rank pair (a <= b), in the order of :func:`pair_column`.
OMAHA_PAIR_COLUMNS = N_RANKS * (N_RANKS + 1) // 2
#: Added to a board's key (the sum of :data:`CARD_TABLE` entries, no first-card start): each suit
#: counter then starts at 5, and bit 3 of a counter is set exactly when the board holds three or
#: more cards of that suit.
OMAHA_BOARD_COUNTERS_START = sum(5 << (SUIT_COUNTER_BITS * s) for s in range(N_SUITS))
#: Low ranks: ace, deuce .. eight, one bit each (ace = bit 0, deuce = bit 1, .., eight = bit 7).
OMAHA_LOW_RANKS = 8
OMAHA_ROW_DTYPE = np.uint32
OMAHA_LOW_DTYPE = np.uint8
#: The Omaha tables' values are strengths of the high game's natural hands (1..NATURAL_STRENGTHS,
#: 0 where a deal is impossible); the low's are on the scale of this table set (1: no low).
OMAHA_LOW_SCALE = "eight-or-better"
#: The kernels take the Omaha tables as three arrays (fewer pointers for a hot loop to keep in
#: registers), put together when the set is loaded: ``rows`` (uint32) = ``flush_rows`` (at 0),
#: ``board_bases`` (at :data:`OMAHA_BASES_AT`), ``board_rows`` (at :data:`OMAHA_ROWS_AT`);
#: ``values`` (uint16) = ``pairs`` then ``flush_pairs`` (``flush_rows`` shifted to point there);
#: and ``low``.
OMAHA_BASES_AT = 1 << N_RANKS
OMAHA_ROWS_AT = OMAHA_BASES_AT + N_ROWS


def pair_column(a: int, b: int) -> int:
    """The column of the rank pair ``{a, b}`` (ranks 0..12, equal or not) in a row of the Omaha tables.

    >>> pair_column(0, 0), pair_column(12, 11), pair_column(11, 12), pair_column(12, 12)
    (0, 89, 89, 90)
    """
    lo, hi = min(a, b), max(a, b)
    return hi * (hi + 1) // 2 + lo


def low_bit(rank: int) -> int:
    """The bit of a rank among the low ranks (0 for nine and above).

    >>> low_bit(12), low_bit(0), low_bit(6), low_bit(7)
    (1, 2, 128, 0)
    """
    if rank == N_RANKS - 1:
        return 1
    return 1 << (rank + 1) if rank + 1 < OMAHA_LOW_RANKS else 0


# --------------------------------------------------------------------------- exact preflop equities

#: The preflop table set (``tables/preflop``, :mod:`pokerlut.abstraction.preflop`): three square
#: int64 matrices over the 169 starting-hand classes (cell ``13 * row + column`` of the grid):
#: ``pairs[A, B]`` the pairs of a combo of class A and one of class B that share no card,
#: ``wins[A, B]`` and ``ties[A, B]`` the boards (``PREFLOP_BOARDS`` per pair) A's combo wins and
#: ties, summed over those pairs.  So ``wins + wins.T + ties == pairs * PREFLOP_BOARDS``.
PREFLOP_TABLE_SET = "preflop"
PREFLOP_PAIRS, PREFLOP_WINS, PREFLOP_TIES = "pairs", "wins", "ties"
PREFLOP_CLASSES = N_RANKS * N_RANKS
PREFLOP_DTYPE = np.int64
#: Boards of each heads-up preflop deal: the five board cards of the 48 the two hands leave.
PREFLOP_BOARDS = comb(N_NATURAL - 2 * HOLDEM_HOLE, BOARD_CARDS)
#: The most combos of one class (an offsuit class: four suits for one card, three for the other),
#: so ``pairs`` is at most its square.
PREFLOP_MAX_COMBOS = N_SUITS * (N_SUITS - 1)
