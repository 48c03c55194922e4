"""numba kernels behind :mod:`pokerlut.holdem_equity`: exact board enumeration and Monte Carlo trials.

Both rank Hold'em hands (2 hole cards + 5 board cards) straight from the 7-card tables, with the
hash lookup inline in the per-board loop (see :mod:`pokerlut._kernels7`): a board's prime product
and suit counters are carried from loop level to loop level, then each player's hole product and
counters are folded in, so a player-hand costs one multiply, one add and two table loads.  Only
the rare flush case calls out (:func:`pokerlut._kernels7.flush_value`).

Pot shares are counted exactly as integers in units of ``1 / SHARE_UNIT`` (2520 is divisible by
every number of winners 1..9), so a three-way tie gives each player exactly 840 units.

Per-item accumulators (``out[item, player, k]``, int64):

* ``k = 0``: boards/trials the player wins alone, ``1``: boards/trials the player ties for the
  best hand, ``2``: pot share in units, ``3`` (Monte Carlo only): sum of squared share units.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from ._kernels7 import COUNTER_SHIFT, PRIME_BITS, flush_value, has_flush_suit

SHARE_UNIT = 2520  # lcm(1..9): every tie among up to nine players splits it exactly
PARTS = np.array([0] + [SHARE_UNIT // k for k in range(1, 10)], dtype=np.int64)  # share of each of k winners
MAX_ATTEMPTS = 1_000_000  # rejected combo draws in a row before a Monte Carlo chunk gives up

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_LOW32 = np.uint64(0xFFFFFFFF)


@nb.njit(inline="always", nogil=True, cache=True)
def _level(j, prev, n_fixed, n):
    """Loop bounds (start, stop) of board position ``j``: a fixed position holds the known board
    card ``j``; free positions take increasing indices into the remaining cards."""
    if j < n_fixed:
        return j, j + 1
    return prev + 1, n - (4 - j)


@nb.njit(inline="always", nogil=True, cache=True)
def _skip(j, i, n_fixed, chunk, n_chunks):
    """True when index ``i`` of the first free position belongs to another chunk.  Indices are
    dealt to chunks in snake order (0..C-1, then C-1..0, ...): low indices carry the most boards,
    so every chunk gets about the same work, whichever contiguous block of chunks a thread runs."""
    if j != n_fixed:
        return False
    k = i - n_fixed
    r = k % n_chunks
    if (k // n_chunks) % 2 == 1:
        r = n_chunks - 1 - r
    return r != chunk


@nb.njit(nogil=True, cache=True)
def _exact_one(hole, board, dead, chunk, n_chunks, acc, card_info7, flush7, values, displacement, params):
    """Enumerate every completion of ``board`` (uint8, 0..5 cards) from the cards in no hole, not
    on the board and not in the ``dead`` bit mask; the first free board position takes only the
    indices of chunk ``chunk`` of ``n_chunks`` (see :func:`_skip`).  Counts go into ``acc`` (P, 3)."""
    multiplier = params[0]
    bucket_shift = params[1]
    slot_shift = params[2]
    slot_mask = params[3]
    n_players = hole.shape[0]
    n_fixed = board.shape[0]
    if n_fixed == 5 and chunk != 0:
        return
    one = np.uint64(1)
    used = dead
    ext = np.empty(52, dtype=np.uint8)
    for j in range(n_fixed):
        ext[j] = board[j]
        used |= one << np.uint64(board[j])
    hk = np.empty(n_players, dtype=np.uint64)
    hc = np.empty(n_players, dtype=np.int64)
    for p in range(n_players):
        a = hole[p, 0]
        b = hole[p, 1]
        used |= (one << np.uint64(a)) | (one << np.uint64(b))
        hk[p] = np.uint64(card_info7[a] & PRIME_BITS) * np.uint64(card_info7[b] & PRIME_BITS)
        hc[p] = np.int64(card_info7[a] >> COUNTER_SHIFT) + np.int64(card_info7[b] >> COUNTER_SHIFT)
    n = n_fixed
    for card in range(52):
        if (used >> np.uint64(card)) & one == 0:
            ext[n] = card
            n += 1
    win = np.zeros(n_players, dtype=np.int64)
    hit = np.zeros(n_players, dtype=np.int64)  # boards/trials holding the best hand
    share = np.zeros(n_players, dtype=np.int64)
    st = np.zeros(n_players, dtype=np.uint16)

    lo0, hi0 = _level(0, -1, n_fixed, n)
    for i0 in range(lo0, hi0):
        if _skip(0, i0, n_fixed, chunk, n_chunks):
            continue
        b0 = ext[i0]
        k0 = np.uint64(card_info7[b0] & PRIME_BITS)
        s0 = np.int64(card_info7[b0] >> COUNTER_SHIFT)
        lo1, hi1 = _level(1, i0, n_fixed, n)
        for i1 in range(lo1, hi1):
            if _skip(1, i1, n_fixed, chunk, n_chunks):
                continue
            b1 = ext[i1]
            k1 = k0 * np.uint64(card_info7[b1] & PRIME_BITS)
            s1 = s0 + np.int64(card_info7[b1] >> COUNTER_SHIFT)
            lo2, hi2 = _level(2, i1, n_fixed, n)
            for i2 in range(lo2, hi2):
                if _skip(2, i2, n_fixed, chunk, n_chunks):
                    continue
                b2 = ext[i2]
                k2 = k1 * np.uint64(card_info7[b2] & PRIME_BITS)
                s2 = s1 + np.int64(card_info7[b2] >> COUNTER_SHIFT)
                lo3, hi3 = _level(3, i2, n_fixed, n)
                for i3 in range(lo3, hi3):
                    if _skip(3, i3, n_fixed, chunk, n_chunks):
                        continue
                    b3 = ext[i3]
                    k3 = k2 * np.uint64(card_info7[b3] & PRIME_BITS)
                    s3 = s2 + np.int64(card_info7[b3] >> COUNTER_SHIFT)
                    lo4, hi4 = _level(4, i3, n_fixed, n)
                    for i4 in range(lo4, hi4):
                        if _skip(4, i4, n_fixed, chunk, n_chunks):
                            continue
                        b4 = ext[i4]
                        kb = k3 * np.uint64(card_info7[b4] & PRIME_BITS)
                        sb = s3 + np.int64(card_info7[b4] >> COUNTER_SHIFT)
                        best = np.uint16(0)
                        for p in range(n_players):
                            h = kb * hk[p] * multiplier
                            v = values[((h >> slot_shift) & slot_mask) ^ np.uint64(displacement[h >> bucket_shift])]
                            counters = sb + hc[p]
                            if has_flush_suit(counters):
                                v = max(v, flush_value((hole[p, 0], hole[p, 1], b0, b1, b2, b3, b4), counters, flush7))
                            st[p] = v
                            best = max(best, v)
                        n_best = 0
                        for p in range(n_players):
                            n_best += st[p] == best
                        part = PARTS[n_best]
                        solo = np.int64(n_best == 1)
                        for p in range(n_players):  # branch-free: the winner is a coin flip
                            w = np.int64(st[p] == best)
                            share[p] += w * part
                            hit[p] += w
                            win[p] += w * solo
    for p in range(n_players):
        acc[p, 0] += win[p]
        acc[p, 1] += hit[p] - win[p]
        acc[p, 2] += share[p]


def _variant(kernel, name: str, parallel: bool):
    """njit a kernel body under its own name (distinct numba cache entries): the parallel variant
    for big jobs, the serial one for small jobs, where starting threads costs more than it saves."""
    kernel.__name__ = kernel.__qualname__ = f"{name}_{'parallel' if parallel else 'serial'}"
    return nb.njit(nogil=True, cache=True, parallel=parallel)(kernel)


def make_exact_counts(parallel: bool):
    def exact_counts(holes, boards, board_of, dead_masks, n_chunks, card_info7, flush7, values, displacement,
                     params):
        """Every board for every deal ``t``: holes[t] (P, 2), known board ``boards[board_of[t]]``, dead
        cards ``dead_masks[board_of[t]]`` (bit mask).  Returns (T, P, 3) int64 counts; each deal is
        split into ``n_chunks`` items (run in parallel in the parallel variant)."""
        n_deals = holes.shape[0]
        n_players = holes.shape[1]
        out = np.zeros((n_deals * n_chunks, n_players, 3), dtype=np.int64)
        for item in nb.prange(n_deals * n_chunks):
            t = item // n_chunks
            s = board_of[t]
            _exact_one(holes[t], boards[s], dead_masks[s], item % n_chunks, n_chunks, out[item],
                       card_info7, flush7, values, displacement, params)
        return out.reshape((n_deals, n_chunks, n_players, 3)).sum(axis=1)

    return _variant(exact_counts, "exact_counts", parallel)


exact_counts = make_exact_counts(parallel=True)
exact_counts_serial = make_exact_counts(parallel=False)


@nb.njit(nogil=True, cache=True)
def _mc_one(n_trials, seed, combos, prob, alias, offsets, board, dead, acc, card_info7, flush7, values, displacement,
            params):
    """``n_trials`` Monte Carlo deals from one splitmix64 stream started at ``seed``: each player's
    combo is drawn by weight from its segment ``offsets[p]..offsets[p+1]`` of ``combos`` with the
    alias tables ``prob``/``alias`` (a tuple with a card twice is redrawn whole), then the missing
    board cards uniformly from the rest.
    Counts into ``acc`` (P, 4); returns 1 when a deal found no conflict-free combos, else 0."""
    multiplier = params[0]
    bucket_shift = params[1]
    slot_shift = params[2]
    slot_mask = params[3]
    n_players = offsets.shape[0] - 1
    n_known = board.shape[0]
    one = np.uint64(1)
    # cards that can never be drawn for the board: dead, board, and the holes of fixed players
    fixed = dead
    kb0 = np.uint64(1)
    sb0 = np.int64(0)
    cards = np.zeros(7, dtype=np.uint8)  # 0, 1: hole; 2..6 board
    for j in range(n_known):
        c = board[j]
        fixed |= one << np.uint64(c)
        kb0 *= np.uint64(card_info7[c] & PRIME_BITS)
        sb0 += np.int64(card_info7[c] >> COUNTER_SHIFT)
        cards[2 + j] = c
    for p in range(n_players):
        if offsets[p + 1] - offsets[p] == 1:
            i = offsets[p]
            fixed |= (one << np.uint64(combos[i, 0])) | (one << np.uint64(combos[i, 1]))
    deck = np.empty(52, dtype=np.uint8)
    n_deck = 0
    for c in range(52):
        if (fixed >> np.uint64(c)) & one == 0:
            deck[n_deck] = c
            n_deck += 1
    n_deck64 = np.uint64(n_deck)
    h0 = np.empty(n_players, dtype=np.uint8)
    h1 = np.empty(n_players, dtype=np.uint8)
    hk = np.empty(n_players, dtype=np.uint64)
    hc = np.empty(n_players, dtype=np.int64)
    variable = False
    for p in range(n_players):
        i = offsets[p]
        h0[p] = combos[i, 0]
        h1[p] = combos[i, 1]
        hk[p] = np.uint64(card_info7[h0[p]] & PRIME_BITS) * np.uint64(card_info7[h1[p]] & PRIME_BITS)
        hc[p] = np.int64(card_info7[h0[p]] >> COUNTER_SHIFT) + np.int64(card_info7[h1[p]] >> COUNTER_SHIFT)
        if offsets[p + 1] - offsets[p] > 1:
            variable = True
    st = np.zeros(n_players, dtype=np.uint16)
    win = np.zeros(n_players, dtype=np.int64)
    hit = np.zeros(n_players, dtype=np.int64)  # boards/trials holding the best hand
    share = np.zeros(n_players, dtype=np.int64)
    share_sq = np.zeros(n_players, dtype=np.int64)
    state = seed
    n_missing = 5 - n_known
    for _ in range(n_trials):
        used = fixed
        if variable:
            attempts = 0
            while True:
                used = fixed
                ok = True
                for p in range(n_players):
                    lo = offsets[p]
                    hi = offsets[p + 1]
                    if hi - lo == 1:
                        continue
                    state += _GOLDEN
                    z = state
                    z = (z ^ (z >> np.uint64(30))) * _MIX1
                    z = (z ^ (z >> np.uint64(27))) * _MIX2
                    z = z ^ (z >> np.uint64(31))
                    # Walker's alias method: a uniform slot, kept with probability prob[slot]
                    a = lo + np.int64(((z & _LOW32) * np.uint64(hi - lo)) >> np.uint64(32))
                    if np.float64(z >> np.uint64(32)) * (1.0 / 4294967296.0) >= prob[a]:
                        a = alias[a]
                    x = combos[a, 0]
                    y = combos[a, 1]
                    m = (one << np.uint64(x)) | (one << np.uint64(y))
                    if used & m:
                        ok = False
                        break
                    used |= m
                    h0[p] = x
                    h1[p] = y
                if ok:
                    break
                attempts += 1
                if attempts >= MAX_ATTEMPTS:
                    return 1
            for p in range(n_players):
                if offsets[p + 1] - offsets[p] > 1:
                    hk[p] = np.uint64(card_info7[h0[p]] & PRIME_BITS) * np.uint64(card_info7[h1[p]] & PRIME_BITS)
                    hc[p] = np.int64(card_info7[h0[p]] >> COUNTER_SHIFT) + np.int64(card_info7[h1[p]] >> COUNTER_SHIFT)
        kb = kb0
        sb = sb0
        j = n_known
        while j < 5:
            state += _GOLDEN
            z = state
            z = (z ^ (z >> np.uint64(30))) * _MIX1
            z = (z ^ (z >> np.uint64(27))) * _MIX2
            z = z ^ (z >> np.uint64(31))
            c = deck[((z & _LOW32) * n_deck64) >> np.uint64(32)]
            bit = one << np.uint64(c)
            if used & bit:
                continue
            used |= bit
            cards[2 + j] = c
            kb *= np.uint64(card_info7[c] & PRIME_BITS)
            sb += np.int64(card_info7[c] >> COUNTER_SHIFT)
            j += 1
            if j < 5:  # the high half of the same draw for the next card
                c = deck[((z >> np.uint64(32)) * n_deck64) >> np.uint64(32)]
                bit = one << np.uint64(c)
                if used & bit:
                    continue
                used |= bit
                cards[2 + j] = c
                kb *= np.uint64(card_info7[c] & PRIME_BITS)
                sb += np.int64(card_info7[c] >> COUNTER_SHIFT)
                j += 1
        best = np.uint16(0)
        for p in range(n_players):
            h = kb * hk[p] * multiplier
            v = values[((h >> slot_shift) & slot_mask) ^ np.uint64(displacement[h >> bucket_shift])]
            counters = sb + hc[p]
            if has_flush_suit(counters):
                v = max(v, flush_value((h0[p], h1[p], cards[2], cards[3], cards[4], cards[5], cards[6]),
                                       counters, flush7))
            st[p] = v
            best = max(best, v)
        n_best = 0
        for p in range(n_players):
            n_best += st[p] == best
        part = PARTS[n_best]
        part_sq = part * part
        solo = np.int64(n_best == 1)
        for p in range(n_players):  # branch-free: the winner is a coin flip
            w = np.int64(st[p] == best)
            share[p] += w * part
            share_sq[p] += w * part_sq
            hit[p] += w
            win[p] += w * solo
    for p in range(n_players):
        acc[p, 0] += win[p]
        acc[p, 1] += hit[p] - win[p]
        acc[p, 2] += share[p]
        acc[p, 3] += share_sq[p]
    return 0


def make_mc_counts(parallel: bool):
    def mc_counts(chunk_scenario, chunk_trials, chunk_seeds, combos, prob, alias, offsets, boards, dead_masks,
                  card_info7, flush7, values, displacement, params):
        """Monte Carlo chunks (in parallel in the parallel variant): chunk ``i`` runs ``chunk_trials[i]``
        deals of scenario ``s = chunk_scenario[i]`` (player segments ``offsets[s]`` into
        ``combos``/``prob``/``alias``, known board ``boards[s]``, dead mask ``dead_masks[s]``) from seed
        ``chunk_seeds[i]``.  Returns (counts (C, P, 4) int64, failed (C,) int64)."""
        n_chunks = chunk_scenario.shape[0]
        n_players = offsets.shape[1] - 1
        out = np.zeros((n_chunks, n_players, 4), dtype=np.int64)
        failed = np.zeros(n_chunks, dtype=np.int64)
        for i in nb.prange(n_chunks):
            s = chunk_scenario[i]
            failed[i] = _mc_one(chunk_trials[i], chunk_seeds[i], combos, prob, alias, offsets[s], boards[s],
                                dead_masks[s], out[i], card_info7, flush7, values, displacement, params)
        return out, failed

    return _variant(mc_counts, "mc_counts", parallel)


mc_counts = make_mc_counts(parallel=True)
mc_counts_serial = make_mc_counts(parallel=False)
