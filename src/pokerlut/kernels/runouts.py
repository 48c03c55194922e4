"""Heads-up equity of two small ranges on a board: every runout ranks each live combo once.

For each runout (a completion of the known board, counted with a weight: 1, or the size of its
suit class) the combos of both ranges that hold none of the board's cards are ranked and every
pair of them settled by comparing the two strengths, counted with the pair's weight (the product
of its combos' weights; 0 for a pair sharing a card: it is never dealt).  Per runout the work is a
lookup per combo and a comparison per pair at most, with no fixed part: for a few dozen combos a
side that is less than the sorting engine's (:mod:`.sweep`), whose card-removal sums cost about as
much per board whatever the ranges.  Two ways, by the runout:

* **No flush possible** (at most two board cards of a suit, most runouts): a combo's strength is
  its rank class's (``13 * high + low``), looked up once per class present, and the pairs are
  settled class against class: the whole weight of each pair of classes (summed once for the
  deal) counted by comparing the two classes' strengths, less the pairs of the combos the runout
  blocks (those holding a card it adds to the known board: a few), through their weight per class
  of the other side, plus the pairs of two blocked combos (taken out twice).
* **A flush possible**: every live combo ranked, and the pairs settled ``outer`` combo by
  ``outer`` combo, each against the whole ``inner`` range in one loop without a branch (an
  ``inner`` combo the board blocks gets the strength ``BLOCKED``, which no live combo beats or
  ties), which the compiler vectorises.

What the pairs meet in all is known without counting: each conflict-free pair meets every runout
of the cards left without its four.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from ..constants import N_RANKS
from .compile import compile_kernel
from .intrinsics import popcount
from .primitives import first_card, hand_value_of_bits, lookup, suit_rank_bit

U64 = np.uint64
_ONE = U64(1)
#: The strength of a combo the runout blocks: above every strength, so it is neither beaten nor tied.
BLOCKED = 65536.0
#: Rank classes ``13 * high + low`` of a combo.
N_CLASSES = N_RANKS * N_RANKS
_RANKS = U64((1 << N_RANKS) - 1)


@nb.njit(inline="always", nogil=True)
def rank_live(kb, bb, mb, side, strengths, tables):
    """Every combo of ``side`` ranked on the board of key ``kb``, suit-rank bits ``bb`` and card mask
    ``mb``, as a float64 strength; a combo holding a board card gets ``BLOCKED``."""
    keys, bits, masks = side[0], side[1], side[2]
    cards, bases, values, flush, bases5, values5, subset_rare = tables
    for x in range(keys.shape[0]):
        if masks[x] & mb:
            strengths[x] = BLOCKED
        else:
            strengths[x] = hand_value_of_bits(kb + keys[x], bb | bits[x], bases, values, flush, bases5, values5, cards,
                                              subset_rare)


@nb.njit(inline="always", nogil=True)
def class_values(r, kb, class_keys, class_ids, out, class_value, class_seen, bases, values):
    """The strength of each rank class of a side on runout ``r`` (board key ``kb``, no flush possible)
    into ``out``: looked up once per runout per class id, whichever side asks first."""
    for a in range(class_keys.shape[0]):
        c = class_ids[a]
        if class_seen[c] != r:
            class_seen[c] = r
            class_value[c] = lookup(kb + class_keys[a], bases, values)
        out[a] = class_value[c]


@nb.njit(inline="always", nogil=True)
def blocked_combos(boards, r, n_known, ptr, idx, masks, out):
    """The combos of a side holding a card the runout adds to the known board (each once), from the
    per-card lists ``idx[ptr[c]:ptr[c + 1]]``, into ``out``; returns their number."""
    n = 0
    seen = U64(0)
    for k in range(n_known, 5):
        c = boards[r, k]
        for e in range(ptr[c], ptr[c + 1]):
            x = idx[e]
            if masks[x] & seen:  # holds an earlier added card too: listed already
                continue
            out[n] = x
            n += 1
        seen |= _ONE << U64(c)
    return n


@nb.njit(inline="always", nogil=True)
def settle_classes(va, vb, full, n_bo, bo, ca, row_w, n_bi, bi, cb, col_w, pair_weights):
    """(win, tie) of one runout with no flush, by rank class: every class pair's whole weight
    ``full[a, b]`` counted by comparing the two classes' strengths ``va``/``vb``, less the pairs of
    the blocked ``outer`` combos ``bo`` (their weight per inner class ``row_w[i, b]``) and of the
    blocked ``inner`` combos ``bi`` (``col_w[a, j]``), plus the pairs of two blocked combos (taken
    out twice)."""
    win = 0.0
    tie = 0.0
    for a in range(va.shape[0]):
        s = va[a]
        for b in range(vb.shape[0]):
            w = full[a, b]
            t = vb[b]
            win += w if s > t else 0.0
            tie += w if s == t else 0.0
    for e in range(n_bo):
        i = bo[e]
        s = va[ca[i]]
        for b in range(vb.shape[0]):
            w = row_w[i, b]
            t = vb[b]
            win -= w if s > t else 0.0
            tie -= w if s == t else 0.0
    for e in range(n_bi):
        j = bi[e]
        t = vb[cb[j]]
        for a in range(va.shape[0]):
            w = col_w[a, j]
            s = va[a]
            win -= w if s > t else 0.0
            tie -= w if s == t else 0.0
    for e in range(n_bo):
        i = bo[e]
        s = va[ca[i]]
        for f in range(n_bi):
            j = bi[f]
            w = pair_weights[i, j]
            t = vb[cb[j]]
            win += w if s > t else 0.0
            tie += w if s == t else 0.0
    return win, tie


def runouts(boards, board_weights, n_known, outer, inner, pair_weights, by_rank, out, scratch, tables):
    """Every runout ``boards[r]`` (five cards, the first ``n_known`` the known board) counted
    ``board_weights[r]`` times (see the module doc).  ``outer``/``inner``: each range as ``(keys,
    bits, masks, classes, ptr, idx)``: its combo keys (no suit-counter start), suit-rank bits, card
    masks, the index of each combo's rank class among the side's, and per card ``c`` the combos
    holding it (``idx[ptr[c]:ptr[c + 1]]``); ``pair_weights[i, j]`` the weight of the pair of
    ``outer`` combo ``i`` and ``inner`` combo ``j`` (0 where they share a card); ``by_rank``: the
    rank classes, ``(outer keys, outer ids, inner keys, inner ids, full, row_w, col_w)``: a key of
    each class and its id ``13 * high + low``, and the pair weights summed per class pair, per
    ``outer`` combo and ``inner`` class, per ``outer`` class and ``inner`` combo; ``out`` (2,)
    receives the weight won by ``outer`` and the weight tied; ``scratch``: the strengths of each
    side's combos, the weights won and tied per ``inner`` combo, the strengths of each side's
    classes (float64 rows), a class's value and the runout it was ranked on (169
    entries each, shared by both sides) and each side's blocked combos (int64 rows); ``tables`` the
    7-card :class:`~pokerlut.tables.RankTables`."""
    s_outer, s_inner, win_j, tie_j, va, vb, class_value, class_seen, bo, bi = scratch
    key_a, id_a, key_b, id_b, full, row_w, col_w = by_rank
    cards, bases, values = tables[0], tables[1], tables[2]
    for c in range(N_CLASSES):
        class_seen[c] = -1
    n_inner = s_inner.shape[0]
    for r in range(boards.shape[0]):
        c0 = boards[r, 0]
        kb = first_card(cards, c0)
        bb = suit_rank_bit(c0)
        mb = _ONE << U64(c0)
        for k in range(1, 5):
            c = boards[r, k]
            kb += cards[U64(c)]
            bb |= suit_rank_bit(c)
            mb |= _ONE << U64(c)
        by_class = True  # at most two cards of a suit on the board: no flush, the ranks decide
        for suit in range(4):
            if popcount((bb >> U64(16 * suit)) & _RANKS) > U64(2):
                by_class = False
        bw = board_weights[r]
        if by_class:
            class_values(r, kb, key_a, id_a, va, class_value, class_seen, bases, values)
            class_values(r, kb, key_b, id_b, vb, class_value, class_seen, bases, values)
            n_bo = blocked_combos(boards, r, n_known, outer[4], outer[5], outer[2], bo)
            n_bi = blocked_combos(boards, r, n_known, inner[4], inner[5], inner[2], bi)
            win, tie = settle_classes(va, vb, full, n_bo, bo, outer[3], row_w, n_bi, bi, inner[3], col_w,
                                      pair_weights)
            out[0] += bw * win
            out[1] += bw * tie
            continue
        rank_live(kb, bb, mb, outer, s_outer, tables)
        rank_live(kb, bb, mb, inner, s_inner, tables)
        for j in range(n_inner):
            win_j[j] = 0.0
            tie_j[j] = 0.0
        for i in range(s_outer.shape[0]):
            s = s_outer[i]
            if s == BLOCKED:
                continue
            row = pair_weights[i]
            for j in range(n_inner):  # no branch, no sum across j: vectorised
                w = row[j]
                t = s_inner[j]
                win_j[j] += w if s > t else 0.0
                tie_j[j] += w if s == t else 0.0
        win = 0.0
        tie = 0.0
        for j in range(n_inner):
            win += win_j[j]
            tie += tie_j[j]
        out[0] += bw * win
        out[1] += bw * tie


def class_sums(weights, outer_classes, inner_classes, full, row_w, col_w):
    """The pair weights ``weights[i, j]`` summed per class pair (``full[a, b]``), per ``outer`` combo
    and ``inner`` class (``row_w[i, b]``) and per ``outer`` class and ``inner`` combo (``col_w[a, j]``),
    the classes of the combos given by ``outer_classes``/``inner_classes``; the sums start at zero."""
    full[:, :] = 0.0
    row_w[:, :] = 0.0
    col_w[:, :] = 0.0
    for i in range(weights.shape[0]):
        a = outer_classes[i]
        for j in range(weights.shape[1]):
            w = weights[i, j]
            b = inner_classes[j]
            row_w[i, b] += w
            col_w[a, j] += w
            full[a, b] += w


def prepare_side(combos, cards, keys, bits, masks, classes, class_keys, class_ids, ptr, idx):
    """One range as :func:`runouts` takes it, from its combos (n, 2): each combo's key (no
    suit-counter start), suit-rank bits, card mask and rank class (its index among the range's classes,
    in the order of their ids ``13 * high + low``), a key of each class and its id, and the combos
    holding each card ``c``, ``idx[ptr[c]:ptr[c + 1]]`` in the range's order.  Returns the number of
    classes (``class_keys``/``class_ids`` hold 169 entries, the first that many filled)."""
    n = combos.shape[0]
    for c in range(ptr.shape[0]):
        ptr[c] = 0
    for k in range(N_CLASSES):
        class_ids[k] = -1
    for x in range(n):
        a = combos[x, 0]
        b = combos[x, 1]
        keys[x] = cards[U64(a)] + cards[U64(b)]
        bits[x] = suit_rank_bit(a) | suit_rank_bit(b)
        masks[x] = (_ONE << U64(a)) | (_ONE << U64(b))
        ra = np.int64(a) >> 2
        rb = np.int64(b) >> 2
        cid = N_RANKS * max(ra, rb) + min(ra, rb)
        classes[x] = cid
        class_ids[cid] = x  # a combo of the class, for now
        ptr[a + 1] += 1
        ptr[b + 1] += 1
    n_classes = 0
    for cid in range(N_CLASSES):  # present classes in id order; class_ids[cid] becomes the class index
        x = class_ids[cid]
        if x >= 0:
            class_keys[n_classes] = keys[x]
            class_ids[cid] = n_classes
            n_classes += 1
    for x in range(n):
        classes[x] = class_ids[classes[x]]
    k = 0
    for cid in range(N_CLASSES):  # ids of the present classes, in order, at the front
        if class_ids[cid] >= 0:
            class_ids[k] = cid
            k += 1
    for c in range(1, ptr.shape[0]):
        ptr[c] += ptr[c - 1]
    for x in range(n):  # ptr[c] runs ahead while filling, then is put back
        for a in (combos[x, 0], combos[x, 1]):
            idx[ptr[a]] = x
            ptr[a] += 1
    for c in range(ptr.shape[0] - 1, 0, -1):
        ptr[c] = ptr[c - 1]
    ptr[0] = 0
    return n_classes


_KERNELS = {"runouts": runouts, "class_sums": class_sums, "prepare_side": prepare_side}


def make_runouts_kernel(name: str = "runouts"):
    """Compile :func:`runouts`, or its helper ``"class_sums"`` / ``"prepare_side"``."""
    function = _KERNELS[name]
    return compile_kernel(function, "runouts" if name == "runouts" else f"runouts_{name}")
