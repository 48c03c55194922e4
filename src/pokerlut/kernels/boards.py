"""The board kernels: made-hand classes, draws and outs, one row at a time (``docs/rules.md``, "What a
hand is on a board"); their per-hand logic is :mod:`.board_hand`, their rank-mask tables
:mod:`.board_masks`.

Per row the hand's value comes from the hash, as in every ranking kernel (Hold'em: the hole and
board cards together; Omaha: the best of two hole cards with three board cards, remembering which
two).  Each kernel takes its tables as one :class:`~pokerlut.table_records.BoardTables`
(:func:`board_tables`), its outputs as one record (:class:`BoardClasses`, :class:`BoardOuts`) and
its scratch as one :class:`BoardScratch` (:func:`board_scratch` sizes it).

>>> s = board_scratch(3)
>>> s.keys.shape, s.board.shape, s.tri_keys.shape
((3,), (6,), (10,))
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..constants import BOARD_CARDS, HOLDEM_HOLE, TURN_CARDS
from ..table_records import BoardTables, MaskTables, RankTables  # noqa: F401 (MaskTables: the examples use it)
from .board_hand import (ALL_CARDS, NATURAL, ONE, START, TWO, U64, ZERO, above, all_dealt, board_card, board_cards,
                         card_bit, classify, hand_draws, hole_cards, next_card_value, omaha_best)
from .board_masks import mask_tables
from .compile import compile_kernel
from .intrinsics import popcount, trailing_zeros
from .omaha import board_triples
from .primitives import suit_rank_bit, value_of_bits

__all__ = ["BoardClasses", "BoardOuts", "BoardScratch", "board_scratch", "board_tables", "make_class_kernel",
           "make_outs_kernel", "make_range_outs_kernel"]

#: Omaha's board triples: at most C(5, 3) of a five-card board.
N_TRIPLES = 10


class BoardClasses(NamedTuple):
    """The outputs of the class kernel, one entry a row (the draw fields: a row each when the kernel
    computes draws, else empty)."""

    classes: np.ndarray  #: uint8 made-hand class
    kickers: np.ndarray  #: uint8 kicker class
    nuts: np.ndarray  #: uint8 nut rank (straights and flushes)
    overcards: np.ndarray  #: uint8 hole cards above the board
    strengths: np.ndarray  #: uint16 strength
    kinds: np.ndarray  #: uint16 draw kinds
    flush_outs: np.ndarray  #: uint64 card masks
    straight_outs: np.ndarray
    overcard_outs: np.ndarray
    backdoor_outs: np.ndarray


class BoardOuts(NamedTuple):
    """The outputs of the outs kernels, one entry a row (``shares``: one a row and card)."""

    outs: np.ndarray  #: uint64 card mask: the hand then alone the best
    ties: np.ndarray  #: uint64 card mask: the hand then shares the best
    decks: np.ndarray  #: uint64 card mask: the cards counted
    improves: np.ndarray  #: uint64 card mask: the card gives a class asked for
    shares: np.ndarray  #: float64 (rows * N_NATURAL,) the hand's share per card


class BoardScratch(NamedTuple):
    """A board kernel's working memory (one per thread)."""

    keys: np.ndarray  #: uint64: a key per player (or per combo of a range)
    bits: np.ndarray  #: uint64: suit-rank bits per player (or combo)
    board: np.ndarray  #: uint8: the board and the card to come
    tri_keys: np.ndarray  #: uint64: Omaha's board triples
    tri_bits: np.ndarray


def board_scratch(n_keys: int = 0) -> BoardScratch:
    """A :class:`BoardScratch` for ``n_keys`` players (or combos of a range)."""
    return BoardScratch(np.zeros(n_keys, np.uint64), np.zeros(n_keys, np.uint64), np.zeros(BOARD_CARDS + 1, np.uint8),
                        np.zeros(N_TRIPLES, np.uint64), np.zeros(N_TRIPLES, np.uint64))


def board_tables(now: RankTables, hand_values: np.ndarray, next_tables: RankTables | None = None) -> BoardTables:
    """The :class:`~pokerlut.table_records.BoardTables` of hands ranked by ``now`` (and by
    one more card (``next_tables``; ``now`` when not given).

    >>> from pokerlut.tables import load_table_set
    >>> t = load_table_set("high")
    >>> b = board_tables(t.rank_tables(5), t.hand_values, t.rank_tables(6))
    >>> b.top_rank.shape, b.bases is t.rank_tables(5).bases, b.next_bases is t.rank_tables(6).bases
    ((8192,), True, True)
    >>> BoardTables._fields[-len(MaskTables._fields):] == MaskTables._fields   # the mask tables, in order
    True
    """
    after = now if next_tables is None else next_tables
    return BoardTables(now.cards, now.bases, now.values, after.bases, after.values, now.flush, now.bases5, now.values5,
                       hand_values, *mask_tables())


