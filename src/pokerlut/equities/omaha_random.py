"""Exact Omaha equity of one 4-card hand against a random hand, preflop.

Reached through :func:`pokerlut.equity` with ``variant="omaha"``, ``exact=True``, no board, and
two players: a hand of four cards (or a range of them: each suit class of its hands once, at
most :data:`MAX_CLASSES`) and ``"random"`` (dead cards allowed).  Every one of the
``C(48, 5) * C(43, 4)`` (board, random hand) deals counts once, but none is ranked one by one:
the kernel (:mod:`pokerlut.kernels.omaha_random`) walks the 6,175 board rank multisets; on each
it counts the boards of every flush pattern (which suit holds three or more of its cards, and
which ranks) and the random hands by rank multiset and suited cards, by binomials.

>>> from pokerlut.equities.deal import parse_deal
>>> r = omaha_random_equity(parse_deal(["AdAcJdTc", "random"], dead=list(range(20)), variant="omaha"))
>>> r.method, r.n == math.comb(28, 5) * math.comb(23, 4), round(float(r.equity[0]), 4)
('exact', True, 0.6324)
"""

from __future__ import annotations

import math
import time
from functools import lru_cache
from itertools import combinations, combinations_with_replacement

import numpy as np

from .. import _threads, layout
from ..cards import format_cards
from ..constants import BOARD_CARDS, N_NATURAL, N_RANKS, N_SUITS
from ..input_checks import integer_array
from ..kernels.registry import omaha_random_kernel
from ..omaha import omaha_tables
from . import plan
from .deal import Deal
from .results import EquityResult

__all__ = ["omaha_random_equity", "omaha_random_counts", "omaha_random_board_counts", "supports_omaha_random",
           "suit_classes", "count_shapes", "hero_inputs", "hero_classes", "equity_of_counts", "MAX_CLASSES"]

#: The cards of the hand the exact engine plays against a random hand.
HERO_CARDS = 4
#: The most suit classes of a range's hands (each one run of the kernel) ``exact=True`` ranks.
MAX_CLASSES = 64


@lru_cache(maxsize=1)
def count_shapes() -> tuple[np.ndarray, ...]:
    """Board rank multisets (B, 5); the random hand's rank multisets (M, 4), their pairs' columns
    (M, 6), distinct ranks and multiplicities (M, 4) and counts of distinct ranks (M,); the cost
    of each board item; the binomials."""
    boards = np.array(list(combinations_with_replacement(range(N_RANKS), BOARD_CARDS)), np.int64)
    multisets = np.array(list(combinations_with_replacement(range(N_RANKS), HERO_CARDS)), np.int64)
    cols = np.array([[layout.pair_column(int(m[x]), int(m[y])) for x, y in combinations(range(HERO_CARDS), 2)]
                     for m in multisets], np.uint64)
    ranks = np.zeros((len(multisets), HERO_CARDS), np.int64)
    mult = np.zeros((len(multisets), HERO_CARDS), np.int64)
    distinct = np.zeros(len(multisets), np.int64)
    for i, m in enumerate(multisets):
        values, counts = np.unique(m, return_counts=True)
        distinct[i] = len(values)
        ranks[i, :len(values)], mult[i, :len(values)] = values, counts
    n_distinct = np.array([len(set(b.tolist())) for b in boards])
    patterns = np.array([sum(math.comb(int(d), k) for k in range(3, int(d) + 1)) for d in n_distinct])
    cost = len(multisets) * (6.0 + N_SUITS * 4.0 * patterns)
    binom = np.array([[math.comb(n, k) for k in range(BOARD_CARDS + 1)] for n in range(N_SUITS + 1)], np.int64)
    return boards, multisets, cols, ranks, mult, distinct, cost, binom


