"""Ranking rows of hands: the kernels behind :func:`pokerlut.evaluate`.

One body, :func:`rank_rows`, gives every kernel: hand size ``n`` (5, 6, 7, or 3 for three-card
rows; a compile-time constant so the per-card loops unroll) and ``checked`` (validate every row).
Per row::

    key  = sum of the card constants                  (one load and one add per card)
    slow = key & (flush | poison fields)              (| popcount(card bits) != n when checked)
    value = lookup(key)                               unless slow: rare_value(...)

Three-card rows have no rare path: a flush adds ``THREE_CARD_FLUSH_KEY`` to the rank key and is
looked up in the same hash (:mod:`pokerlut.layout`); only a bad row is set apart.

Checked kernels give a bad row strength 0 (no hand has it) and count it; the caller names the
problem.  Unchecked kernels read nothing outside the tables whatever the bytes (every uint8 id has
a card constant, and every key indexes inside the hash): garbage in, garbage out, never a crash.
The kernels take the tables of any game (:func:`pokerlut.tables.rank_tables`), which is what
makes the games data.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from .. import layout
from .compile import compile_kernel
from .intrinsics import popcount, unlikely
from .primitives import card_bits, hand_key, is_bad_row, lookup, rare_value

_SLOW = np.uint64(layout.SLOW_FIELDS)
_POISON = np.uint64(layout.POISON_FIELD)
_FLUSH_BITS = np.uint64(layout.FLUSH_BITS)
_THREE_FLUSH_SHIFT = np.uint64(layout.RANK_SHIFT + layout.THREE_CARD_FLUSH_KEY.bit_length() - 1)


@nb.njit(inline="always", nogil=True)
def rank_rows(flat, again, out, lo, hi, n, checked, cards, bases, values, flush, bases5, values5, subset_rare):
    """Rank rows ``lo..hi`` of ``n`` cards (a constant where the kernel inlines this) into ``out``;
    the number of bad rows (checked kernels only)."""
    n64 = np.uint64(n)
    bad = 0
    if n == 3:  # three-card rows: flushes are keys of their own (layout.THREE_CARD_FLUSH_KEY)
        for i in range(lo, hi):
            b = n64 * np.uint64(i)
            key = hand_key(flat, b, n, cards)
            slow = key & _POISON
            if checked:
                slow |= popcount(card_bits(flat, b, n)) ^ n64
            if unlikely(slow != 0):
                out[i] = 0
                bad += 1
            else:
                out[i] = lookup(key + (np.uint64((key & _FLUSH_BITS) != 0) << _THREE_FLUSH_SHIFT), bases, values)
        return bad if checked else 0
    for i in range(lo, hi):
        b = n64 * np.uint64(i)
        key = hand_key(flat, b, n, cards)
        slow = key & _SLOW
        bits = card_bits(flat, b, n) if checked else np.uint64(0)
        if checked:
            slow |= popcount(bits) ^ n64
        if unlikely(slow != 0):
            if checked and is_bad_row(bits, n, key):
                out[i] = 0
                bad += 1
            else:
                out[i] = rare_value(again, b, n, key, cards, bases, values, flush, bases5, values5, subset_rare)
        else:
            out[i] = lookup(key, bases, values)
    return bad


def make_rank_kernel(n_cards: int, checked: bool):
    """Compile ``rank{n}[_checked](flat, again, out, tables, bad)``.

    ``flat`` is the C-contiguous uint8 hands, flattened, and ``again`` the same array once more:
    the rare path reads the row through it, so LLVM, which cannot tell the two apart, does not keep
    the row's bytes live in registers across the fast test (measured: about 15% on the validated
    kernels, nothing either way on the others); ``out`` the uint16 strengths; the tables are
    :meth:`pokerlut.tables.TableSet.rank_tables` (a :class:`~pokerlut.table_records.RankTables`);
    ``bad[0]`` receives the number of bad rows.
    Several cores run it on separate pieces of the rows (:mod:`pokerlut._threads`).  The closure
    holds constants only (numba keys its cache on their pickled values).
    """
    n = n_cards

    def kernel(flat, again, out, tables, bad):
        cards, bases, values, flush, bases5, values5, subset_rare = tables
        bad[0] = rank_rows(flat, again, out, 0, out.shape[0], n, checked, cards, bases, values, flush, bases5,
                           values5, subset_rare)

    return compile_kernel(kernel, f"rank{n}{'_checked' if checked else ''}")