# --------------------------------------------------------------------------- kernels


def make_class_kernel(omaha: bool):
    """Compile ``board_classes[_omaha](holes, hstride, n_hole, boards, bstride, n_board, with_draws, result,
    scratch, tables)``: for row ``i``, the ``n_hole`` cards at ``holes[hstride * i:]`` on the ``n_board`` at
    ``boards[bstride * i:]`` (a stride of 0 shares one row).  Writes the class, kicker, nut rank,
    overcards and strength to ``result`` (a :class:`BoardClasses`), and with ``with_draws`` the draw
    kinds and the masks of flush, straight, overcard and backdoor outs.  Returns the first row
    holding a card outside 0..51 or a card twice (its outputs left 0), or -1."""

    def kernel(holes, hstride, n_hole, boards, bstride, n_board, with_draws, result, scratch, tables):
        cards, bases, values, flush, bases5, values5 = (tables.cards, tables.bases, tables.values, tables.flush,
                                                        tables.bases5, tables.values5)
        hv = tables.hand_values
        top_rank, straight_top, possible, completing = (tables.top_rank, tables.straight_top, tables.possible,
                                                        tables.completing)
        spread, two_short = tables.spread, tables.two_short
        tri_keys, tri_bits = scratch.tri_keys, scratch.tri_bits
        (classes, kickers, nuts, overcards, strengths, kinds, flush_outs, straight_outs_, overcard_outs,
         backdoor_outs) = result
        bad = -1
        n_cards = n_hole + n_board
        for i in range(classes.shape[0]):
            h = U64(hstride) * U64(i)
            b = U64(bstride) * U64(i)
            ok, known, key, hole_bits, hole_mask = hole_cards(holes, h, n_hole, cards)
            board_ok, board_known, board_sum, counts, board_mask, board_bits = board_cards(boards, b, n_board, cards)
            known |= board_known
            key += START
            if not all_dealt(ok and board_ok, known, n_cards):
                if bad < 0:
                    bad = i
                continue
            if omaha:
                n_tri = board_triples(boards, b, n_board, cards, tri_keys, tri_bits)
                v, ha, hc = omaha_best(holes, h, n_hole, n_tri, tri_keys, tri_bits, cards, bases5, values5, flush)
                board_value = np.uint16(0)
            else:
                ha = holes[h]
                hc = holes[h + ONE]
                v = value_of_bits(key + board_sum, hole_bits | board_bits, bases, values, flush)
                board_value = np.uint16(0)
                if n_board == BOARD_CARDS:
                    board_value = value_of_bits(board_sum + START, board_bits, bases5, values5, flush)
            cls, kick, nut = classify(v, ha, hc, counts, board_mask, board_bits, board_value, hv, top_rank, possible)
            classes[i] = cls
            kickers[i] = kick
            nuts[i] = nut
            strengths[i] = v
            board_top = U64(top_rank[board_mask])
            if omaha:
                overcards[i] = popcount(hole_mask & above(board_top))
            else:
                overcards[i] = U64(U64(ha) >> TWO > board_top) + U64(U64(hc) >> TWO > board_top)
            if with_draws:
                k, fo, so, oo, bo = hand_draws(hole_bits, hole_mask, board_bits, board_mask, known, U64(hv[v, 0]),
                                               cls, n_board, omaha, top_rank, straight_top, completing, spread,
                                               two_short)
                kinds[i] = k
                flush_outs[i] = fo
                straight_outs_[i] = so
                overcard_outs[i] = oo
                backdoor_outs[i] = bo
        return bad

    return compile_kernel(kernel, f"board_classes{'_omaha' if omaha else ''}")


