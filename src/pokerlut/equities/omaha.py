"""Omaha and Omaha hi-lo equity: every board for known hands (and small ranges), Monte Carlo for
random hands and ranges.

Reached through :func:`pokerlut.equity` with ``variant="omaha"`` or ``"omaha-hilo"``.  Each player
is 4, 5 or 6 hole cards (``"AhKhQdJd"``), an Omaha range (``"AA**, KKQQds"``,
:mod:`pokerlut.ranges.omaha`) or ``"random"`` (a hand of as many cards drawn from the rest of the
deck); all players hold the same number of cards.  In hi-lo a player's ``win`` is the share of
boards where it takes the whole pot (scoops), ``tie`` where it takes part of it, and ``equity``
its average share of the pot.

* **Exact** (``exact=None``) when no player is random and every conflict-free combination of the
  players' hands times the boards left times the players is at most :data:`EXACT_BUDGET` (and
  the combinations at most :data:`~pokerlut.equities.plan.MAX_DEALS`): each combination counts
  with the product of its hands' weights.
* **Exact against a random hand** (``exact=True``): Omaha high, no board, a 4-card hand (or a
  range of them, by suit classes) against
  ``"random"`` (:mod:`.omaha_random`: every board and random hand counted by rank multisets and
  flush patterns, about ten seconds of CPU).
* **Monte Carlo** otherwise: each trial draws every ranged player's hand by weight (a deal whose
  hands share a card is drawn again whole), then the random players' hands and the missing board
  cards uniformly from the rest; chunks of trials are seeded as in Hold'em
  (:func:`~pokerlut.equities.plan.chunk_plan`), so a seed gives the same counts on any number of
  threads.  As in Hold'em, chunks advance by slices of work, not of trials (Ctrl-C within about a
  second however rarely the hands fit), and a run that would need more than ``max_draws`` draws is
  refused up front (:func:`~pokerlut.equities.holdem.run_sliced`).

>>> from pokerlut.equities.deal import parse_deal
>>> r = omaha_equity(parse_deal(["As Ks Ad Kd", "Qh Jh Th 9h"], "2c 7d 8s", variant="omaha"), exact=True)
>>> r.method, r.n, [round(float(x), 4) for x in r.equity]
('exact', 820, [0.5305, 0.4695])
"""

from __future__ import annotations

import math
import time

import numpy as np

from .. import _threads, config
from .._notice import progress_bar
from ..cards import format_cards
from ..constants import BOARD_CARDS
from ..kernels.equity import MAX_ATTEMPTS, MonteCarloChunks
from ..kernels.omaha_equity import COUNT_COLUMNS, OmahaDeals, omaha_exact_scratch, omaha_mc_scratch
from ..kernels.registry import omaha_exact_kernel, omaha_mc_kernel
from ..omaha import omaha_lookups, omaha_tables
from ..ranges.omaha import OmahaRange, hand_masks
from . import plan, registry
from .deal import Deal, ImpossibleDeal, card_mask, parse_deal
from .holdem import alias_table, default_max_draws, run_sliced
from .omaha_random import omaha_random_equity, supports_omaha_random
from .results import SHARE_UNIT, EquityResult, fractions, hilo_sides

__all__ = ["omaha_equity", "omaha_combinations", "EXACT_BUDGET"]

#: ``EXACT_BUDGET`` here is :data:`pokerlut.config.OMAHA_EXACT_BUDGET`, read at call time.
_FROM_CONFIG = {"EXACT_BUDGET": "OMAHA_EXACT_BUDGET"}
#: The most pairs of hole cards a hand has (6 cards): the width of the kernels' scratch rows.
def _hands(deal: Deal, p: int) -> OmahaRange:
    """Player ``p``'s possible hands: its range, or its one fixed hand."""
    player = deal.players[p]
    if player.range is not None:
        return player.range
    return OmahaRange(np.sort(player.hole)[::-1].reshape(1, -1).astype(np.uint8), np.ones(1))


def omaha_combinations(ranges: list[OmahaRange], limit: int) -> tuple[np.ndarray, np.ndarray]:
    """Every conflict-free combination of one hand per player: hands (T, P * h) and weights (T,) (the
    products of its hands' weights relative to the largest, :class:`~.plan.WeightProducts`);
    more than ``limit`` combinations (counted before the last player's conflicts are removed) is a
    ``ValueError``.

    >>> from pokerlut.ranges import parse_omaha_range
    >>> holes, weights = omaha_combinations([parse_omaha_range("AsKsQsJs"), parse_omaha_range("AAKK")], 100)
    >>> holes.shape, float(weights.sum())                   # AAKK without the As and the Ks
    ((9, 8), 9.0)
    """
    idx = np.arange(len(ranges[0]), dtype=np.int64)[:, None]
    masks = hand_masks(ranges[0].combos)
    product = plan.WeightProducts(ranges[0].weights)
    for rng in ranges[1:]:
        if len(masks) * len(rng) > limit:
            raise ValueError(f"more than {limit:,} combinations of the players' hands")
        rm = hand_masks(rng.combos)
        a, b = np.nonzero((masks[:, None] & rm[None, :]) == 0)
        idx = np.concatenate([idx[a], b[:, None]], axis=1)
        masks = masks[a] | rm[b]
        product.times(a, rng.weights, b)
    holes = np.concatenate([ranges[p].combos[idx[:, p]] for p in range(len(ranges))], axis=1)
    return np.ascontiguousarray(holes, dtype=np.uint8), product.relative()


