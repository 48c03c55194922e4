"""Hand strength and its rollouts: the kernels behind :mod:`pokerlut.abstraction`.

Cards are taken by *deck position*: a kernel lists the cards not yet dealt (the deck) with their
card constants (``dk``) and suit-rank bits (``db``, :func:`.primitives.suit_rank_bit`), so a hand
of board and two deck cards is ``board_key + dk[i] + dk[j]``, one add per card before the lookup.

* :func:`~.combo_scan.board_scan`: on one five-card board, every live two-card combo of the deck
  ranked once, sorted by strength (a two-pass radix sort), and each combo's wins and ties against
  every other live combo counted in one pass, with per-card running counts taking out the
  opponents that share a card with it.  Returns ``2 * wins + ties`` of each combo
  ("half-points"): the hand strength against a random hand is that over ``2 * C(n - 2, 2)``.
* :func:`make_street_kernel`: every hole-card class of a block of board classes: the river's hand
  strength, or on the flop and turn the rollout over every completion of the board (the sums of
  the half-points and of their squares, and a histogram), written at the classes' street indices.
* :func:`make_rollout_kernel`: one hand at a time, against a weighted opponent range: for every
  completion of the board, the weight of the opponent combos the hand beats, ties and meets, and
  (optionally) the ahead / tied / behind transitions from now to the river.

Kernels do not allocate: callers pass scratch records (:func:`street_scratch`, :func:`rollout_scratch`,
:func:`preflop_scratch`), one per concurrent piece, and the tables as
:class:`~pokerlut.table_records.RankTables`.
"""

from __future__ import annotations

from typing import NamedTuple

import numba as nb
import numpy as np

from ..constants import BOARD_CARDS, FLOP_CARDS, HOLDEM_HOLE, N_NATURAL
from .combo_scan import (MAX_COMBOS, RADIX, ScanScratch, board_key, board_scan, completion, count_digits, radix_sort,
                         scan_scratch)
from .compile import compile_kernel
from .iso_index import SPEC_ROUND_OF, SPEC_ROUNDS, SPEC_SECOND, config_row, deal_masks
from .iso_streets import board_frame, board_keys_call, hole_part
from .primitives import suit_rank_bit, value_of_bits

U64 = np.uint64
_TWO = U64(2)
_SIXTEEN = U64(16)
_BYTE = U64(255)


class StreetScratch(NamedTuple):
    """The street kernel's working memory (one per thread)."""

    scan: ScanScratch
    acc: np.ndarray  #: (MAX_COMBOS,) int64: sums of half-points
    acc2: np.ndarray  #: (MAX_COMBOS,) int64: sums of their squares
    acch: np.ndarray  #: (MAX_COMBOS * bins,) int32: histogram counts


class StreetOut(NamedTuple):
    """The street kernel's outputs (river: ``num``; flop and turn: the others)."""

    num: np.ndarray
    sum: np.ndarray
    squares: np.ndarray
    hist: np.ndarray


class RolloutOut(NamedTuple):
    """The rollout kernel's outputs, a row per hand."""

    sums: np.ndarray  #: (n, 4)
    hist: np.ndarray  #: (n, bins)
    hp: np.ndarray  #: (n, 9): the transitions from now to the river


class RolloutScratch(NamedTuple):
    """The rollout and strength kernels' working memory (one per thread)."""

    opp_key: np.ndarray  #: (MAX_COMBOS,) uint64: each opponent combo's key
    opp_bits: np.ndarray  #: (MAX_COMBOS,) uint64: its suit-rank bits
    opp_w: np.ndarray  #: (MAX_COMBOS,) float64: its weight
    opp_now: np.ndarray  #: (MAX_COMBOS,) int64: how it stands against the hand now
    dk: np.ndarray  #: (N_NATURAL,) uint64: the deck's card constants
    db: np.ndarray  #: (N_NATURAL,) uint64: the deck's cards


class PreflopScratch(NamedTuple):
    """The preflop counting kernel's working memory (one per thread)."""

    dk: np.ndarray  #: (N_NATURAL,) uint64
    db: np.ndarray  #: (N_NATURAL,) uint64
    dc: np.ndarray  #: (N_NATURAL,) uint8
    strength: np.ndarray  #: (MAX_COMBOS,) uint16
    order: np.ndarray  #: (MAX_COMBOS,) int32
    tmp: np.ndarray  #: (MAX_COMBOS,) uint64
    seen: np.ndarray  #: (classes,) int64
    cnt: np.ndarray  #: (cards left * classes,) int64
    gseen: np.ndarray  #: (classes,) int64
    gcnt: np.ndarray  #: (cards left * classes,) int64
    buckets: np.ndarray  #: (2 RADIX,) int32
    cls: np.ndarray  #: (MAX_COMBOS,) int16