def hero_inputs(hero: np.ndarray, dead: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(avail, hero_cols, hero_masks)`` of the 4-card ``hero`` with ``dead`` cards out, as the
    kernel takes them: ``avail`` (13, 4) 1 where the card of that rank and suit is left, the hero's
    pair columns (6,) and its rank mask per suit (4,).

    >>> avail, cols, masks = hero_inputs(np.array([51, 47, 43, 39], np.uint8), np.arange(8, dtype=np.uint8))
    >>> int(avail.sum()), [hex(int(m)) for m in masks]
    (40, ['0x0', '0x0', '0x0', '0x1e00'])
    """
    hero, dead = np.asarray(hero), np.asarray(dead)
    if hero.dtype.kind not in "iu" or (dead.size and dead.dtype.kind not in "iu"):
        raise TypeError(f"hero and dead must be card ids (integers), got dtypes {hero.dtype} and {dead.dtype}")
    hero, dead = hero.astype(np.int64).reshape(-1), dead.astype(np.int64).reshape(-1)
    cards = np.concatenate([hero, dead])
    if len(hero) != HERO_CARDS or ((cards < 0) | (cards >= N_NATURAL)).any() or len(np.unique(cards)) != len(cards):
        raise ValueError(f"hero must be {HERO_CARDS} card ids 0..{N_NATURAL - 1} and dead others, each once; got hero "
                         f"{hero.tolist()}, dead {dead.tolist()}")
    avail = np.ones((N_RANKS, N_SUITS), np.int64)
    for c in cards.tolist():
        avail[c // N_SUITS, c % N_SUITS] = 0
    hero_cols = np.array([layout.pair_column(int(hero[x]) // N_SUITS, int(hero[y]) // N_SUITS)
                          for x, y in combinations(range(HERO_CARDS), 2)], np.uint64)
    hero_masks = np.zeros(N_SUITS, np.uint64)
    for c in hero:
        hero_masks[c % N_SUITS] |= np.uint64(1 << int(c // N_SUITS))
    return avail, hero_cols, hero_masks


def _checked_rank_boards(boards) -> np.ndarray:
    """``boards`` as (B, 5) int64 ranks, or the ``ValueError`` naming what is wrong and where."""
    given = integer_array(boards, "boards", 0, N_RANKS - 1, f"a rank 0..{N_RANKS - 1}")
    if given.ndim != 2 or given.shape[1] != BOARD_CARDS:
        raise ValueError(f"boards must have shape (boards, {BOARD_CARDS}): one rank multiset a row, got {given.shape}")
    return np.ascontiguousarray(given, np.int64)


def omaha_random_board_counts(hero: np.ndarray, dead: np.ndarray, boards: np.ndarray | None = None, *,
                              parallel: bool | None = None) -> np.ndarray:
    """``[wins, ties, losses]`` (B, 3) of the 4-card ``hero`` on each board rank multiset of
    ``boards`` (B, 5) (default: all of :func:`count_shapes`' 6,175), every board of those ranks and
    every random hand of the cards left counted (int64).  ``boards`` is checked (integer ranks 0..12,
    five a row); ``hero`` and ``dead`` come from the deal's own checks.

    >>> hero, dead = np.array([51, 47, 43, 39], np.uint8), np.arange(0, 24, dtype=np.uint8)
    >>> c = omaha_random_board_counts(hero, dead, np.array([[12, 11, 10, 9, 8], [0, 0, 1, 1, 2]]))
    >>> [int(x) for x in c.sum(axis=1)] == [3 * 3 * 3 * 3 * 4 * math.comb(19, 4), 0]  # no deuce left
    True
    """
    avail, hero_cols, hero_masks = hero_inputs(hero, dead)
    all_boards, multisets, cols, ranks, mult, distinct, cost, binom = count_shapes()
    if boards is None:
        boards = all_boards
    else:
        boards = _checked_rank_boards(boards)
        cost = np.ones(len(boards))
    out = np.zeros((len(boards), 3), np.int64)
    tables = omaha_tables()
    kernel = omaha_random_kernel()

    def piece(lo: int, hi: int, slot: int) -> None:
        kernel(boards[lo:hi], multisets, cols, ranks, mult, distinct, hero_cols, hero_masks, avail, binom, out[lo:hi],
               np.zeros(len(multisets), np.uint16), np.zeros((5, N_RANKS), np.int64),
               np.uint64(layout.OMAHA_BOARD_COUNTERS_START), tables)

    _threads.run_blocks(piece, len(boards), cost=cost, parallel=parallel)
    return out


def omaha_random_counts(hero: np.ndarray, dead: np.ndarray, *, parallel: bool | None = None) -> np.ndarray:
    """``[wins, ties, losses]`` of the 4-card ``hero`` over every (board, random hand) deal of the
    cards neither the hero's nor ``dead`` (int64 counts, summing to ``C(n, 5) * C(n - 5, 4)``).

    >>> c = omaha_random_counts(np.array([51, 47, 43, 39], np.uint8), np.arange(0, 24, dtype=np.uint8))
    >>> int(c.sum()) == math.comb(24, 5) * math.comb(19, 4)
    True
    """
    return omaha_random_board_counts(hero, dead, parallel=parallel).sum(axis=0)


def _is_hero(player) -> bool:
    """A 4-card hand, or a range of 4-card hands."""
    if player.hole is not None:
        return len(player.hole) == HERO_CARDS
    return player.range is not None and player.range.n_cards == HERO_CARDS


def supports_omaha_random(deal: Deal) -> bool:
    """Whether the deal is one this engine answers: Omaha high, no board, a 4-card hand (or a range
    of them) and a random hand."""
    players = deal.players
    rule = deal.variant.rule  # Omaha high: hands of hole cards and a shared board, no low
    return (rule.shares_board and not rule.hilo and len(deal.board) == 0 and len(players) == 2
            and sum(p.hole is None and p.range is None for p in players) == 1
            and sum(_is_hero(p) for p in players) == 1)


def suit_classes(hands: np.ndarray, weights: np.ndarray, dead: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Hands (n, 4) merged into their classes under the suit permutations that keep the dead cards
    (as a set): one representative each and the summed weights; every hand of a class has the same
    equity against a random hand.

    >>> from pokerlut.ranges import parse_omaha_range
    >>> r = parse_omaha_range("AAKK")
    >>> reps, w = suit_classes(r.combos, r.weights, np.zeros(0, np.uint8))
    >>> len(r), len(reps), float(w.sum())          # two suits shared, one, none
    (36, 3, 36.0)
    """
    best = None
    for card_map in plan.suit_maps(np.zeros(0, np.uint8), np.asarray(dead, np.uint8)):
        mapped = np.sort(card_map[hands], axis=1)
        if best is None:
            best = mapped
            continue
        differ = mapped != best
        first = differ.argmax(axis=1)
        rows = np.arange(len(hands))
        smaller = differ[rows, first] & (mapped[rows, first] < best[rows, first])
        best[smaller] = mapped[smaller]
    reps, inverse = np.unique(best, axis=0, return_inverse=True)
    return reps.astype(np.uint8), np.bincount(inverse.ravel(), weights=np.asarray(weights, np.float64),
                                              minlength=len(reps))


def hero_classes(deal: Deal) -> tuple[int, np.ndarray, np.ndarray]:
    """``(hero_at, reps, weights)`` of a deal :func:`supports_omaha_random` accepts: which player
    holds the hand, one hand (n, 4) of each suit class of its hands and their summed weights; more
    than :data:`MAX_CLASSES` classes is a ``ValueError``."""
    if not supports_omaha_random(deal):
        raise ValueError("the exact Omaha engine against a random hand takes Omaha high, no board, a 4-card hand "
                         "(or a range of them) and 'random'")
    hero_at = 0 if _is_hero(deal.players[0]) else 1
    player = deal.players[hero_at]
    if player.hole is not None:
        return hero_at, player.hole.reshape(1, -1).astype(np.uint8), np.ones(1)
    reps, weights = suit_classes(player.range.combos, player.range.weights, deal.dead)
    if len(reps) > MAX_CLASSES:
        raise ValueError(f"exact=True against 'random' would rank {len(reps):,} suit classes of the range's hands "
                         f"(more than MAX_CLASSES = {MAX_CLASSES}, each about ten seconds); use Monte Carlo "
                         f"(exact=False or None)")
    return hero_at, reps, weights


def equity_of_counts(deal: Deal, hero_at: int, counts: np.ndarray, weights: np.ndarray,
                     start: float) -> EquityResult:
    """The result of a deal from ``counts`` (R, 3), the ``[wins, ties, losses]`` of each class of
    :func:`hero_classes` (int64), weighted by ``weights``; ``start`` the ``perf_counter`` when the
    call began."""
    total = np.zeros(3)
    for c, w in zip(counts, weights):
        total += w * c
    deals = int(counts[0].sum())  # the same for every hand: the cards left are as many
    wins, ties, losses = total
    n = float(total.sum())
    per_player = {hero_at: (wins, ties, losses), 1 - hero_at: (losses, ties, wins)}
    win = np.array([per_player[p][0] / n for p in range(2)])
    tie = np.array([per_player[p][1] / n for p in range(2)])
    equity = np.array([(2 * per_player[p][0] + per_player[p][1]) / (2 * n) for p in range(2)])
    player = deal.players[hero_at]
    n_combos = 1 if player.hole is not None else len(player.range)
    return EquityResult(deal.labels, win, tie, equity, deals * n_combos, "exact", np.zeros(2), None, "",
                        format_cards(deal.dead), time.perf_counter() - start, engine="omaha", unit="deals")


def omaha_random_equity(deal: Deal) -> EquityResult:
    """Exact equity of a deal :func:`supports_omaha_random` accepts (see the module doc)."""
    start = time.perf_counter()
    hero_at, reps, weights = hero_classes(deal)
    counts = np.array([omaha_random_counts(hero, deal.dead) for hero in reps], np.int64)
    return equity_of_counts(deal, hero_at, counts, weights, start)
