"""The SIMD key: the rank-sum keys of four rows at once from one 32-byte load (AVX2).

The scalar kernels spend one table load per card on the key.  Here one unaligned 32-byte load
covers four rows of ``n`` cards (5, 6 or 7); a byte shuffle spreads them into four 8-byte groups
(the bytes past ``n`` in each group are padding), and per byte:

* ``rank = card >> 2``, ``suit = card & 3`` (padding indexes 0x80, which ``vpshufb`` turns into 0);
  the wild card (52) reads as rank 13 and is given suit index 4;
* three ``vpshufb`` lookups in 16-byte tables give the three bytes of ``RANK_MULTIPLIERS[rank]``
  (each below 2**23; ``WILD_MULTIPLIER`` at rank 13) and two give the suit counters' nibbles
  (clubs and diamonds in one byte, hearts and spades in another; suit index 4 adds one to all);
* the wild cards of each group, counted by one more ``vpsadbw``, fill the wild field;
* ``vpsadbw`` against zero sums each of the five byte planes over each 8-byte group, and
  ``(p0 << 16) + (p1 << 24) + (p2 << 32) + a + (b << 8) + SUIT_COUNTERS_START`` rebuilds exactly the
  key the scalar card table gives (:mod:`pokerlut.layout`).

Validation on the same vectors: a byte above 52 (an id no game deals) and a natural card equal to
another of its row (in-row byte rotations find every pair) set the row's bits of a problem mask;
such a row, a possible flush (wild cards included), and the rows left at the end (where a 32-byte
load would read past the array) go through the scalar code.  A hand with wild cards and no possible
flush stays on the vector path: its key already holds the wild cards as a fourteenth rank.

The key is the standard card table's, so only games whose cards have the standard constants (all
52 and the wild card, :func:`pokerlut.layout.standard_cards`) use it; the others, and a CPU without
AVX2, run the scalar kernels (:mod:`.backend`, :mod:`.registry`).
"""

from __future__ import annotations

import llvmlite.ir as ir
import numba as nb
import numpy as np
from numba import types
from numba.extending import intrinsic

from .. import layout
from ..constants import WILD
from .compile import compile_kernel
from .intrinsics import unlikely
from .primitives import card_bits, is_bad_row, lookup, rare_value
from .rank import rank_rows

I8, I32, I64 = ir.IntType(8), ir.IntType(32), ir.IntType(64)
V32 = ir.VectorType(I8, 32)
V4 = ir.VectorType(I64, 4)
_FLUSH = np.uint64(layout.FLUSH_BITS)
ROWS = 4  # rows per vector
LOAD = 32  # bytes per vector load


def _c32(values16: list[int]) -> ir.Constant:
    """A 16-byte table repeated in both 128-bit lanes (``vpshufb`` looks up within each lane)."""
    return ir.Constant(V32, [v & 0xFF for v in values16] * 2)


_WILD_RANK = WILD >> 2  # the wild card's byte read as a rank: 13, after the ace
_WILD_SUIT = 4  # the suit index the wild card is given: one on every counter


def _rank_plane(k: int) -> ir.Constant:
    multipliers = layout.RANK_MULTIPLIERS + (layout.WILD_MULTIPLIER,)
    return _c32([(multipliers[r] >> (8 * k)) & 0xFF if r < len(multipliers) else 0 for r in range(16)])


def _suit_plane(suits: tuple[int, int]) -> ir.Constant:
    """Counters of two suits as the low and high nibble of one byte plane; the wild card's index
    adds one to both."""
    def counters(s):
        return sum(1 << (layout.SUIT_COUNTER_BITS * j) for j, suit in enumerate(suits) if s in (suit, _WILD_SUIT))
    return _c32([counters(s) for s in range(5)] + [0] * 11)


# suit counters: clubs (suit 0) and diamonds (1) in one byte plane, hearts (2) and spades (3) in
# another; the sums land in bits 0-7 and 8-15 of the key
_SUITS_LOW = _suit_plane((0, 1))
_SUITS_HIGH = _suit_plane((2, 3))


def _declared(module, fnty, name):
    """The function ``name`` of ``module``, declared with type ``fnty`` if it is not yet (llvmlite's
    IR only: no numba internals)."""
    existing = module.globals.get(name)
    return existing if existing is not None else ir.Function(module, fnty, name)


def _pshufb(builder, table, index):
    fn = _declared(builder.module, ir.FunctionType(V32, [V32, V32]), "llvm.x86.avx2.pshuf.b")
    return builder.call(fn, [table, index])