def _run_exact(deal: Deal, holes: np.ndarray, weights: np.ndarray, deck: np.ndarray, hilo: bool) -> np.ndarray:
    """Counts (P, 3) of every board completing the known one from ``deck`` (the cards neither on
    the board nor dead), for every combination of hands ``holes`` (T, P * h) weighted by
    ``weights``."""
    n = len(deal.players)
    n_hole = holes.shape[1] // n
    known = deal.board
    if len(known) == BOARD_CARDS:  # the kernel completes boards: it "completes" four cards with the fifth
        known, deck = known[:-1], known[-1:].copy()
        n_others = 1
    else:
        n_others = len(deck) - n * n_hole
    missing = BOARD_CARDS - len(known)
    n_deals = len(holes)
    if n_deals == 1:
        # one deal: the first new board card decides the piece, piece i takes every n_pieces-th
        n_pieces = max(1, n_others - missing + 1)
        deal_of, piece_of = np.zeros(n_pieces, np.int64), np.arange(n_pieces, dtype=np.int64)
        boards_of = np.array([math.comb(n_others - 1 - i, missing - 1) for i in range(n_pieces)], np.float64)
    else:
        n_pieces = 1
        deal_of, piece_of = np.arange(n_deals, dtype=np.int64), np.zeros(n_deals, np.int64)
        boards_of = np.full(n_deals, float(math.comb(n_others, missing)))
    out = np.zeros((len(deal_of), n, COUNT_COLUMNS), np.int64)
    kernel = omaha_exact_kernel()
    tables = omaha_tables()

    def piece(lo: int, hi: int, slot: int) -> None:
        kernel(holes, deal_of[lo:hi], piece_of[lo:hi], n_pieces, n, n_hole, known, deck, out[lo:hi],
               omaha_exact_scratch(n), hilo, tables)

    _threads.run_blocks(piece, len(deal_of), cost=boards_of * n * omaha_lookups(n_hole, hilo))
    per_deal = np.zeros((n_deals, n, COUNT_COLUMNS), np.int64)
    np.add.at(per_deal, deal_of, out)
    if np.all(weights == 1.0):  # exact integer sums
        return per_deal.sum(axis=0).astype(np.float64)
    return np.einsum("t,tpk->pk", weights, per_deal.astype(np.float64))


class _OmahaRun:
    """The chunks of an Omaha Monte Carlo run as they advance (as
    :class:`~pokerlut.equities.holdem.MonteCarloRun`): trials left, stream states, deals drawn,
    counts (C, P, COUNT_COLUMNS)."""

    def __init__(self, trials: np.ndarray, seeds: np.ndarray, n_players: int, n_hole: int, hilo: bool,
                 inputs: tuple) -> None:
        self.trials = np.array(trials, dtype=np.int64)
        self.left = self.trials.copy()
        self.states = np.array(seeds, dtype=np.uint64)
        self.draws = np.zeros(len(self.left), np.int64)
        self.out = np.zeros((len(self.left), n_players, COUNT_COLUMNS), np.int64)
        self.failed = np.zeros(len(self.left), np.int64)
        self.n_players, self.n_hole, self.hilo = n_players, n_hole, hilo
        self.deals = OmahaDeals(*inputs)
        self.chunks = MonteCarloChunks(self.left, self.states, self.draws, self.out, self.failed)
        self.trial_cost = n_players * omaha_lookups(n_hole, hilo)
        self.kernel = omaha_mc_kernel()
        self.tables = omaha_tables()

    def advance(self, chunks: np.ndarray, budget: int) -> int:
        """Run each chunk of ``chunks`` about ``budget`` units of work further; the trials counted."""
        chunks = np.ascontiguousarray(chunks, dtype=np.int64)
        before = int(self.left[chunks].sum())
        self.kernel(chunks, np.int64(budget), self.chunks, self.n_hole, self.deals,
                    omaha_mc_scratch(self.n_players, self.n_hole), self.hilo, self.tables)
        return before - int(self.left[chunks].sum())

    def raise_if_failed(self) -> None:
        """:class:`ImpossibleDeal` when a chunk met ``MAX_ATTEMPTS`` conflicting draws in a row."""
        if self.failed.any():
            raise ImpossibleDeal("the players' ranges almost never fit together without sharing a card "
                                 f"({MAX_ATTEMPTS:,} draws in a row conflicted); narrow them or use exact=True")