def street_scratch(bins: int) -> StreetScratch:
    """One thread's :class:`StreetScratch` for histograms of ``bins`` bins.

    >>> street_scratch(4).acch.shape
    (5304,)
    """
    return StreetScratch(scan_scratch(), np.zeros(MAX_COMBOS, np.int64), np.zeros(MAX_COMBOS, np.int64),
                         np.zeros(MAX_COMBOS * max(bins, 1), np.int32))


def rollout_scratch() -> RolloutScratch:
    """One thread's :class:`RolloutScratch` (the strength kernel uses its deck alone)."""
    return RolloutScratch(np.zeros(MAX_COMBOS, np.uint64), np.zeros(MAX_COMBOS, np.uint64), np.zeros(MAX_COMBOS),
                          np.zeros(MAX_COMBOS, np.int64), np.zeros(N_NATURAL, np.uint64),
                          np.zeros(N_NATURAL, np.uint64))


def preflop_scratch(n_classes: int) -> PreflopScratch:
    """One thread's :class:`PreflopScratch` for ``n_classes`` starting-hand classes."""
    left = N_NATURAL - BOARD_CARDS
    return PreflopScratch(np.zeros(N_NATURAL, np.uint64), np.zeros(N_NATURAL, np.uint64), np.zeros(N_NATURAL, np.uint8),
                          np.zeros(MAX_COMBOS, np.uint16), np.zeros(MAX_COMBOS, np.int32),
                          np.zeros(MAX_COMBOS, np.uint64), np.zeros(n_classes, np.int64),
                          np.zeros(left * n_classes, np.int64), np.zeros(n_classes, np.int64),
                          np.zeros(left * n_classes, np.int64), np.zeros(2 * RADIX, np.int32),
                          np.zeros(MAX_COMBOS, np.int16))


def pair_table() -> np.ndarray:
    """``pairs``: ``i`` then ``j`` of every combo number ``p = j * (j - 1) / 2 + i`` (uint8, 2 x 1326)."""
    out = np.zeros(2 * MAX_COMBOS, dtype=np.uint8)
    p = 0
    for j in range(1, N_NATURAL):
        for i in range(j):
            out[p], out[MAX_COMBOS + p] = i, j
            p += 1
    return out


@nb.njit(inline="always", nogil=True)
def board_frame_of(m0, m1, m2, m3, n_rounds, small, config, hmult, hshift):
    """``(seg_row, pos_word, starts)`` of a board given its rounds' suit-rank bits (see
    :func:`pokerlut.kernels.iso_streets.hole_part`); once a board, so its keys come from a call."""
    k0, k1, k2, k3 = board_keys_call(m0, m1, m2, m3, n_rounds, small)
    crow = config_row(k0 >> _TWO, k1 >> _TWO, k2 >> _TWO, k3 >> _TWO, small, hmult, hshift)
    e, pos_word, starts = board_frame(k0, k1, k2, k3)
    row = (crow - U64(64)) >> U64(3)
    return ((row << U64(3)) | e) * U64(16), pos_word, starts