def _psadbw(builder, value):
    fn = _declared(builder.module, ir.FunctionType(V4, [V32, V32]), "llvm.x86.avx2.psad.bw")
    return builder.call(fn, [value, ir.Constant(V32, [0] * 32)])


def _rows(builder, context, array_type, array, offset, n):
    """Four rows of ``n`` bytes from ``array[offset:offset + 32]``, one per 8-byte group; the bytes
    past ``n`` of each group read the zero vector's 32nd byte."""
    data = context.make_array(array_type)(context, builder, array).data
    ptr = builder.bitcast(builder.gep(data, [offset]), V32.as_pointer())
    loaded = builder.load(ptr, align=1)
    index = []
    for r in range(ROWS):
        index += [n * r + j for j in range(n)] + [LOAD] * (8 - n)
    return builder.shuffle_vector(loaded, ir.Constant(V32, [0] * 32), ir.Constant(ir.VectorType(I32, 32), index))


def _is_wild(builder, rows):
    """Per byte, 0xFF where the byte reads as the wild card's rank (52, and the ids 53..55, which
    validation sends to the scalar code anyway)."""
    rank = builder.lshr(rows, ir.Constant(V32, [2] * 32))
    return builder.sext(builder.icmp_unsigned("==", rank, ir.Constant(V32, [_WILD_RANK] * 32)), V32)


def _keys(builder, rows, n):
    pad = ir.Constant(V32, ([0] * n + [0x80] * (8 - n)) * ROWS)
    wild = _is_wild(builder, rows)
    rank = builder.or_(builder.lshr(rows, ir.Constant(V32, [2] * 32)), pad)
    suit = builder.or_(builder.or_(builder.and_(rows, ir.Constant(V32, [3] * 32)),
                                   builder.and_(wild, ir.Constant(V32, [_WILD_SUIT] * 32))), pad)
    planes = [_psadbw(builder, _pshufb(builder, _rank_plane(k), rank)) for k in range(3)]
    low = _psadbw(builder, _pshufb(builder, _SUITS_LOW, suit))
    high = _psadbw(builder, _pshufb(builder, _SUITS_HIGH, suit))
    keep = ir.Constant(V32, ([1] * n + [0] * (8 - n)) * ROWS)
    wilds = _psadbw(builder, builder.and_(wild, keep))  # the wild field

    def shl(x, bits):
        return builder.shl(x, ir.Constant(V4, [bits] * ROWS))

    shift = layout.RANK_SHIFT
    key = builder.add(shl(planes[0], shift), shl(planes[1], shift + 8))
    key = builder.add(key, shl(planes[2], shift + 16))
    key = builder.add(key, builder.add(low, shl(high, 8)))
    key = builder.add(key, shl(wilds, layout.WILD_SHIFT))
    return builder.add(key, ir.Constant(V4, [layout.SUIT_COUNTERS_START] * ROWS))