def omaha_equity(deal: Deal, *, exact: bool | None = None, samples: int = plan.DEFAULT_SAMPLES, seed=None,
                 progress: bool = False, max_draws: int | None = None) -> EquityResult:
    """Omaha (hi-lo) equity of a checked deal; see the module doc and :func:`pokerlut.equity`
    (``max_draws`` as there: Monte Carlo advances by slices of work and is bounded the same way)."""
    start = time.perf_counter()
    v = deal.variant
    n = len(deal.players)
    n_hole = deal.hole_size
    hilo = v.rule.hilo
    random_player = [p.hole is None and p.range is None for p in deal.players]
    # the cards left once the board and the dead cards are known (and, to draw from, the fixed hands)
    known = int(card_mask(deal.board)) | int(deal.excluded)
    fixed = int(card_mask(deal.fixed)) | known
    n_boards = deal.n_boards
    if exact is True and any(random_player):
        if supports_omaha_random(deal):
            return omaha_random_equity(deal)
        raise ValueError("exact=True with a 'random' player answers Omaha high preflop, one 4-card hand (or a "
                         "range of them) against 'random' (dead cards allowed); other deals with a random player "
                         "are dealt by Monte Carlo")
    pot = 2 * SHARE_UNIT if hilo else SHARE_UNIT
    ranges = [_hands(deal, p) for p in range(n)] if not any(random_player) else None
    use_exact = False
    if ranges is not None and exact is not False:
        bound = math.prod(len(r) for r in ranges)
        if exact is True or (bound <= config.MAX_DEALS and bound * n_boards * n <= config.OMAHA_EXACT_BUDGET):
            try:
                holes, weights = omaha_combinations(ranges, config.MAX_DEALS)
            except ValueError:
                if exact is True:
                    raise ValueError(f"exact=True would enumerate more than MAX_DEALS = {config.MAX_DEALS:,} "
                                     f"combinations of the players' hands; use Monte Carlo (exact=False or None)")
                holes = None
            if holes is not None:
                if len(holes) == 0:
                    raise ImpossibleDeal("the players' ranges never fit together: every combination shares a card")
                use_exact = exact is True or len(holes) * n_boards * n <= config.OMAHA_EXACT_BUDGET
    if use_exact:
        deck = np.array([c for c in v.deck if not known >> c & 1], dtype=np.uint8)
        counts = _run_exact(deal, holes, weights, deck, hilo)
        win, tie, equity, se = fractions(counts, float(weights.sum()) * n_boards, pot)
        sides = hilo_sides(counts, float(weights.sum()) * n_boards) if hilo else {}
        return EquityResult(deal.labels, win, tie, equity, len(holes) * n_boards, "exact", se, None,
                            format_cards(deal.board), format_cards(deal.dead), time.perf_counter() - start,
                            engine="omaha", **sides)
    entropy = plan.entropy(seed)
    trials, seeds = plan.chunk_plan(samples, entropy)
    hands = [_hands(deal, p) if not random_player[p] else None for p in range(n)]
    sizes = [0 if h is None else len(h) for h in hands]
    offsets = np.cumsum([0] + sizes).astype(np.int64)
    present = [h for h in hands if h is not None]
    combos = (np.concatenate([h.combos for h in present]) if present else np.zeros((0, n_hole), np.uint8))
    combos = np.ascontiguousarray(combos, dtype=np.uint8)
    prob = np.ones(len(combos))
    alias = np.arange(len(combos), dtype=np.int64)
    for p, h in enumerate(hands):
        if h is not None and len(h) > 1:
            prob[offsets[p]:offsets[p + 1]], alias[offsets[p]:offsets[p + 1]] = alias_table(h.weights, int(offsets[p]))
    masks = hand_masks(combos)
    deck = np.array([c for c in v.deck if not fixed >> c & 1], dtype=np.uint8)
    run = _OmahaRun(trials, seeds, n, n_hole, hilo, (combos, masks, prob, alias, offsets, deal.board, deck))
    limit = default_max_draws(samples) if max_draws is None else max_draws
    run_sliced(run, progress, limit, int(samples), config.MAX_DRAWS if max_draws is None else max_draws)
    counts = run.out
    win, tie, equity, se = fractions(counts.sum(axis=0), float(samples), pot, sampled=True)
    sides = hilo_sides(counts.sum(axis=0), float(samples)) if hilo else {}
    return EquityResult(deal.labels, win, tie, equity, int(samples), "monte carlo", se, entropy,
                        format_cards(deal.board), format_cards(deal.dead), time.perf_counter() - start,
                        engine="monte carlo", **sides)



def run_omaha(deal: Deal, question: registry.Question) -> EquityResult:
    """:func:`omaha_equity` as the registry runs it (:mod:`pokerlut.equities.registry`)."""
    return omaha_equity(deal, exact=question.exact, samples=question.samples, seed=question.seed,
                        progress=question.progress, max_draws=question.max_draws)


#: The Omaha games' deal reader and engine (:mod:`pokerlut.equities.registry`).
registry.register_deal("omaha", parse_deal)
registry.register_engine("omaha", registry.Engine("omaha", run_omaha))

def __getattr__(name: str):
    """The old names of the tunables now in :mod:`pokerlut.config` (read there, at call time)."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
