"""Where the time of the per-thread gaps goes (``benchmarks/gaps.py``): each kernel's loop rebuilt
stage by stage from the kernels' own inlined primitives, timed round-robin beside the reference
ceiling kernel, one thread, the calling thread's CPU time, median of the rounds.

    NUMBA_NUM_THREADS=1 python benchmarks/gap_stages.py [--rounds 7] [--only index mc badugi]

* flop suit-class indexing: the five cards' suit-rank bits and the check; the board's part read from
  the flop table; the whole row (the hole part, :func:`pokerlut.kernels.iso_streets.hole_part`); the kernel.
* Monte Carlo, AhKh against any two cards preflop (the heads-up dealt loop of
  :func:`pokerlut.kernels.equity.dealt_trials`): the shuffle alone; the hands' keys; both hands
  ranked; settled (:func:`pokerlut.kernels.equity.settle_batch`); ``equity()`` whole.
* badugi: the key; the four suit keys summed; the kernel (``evaluate``), beside the 5-card high game.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numba as nb
import numpy as np

import pokerlut
from pokerlut import iso, layout
from pokerlut.bench.ceiling import CEILINGS, ceiling_tables
from pokerlut.bench.roundrobin import round_times
from pokerlut.equities import equity
from pokerlut.equities.holdem import _tables
from pokerlut.kernels import badugi as B
from pokerlut.kernels import equity as E
from pokerlut.kernels import iso_streets as K
from pokerlut.kernels.intrinsics import popcount, unlikely
from pokerlut.kernels.primitives import add_card, first_card, hand_value_of_bits, suit_rank_bit
from pokerlut.tables import load_table_set
from pokerlut.variants import get_variant

from gaps import deals  # the same hole cards and flops as gaps.py (run from benchmarks/)

U64 = np.uint64
stage_jit = nb.njit(_nrt=False, nogil=True)  # as pokerlut's kernels: no runtime, no reference counts


@stage_jit
def flop_stage(stage, holes, boards, config, flop_boards, segments, out):
    bad = 0
    for i in range(out.shape[0]):
        x, y = U64(holes[i, 0]), U64(holes[i, 1])
        a, b, c = U64(boards[i, 0]), U64(boards[i, 1]), U64(boards[i, 2])
        h = config[x & U64(63)] | config[y & U64(63)]
        board_bits = (config[a & U64(63)] | config[b & U64(63)]) | config[c & U64(63)]
        if max(max(x, y), max(a, max(b, c))) >= U64(52) or popcount(h | board_bits) != U64(5):
            out[i] = -1
            bad += 1
            continue
        if stage == 0:
            out[i] = np.int64(h ^ board_bits)
            continue
        w = U64(flop_boards[K.flop_number(a, b, c)])
        if stage == 1:
            out[i] = np.int64((w & K._LOW32) + h + board_bits)
            continue
        seg_row = ((w >> U64(K.FLOP_SEGMENT_SHIFT)) & K._BYTE) * K._SEGMENT_ROW
        out[i] = np.int64((w & K._LOW32) + K.hole_part(h, board_bits, (w >> U64(K.FLOP_POSITIONS_SHIFT)) & K._BYTE,
                                                       (w >> U64(K.FLOP_STARTS_SHIFT)) & K._BYTE, segments, seg_row))
    return bad


@stage_jit
def mc_stage(stage, n_trials, state, deck, out, pkeys, pbits, keys, bits, pvals, cards, bases, values, flush, bases5,
             values5, subset_rare):
    """Heads-up, the second player dealt any two cards, preflop (``mc_chunk``'s first case)."""
    n_deck = deck.shape[0]
    done = 0
    acc = U64(0)
    while done < n_trials:
        m = min(keys.shape[0], n_trials - done)
        for t in range(m):
            state = E.shuffle_front(state, deck, n_deck, 7)
            if stage == 0:
                acc += U64(deck[0]) + U64(deck[6])
                continue
            kb = U64(0)
            bb = U64(0)
            for j in range(2, 7):
                kb += cards[U64(deck[j])]
                bb |= suit_rank_bit(deck[j])
            keys[t, 1] = add_card(first_card(cards, deck[0]), cards, deck[1]) + kb
            bits[t, 1] = suit_rank_bit(deck[0]) | suit_rank_bit(deck[1]) | bb
            keys[t, 0] = pkeys[0] + kb
            bits[t, 0] = pbits[0] | bb
        if stage == 2:
            for t in range(m):
                for p in range(2):
                    acc += U64(hand_value_of_bits(keys[t, p], bits[t, p], bases, values, flush, bases5, values5,
                                                  cards, subset_rare))
        elif stage == 3:
            E.settle_batch(m, 2, keys, bits, pvals, out, cards, bases, values, flush, bases5, values5, subset_rare)
        done += m
    return acc


@stage_jit
def badugi_stage(stage, flat, out, cards, suit_keys, values):
    for i in range(out.shape[0]):
        key = B.badugi_key(flat, B._FOUR * U64(i), cards)
        if unlikely((key & B._POISON) != 0):
            out[i] = 0
        elif stage == 0:
            out[i] = np.uint16(key ^ (key >> U64(26)))
        else:
            out[i] = np.uint16((U64(suit_keys[key & B._MASK]) + U64(suit_keys[(key >> B._SHIFT1) & B._MASK]))
                               + (U64(suit_keys[(key >> B._SHIFT2) & B._MASK])
                                  + U64(suit_keys[(key >> B._SHIFT3) & B._MASK])))


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--only", nargs="*", default=None, help="index mc badugi")
    args = parser.parse_args(argv)
    only = set(args.only or ["index", "mc", "badugi"])
    pokerlut.set_num_threads(1)
    n = 10**6
    seven, o16 = pokerlut.random_hands(n, 7, seed=1), np.empty(n, np.uint16)
    per_card, table = ceiling_tables()
    calls = {"ceiling 7 cards": (lambda: CEILINGS[7](seven, o16, per_card, table), n)}
    if "index" in only:
        holes, boards = deals(n, 5)
        street = iso.street_indexer(3)
        config, flops, segments = street._board_tables()[1], street._flop_boards, street.segments
        out = np.zeros(n, np.int64)
        for s, name in enumerate(("bits and check", "+ board part (flop table)", "+ hole part")):
            calls[f"flop index: {name}"] = (lambda s=s: flop_stage(s, holes, boards, config, flops, segments, out), n)
        calls["flop index: index_rows"] = (lambda: street.index_rows(holes, boards, parallel=False, out=out), n)
    if "mc" in only:
        trials = 2 * 10**6
        t = _tables(get_variant("high"))
        ah, kh = (int(c) for c in pokerlut.parse_cards("Ah Kh"))
        deck = np.array([c for c in range(52) if c not in (ah, kh)], np.uint8)
        pkeys = np.array([U64(t[0][ah + layout.FIRST_CARD]) + U64(t[0][kh]), 0], np.uint64)
        pbits = np.array([U64(E.suit_rank_bit(ah)) | U64(E.suit_rank_bit(kh)), 0], np.uint64)
        scratch = (np.zeros((2, 4), np.int64), pkeys, pbits, np.zeros((E.MC_BATCH, 2), np.uint64),
                   np.zeros((E.MC_BATCH, 2), np.uint64), np.zeros(2, np.uint16))
        for s, name in enumerate(("shuffle", "+ keys", "+ both hands ranked", "+ settled")):
            calls[f"Monte Carlo: {name}"] = (lambda s=s: mc_stage(s, trials, U64(1), deck.copy(), *scratch, *t), trials)
        calls["Monte Carlo: equity()"] = (lambda: equity(["AhKh", "random"], exact=False, samples=trials, seed=1),
                                          trials)
    if "badugi" in only:
        ts = load_table_set("badugi")
        four, five = pokerlut.random_hands(n, 4, seed=1), pokerlut.random_hands(n, 5, seed=1)
        bt = (ts.cards, ts[layout.SUIT_KEYS_TABLE], ts[layout.values_name(4)])
        calls["high 5 cards, unchecked"] = (lambda: pokerlut.evaluate(five, check=False, parallel=False), n)
        calls["badugi: key"] = (lambda: badugi_stage(0, four.reshape(-1), o16, *bt), n)
        calls["badugi: + suit keys summed"] = (lambda: badugi_stage(1, four.reshape(-1), o16, *bt), n)
        calls["badugi: evaluate, unchecked"] = (
            lambda: pokerlut.evaluate(four, check=False, parallel=False, variant="badugi"), n)
    times = round_times({name: call for name, (call, _) in calls.items()}, args.rounds, time.thread_time)
    per = {name: statistics.median(ts) / calls[name][1] for name, ts in times.items()}
    ceiling = per["ceiling 7 cards"]
    print(f"median of {args.rounds} round-robin rounds, one thread; kernel path {pokerlut.kernel_info()['path']}")
    for name, seconds in per.items():
        print(f"  {name:<40} {seconds * 1e9:7.2f} ns each   {ceiling / seconds:6.3f} per ceiling hand")


if __name__ == "__main__":
    main()