def _problems(builder, rows, n, repeats):
    """Per byte, as a 32-bit mask: an id above the wild card's (no game deals it) and, with
    ``repeats``, a natural card equal to another of its row (wild cards may repeat)."""
    bad = builder.icmp_unsigned(">", rows, ir.Constant(V32, [WILD] * 32))
    if repeats:
        natural = builder.icmp_unsigned("<", rows, ir.Constant(V32, [WILD] * 32))
        for k in range(1, n // 2 + 1):  # rotations by 1 .. n // 2 pair every two cards of a row
            rotation = [((j + k) % n if j < n else j) + 8 * g for _ in range(2) for g in range(2) for j in range(8)]
            same = builder.icmp_unsigned("==", rows, _pshufb(builder, rows, ir.Constant(V32, rotation)))
            bad = builder.or_(bad, builder.and_(same, natural))
    keep = ir.Constant(ir.VectorType(ir.IntType(1), 32), ([1] * n + [0] * (8 - n)) * ROWS)
    return builder.zext(builder.bitcast(builder.and_(bad, keep), I32), I64)


@intrinsic
def keys4(typingctx, array, offset, n, repeats):
    """``(key0, key1, key2, key3, problems)`` of the four rows of ``n`` cards at byte ``offset``
    (reads 32 bytes); ``problems`` has 8 bits per row: an id above 52 and, when ``repeats``, a
    repeated natural card.  ``n`` and ``repeats`` are compile-time constants."""
    if not isinstance(n, types.IntegerLiteral) or not isinstance(repeats, types.BooleanLiteral):
        return None
    width, check = n.literal_value, repeats.literal_value
    sig = types.UniTuple(types.uint64, ROWS + 1)(array, offset, n, repeats)

    def codegen(context, builder, signature, args):
        rows = _rows(builder, context, signature.args[0], args[0], args[1], width)
        key = _keys(builder, rows, width)
        out = [builder.extract_element(key, ir.Constant(I32, r)) for r in range(ROWS)]
        return context.make_tuple(builder, signature.return_type, out + [_problems(builder, rows, width, check)])

    return sig, codegen


@nb.njit(inline="always", nogil=True)
def n_vectors(rows, n):
    """How many groups of four rows can be read with 32-byte loads without passing the array's end."""
    if n * rows < LOAD:
        return 0
    return min((n * rows - LOAD) // (ROWS * n) + 1, rows // ROWS)


@nb.njit(inline="always", nogil=True)
def one_row(flat, again, out, i, n, key, problem, checked, cards, bases, values, flush, bases5, values5, subset_rare):
    """Rank row ``i`` given its SIMD key and problem bits; returns 1 for a bad row (checked only)."""
    b = np.uint64(n) * np.uint64(i)
    if unlikely(problem != 0):
        # an id no game deals or a repeat: the scalar key and the full check
        key = cards[np.uint64(again[b]) + np.uint64(layout.FIRST_CARD)]
        for j in range(1, n):
            key += cards[np.uint64(again[b + np.uint64(j)])]
        if checked and is_bad_row(card_bits(again, b, n), n, key):
            out[i] = 0
            return 1
        if (key & np.uint64(layout.SLOW_FIELDS)) == 0:
            out[i] = lookup(key, bases, values)
        else:
            out[i] = rare_value(again, b, n, key, cards, bases, values, flush, bases5, values5, subset_rare)
        return 0
    if unlikely((key & _FLUSH) != 0):
        out[i] = rare_value(again, b, n, key, cards, bases, values, flush, bases5, values5, subset_rare)
    else:
        out[i] = lookup(key, bases, values)
    return 0


def make_simd_kernel(n_cards: int, checked: bool):
    """Compile ``simd{n}[_checked](flat, again, out, tables, bad)``: as the scalar ranking kernel
    (:func:`pokerlut.kernels.rank.make_rank_kernel`), four rows per vector; the rows left at the
    end go through the scalar kernel's body.

    Unchecked kernels look for repeated cards in the vector too, although they reject nothing: such
    a row goes the scalar way, which gives it what the scalar unchecked kernel gives (the key is
    the same sum either way), so the strengths do not change.  Measured (``benchmarks/interleaved.py``
    and the same kernels built both ways in one process, AMD EPYC Zen 5 with AVX-512): without the
    search LLVM made the unchecked kernels' possible-flush path 4-6x slower (60-100 ns a flush row
    against 14-16 ns), and 7-card hands ranked at 0.47x the ceiling kernel against the validated
    kernel's 0.74x; with it the two run alike."""
    n = n_cards

    def kernel(flat, again, out, tables, bad):
        cards, bases, values, flush, bases5, values5, subset_rare = tables
        rows = out.shape[0]
        groups = n_vectors(rows, n)
        count = 0
        for g in range(groups):
            k0, k1, k2, k3, problems = keys4(flat, np.uint64(ROWS * n) * np.uint64(g), n, True)
            i = ROWS * g
            if not unlikely((problems | ((k0 | k1 | k2 | k3) & _FLUSH)) != 0):  # the common case: one test
                out[i] = lookup(k0, bases, values)
                out[i + 1] = lookup(k1, bases, values)
                out[i + 2] = lookup(k2, bases, values)
                out[i + 3] = lookup(k3, bases, values)
                continue
            count += one_row(flat, again, out, i, n, k0, (problems >> np.uint64(0)) & np.uint64(0xFF), checked,
                             cards, bases, values, flush, bases5, values5, subset_rare)
            count += one_row(flat, again, out, i + 1, n, k1, (problems >> np.uint64(8)) & np.uint64(0xFF), checked,
                             cards, bases, values, flush, bases5, values5, subset_rare)
            count += one_row(flat, again, out, i + 2, n, k2, (problems >> np.uint64(16)) & np.uint64(0xFF), checked,
                             cards, bases, values, flush, bases5, values5, subset_rare)
            count += one_row(flat, again, out, i + 3, n, k3, (problems >> np.uint64(24)) & np.uint64(0xFF), checked,
                             cards, bases, values, flush, bases5, values5, subset_rare)
        count += rank_rows(flat, again, out, ROWS * groups, rows, n, checked, cards, bases, values, flush, bases5,
                           values5, subset_rare)
        bad[0] = count

    return compile_kernel(kernel, f"simd{n}{'_checked' if checked else ''}")
