"""Omaha and Omaha hi-lo equity: every board for fixed hands, Monte Carlo when a player is "random".

Reached through :func:`pokerlut.equity` with ``variant="omaha"`` or ``"omaha-hilo"``.  Each player
is 4, 5 or 6 hole cards (``"AhKhQdJd"``) or ``"random"`` (a hand of as many cards drawn from the
rest of the deck); all players hold the same number of cards.  In hi-lo a player's ``win`` is the
share of boards where it takes the whole pot (scoops), ``tie`` where it takes part of it, and
``equity`` its average share of the pot.

>>> from pokerlut.equities.deal import parse_deal
>>> r = omaha_equity(parse_deal(["As Ks Ad Kd", "Qh Jh Th 9h"], "2c 7d 8s", variant="omaha"), exact=True)
>>> r.method, r.n, [round(float(x), 4) for x in r.equity]
('exact', 820, [0.5305, 0.4695])
"""

from __future__ import annotations

import math
import time

import numpy as np

from .. import _threads
from .._notice import progress_bar
from ..cards import format_cards
from ..constants import BOARD_CARDS
from ..kernels.registry import omaha_exact_kernel, omaha_mc_kernel
from ..variants import OMAHA_HILO
from . import plan
from .deal import Deal, card_mask
from .results import SHARE_UNIT, EquityResult, fractions

__all__ = ["omaha_equity", "EXACT_BUDGET"]

#: Boards x players enumerated when ``exact=None`` before Monte Carlo takes over.
EXACT_BUDGET = 40_000_000
#: What settling one board costs per player, in lookups (the 2 + 3 combinations of 4 + 5 cards).
_BOARD_LOOKUPS = 60


def _scratch(n_players: int) -> tuple[np.ndarray, ...]:
    """One piece's scratch: the board row, the triples' keys and bits, the high and low values."""
    return (np.zeros(BOARD_CARDS, np.uint8), np.zeros(10, np.uint64), np.zeros(10, np.uint64),
            np.zeros(n_players, np.uint16), np.zeros(n_players, np.uint16))


def omaha_equity(deal: Deal, *, exact: bool | None = None, samples: int = plan.DEFAULT_SAMPLES, seed=None,
                 progress: bool = False) -> EquityResult:
    """Omaha (hi-lo) equity of a checked deal; see the module doc and :func:`pokerlut.equity`."""
    start = time.perf_counter()
    v = deal.variant
    n = len(deal.players)
    n_hole = deal.hole_size
    hilo = v.rule == OMAHA_HILO
    random_player = np.array([p.hole is None for p in deal.players])
    holes = np.zeros(n * n_hole, np.uint8)
    for i, p in enumerate(deal.players):
        if p.hole is not None:
            holes[i * n_hole:(i + 1) * n_hole] = p.hole
    used = int(card_mask(deal.fixed))
    deck = np.array([c for c in v.deck if not used >> c & 1], dtype=np.uint8)
    missing = BOARD_CARDS - len(deal.board)
    n_boards = math.comb(len(deck), missing)
    if exact is True and random_player.any():
        raise ValueError("exact=True needs every player's hand: a 'random' player is dealt by Monte Carlo")
    use_exact = exact is True or (exact is None and not random_player.any() and n_boards * n <= EXACT_BUDGET)
    t = v.tables.rank_tables(5)
    low = (v.low_tables or v.tables).rank_tables(5)
    table_args = (t.cards, t.bases5, t.values5, t.flush, low.bases5, low.values5)
    pot = 2 * SHARE_UNIT if hilo else SHARE_UNIT
    lookups = n * _BOARD_LOOKUPS * (2 if hilo else 1)
    if use_exact:
        # the first new board card decides the piece: piece i takes every n_pieces-th of them
        n_pieces = max(1, len(deck) - missing + 1) if missing else 1
        out = np.zeros((n_pieces, n, 3), np.int64)

        def piece(lo: int, hi: int, slot: int) -> None:
            for i in range(lo, hi):
                omaha_exact_kernel()(holes, n, deal.board, deck, len(deck), i, n_pieces, out[i], *_scratch(n), hilo,
                                     *table_args)

        boards_of = np.array([math.comb(len(deck) - 1 - i, missing - 1) if missing else 1 for i in range(n_pieces)],
                             dtype=np.float64)
        _threads.run_blocks(piece, n_pieces, cost=boards_of * lookups)
        win, tie, equity, se = fractions(out.sum(axis=0), n_boards, pot)
        return EquityResult(deal.labels, win, tie, equity, n_boards, "exact", se, None, format_cards(deal.board),
                            format_cards(deal.dead), time.perf_counter() - start)
    entropy = plan.entropy(seed)
    trials, seeds = plan.chunk_plan(samples, entropy)
    counts = np.zeros((len(trials), n, 4), np.int64)

    def mc_piece(lo: int, hi: int, slot: int) -> None:
        omaha_mc_kernel()(trials[lo:hi], seeds[lo:hi], holes, random_player, deal.board, deck, np.uint64(used),
                          counts[lo:hi], np.zeros(n * n_hole, np.uint8), *_scratch(n), hilo, *table_args)

    bar = progress_bar(int(trials.sum()), "trials", progress, unit_scale=True)
    _threads.run_blocks(mc_piece, len(trials), cost=trials.astype(np.float64) * lookups, bar=bar,
                        bar_per_item=trials)
    if bar is not None:
        bar.close()
    win, tie, equity, se = fractions(counts.sum(axis=0), float(samples), pot, sampled=True)
    return EquityResult(deal.labels, win, tie, equity, int(samples), "monte carlo", se, entropy,
                        format_cards(deal.board), format_cards(deal.dead), time.perf_counter() - start)
