"""Card text read in one pass: the kernel behind every array of card strings.

:func:`parse_text` reads ``n`` fixed-width card texts (the code points of a numpy ``U`` array, or
the bytes of an ASCII ``S`` array, each padded with trailing zeros) into card ids, and
:func:`parse_spans` texts laid end to end at offsets (an Arrow string array's buffers; its UTF-8
decoded by :func:`utf8_code_points` unless ASCII); both read each text with :func:`parse_span`, with the
grammar of :func:`pokerlut.parse_cards`: separators (whitespace, commas) anywhere, then per card a
wild word (tried in order) or a rank of one or two characters and a suit, optionally followed by
the emoji variation selector U+FE0F.  The notation itself comes in as tables built from
:mod:`pokerlut.cards` (``char_info``: per code point its one-character rank, suit and whether it
separates; ``wild``: the wild words; ``pair_rank``: the ranks written ``10``..``13``), so this
module holds the grammar only.  The regular expression of :mod:`pokerlut.cards` and this kernel
are tested to agree on every text.
"""

from __future__ import annotations

import numpy as np

from ..constants import WILD
from .compile import jitted

__all__ = ["parse_text", "parse_spans", "parse_span", "utf8_code_points", "RANK_BITS", "SUIT_SHIFT", "SEPARATOR",
           "WILD_START", "VARIATION_SELECTOR"]

#: ``char_info[c] & RANK_BITS``: 1 + the rank of ``c`` as a one-character rank, 0 if none.
RANK_BITS = 15
#: ``(char_info[c] >> SUIT_SHIFT) & 7``: 1 + the suit of ``c``, 0 if it is no suit.
SUIT_SHIFT = 4
#: ``char_info[c] & SEPARATOR``: ``c`` separates cards.
SEPARATOR = 128
#: ``char_info[c] & WILD_START``: a wild word starts with ``c`` (only then are the words tried).
WILD_START = 256
#: U+FE0F, allowed after a suit symbol ("♠️").
VARIATION_SELECTOR = 0xFE0F

_ONE, _ZERO, _THREE = ord("1"), ord("0"), ord("3")
_UPPER_A, _UPPER_Z, _CASE = ord("A"), ord("Z"), ord("a") - ord("A")


@jitted(inline=True)
def parse_span(codes, pos, end, char_info, wild, wild_len, pair_rank, out, e):
    """Parse the one text ``codes[pos:end]`` (code points) into ``out[e]`` (its first
    ``out.shape[1]`` cards): ``(the cards read, the offset in the text of the character it stops
    at, or -1 when it reads whole)``.

    The common card (a one-character rank and a suit) is tried first; the wild words and the
    two-digit ranks only when it does not read.  No text reads both ways (a wild word starting
    with a rank is not followed by a suit, a two-digit rank's second character is no suit), so
    the order is the regular expression's in effect; the agreement tests hold it.
    """
    n_info = char_info.shape[0]
    cap = out.shape[1]
    start = pos
    k = 0
    while pos < end:
        c = np.int64(codes[pos])
        info = np.int64(char_info[c]) if c < n_info else 0
        if info & SEPARATOR:
            pos += 1
            continue
        card = -1
        rank = info & RANK_BITS
        if rank and pos + 1 < end:
            s = np.int64(codes[pos + 1])
            suit = ((np.int64(char_info[s]) >> SUIT_SHIFT) & 7) if s < n_info else 0
            if suit:
                card = 4 * (rank - 1) + suit - 1
                pos += 2
        if card < 0 and info & WILD_START:
            for w in range(wild.shape[0]):
                m = wild_len[w]
                if pos + m <= end:
                    j = 0
                    while j < m:
                        d = np.int64(codes[pos + j])
                        if _UPPER_A <= d <= _UPPER_Z:
                            d += _CASE
                        if d != wild[w, j]:
                            break
                        j += 1
                    if j == m:
                        card = WILD
                        pos += m
                        break
        if card < 0 and c == _ONE and pos + 2 < end:
            d = np.int64(codes[pos + 1])
            s = np.int64(codes[pos + 2])
            if _ZERO <= d <= _THREE and s < n_info:
                suit = (np.int64(char_info[s]) >> SUIT_SHIFT) & 7
                if suit:
                    card = 4 * np.int64(pair_rank[d - _ZERO]) + suit - 1
                    pos += 3
        if card < 0:
            return k, pos - start
        if card != WILD and pos < end and np.int64(codes[pos]) == VARIATION_SELECTOR:
            pos += 1
        if k < cap:
            out[e, k] = card
        k += 1
    return k, np.int64(-1)


