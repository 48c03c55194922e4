"""Heads-up exact equity of two Hold'em ranges on the device by sorting: the CPU's sweep
(:mod:`pokerlut.equities.sweep`) with a block per board.

For each board (every completion of the known cards; preflop, one board per class of the deal's
suit symmetry, counted by the class's size, as the CPU counts them), a block:

1. ranks every combo of the range ``L`` once (0 for a combo the board blocks) into shared memory,
   and sorts a copy of the strengths (a bitonic sort);
2. ranks each combo ``x`` of the other range ``S`` (a thread owns the same ``S`` combos on every
   board) and finds by two binary searches how many valid ``L`` combos it beats and ties;
3. corrects for card removal by inclusion-exclusion: the ``L`` combos holding either of ``x``'s
   cards (a list per card, at most 51 each) are taken out of the beaten, tied and met counts, and
   the same combo in ``L`` (taken out twice, and a tie) is put back once.

``L`` is a range whose combos all weigh the same, so what a combo beats, ties and meets are whole
numbers of ``L`` combos (int64, the same whatever order the threads add them in); ``S`` combos'
weights are applied on the host.  Per ``S`` combo the counts are those of the CPU's
:func:`pokerlut.equities.sweep.sweep_counts` over ``L``'s weight, and the equities follow as the CPU
computes them.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .. import layout
from ..constants import BOARD_CARDS, N_NATURAL, N_SUITS
from ..equities.deal import Deal, ImpossibleDeal
from ..equities import sweep as cpu_sweep
from ..equities.sweep import SWEEP_PLAYERS, boards_of, suit_rank_bits, sweep_group, symmetrized
from ..ranges import Range
from ..kernels.combo_scan import MAX_COMBOS  # the most combos a range holds (every two cards of the deck)
from ._support import simulated
from .batch import check_launch
from .device import cuda, hand_value, suit_rank_bit

__all__ = ["MAX_COMBOS", "OWNED", "SweepCounts", "uniform", "sweep_sides", "sweep_cheaper", "sweep_counts",
           "sweep_fractions", "combo_arrays", "grouped"]

U64 = np.uint64
#: Slots of the shared sort: the least power of two >= :data:`MAX_COMBOS`.
SORT_SLOTS = 1 << (MAX_COMBOS - 1).bit_length()
#: ``S`` combos a thread owns at most (its counts stay in its own memory until its last board); in the
#: simulator every combo, so that one thread a block sweeps (see :func:`_launch`).
OWNED = MAX_COMBOS if simulated() else 16
_PAD = np.uint16(0xFFFF)  # above every strength: the sort's unused slots go last
_COUNTS = 3  # per S combo: L combos beaten, tied, met


class SweepCounts(NamedTuple):
    """What :func:`sweep_counts` returns: per combo of ``S`` (player ``s`` of the deal), the ``L``
    combos (player ``1 - s``) it beats, ties and meets over every board ``(n_S, 3)`` (float64 whole
    numbers); and the size of the suit-symmetry group used (1: every board ranked)."""

    counts: np.ndarray
    s: int
    group: int


def uniform(rng: Range) -> bool:
    """Whether every combo of the range weighs the same (the device counts such a range's combos).

    >>> from pokerlut.ranges import parse_range
    >>> uniform(parse_range("TT+, AKs")), uniform(parse_range("AA, KK:0.5"))
    (True, False)
    """
    return len(rng) == 0 or bool(np.all(rng.weights == rng.weights[0]))


def sweep_sides(deal: Deal) -> int | None:
    """The player whose range the device sweeps as ``S`` (the other, ``L``, weighs the same
    everywhere; of two such, ``L`` is the smaller: it is sorted, ``S`` searched), or ``None``
    when neither range is uniform or the deal is not heads-up.

    >>> from pokerlut.equities.deal import parse_deal
    >>> sweep_sides(parse_deal(["TT+, AKs", "random"], "Qs 7h 2c")), sweep_sides(parse_deal(["AA, KK:0.5", "QQ"]))
    (1, 0)
    """
    if len(deal.players) != SWEEP_PLAYERS:
        return None
    flat = [uniform(r) for r in deal.ranges]
    if not any(flat):
        return None
    if all(flat):
        return 0 if len(deal.ranges[0]) > len(deal.ranges[1]) else 1
    return 0 if flat[1] else 1


def sweep_cheaper(deal: Deal) -> bool:
    """Whether :func:`pokerlut.cuda.exact_equity` sweeps the deal: heads-up with a range, one range
    of one weight (:func:`sweep_sides`), and the CPU's cost model choosing its sort over enumerating
    the pairs of combos (:func:`pokerlut.equities.sweep.sweep_work`,
    :func:`~pokerlut.equities.sweep.enumerate_work`).  The device's counts are whole numbers, so the
    CPU's precision limit on weighted sums does not apply.

    >>> from pokerlut.equities.deal import parse_deal
    >>> sweep_cheaper(parse_deal(["TT+, AKs", "random"], "Qs 7h 2c")), sweep_cheaper(parse_deal(["AhKh", "QdQc"]))
    (True, False)
    """
    if sweep_sides(deal) is None or all(len(r) <= 1 for r in deal.ranges):
        return False
    return cpu_sweep.sweep_work(deal) <= cpu_sweep.enumerate_work(deal)


@cuda.jit(device=True)
def barrier(threads):
    """``cuda.syncthreads()``, skipped in a block of one thread (``threads``: the block's size, the
    same for every thread of it, so the whole block takes the same branch)."""
    if threads > 1:
        cuda.syncthreads()


@cuda.jit(device=True)
def bitonic_sort(keys, n, tid, threads):
    """Sort ``keys[:n]`` (shared memory, ``n`` a power of two) ascending, the block's ``threads``
    threads together (every thread of the block calls it)."""
    k = 2
    while k <= n:
        j = k // 2
        while j > 0:
            for i in range(tid, n, threads):
                other = i ^ j
                if other > i:
                    a = keys[i]
                    b = keys[other]
                    if (a > b) == ((i & k) == 0):
                        keys[i] = b
                        keys[other] = a
            barrier(threads)
            j //= 2
        k *= 2


@cuda.jit(device=True)
def below(keys, n, s):
    """How many of the sorted ``keys[:n]`` are less than ``s`` (a binary search)."""
    lo = 0
    hi = n
    while lo < hi:
        mid = (lo + hi) // 2
        if keys[mid] < s:
            lo = mid + 1
        else:
            hi = mid
    return lo


@cuda.jit(device=True)
def board_of(t, boards, b):
    """Board ``b`` of ``boards`` (five cards a row): its key, suit-rank bits and card mask."""
    kb = U64(0)
    bb = U64(0)
    mb = U64(0)
    for j in range(BOARD_CARDS):
        card = U64(boards[b, j])
        kb += t.cards[card]
        bb |= suit_rank_bit(card)
        mb |= U64(1) << card
    return kb, bb, mb


@cuda.jit
def _sweep_kernel(boards, slots, n_S, combos, ints, t, counts):
    """A block per board (``boards[b]``), grid-stride.  ``combos`` (3, ``n_S`` + ``n_L``): the
    keys (suit counters started), suit-rank bits and card masks of the ``S`` combos, then of the
    ``L`` combos.  ``ints``, packed by :func:`sweep_counts` into one transfer: each board's count,
    each ``S`` combo's twin in ``L`` (-1: none), its two cards, then per card where its ``L`` combos
    start in the list of them that ends the array.  The ``L`` combos are ranked and sorted in
    ``slots`` (a power of two >= their number) shared slots; each ``S`` combo ``x`` (``tid + j *
    threads``, ``j < OWNED``) ranked and counted against them, less the ``L`` combos holding its
    cards, plus its twin; the counts into ``counts[x, 0..2]``."""
    bases, values = t.bases7, t.values7
    order = cuda.shared.array(SORT_SLOTS, np.uint16)
    strength = cuda.shared.array(MAX_COMBOS, np.uint16)
    acc = cuda.local.array((OWNED, _COUNTS), np.int64)
    tid = cuda.threadIdx.x
    threads = cuda.blockDim.x
    n_L = combos.shape[1] - n_S
    twin_at = boards.shape[0]
    cards_at = twin_at + n_S
    start_at = cards_at + 2 * n_S
    list_at = start_at + N_NATURAL + 1
    for j in range(OWNED):
        for q in range(_COUNTS):
            acc[j, q] = 0
    b = cuda.blockIdx.x
    while b < boards.shape[0]:
        kb, bb, mb = board_of(t, boards, b)
        for y in range(tid, slots, threads):
            s = _PAD
            if y < n_L:
                s = np.uint16(0)
                if (combos[2, n_S + y] & mb) == U64(0):
                    s = hand_value(t, kb + combos[0, n_S + y], bb | combos[1, n_S + y], 7, bases, values)
                strength[y] = s
            order[y] = s
        barrier(threads)
        bitonic_sort(order, slots, tid, threads)
        blocked = below(order, slots, np.uint16(1))  # the L combos the board blocks: strength 0, first
        weight = ints[b]
        for j in range(OWNED):
            x = tid + j * threads
            if x < n_S and (combos[2, x] & mb) == U64(0):
                s = hand_value(t, kb + combos[0, x], bb | combos[1, x], 7, bases, values)
                beaten = np.int64(below(order, slots, s)) - blocked
                tied = np.int64(below(order, slots, s + np.uint16(1))) - blocked - beaten
                met = np.int64(n_L) - blocked
                for side in range(2):
                    c = ints[cards_at + 2 * x + side]
                    for i in range(ints[start_at + c], ints[start_at + c + 1]):
                        other = strength[ints[list_at + i]]
                        if other != 0:
                            met -= 1
                            if other < s:
                                beaten -= 1
                            elif other == s:
                                tied -= 1
                if ints[twin_at + x] >= 0:  # the same combo in L: out twice through its two cards, and a tie
                    tied += 1
                    met += 1
                acc[j, 0] += weight * beaten
                acc[j, 1] += weight * tied
                acc[j, 2] += weight * met
        barrier(threads)  # every thread done with this board's shared arrays
        b += cuda.gridDim.x
    for j in range(OWNED):
        x = tid + j * threads
        if x < n_S:
            for q in range(_COUNTS):
                if acc[j, q]:
                    cuda.atomic.add(counts, (x, q), acc[j, q])


def combo_arrays(combos: np.ndarray, table_cards: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Keys (suit counters started), suit-rank bits and card masks (uint64) of ``combos`` (n, 2), as the
    device kernels take them.

    >>> from pokerlut.variants import get_variant
    >>> keys, bits, masks = combo_arrays(np.array([[51, 47]]), get_variant("high").tables.natural.cards)
    >>> hex(int(masks[0])), int(bits[0]).bit_count()
    ('0x8800000000000', 2)
    """
    combos = np.asarray(combos).astype(np.int64)
    start = np.full(len(combos), (int(table_cards[layout.FIRST_CARD]) - int(table_cards[0])) % 2**64, np.uint64)
    keys = start + table_cards[combos[:, 0]] + table_cards[combos[:, 1]]  # uint64 arrays wrap as a device does
    bits = suit_rank_bits(combos[:, 0]) | suit_rank_bits(combos[:, 1])
    masks = (U64(1) << combos[:, 0].astype(np.uint64)) | (U64(1) << combos[:, 1].astype(np.uint64))
    return np.ascontiguousarray(keys, np.uint64), np.ascontiguousarray(bits, np.uint64), masks


def grouped(keys: np.ndarray, n_groups: int) -> tuple[np.ndarray, np.ndarray]:
    """``(start (n_groups + 1,), order)``: the indices of ``keys`` (0 .. n_groups - 1) sorted by key
    (stably), group ``g`` at ``order[start[g]:start[g + 1]]``.

    >>> start, order = grouped(np.array([2, 0, 2, 1]), 3)
    >>> start.tolist(), order.tolist()
    ([0, 1, 2, 4], [1, 3, 0, 2])
    """
    start = np.zeros(n_groups + 1, np.int64)
    start[1:] = np.cumsum(np.bincount(keys, minlength=n_groups))
    return start, np.argsort(keys, kind="stable").astype(np.int64)


def _card_lists(combos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The combos holding each card: ``(start (N_NATURAL + 1,), combo indices)``."""
    held = np.concatenate([combos[:, 0], combos[:, 1]]).astype(np.int64)
    index = np.concatenate([np.arange(len(combos))] * 2).astype(np.int64)
    start, order = grouped(held, N_NATURAL)
    out = index[order] if len(index) else np.zeros(1, np.int64)
    return start, np.ascontiguousarray(out)


def _twins(mS: np.ndarray, mL: np.ndarray) -> np.ndarray:
    """Per ``S`` combo (card masks ``mS``), the index of the same combo in ``L`` (masks ``mL``; -1
    where none)."""
    order = np.argsort(mL, kind="stable")
    at = np.minimum(np.searchsorted(mL[order], mS), len(mL) - 1)
    return np.where(mL[order][at] == mS, order[at], -1).astype(np.int64)


def _launch(n_boards: int, n_small: int) -> tuple[int, int]:
    """``(blocks, threads)``: on a device 256 threads a block, a few blocks per multiprocessor (each
    block's counts stay in its threads' memory over its boards); in the simulator one thread a
    block, which needs no barrier (a barrier there costs a hand-over between Python threads, about
    5 ms)."""
    if simulated():
        return min(n_boards, 2), 1
    return max(1, min(n_boards, cuda.get_current_device().MULTIPROCESSOR_COUNT * 8)), 256


def sweep_counts(deal: Deal, tables, launch: tuple[int, int] | None = None, symmetric: bool = True) -> SweepCounts:
    """Per combo of the ``S`` range of a heads-up Hold'em deal (:func:`sweep_sides`), the ``L``
    combos it beats, ties and meets over every board, on the device (``tables``: the game's
    :func:`pokerlut.cuda.device.tables`); preflop the counts of the deal's suit-symmetry classes,
    added up over each combo's relabellings as the CPU does (whole numbers: the group's size times
    the counts; ``symmetric=False``: every board).  ``launch``: ``(blocks, threads)``, the threads
    at least the ``S`` combos over :data:`OWNED`.

    >>> from pokerlut.equities.deal import parse_deal
    >>> from pokerlut.cuda.device import tables
    >>> got = sweep_counts(parse_deal(["AsAd", "KK"], "Ks 7h 2c 3d 9h"), tables())   # L: AsAd, S: 3 kings
    >>> got.s, got.counts.tolist(), got.group           # each set of kings beats the aces, meets them once
    (1, [[1.0, 0.0, 1.0], [1.0, 0.0, 1.0], [1.0, 0.0, 1.0]], 1)
    """
    s = sweep_sides(deal)
    if s is None:
        raise ValueError("the device sweep is heads-up, and one range must weigh the same on every combo")
    S, L = deal.ranges[s], deal.ranges[1 - s]
    if len(S) == 0 or len(L) == 0:
        raise ImpossibleDeal("the players' ranges never fit together: every combination shares a card")
    perms = sweep_group(deal) if symmetric else np.arange(N_SUITS, dtype=np.int64)[None, :]
    boards, weights = boards_of(deal, perms)
    board_weights = np.rint(weights).astype(np.int64)
    table_cards = deal.variant.tables.natural.cards
    kS, bS, mS = combo_arrays(S.combos, table_cards)
    kL, bL, mL = combo_arrays(L.combos, table_cards)
    card_start, card_combos = _card_lists(L.combos)
    slots = 1 << max(len(L) - 1, 0).bit_length()
    blocks, threads = check_launch(launch) or _launch(len(boards), len(S))
    if threads * OWNED < len(S):
        raise ValueError(f"a launch of {threads} threads a block sweeps at most {threads * OWNED} combos a range; "
                         f"this range holds {len(S)}")
    combos = np.ascontiguousarray(np.stack([np.concatenate([kS, kL]), np.concatenate([bS, bL]),
                                            np.concatenate([mS, mL])]), np.uint64)
    ints = np.concatenate([board_weights, _twins(mS, mL), S.combos.astype(np.int64).ravel(), card_start, card_combos])
    counts = cuda.to_device(np.zeros((len(S), _COUNTS), np.int64))
    _sweep_kernel[blocks, threads](cuda.to_device(np.ascontiguousarray(boards)), slots, len(S), cuda.to_device(combos),
                                   cuda.to_device(ints), tables, counts)
    out = counts.copy_to_host().astype(np.float64)
    if len(perms) > 1:
        out = symmetrized(out, S, perms)
    return SweepCounts(out, s, len(perms))


def sweep_fractions(deal: Deal, swept: SweepCounts) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """``(win, tie, equity, n)`` per player from :func:`sweep_counts`, computed as the CPU's sweep
    computes them from the smaller range's side (:func:`pokerlut.equities.sweep.sweep_equity`): on
    ranges of weight 1 with a board the same numbers to the last bit (preflop, and with weights, equal to
    rounding).

    >>> from pokerlut.equities.deal import parse_deal
    >>> from pokerlut.cuda.device import tables
    >>> deal = parse_deal(["AsAd", "KK, QQ"], "Ks 7h 2c 3d")   # 44 rivers, 3 kings and 6 queens
    >>> win, tie, equity, n = sweep_fractions(deal, sweep_counts(deal, tables()))
    >>> [round(float(x), 4) for x in equity], n
    ([0.6515, 0.3485], 396)
    """
    c, s = swept.counts, swept.s
    w = deal.ranges[s].weights
    beaten, tied, met = (float(w @ c[:, q]) for q in range(_COUNTS))
    n = int(round(float(c[:, 2].sum()) / swept.group))
    if met <= 0 or n == 0:
        raise ImpossibleDeal("the players' ranges never fit together: every combination shares a card")
    first = 0 if len(deal.ranges[0]) <= len(deal.ranges[1]) else 1  # the CPU's side
    won = beaten if first == s else met - beaten - tied
    win, tie = won / met, tied / met
    lose = max(0.0, 1.0 - win - tie)
    win0, lose0 = (win, lose) if first == 0 else (lose, win)
    return (np.array([win0, lose0]), np.array([tie, tie]), np.array([win0 + tie / 2, lose0 + tie / 2]), n)
