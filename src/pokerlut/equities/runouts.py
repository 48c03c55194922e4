"""Heads-up exact equity of two small ranges on a board, runout by runout (:mod:`pokerlut.kernels.runouts`).

Every completion of the known board is visited once, or, when a suit permutation leaves the board,
the dead cards and both ranges (with their weights) as they are, one runout per class of such
permutations, counted with the size of its class.  On each, every live combo of both ranges is
ranked once and every conflict-free pair of combos settled by comparing, with the product of its
combos' weights.  Cards every combo of a range holds (a fixed hand's two) are left out of the
runouts, as the dead cards are.  The work is a lookup per combo and a comparison per pair per
runout: less than the sort's (:mod:`.sweep`) for a few dozen combos a side, less than enumerating
the pairs (each ranked apart on its own runouts) whenever a range has more than one combo.

>>> from pokerlut.equities.deal import parse_deal
>>> r = runouts_equity(parse_deal(["QQ+,AKs", "JJ-99,AQs"], "Kd 8s 3c"))
>>> r.engine, r.n, round(float(r.equity[0]), 4)
('runouts', 365310, 0.9284)
"""

from __future__ import annotations

import math
import time
from dataclasses import replace
from functools import lru_cache

import numpy as np

from .. import _threads, config
from .._notice import progress_bar
from ..cards import format_cards
from ..constants import BOARD_CARDS, N_NATURAL, N_RANKS, N_SUITS
from ..kernels.registry import runouts_kernel
from ..variants import get_variant
from .deal import Deal, ImpossibleDeal, combo_masks
from .results import EquityResult
from .sweep import SWEEP_PLAYERS, boards_of, symmetry

__all__ = ["runouts_equity", "runouts_work", "flush_share", "pair_weights", "held_by_all", "suit_group",
           "RUNOUTS_PLAYERS", "CALL_LOOKUPS"]

#: The engine is heads-up.
RUNOUTS_PLAYERS = SWEEP_PLAYERS

#: What one runout costs, in lookups of the enumerating engine (calibrated by
#: ``benchmarks/engine_grid.py``): the runout itself, a combo or a rank class ranked, a pair of combos
#: or of classes compared.
_RUNOUT_LOOKUPS = 4.0
_COMBO_LOOKUPS = 1.2
_PAIR_LOOKUPS = 0.15
#: What the pair weights and their class sums cost to build, per pair of combos (numpy, once a call).
_PREP_LOOKUPS = 3.0
#: The work (lookups) from which the runouts are merged by suit symmetry (:func:`suit_group`).
_SYMMETRY_MIN_WORK = 2e6
#: What a call costs whatever its runouts and ranges (Python), in lookups.
_CALL_LOOKUPS = 18_000.0
#: What a call of each other exact engine costs whatever its work, in the same lookups: their own
#: estimates (:func:`pokerlut.equities.sweep.sweep_work`, :func:`~pokerlut.equities.sweep.enumerate_work`)
#: leave it out, which does not matter between them but does beside this engine's small calls
#: (measured by ``benchmarks/engine_grid.py``).
CALL_LOOKUPS = {"sweep": 45_000.0, "enumerate": 30_000.0}


def held_by_all(masks: list[np.ndarray]) -> np.ndarray:
    """The cards every combo of some player's range holds (a fixed hand's two cards), from each
    range's combo masks: no runout holds them.

    >>> from pokerlut.equities.deal import parse_deal
    >>> deal = parse_deal(["AhKh", "AsAd, AsAc"], "2c 3d 4h")
    >>> held_by_all([combo_masks(r.combos) for r in deal.ranges]).tolist()   # Kh, Ah, As
    [46, 50, 51]
    """
    held = 0
    for m in masks:
        held |= int(np.bitwise_and.reduce(m))
    if not held:
        return np.zeros(0, dtype=np.uint8)
    return np.array([c for c in range(N_NATURAL) if (held >> c) & 1], dtype=np.uint8)