def street_features(boards, offsets, index, tables, pairs, bins, out, scratch):
    """Hand strength or rollouts of every hole-card class of a block of board classes.

    For each board (row of ``boards``: a board class's canonical board, its rounds as the street
    indexer deals them) and each two-card combo of the deck, at the combo's street index less the
    block's first (``offsets[b]`` + its hole part): on the river, ``out_num`` its half-points
    ``2 * wins + ties`` against the 990 other combos; on the flop and turn, over every completion of
    the board, ``out_sum`` the sum of the river half-points, ``out_squares`` the sum of their
    squares and ``out_hist[:, k]`` the completions whose half-points fall in bin ``k`` of ``bins``
    (``k = min(num * bins // 1980, bins - 1)``).  Several combos of one class write the same
    numbers.  ``spec`` is the street indexer's (:mod:`pokerlut.kernels.iso`: the board's columns
    and rounds); the board indexer's tables and the street's ``segments`` place the combos: ``index``
    is ``(spec, small, config, hmult, hshift, segments)``.  ``tables``: the 7-card
    :class:`~pokerlut.table_records.RankTables`; ``out``: a :class:`StreetOut`; ``scratch``: a
    :func:`street_scratch`."""
    spec, small, config, hmult, hshift, segments = index
    cards = tables.cards
    out_num, out_sum, out_squares, out_hist = out
    scan, acc, acc2, acch = scratch
    dk, db, strength, num = scan.dk, scan.db, scan.strength, scan.num
    n_board = spec[SPEC_SECOND]
    n_rounds = spec[SPEC_ROUNDS]
    river = n_board == BOARD_CARDS
    n_deck = N_NATURAL - n_board
    unseen = n_deck - (BOARD_CARDS - n_board) - HOLDEM_HOLE  # an opponent's cards come from these
    full = 2 * unseen * (unseen - 1) // 2  # 2 * C(45, 2) = 1980
    n_pairs = n_deck * (n_deck - 1) // 2
    for c in range(boards.shape[0]):
        m0, m1, m2, m3, big = deal_masks(boards, boards, c, 0, n_board, spec[SPEC_ROUND_OF:], config)
        board_bits = m0 | m1 | m2 | m3
        seg_row, pos_word, starts = board_frame_of(m0, m1, m2, m3, n_rounds, small, config, hmult, hshift)
        bkey, bbits = board_key(boards, c, n_board, cards)
        d = 0
        for card in range(N_NATURAL):
            bit = suit_rank_bit(card)
            if bbits & bit == 0:
                dk[d] = cards[U64(card)]
                db[d] = bit
                d += 1
        base = offsets[c]
        for p in range(n_pairs):
            acc[p] = 0
            acc2[p] = 0
        for p in range(n_pairs * bins):
            acch[p] = 0
        # every completion: two more cards on the flop (t < r), one on the turn (t), none on the river
        t_hi = 1 if river else n_deck
        for t in range(t_hi):
            r_lo = t + 1 if n_board == FLOP_CARDS else 0
            r_hi = n_deck if n_board == FLOP_CARDS else 1
            for r in range(r_lo, r_hi):
                ckey, cbits, dead = completion(bkey, bbits, n_board, t, r, dk, db)
                board_scan(n_deck, ckey, cbits, dead, tables, pairs, scan)
                if river:
                    break
                for p in range(n_pairs):
                    if strength[p] == 0:  # holds a card of the completion
                        continue
                    x = num[p]
                    acc[p] += x
                    acc2[p] += x * x
                    k = x * bins // full
                    acch[p * bins + min(k, bins - 1)] += 1
        for p in range(n_pairs):
            h = db[pairs[p]] | db[pairs[MAX_COMBOS + p]]
            at = base + hole_part(h, board_bits, pos_word, starts, segments, seg_row)
            if river:
                out_num[at] = num[p]
                continue
            out_sum[at] = acc[p]
            out_squares[at] = acc2[p]
            for k in range(bins):
                out_hist[at, k] = acch[p * bins + k]


@nb.njit(inline="always", nogil=True)
def state(a, b):
    """0 if ``a`` beats ``b``, 1 if they tie, 2 if ``a`` loses."""
    return 0 if a > b else (1 if a == b else 2)