def make_outs_kernel(omaha: bool):
    """Compile ``board_outs[_omaha](holes, hstride, n_hole, n_players, boards, bstride, n_board, to, result,
    scratch, tables)``: row ``i`` holds
    ``n_players`` known hands of ``n_hole`` cards at ``holes[hstride * i:]`` (the hand whose outs are
    counted first; Hold'em's kernel takes ``HOLDEM_HOLE`` whatever ``n_hole`` says) and a board of
    ``n_board`` cards.  ``result`` is a :class:`BoardOuts`, ``scratch``
    a :func:`board_scratch` of ``n_players``.  For every card left in the deck: bit of ``outs``
    when the first hand is then alone the best, of ``ties`` when it shares the best, ``shares[i, c]``
    its share (1, 1/k or 0; NaN outside the deck); with a class mask ``to`` (bit per class), bit of
    ``improves`` when the card gives the first hand one of those classes and it has none now.
    Returns the first bad row, or -1."""

    def kernel(holes, hstride, n_hole, n_players, boards, bstride, n_board, to, result, scratch, tables):
        if not omaha:
            n_hole = HOLDEM_HOLE  # a constant: the card loops unroll (a row took 7-10% longer without)
        cards, bases_now, values_now = tables.cards, tables.bases, tables.values
        bases, values = tables.next_bases, tables.next_values
        flush, bases5, values5 = tables.flush, tables.bases5, tables.values5
        hv = tables.hand_values
        top_rank, possible = tables.top_rank, tables.possible
        keys, bits, board, tri_keys, tri_bits = scratch
        outs, ties, decks, improves, shares = result
        bad = -1
        n_cards = n_hole * n_players + n_board
        for i in range(outs.shape[0]):
            h = U64(hstride) * U64(i)
            b = U64(bstride) * U64(i)
            ok, known, board_sum, counts, board_mask, board_bits = board_cards(boards, b, n_board, cards)
            for j in range(n_board):
                board[j] = boards[b + U64(j)]
            for p in range(n_players):
                hole_ok, hole_known, key, hole_bits, _ = hole_cards(holes, h + U64(p * n_hole), n_hole, cards)
                ok &= hole_ok
                known |= hole_known
                keys[p] = START + board_sum + key
                bits[p] = board_bits | hole_bits
            if not all_dealt(ok, known, n_cards):
                if bad < 0:
                    bad = i
                continue
            deck = ALL_CARDS & ~known
            decks[i] = deck
            cls_now = ZERO
            if to:
                if omaha:
                    n_tri = board_triples(board, ZERO, n_board, cards, tri_keys, tri_bits)
                    v, ha, hc = omaha_best(holes, h, n_hole, n_tri, tri_keys, tri_bits, cards, bases5, values5, flush)
                else:
                    ha, hc = holes[h], holes[h + ONE]
                    v = value_of_bits(keys[0], bits[0], bases_now, values_now, flush)
                cls_now, _, _ = classify(v, ha, hc, counts, board_mask, board_bits, np.uint16(0), hv, top_rank,
                                         possible)
            out = ZERO
            tie = ZERO
            better = ZERO
            rest = deck
            while rest:
                c = trailing_zeros(rest)
                rest &= rest - ONE
                bit = ONE << c
                card = np.uint8(c)
                n_tri = 0
                if omaha:
                    board[n_board] = card
                    n_tri = board_triples(board, ZERO, n_board + 1, cards, tri_keys, tri_bits)
                    hero, ha, hc = omaha_best(holes, h, n_hole, n_tri, tri_keys, tri_bits, cards, bases5, values5,
                                              flush)
                else:
                    ha, hc = holes[h], holes[h + ONE]
                    hero = next_card_value(keys, bits, np.int64(0), card, cards, bases, values, flush)
                top = np.uint16(0)
                level = 1
                for p in range(1, n_players):
                    if omaha:
                        vp, _, _ = omaha_best(holes, h + U64(p * n_hole), n_hole, n_tri, tri_keys, tri_bits, cards,
                                              bases5, values5, flush)
                    else:
                        vp = next_card_value(keys, bits, p, card, cards, bases, values, flush)
                    if vp > top:
                        top = vp
                    if vp == hero:
                        level += 1
                row = U64(i) * NATURAL + c
                if hero > top:
                    out |= bit
                    shares[row] = 1.0
                elif hero == top:
                    tie |= bit
                    shares[row] = 1.0 / level
                else:
                    shares[row] = 0.0
                if to:
                    counts2, mask2, bits2 = board_card(card, counts, board_mask, board_bits)
                    board_value = np.uint16(0)
                    if n_board == TURN_CARDS and not omaha:
                        board_value = value_of_bits(board_sum + START + cards[c], bits2, bases5, values5, flush)
                    cls, _, _ = classify(hero, ha, hc, counts2, mask2, bits2, board_value, hv, top_rank, possible)
                    if (to >> cls) & ONE and not (to >> cls_now) & ONE:
                        better |= bit
            outs[i] = out
            ties[i] = tie
            improves[i] = better
        return bad

    return compile_kernel(kernel, f"board_outs{'_omaha' if omaha else ''}")


