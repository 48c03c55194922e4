"""Per-game tables, built on first use and kept for the process.

* ``class5``: the pay class of every final 5-card hand of the game's deck, by colex index
  (2,598,960 or 2,869,685 bytes);
* ``counts``: for every subset ``T`` of 0..4 cards of the deck, how many final hands contain ``T``,
  class by class (int32, 294,204 rows for 52 cards, 317,683 for 53; 10 to 14 classes: 12-17 MB);
* per pay table, ``paylev``: the same rows weighted by the payouts (float64).

They do not depend on a pay table except ``paylev``, which is one matrix-vector product away.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .. import _threads
from ..constants import WILD
from ..evaluate import rank_rows
from ..kernels.videopoker_scratch import fill_counts_scratch
from ..kernels.videopoker_tables import BLOCK, all_hands_colex, fill_counts_level, suit_class_weights
from ..tables import load_table_set
from .games import GAMES, PayTable, class_lut

N_CARDS = 5
#: What the kernels' items cost, in lookups (:func:`pokerlut._threads.run_blocks`): one count row
#: added into the level above per card, and one deal relabelled by the 24 suit permutations.
_FILL_LOOKUPS = 1
_SUIT_CLASS_LOOKUPS = 24
#: binom[x, k] = C(x, k) for x in 0..63, k in 0..5.
BINOM = np.array([[math.comb(x, k) for k in range(N_CARDS + 1)] for x in range(64)], dtype=np.int64)
BINOM.setflags(write=False)


@dataclass(frozen=True, eq=False)
class GameTables:
    deck_size: int
    class5: np.ndarray      # uint8 (C(n, 5),)
    counts: np.ndarray      # int32 (rows, n_classes), packed sizes 0..4
    offsets: np.ndarray     # int64 (6,): first row of each size; offsets[5] = number of rows


def classify_cards(hands: np.ndarray, game_key: str) -> np.ndarray:
    """Pay classes (uint8) of validated uint8 hands ``(N, 5)``: pokerlut's strength of the hand with
    the game's wild cards relabelled to 52, and the number of wild cards, through the class table."""
    game = GAMES[game_key]
    lut = class_lut(game_key)
    if game.wild_cards:
        relabelled = game.wild_map()[hands]
        n_wild = np.count_nonzero(relabelled == WILD, axis=1)
    else:
        relabelled = hands
        n_wild = np.zeros(len(hands), dtype=np.intp)
    strengths = rank_rows(np.ascontiguousarray(relabelled, dtype=np.uint8), load_table_set("high"), check=False)
    return lut[n_wild, strengths]


@lru_cache(maxsize=None)
def all_hands(deck_size: int) -> np.ndarray:
    """Every final hand of a deck of ``deck_size`` cards, ascending rows in colex order (read-only)."""
    hands = np.empty((math.comb(deck_size, N_CARDS), N_CARDS), dtype=np.uint8)
    all_hands_colex(deck_size, hands)
    hands.setflags(write=False)
    return hands


@lru_cache(maxsize=None)
def game_tables(game_key: str) -> GameTables:
    game = GAMES[game_key]
    n = game.deck_size
    class5 = classify_cards(all_hands(n), game_key)
    sizes = [math.comb(n, k) for k in range(N_CARDS)]
    offsets = np.zeros(N_CARDS + 1, dtype=np.int64)
    offsets[1:] = np.cumsum(sizes)
    counts = np.empty((int(offsets[-1]), game.n_classes), dtype=np.int32)
    for k in range(N_CARDS - 1, -1, -1):  # each level from the one above: the levels in turn, the blocks in pieces
        n_blocks = -(-math.comb(n, k) // BLOCK)
        def piece(lo: int, hi: int, slot: int, k: int = k) -> None:
            fill_counts_level(k, n, BINOM, class5, counts, offsets, lo, hi, *fill_counts_scratch(game.n_classes))

        _threads.run_blocks(piece, n_blocks, cost=BLOCK * (n - k) * _FILL_LOOKUPS)
    class5.setflags(write=False)
    counts.setflags(write=False)
    return GameTables(n, class5, counts, offsets)


@dataclass(frozen=True, eq=False)
class PayScale:
    """How a pay table's payouts enter the kernels.

    When every payout is a fraction with a small common denominator ``denominator`` (integers:
    1; ``unit`` at most 2^53, so that dividing by it is exact), the kernels work on the integers
    ``pay * denominator`` and every sum is an exact integer in
    float64: holds of equal value tie exactly and :func:`game_return` is exact.  Otherwise
    (``exact`` False) they work on the float payouts.  A hold's value comes out scaled by
    ``unit = denominator * L``, ``L`` the least common multiple of the draw counts.
    """

    pay: np.ndarray        # float64 (n_classes,), the payouts times denominator
    denominator: int
    exact: bool
    draws: np.ndarray      # int64 (6,): draws[d] = C(cards left, d)
    scale: np.ndarray      # float64 (6,): L / draws[d]
    lcm: int               # L

    @property
    def unit(self) -> int:
        return self.denominator * self.lcm


_EXACT_LIMIT = 2**53


@lru_cache(maxsize=32)
def pay_scale(paytable: PayTable) -> PayScale:
    game = paytable.game
    left = game.deck_size - N_CARDS
    draws = np.array([math.comb(left, d) for d in range(N_CARDS + 1)], dtype=np.int64)
    lcm = math.lcm(*draws.tolist())
    scale = np.array([lcm // d for d in draws.tolist()], dtype=np.float64)
    denominator = math.lcm(*(p.denominator for p in paytable.pays))
    top = max(paytable.pays) * denominator
    # every number the kernels form is below 32 * top * C(n, 5) (a partial inclusion-exclusion sum
    # of at most 32 table rows) or top * L (a scaled value): exact integers in float64 below 2^53.
    # The unit they are divided by must be one too: tiny payouts (1e-300, a denormal, 1/10**400)
    # have small numerators over a huge denominator, a unit no float holds; they take the float way.
    exact = (top * max(32 * math.comb(game.deck_size, N_CARDS), lcm) < _EXACT_LIMIT
             and denominator * lcm <= _EXACT_LIMIT)
    if exact:
        pay = np.array([float(p * denominator) for p in paytable.pays], dtype=np.float64)
    else:
        denominator = 1
        pay = paytable.values()
    return PayScale(pay, denominator, exact, draws, scale, lcm)


@lru_cache(maxsize=8)
def pay_levels(paytable: PayTable) -> np.ndarray:
    """The packed count rows weighted by the (scaled) payouts: float64 (rows,)."""
    tables = game_tables(paytable.game_key)
    levels = tables.counts @ pay_scale(paytable).pay
    levels.setflags(write=False)
    return levels


@lru_cache(maxsize=None)
def canonical_deals(deck_size: int) -> tuple[np.ndarray, np.ndarray]:
    """One ascending hand per suit-symmetry class of deals, and how many deals each stands for.

    52 cards: 134,459 classes of the 2,598,960 deals; 53 cards: 150,891 of 2,869,685.
    """
    hands = all_hands(deck_size)
    weights = np.empty(len(hands), dtype=np.int64)
    _threads.run_blocks(lambda lo, hi, slot: suit_class_weights(hands[lo:hi], weights[lo:hi]), len(hands),
                        cost=_SUIT_CLASS_LOOKUPS)
    keep = np.flatnonzero(weights)
    deals = np.ascontiguousarray(hands[keep])
    w = weights[keep]
    deals.setflags(write=False)
    w.setflags(write=False)
    return deals, w