def rollout(holes, boards, n_board, potential, weights, bins, now, river, out, scratch):
    """Rollouts over every completion of each hand's board, against weighted opponents.

    For each hand (``holes[i]``, ``boards[i]`` of ``n_board`` cards, 3 to 5) and every completion
    ``c`` of its board: ``W`` / ``T`` / ``N`` the weight of the opponent combos (``weights[52 * a + b]``,
    both orders set) that the hand beats, ties and meets at the river, the opponents sharing a card
    with the hand, board or completion left out.  Accumulates ``sums[i] = (sum N, sum (W + T/2),
    sum (W + T/2)**2 / N, completions)``, ``hist[i, k] += N`` for the bin ``k`` of ``(W + T/2) / N``
    (``min(floor((W + T/2) * bins / N), bins - 1)``), and with ``potential`` ``hp[i, 3 * now + river]
    += w`` over every opponent and completion (0 ahead, 1 tied, 2 behind; "now" ranks the hands on
    the board as dealt, by ``now``; the river by ``river``: :class:`~pokerlut.table_records.RankTables`).
    ``out``: a :class:`RolloutOut`; ``scratch``: a :func:`rollout_scratch`."""
    cards, bases, values, flush = river.cards, river.bases, river.values, river.flush
    bases_now, values_now = now.bases, now.values
    sums, hist, hp = out
    opp_key, opp_bits, opp_w, opp_now, dk, db = scratch
    n_comp = 5 - n_board
    for i in range(holes.shape[0]):
        h0 = holes[i, 0]
        h1 = holes[i, 1]
        bkey, bbits = board_key(boards, i, n_board, cards)
        hkey = cards[U64(h0)] + cards[U64(h1)]
        hbits = suit_rank_bit(h0) | suit_rank_bit(h1)
        known = bbits | hbits
        d = 0
        for card in range(N_NATURAL):
            bit = suit_rank_bit(card)
            if known & bit == 0:
                dk[d] = cards[U64(card)]
                db[d] = U64(card)
                d += 1
        n_deck = d
        # the opponent combos with a weight: their key, bits, weight, and how they stand now
        hero_now = value_of_bits(bkey + hkey, known, bases_now, values_now, flush)
        n_opp = 0
        for b in range(1, n_deck):
            row = db[b] * U64(N_NATURAL)
            for a in range(b):
                w = weights[row + db[a]]
                if w > 0:
                    ok = dk[a] + dk[b]
                    ob = suit_rank_bit(db[a]) | suit_rank_bit(db[b])
                    opp_key[n_opp] = ok
                    opp_bits[n_opp] = ob
                    opp_w[n_opp] = w
                    if potential:
                        opp_now[n_opp] = state(hero_now, value_of_bits(bkey + ok, bbits | ob, bases_now,
                                                                       values_now, flush))
                    n_opp += 1
        # every completion
        t_hi = n_deck if n_comp >= 1 else 1
        for t in range(t_hi):
            r_lo = t + 1 if n_comp == 2 else 0
            r_hi = n_deck if n_comp == 2 else 1
            for r in range(r_lo, r_hi):
                ckey = bkey
                comp = U64(0)
                if n_comp >= 1:
                    ckey += dk[t]
                    comp |= suit_rank_bit(db[t])
                if n_comp == 2:
                    ckey += dk[r]
                    comp |= suit_rank_bit(db[r])
                cbits = bbits | comp
                hero = value_of_bits(ckey + hkey, cbits | hbits, bases, values, flush)
                win = 0.0
                tie = 0.0
                met = 0.0
                for o in range(n_opp):
                    ob = opp_bits[o]
                    if ob & comp:
                        continue
                    v = value_of_bits(ckey + opp_key[o], cbits | ob, bases, values, flush)
                    w = opp_w[o]
                    met += w
                    win += w * (hero > v)  # branch-free: who wins is a coin flip
                    tie += w * (hero == v)
                    if potential:
                        hp[i, 3 * opp_now[o] + 1 - (hero > v) + (hero < v)] += w
                x = win + 0.5 * tie
                sums[i, 0] += met
                sums[i, 1] += x
                sums[i, 3] += 1.0
                if met > 0:
                    sums[i, 2] += x * x / met
                    k = int(np.floor(x * bins / met))  # exact for whole weights (docs/rules.md)
                    hist[i, min(k, bins - 1)] += met
    return 0


def strength(holes, boards, n_board, weights, tables, sums, scratch):
    """The hand strength now, against every opponent combo with a weight: ``sums[i] = (N, W, T)``,
    the weight met, beaten and tied (the hands of ``n_board`` + 2 cards ranked by ``tables``, their
    :class:`~pokerlut.table_records.RankTables`; ``scratch``: a :func:`rollout_scratch`)."""
    cards, bases, values, flush = tables.cards, tables.bases, tables.values, tables.flush
    dk, db = scratch.dk, scratch.db
    for i in range(holes.shape[0]):
        h0 = holes[i, 0]
        h1 = holes[i, 1]
        bkey, bbits = board_key(boards, i, n_board, cards)
        hbits = suit_rank_bit(h0) | suit_rank_bit(h1)
        hero = value_of_bits(bkey + cards[U64(h0)] + cards[U64(h1)], bbits | hbits, bases, values, flush)
        known = bbits | hbits
        d = 0
        for card in range(N_NATURAL):
            bit = suit_rank_bit(card)
            if known & bit == 0:
                dk[d] = cards[U64(card)]
                db[d] = U64(card)
                d += 1
        met = 0.0
        win = 0.0
        tie = 0.0
        for b in range(1, d):
            kb = bkey + dk[b]
            bb = bbits | suit_rank_bit(db[b])
            row = db[b] * U64(N_NATURAL)
            for a in range(b):
                w = weights[row + db[a]]
                if w > 0:
                    v = value_of_bits(kb + dk[a], bb | suit_rank_bit(db[a]), bases, values, flush)
                    met += w
                    win += w * (hero > v)
                    tie += w * (hero == v)
        sums[i, 0] = met
        sums[i, 1] = win
        sums[i, 2] = tie
    return 0


