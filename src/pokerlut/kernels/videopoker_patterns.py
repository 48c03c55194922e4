"""numba kernels for video poker strategy charts: the pattern code of every hold (docs/rules.md,
"Video poker strategy charts"), the pattern beats between patterns over the deals, and a dense
numbering of the codes.

Plain functions over arrays; they never allocate: the scratch comes from
:mod:`.videopoker_scratch`, one set per concurrent piece of rows.
"""

from __future__ import annotations

import numpy as np

from ..constants import FIVE_CARDS, MIN_DRAW_CARDS
from .compile import jitted

__all__ = ["hold_pattern_codes", "pattern_beats", "dense_ids", "PAT_DISCARD", "PAT_DEALT", "PAT_DEALT_NOTHING",
           "PAT_WILD_ONLY", "PAT_GROUP", "PAT_SINGLE", "PAT_SUITED_PAIR", "PAT_UNSUITED_HIGH", "PAT_ROYAL",
           "PAT_STRAIGHT_FLUSH", "PAT_FLUSH", "PAT_STRAIGHT", "PAT_OTHER", "PAT_TWO_PAIR"]

# Hold patterns (strategy charts).  Kinds, in the order they are tried (docs/rules.md, "Video poker
# strategy charts"); the code of a hold packs its kind and the fields that name it.
(PAT_DISCARD, PAT_DEALT, PAT_DEALT_NOTHING, PAT_WILD_ONLY, PAT_GROUP, PAT_SINGLE, PAT_SUITED_PAIR,
 PAT_UNSUITED_HIGH, PAT_ROYAL, PAT_STRAIGHT_FLUSH, PAT_FLUSH, PAT_STRAIGHT, PAT_OTHER) = range(13)
PAT_TWO_PAIR = 6  # the group shape of two pair (2, 3, 4: that many of a kind)


@jitted()
def hold_pattern_codes(hands, masks, dealt_class, is_wild, pair_min, rank_class, rank_band, windows, counted,
                       royal_mask, out, counts):
    """The pattern code of hold ``masks[i, j]`` (bit ``b`` keeps card ``b``) of dealt hand ``hands[i]``:
    ``kind + 16 * (k + 8 * (w + 8 * (b + 8 * (c + 8 * a))))`` with ``k`` cards kept, ``w`` of them
    wild (each 0 where the kind's name does not use it) and the fields ``a`` (a class id, a rank,
    a rank mask; for a group, its rank class plus 8 times one plus the class of a single kicker),
    ``b`` (a group shape, straight windows) and ``c`` (extra cards, high cards).

    ``dealt_class[i]``: the pay class of the whole hand; ``is_wild[card]``: 1 for a wild card;
    ``pair_min``: the lowest rank of a paying pair, -1 if none pays; ``rank_class``/``rank_band``:
    the class of each rank for pairs and for three or four of a kind; ``windows``: the ten
    straights as rank masks, ``counted[x]``: 1 if straight ``x`` counts as a way to complete a
    draw; ``royal_mask``: the ranks T-A.  Scratch: ``counts`` (13,) int64.
    """
    n_masks = masks.shape[1]
    for i in range(hands.shape[0]):
        for jm in range(n_masks):
            mask = np.int64(masks[i, jm])
            for r in range(13):
                counts[r] = 0
            k = 0
            w = 0
            n = 0
            rank_mask = 0
            suit_lo = 9
            suit_hi = -1
            high = 0
            for j in range(5):
                if (mask >> j) & 1:
                    k += 1
                    card = np.int64(hands[i, j])
                    if is_wild[card]:
                        w += 1
                    else:
                        n += 1
                        r = card >> 2
                        s = card & 3
                        counts[r] += 1
                        rank_mask |= 1 << r
                        suit_lo = min(suit_lo, s)
                        suit_hi = max(suit_hi, s)
                        if pair_min >= 0 and r >= pair_min:
                            high += 1
            c1 = 0
            r1 = 12
            for r in range(12, -1, -1):
                if counts[r] > c1:
                    c1 = counts[r]
                    r1 = r
            c2 = 0
            r2 = 0
            for r in range(12, -1, -1):
                if r != r1 and counts[r] > c2:
                    c2 = counts[r]
                    r2 = r
            suited = n <= 1 or suit_lo == suit_hi
            fits = 0
            ways = 0
            if c1 <= 1 and n > 0:
                for x in range(windows.shape[0]):
                    if rank_mask & ~windows[x] == 0:
                        fits += 1
                        ways += counted[x]
            royal_ranks = rank_mask & ~royal_mask == 0
            all_high = pair_min >= 0 and high == n
            e1 = c1 + w
            paying_pair = pair_min >= 0 and e1 == 2 and r1 >= pair_min
            # a group: a natural pair or more, or wild cards with one natural rank that make three
            # of a kind or a paying pair
            group = c1 >= 2 or (n == 1 and (e1 >= 3 or paying_pair))
            fa = 0
            fb = 0
            fc = 0
            keep_k = False
            keep_w = True
            if k == 0:
                kind = PAT_DISCARD
                keep_w = False
            elif k == FIVE_CARDS and dealt_class[i] > 0:
                kind = PAT_DEALT
                keep_w = False
                fa = np.int64(dealt_class[i])
            elif k == FIVE_CARDS:
                kind = PAT_DEALT_NOTHING
                keep_w = False
            elif n == 0:
                kind = PAT_WILD_ONLY
            elif group:
                kind = PAT_GROUP
                if c1 == 2 and c2 == 2:
                    fb = PAT_TWO_PAIR
                    used = 4
                else:
                    fb = min(e1, 4)
                    used = fb
                fa = rank_band[r1] if e1 >= 3 else rank_class[r1]
                fc = k - used
                if fc == 1:
                    fa += 8 * (1 + rank_class[r2])
            elif w == 0 and n == 1:
                kind = PAT_SINGLE
                fa = r1
            elif w == 0 and n == 2 and suited and royal_ranks:
                kind = PAT_SUITED_PAIR
                fa = rank_mask
            elif w == 0 and 2 <= n <= 3 and all_high and not suited:
                kind = PAT_UNSUITED_HIGH
                fa = rank_mask
            elif suited and royal_ranks and k >= MIN_DRAW_CARDS:
                kind = PAT_ROYAL
                keep_k = True
            elif suited and fits > 0 and k >= MIN_DRAW_CARDS:
                kind = PAT_STRAIGHT_FLUSH
                keep_k = True
                fb = ways
                fc = high
            elif suited and k >= MIN_DRAW_CARDS:
                kind = PAT_FLUSH
                keep_k = True
                fc = high
            elif fits > 0 and k >= MIN_DRAW_CARDS:
                kind = PAT_STRAIGHT
                keep_k = True
                fb = ways
                fc = high
            else:
                kind = PAT_OTHER
                keep_k = True
                fc = high
            kk = k if keep_k else 0
            ww = w if keep_w else 0
            out[i, jm] = kind + 16 * (kk + 8 * (ww + 8 * (fb + 8 * (fc + 8 * fa))))