def make_range_outs_kernel():
    """Compile ``board_range_outs(holes, hstride, boards, bstride, n_board, combos, weights, to, result,
    scratch, tables)``: Hold'em, row ``i`` one hand against a range (``combos`` (2 m,) flat,
    ``weights`` (m,); ``scratch`` a :func:`board_scratch` of ``m``); a combo holding a card of the hand, the board or
    the next card is left out for that card.  For every card of the deck that some combo leaves
    possible: ``shares[i, c]`` the weighted share of the possible combos the hand beats then (a tie
    counting half), bit of ``outs`` when it beats them all, of ``ties`` when it loses to none and ties
    some, of ``improves`` as in :func:`make_outs_kernel`.  Returns the first bad row, or -1."""

    def kernel(holes, hstride, boards, bstride, n_board, combos, weights, to, result, scratch, tables):
        cards, bases_now, values_now = tables.cards, tables.bases, tables.values
        bases, values = tables.next_bases, tables.next_values
        flush, bases5, values5 = tables.flush, tables.bases5, tables.values5
        hv = tables.hand_values
        top_rank, possible = tables.top_rank, tables.possible
        combo_keys, combo_bits = scratch.keys, scratch.bits
        outs, ties, decks, improves, shares = result
        bad = -1
        n_combos = weights.shape[0]
        for i in range(outs.shape[0]):
            h = U64(hstride) * U64(i)
            b = U64(bstride) * U64(i)
            ha = holes[h]
            hc = holes[h + ONE]
            ok, known, hole_key, hole_bits, _ = hole_cards(holes, h, HOLDEM_HOLE, cards)
            board_ok, board_known, board_sum, counts, board_mask, board_bits = board_cards(boards, b, n_board, cards)
            known |= board_known
            ok &= board_ok  # not ``ok and board_ok`` in the test: a branch less per row (2-3% of a row)
            if not all_dealt(ok, known, HOLDEM_HOLE + n_board):
                if bad < 0:
                    bad = i
                continue
            hero_key = START + board_sum + hole_key
            hero_bits = board_bits | hole_bits
            for m in range(n_combos):
                c0 = combos[2 * m]
                c1 = combos[2 * m + 1]
                if (known & (card_bit(c0) | card_bit(c1))) != ZERO or weights[m] <= 0.0:
                    combo_keys[m] = ZERO  # never a real key: every key holds the suit counters' start
                else:
                    combo_keys[m] = START + board_sum + cards[U64(c0)] + cards[U64(c1)]
                    combo_bits[m] = board_bits | suit_rank_bit(c0) | suit_rank_bit(c1)
            cls_now = ZERO
            if to:
                v = value_of_bits(hero_key, hero_bits, bases_now, values_now, flush)
                cls_now, _, _ = classify(v, ha, hc, counts, board_mask, board_bits, np.uint16(0), hv, top_rank,
                                         possible)
            out = ZERO
            tie = ZERO
            better = ZERO
            deck = ZERO
            rest = ALL_CARDS & ~known
            while rest:
                c = trailing_zeros(rest)
                rest &= rest - ONE
                bit = ONE << c
                card = np.uint8(c)
                hero = value_of_bits(hero_key + cards[c], hero_bits | suit_rank_bit(card), bases, values, flush)
                win = 0.0
                split = 0.0
                total = 0.0
                n_ahead = 0
                n_level = 0
                for m in range(n_combos):
                    if combo_keys[m] == ZERO or combos[2 * m] == card or combos[2 * m + 1] == card:
                        continue
                    vm = value_of_bits(combo_keys[m] + cards[c], combo_bits[m] | suit_rank_bit(card), bases, values,
                                       flush)
                    w = weights[m]
                    total += w
                    if hero > vm:
                        win += w
                    elif hero == vm:
                        split += w
                        n_level += 1
                    else:
                        n_ahead += 1
                row = U64(i) * NATURAL + c
                if total == 0.0:
                    continue
                deck |= bit
                shares[row] = (win + 0.5 * split) / total
                if n_ahead == 0:
                    if n_level == 0:
                        out |= bit
                    else:
                        tie |= bit
                if to:
                    counts2, mask2, bits2 = board_card(card, counts, board_mask, board_bits)
                    board_value = np.uint16(0)
                    if n_board == TURN_CARDS:
                        board_value = value_of_bits(board_sum + START + cards[c], bits2, bases5, values5, flush)
                    cls, _, _ = classify(hero, ha, hc, counts2, mask2, bits2, board_value, hv, top_rank, possible)
                    if (to >> cls) & ONE and not (to >> cls_now) & ONE:
                        better |= bit
            decks[i] = deck
            outs[i] = out
            ties[i] = tie
            improves[i] = better
        return bad

    return compile_kernel(kernel, "board_range_outs")