def preflop_counts(boards, mult, classes, tables, pairs, wins, ties, scratch):
    """The exact heads-up preflop counts of the 169 starting-hand classes, board by board.

    For each five-card board (a suit class's canonical board, counted ``mult[b]`` times) every two-card
    combo of the 47 cards left is ranked once and sorted; walking the sorted combos with running
    counts of the combos below by class (``seen``) and by class and card (``cnt``, 52 x 169), each
    combo ``h`` of class ``A`` adds to ``wins[A, B]`` the class-``B`` combos below it that share no
    card with it, and to ``ties[A, B]`` those level with it (``gseen``/``gcnt``: the same counts
    within its group of equal strength, itself taken out).  ``classes[52 * a + b]``: the class (grid
    cell, 0..168) of the combo ``{a, b}``.  ``tables``: the 7-card
    :class:`~pokerlut.table_records.RankTables`; ``scratch``: a :func:`preflop_scratch`."""
    cards, bases, values, flush = tables.cards, tables.bases, tables.values, tables.flush
    dk, db, dc, strength, order, tmp, seen, cnt, gseen, gcnt, buckets, cls = scratch
    n_classes = 169
    n = 47
    for bi in range(boards.shape[0]):
        m = mult[bi]
        bkey, bbits = board_key(boards, bi, BOARD_CARDS, cards)
        d = 0
        for card in range(N_NATURAL):
            bit = suit_rank_bit(card)
            if bbits & bit == 0:
                dk[d] = cards[U64(card)]
                db[d] = bit
                dc[d] = card
                d += 1
        for b in range(2 * RADIX):
            buckets[b] = 0
        p = 0
        for j in range(1, n):
            kj = bkey + dk[j]
            bj = bbits | db[j]
            row = U64(dc[j]) * U64(N_NATURAL)
            for i in range(j):
                v = value_of_bits(kj + dk[i], bj | db[i], bases, values, flush)
                strength[p] = v
                cls[p] = classes[row + U64(dc[i])]
                count_digits(buckets, v)
                p += 1
        n_pairs = p
        radix_sort(n_pairs, strength, pairs, order, tmp, buckets)
        for x in range(n_classes):
            seen[x] = 0
            gseen[x] = 0
        for x in range(n * n_classes):
            cnt[x] = 0
            gcnt[x] = 0
        k = 0
        while k < n_pairs:
            s = tmp[k] >> U64(32)
            g1 = k
            while g1 < n_pairs and (tmp[g1] >> U64(32)) == s:
                r = tmp[g1]
                a = (r >> U64(8)) & _BYTE
                b = r & _BYTE
                x = cls[(r >> _SIXTEEN) & U64(0xFFFF)]
                gseen[x] += 1
                gcnt[a * U64(n_classes) + U64(x)] += 1
                gcnt[b * U64(n_classes) + U64(x)] += 1
                g1 += 1
            for g in range(k, g1):
                r = tmp[g]
                a = ((r >> U64(8)) & _BYTE) * U64(n_classes)
                b = (r & _BYTE) * U64(n_classes)
                x = U64(cls[(r >> _SIXTEEN) & U64(0xFFFF)]) * U64(n_classes)
                for y in range(n_classes):
                    wins[x + y] += m * (seen[y] - cnt[a + y] - cnt[b + y])
                    ties[x + y] += m * (gseen[y] - gcnt[a + y] - gcnt[b + y])
                ties[x + x // U64(n_classes)] += m  # the combo itself was taken out twice
            for g in range(k, g1):
                r = tmp[g]
                a = (r >> U64(8)) & _BYTE
                b = r & _BYTE
                x = cls[(r >> _SIXTEEN) & U64(0xFFFF)]
                seen[x] += 1
                gseen[x] = 0
                cnt[a * U64(n_classes) + U64(x)] += 1
                cnt[b * U64(n_classes) + U64(x)] += 1
                gcnt[a * U64(n_classes) + U64(x)] = 0
                gcnt[b * U64(n_classes) + U64(x)] = 0
            k = g1
    return 0


def make_kernel(name: str):
    """Compile one of the kernels above by name (``street_features``, ``rollout``, ``strength``,
    ``preflop_counts``)."""
    return compile_kernel(globals()[name], name)