def suit_group(deal: Deal) -> np.ndarray | None:
    """The suit permutations that leave the deal as it is (:func:`pokerlut.equities.sweep.symmetry`),
    or ``None`` when only the identity does: found without looking at the ranges when no two suits
    hold the same ranks of board and dead cards (a rainbow flop of three ranks, say).

    >>> from pokerlut.equities.deal import parse_deal
    >>> suit_group(parse_deal(["AA", "KK"], "Kd 8s 3c")) is None, len(suit_group(parse_deal(["AA", "KK"], "2c 3c 4c")))
    (True, 6)
    """
    known = np.concatenate([deal.board, 64 + deal.dead.astype(np.int64)]).astype(np.int64)
    signatures = [frozenset((known[known % N_SUITS == s] // N_SUITS).tolist()) for s in range(N_SUITS)]
    if len(set(signatures)) == N_SUITS:
        return None
    perms = symmetry(deal)
    return perms if len(perms) > 1 else None


def pair_weights(deal: Deal, masks: list[np.ndarray] | None = None, fits: np.ndarray | None = None) -> np.ndarray:
    """``(n0, n1)`` float64: the weight of each pair of the two players' combos, the product of
    their weights relative to the largest product of a conflict-free pair (kept apart as mantissa
    and exponent, so that no product underflows), and 0 for a pair sharing a card.

    >>> from pokerlut.equities.deal import parse_deal
    >>> pair_weights(parse_deal(["AcAd, AsAh", "KcKd:0.5, AsKs"], "2c 3d 4h")).tolist()  # AsAh meets no AsKs
    [[0.5, 1.0], [0.5, 0.0]]
    """
    a, b = deal.ranges
    ma, mb = masks if masks is not None else [combo_masks(r.combos) for r in deal.ranges]
    if fits is None:  # whether each pair of combos fits together (no card shared)
        fits = (ma[:, None] & mb[None, :]) == 0
    if a.weights.min() == a.weights.max() and b.weights.min() == b.weights.max():  # unweighted: 1 or 0
        return fits.astype(np.float64)
    fa, ea = np.frexp(np.asarray(a.weights, dtype=np.float64))
    fb, eb = np.frexp(np.asarray(b.weights, dtype=np.float64))
    exponent = ea[:, None].astype(np.int64) + eb[None, :]
    mantissa = fa[:, None] * fb[None, :]
    if not fits.any():
        return np.zeros(fits.shape)
    top = exponent[fits].max()
    with np.errstate(under="ignore"):
        out = np.where(fits, np.ldexp(mantissa, np.maximum(exponent - top, -1100)), 0.0)
    return out / out.max()


def _sizes(deal: Deal) -> tuple[int, int, int]:
    """The runouts of the known board (before suit symmetry; a fixed hand's cards left out) and the
    two ranges' sizes."""
    n0, n1 = (len(r) for r in deal.ranges)
    left = deal.variant.deck_size - len(deal.board) - len(deal.dead) - 2 * ((n0 == 1) + (n1 == 1))
    return math.comb(left, BOARD_CARDS - len(deal.board)), n0, n1


def flush_share(deal: Deal) -> float:
    """The share of the runouts of the known board on which some suit holds three board cards or
    more (a flush is possible: the engine ranks every combo there, elsewhere every rank class).

    >>> from pokerlut.equities.deal import parse_deal
    >>> flush_share(parse_deal(["AA", "KK"], "2c 7d 9h 3s")), flush_share(parse_deal(["AA", "KK"], "2c 7c 9c"))
    (0.0, 1.0)
    """
    return _flush_share(deal.board.tobytes(), deal.dead.tobytes(), deal.variant.name)


@lru_cache(maxsize=256)
def _flush_share(board_bytes: bytes, dead_bytes: bytes, variant: str) -> float:
    """:func:`flush_share` of a board, dead cards and game (many questions share a board)."""
    board, dead = np.frombuffer(board_bytes, np.uint8), np.frombuffer(dead_bytes, np.uint8)
    board_suits = [0] * N_SUITS
    for c in board.tolist():
        board_suits[c % N_SUITS] += 1
    used = set(board.tolist()) | set(dead.tolist())
    left = [0] * N_SUITS
    for c in get_variant(variant).deck:
        if c not in used:
            left[c % N_SUITS] += 1
    missing = BOARD_CARDS - len(board)
    no_flush = [1] + [0] * missing  # runouts by cards added so far, no suit at three yet: a product of polynomials
    for suit in range(N_SUITS):
        room = max(0, min(missing, 2 - board_suits[suit]))
        if board_suits[suit] > 2:
            return 1.0
        no_flush = [sum(no_flush[n - k] * math.comb(left[suit], k) for k in range(min(n, room) + 1))
                    for n in range(missing + 1)]
    total = math.comb(sum(left), missing)
    return 1.0 - no_flush[missing] / total if total else 0.0


def _n_classes(rng) -> int:
    """The rank classes of a range."""
    ranks = rng.combos // N_SUITS  # card N_SUITS * rank + suit; a combo's higher card first
    seen = np.zeros(N_RANKS * N_RANKS, dtype=bool)
    seen[N_RANKS * ranks[:, 0].astype(np.intp) + ranks[:, 1]] = True
    return int(np.count_nonzero(seen))


def runouts_work(deal: Deal) -> float:
    """Lookups the engine would do (in the units of :func:`pokerlut.equities.sweep.sweep_work`):
    per runout of the known board (suit symmetry not counted: it only makes the engine cheaper, as
    it does the others), where a flush is possible (:func:`flush_share`) a lookup per combo and a
    fraction of one per pair of combos, elsewhere a lookup per rank class and a fraction of one per
    pair of classes and per blocked combo and class of the other side; and a fixed cost per call.

    >>> from pokerlut.equities.deal import parse_deal
    >>> deal = parse_deal(["QQ+,AKs", "JJ-99,AQs"], "Kd 8s 3c")
    >>> from pokerlut.equities.sweep import sweep_work
    >>> runouts_work(deal) < sweep_work(deal)
    True
    """
    n_runouts, n0, n1 = _sizes(deal)
    k0, k1 = (_n_classes(r) for r in deal.ranges)
    left = deal.variant.deck_size - len(deal.board) - len(deal.dead)
    blocked = 2.0 * (BOARD_CARDS - len(deal.board)) / max(left, 1)  # the share of a side's combos a runout blocks
    share = flush_share(deal)
    by_combo = _COMBO_LOOKUPS * (n0 + n1) + _PAIR_LOOKUPS * n0 * n1
    by_class = _COMBO_LOOKUPS * (k0 + k1) + _PAIR_LOOKUPS * (k0 * k1 + blocked * (n0 * k1 + n1 * k0))
    per_runout = _RUNOUT_LOOKUPS + share * by_combo + (1 - share) * by_class
    return _CALL_LOOKUPS + _PREP_LOOKUPS * n0 * n1 + n_runouts * per_runout


@lru_cache(maxsize=64)
def _runouts(board_bytes: bytes, dead_bytes: bytes, variant: str) -> tuple[np.ndarray, np.ndarray]:
    """Every runout of a board with no suit symmetry taken, and their weights
    (:func:`~pokerlut.equities.sweep.boards_of`; many questions share a board: kept, never handed out)."""
    board, dead = np.frombuffer(board_bytes, np.uint8), np.frombuffer(dead_bytes, np.uint8)
    return boards_of(Deal(get_variant(variant), (), board, dead))


@lru_cache(maxsize=64)
def _cards_text(card_bytes: bytes) -> str:
    """:func:`~pokerlut.cards.format_cards` of uint8 card ids (a result's board and dead cards)."""
    return format_cards(np.frombuffer(card_bytes, np.uint8)) if card_bytes else ""


def _side(rng, masks: np.ndarray, cards: np.ndarray) -> tuple[tuple, np.ndarray, np.ndarray, np.ndarray]:
    """A range as the kernel takes it, ``(keys, bits, masks, classes, ptr, idx)`` (combo keys,
    suit-rank bits, card masks, the index of each combo's rank class among the range's, the
    combos holding each card ``c`` at ``idx[ptr[c]:ptr[c + 1]]``), then a key of each of its rank
    classes, the classes' ids ``13 * high + low`` and the class of each combo
    (:func:`pokerlut.kernels.runouts.prepare_side`)."""
    n = len(rng.combos)
    keys, bits = np.empty(n, dtype=cards.dtype), np.empty(n, dtype=np.uint64)
    classes, idx = np.empty(n, dtype=np.int64), np.empty(2 * n, dtype=np.int64)
    class_keys, class_ids = np.empty(N_RANKS * N_RANKS, dtype=cards.dtype), np.empty(N_RANKS * N_RANKS, np.int64)
    ptr = np.empty(N_NATURAL + 1, dtype=np.int64)
    own_masks = np.empty(n, dtype=np.uint64)
    k = runouts_kernel("prepare_side")(np.ascontiguousarray(rng.combos, dtype=np.uint8), cards, keys, bits, own_masks,
                                       classes, class_keys, class_ids, ptr, idx)
    return (keys, bits, masks, classes, ptr, idx), class_keys[:k], class_ids[:k], classes


def _by_rank(weights: np.ndarray, outer: tuple, inner: tuple) -> tuple:
    """The kernel's rank-class sums of the pair weights: per class pair, per ``outer`` combo and
    ``inner`` class, per ``outer`` class and ``inner`` combo (see :func:`pokerlut.kernels.runouts.runouts`)."""
    _, key_a, id_a, ca = outer
    _, key_b, id_b, cb = inner
    full = np.empty((len(id_a), len(id_b)))
    row_w = np.empty((len(ca), len(id_b)))
    col_w = np.empty((len(id_a), len(cb)))
    runouts_kernel("class_sums")(weights, ca, cb, full, row_w, col_w)
    return key_a, id_a, key_b, id_b, full, row_w, col_w


def runouts_equity(deal: Deal, *, progress: bool = False, masks: list[np.ndarray] | None = None) -> EquityResult:
    """Exact heads-up equity of a checked Hold'em deal with a known board, runout by runout (see the
    module doc); ``masks``: the ranges' :func:`~pokerlut.equities.deal.combo_masks` when the caller
    has them."""
    start = time.perf_counter()
    if len(deal.players) != RUNOUTS_PLAYERS:
        raise ValueError(f"the runouts engine is heads-up; this deal has {len(deal.players)} players")
    if not len(deal.board):
        raise ValueError("the runouts engine needs a known board (preflop, the sort or the preflop tables answer)")
    if masks is None:
        masks = [combo_masks(r.combos) for r in deal.ranges]
    fits = (masks[0][:, None] & masks[1][None, :]) == 0
    weights = pair_weights(deal, masks, fits)
    n_pairs = int(np.count_nonzero(fits))  # a pair of tiny weights counts
    if n_pairs == 0:
        raise ImpossibleDeal("the players' ranges never fit together: every combination shares a card")
    held = held_by_all(masks)
    known = replace(deal, dead=np.concatenate([deal.dead, held]).astype(np.uint8)) if len(held) else deal
    # finding the suit classes of the runouts costs more Python time than a few thousand runouts
    n_runouts, n0, n1 = _sizes(deal)
    per_runout = _RUNOUT_LOOKUPS + _COMBO_LOOKUPS * (n0 + n1) + _PAIR_LOOKUPS * n0 * n1  # at most
    group = suit_group(deal) if n_runouts * per_runout > _SYMMETRY_MIN_WORK else None
    boards, board_weights = boards_of(known, group) if group is not None else _runouts(
        known.board.tobytes(), known.dead.tobytes(), known.variant.name)
    tables = deal.variant.tables.rank_tables(7)
    ranges = deal.ranges
    outer_first = n0 <= n1  # the larger range in the vectorised loop
    if not outer_first:
        weights = np.ascontiguousarray(weights.T)
    outer_rng, inner_rng = ranges if outer_first else ranges[::-1]
    outer_masks, inner_masks = masks if outer_first else masks[::-1]
    outer_all, inner_all = _side(outer_rng, outer_masks, tables.cards), _side(inner_rng, inner_masks, tables.cards)
    outer, inner = outer_all[0], inner_all[0]
    by_rank = _by_rank(weights, outer_all, inner_all)
    n_outer, n_inner = len(outer[0]), len(inner[0])
    slots = _threads.n_chunks() if _threads.use_threads(per_runout * len(boards)) else 1  # as run_blocks cuts
    totals = np.zeros((slots, 2))
    scratch = [(np.zeros(n_outer), np.zeros(n_inner), np.zeros(n_inner), np.zeros(n_inner), np.zeros(len(by_rank[1])),
                np.zeros(len(by_rank[3])), np.zeros(N_RANKS * N_RANKS), np.zeros(N_RANKS * N_RANKS, np.int64),
                np.zeros(n_outer, np.int64), np.zeros(n_inner, np.int64)) for _ in range(slots)]
    n_known = len(deal.board)
    kernel = runouts_kernel()

    def piece(lo: int, hi: int, slot: int) -> None:
        # each piece sums its runouts apart, then into the slot: the rounding of weighted sums stays small
        part = np.zeros(2)
        kernel(boards[lo:hi], board_weights[lo:hi], n_known, outer, inner, weights, by_rank, part, scratch[slot],
               tables)
        totals[slot] += part

    bar = progress_bar(len(boards), "boards", progress, unit_scale=True)
    cost = per_runout  # a runout, at most
    if bar is None and slots == 1 and cost * len(boards) <= config.BLOCK_WORK:
        piece(0, len(boards), 0)  # one block on this thread: run_blocks would add only its bookkeeping
    else:
        _threads.run_blocks(piece, len(boards), cost=cost, bar=bar)
    if bar is not None:
        bar.close()
    # every conflict-free pair meets every runout of the cards left without its four
    left = deal.variant.deck_size - len(deal.board) - len(deal.dead)
    per_pair = math.comb(left - 2 * RUNOUTS_PLAYERS, BOARD_CARDS - len(deal.board))
    met = float(weights.sum()) * per_pair
    won, tied = float(totals[:, 0].sum()) / met, float(totals[:, 1].sum()) / met
    lost = max(0.0, 1.0 - won - tied)
    win0, win1 = (won, lost) if outer_first else (lost, won)
    return EquityResult(deal.labels, np.array([win0, win1]), np.array([tied, tied]),
                        np.array([win0 + tied / 2, win1 + tied / 2]), n_pairs * per_pair, "exact", np.zeros(2), None,
                        _cards_text(deal.board.tobytes()), _cards_text(deal.dead.tobytes()),
                        time.perf_counter() - start, engine="runouts")