@jitted()
def parse_text(codes, width, char_info, wild, wild_len, pair_rank, out, counts, bad_at):
    """Parse ``counts.shape[0]`` texts of ``width`` code points each, laid end to end in ``codes``
    (each padded with trailing zeros, as numpy pads them).

    Text ``e`` gives ``counts[e]`` cards, the first ``out.shape[1]`` of them in ``out[e]``; a text
    that does not parse stops at its first bad card (``counts[e]``: the cards before it).  Returns
    the first text that does not parse, or -1 (``bad_at[0]``: the character it stops at).
    """
    first_bad = -1
    for e in range(counts.shape[0]):
        base = e * width
        end = base + width
        while end > base and codes[end - 1] == 0:  # numpy's padding; a zero inside is a bad character
            end -= 1
        k, at = parse_span(codes, base, end, char_info, wild, wild_len, pair_rank, out, e)
        counts[e] = k
        if at >= 0 and first_bad < 0:
            first_bad = e
            bad_at[0] = at
    return first_bad


@jitted()
def parse_spans(codes, offsets, char_info, wild, wild_len, pair_rank, out, counts, bad_at):
    """:func:`parse_text` of texts laid end to end with no padding, text ``e`` the code points
    ``codes[offsets[e]:offsets[e + 1]]`` (the layout of an Arrow string array)."""
    first_bad = -1
    for e in range(counts.shape[0]):
        k, at = parse_span(codes, np.int64(offsets[e]), np.int64(offsets[e + 1]), char_info, wild, wild_len,
                           pair_rank, out, e)
        counts[e] = k
        if at >= 0 and first_bad < 0:
            first_bad = e
            bad_at[0] = at
    return first_bad


@jitted()
def utf8_code_points(data, offsets, codes, code_offsets):
    """The code points of UTF-8 texts ``data[offsets[e]:offsets[e + 1]]`` into ``codes``, text
    ``e`` at ``codes[code_offsets[e]:code_offsets[e + 1]]``; returns how many.  A byte that starts
    no complete sequence within its text is one code point U+FFFD (no card), and nothing is read
    past a text's end.  ``codes`` holds as many entries as ``data`` has bytes, which is enough."""
    j = 0
    for e in range(offsets.shape[0] - 1):
        code_offsets[e] = j
        pos = np.int64(offsets[e])
        end = np.int64(offsets[e + 1])
        while pos < end:
            b = np.int64(data[pos])
            if b < 0x80:
                size = 1
            elif 0xC0 <= b < 0xE0:
                size = 2
            elif 0xE0 <= b < 0xF0:
                size = 3
            elif 0xF0 <= b < 0xF8:
                size = 4
            else:  # a continuation byte, or no UTF-8 at all
                size = 0
            if size == 0 or pos + size > end:
                codes[j] = 0xFFFD
                pos += 1
            elif size == 1:
                codes[j] = b
                pos += 1
            else:
                c = b & (0x7F >> size)
                for i in range(1, size):
                    c = (c << 6) | (np.int64(data[pos + i]) & 0x3F)
                codes[j] = c
                pos += size
            j += 1
    code_offsets[offsets.shape[0] - 1] = j
    return j