@jitted()
def pattern_beats(pattern, values, weights, beats, best_weight, value_sum, stamp, top, lists):
    """For each deal ``i`` (weight ``weights[i]``; ``pattern``, ``values``: (n, 32) by hold): a
    pattern *wins* if one of its holds has the deal's best value, the other patterns of the deal
    *lose*.  For every winner ``a`` and loser ``b``, ``beats[a, b]`` adds the weight times the value
    lost by playing ``b``'s best hold instead (> 0); for every winner, ``best_weight[a]`` adds the
    weight and ``value_sum[a]`` the weight times the best value.  Scratch: ``stamp`` (patterns,)
    int64 all -1, ``top`` (patterns,) float64, ``lists`` (3, 32) int64."""
    present = lists[0]
    wins = lists[1]
    losses = lists[2]
    for i in range(pattern.shape[0]):
        n_present = 0
        best = values[i, 0]
        for m in range(32):
            p = pattern[i, m]
            v = values[i, m]
            if v > best:
                best = v
            if stamp[p] != i:
                stamp[p] = i
                top[p] = v
                present[n_present] = p
                n_present += 1
            elif v > top[p]:
                top[p] = v
        n_win = 0
        n_lose = 0
        for x in range(n_present):
            p = present[x]
            if top[p] == best:
                wins[n_win] = p
                n_win += 1
            else:
                losses[n_lose] = p
                n_lose += 1
        wt = np.float64(weights[i])
        for a in range(n_win):
            best_weight[wins[a]] += wt
            value_sum[wins[a]] += wt * best
            for b in range(n_lose):
                beats[wins[a], losses[b]] += wt * (best - top[losses[b]])


@jitted()
def dense_ids(codes, out, keys, ids, uniques):
    """Number the distinct values of ``codes`` (int64, >= 0) in order of first appearance:
    ``out[i]`` is the number of ``codes[i]``; writes the distinct codes to ``uniques`` and returns
    how many there are, or -1 when the table is too small (the caller retries with more slots).
    Scratch: the open-addressing table ``keys`` (slots, a power of two; all -1) and ``ids``
    (slots,) int64; ``uniques`` (slots // 2,) int64."""
    slots = keys.shape[0]
    n_unique = 0
    mask = slots - 1
    for i in range(codes.shape[0]):
        c = codes[i]
        h = (c * 0x9E3779B97F4A7C15) >> 40 & mask
        while keys[h] != -1 and keys[h] != c:
            h = (h + 1) & mask
        if keys[h] == -1:
            if n_unique == slots // 2:
                return -1  # table too small: the caller retries with more slots
            keys[h] = c
            ids[h] = n_unique
            uniques[n_unique] = c
            n_unique += 1
        out[i] = ids[h]
    return n_unique
