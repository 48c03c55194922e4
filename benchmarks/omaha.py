"""Omaha beside the reference ceiling kernel, round-robin, one thread: the issue's targets as ratios.

    python benchmarks/omaha.py [--hands 1000000] [--rounds 15]

Every round times each row once, in turn, and each row keeps its best round (the machine's noise
hits every row alike; see ``benchmarks/interleaved.py``).  Rows: the ceiling kernel on random
7-card hands (its rate is the yardstick; its time for 10^6 hands is ``T``); ``evaluate_omaha``
validated on 4, 5 and 6 hole cards and 5 board cards, high and hi-lo, and unchecked; the
60-combination kernel it replaced (every two hole cards with every three board cards through the
5-card tables); PokerHandEvaluator's ``evaluate_omaha_cards`` (``phevaluator``, when installed:
one Python call per hand, so its rate is Python's, not its C code's); heads-up preflop exact
equity (1,086,008 boards) in ``T``; Monte Carlo equity against a random hand and against a range,
in trials per second.
"""

from __future__ import annotations

import argparse

import numpy as np

import pokerlut
from pokerlut.bench.ceiling import CEILINGS, ceiling_tables
from pokerlut.bench.roundrobin import best_times
from pokerlut.kernels.registry import omaha_brute_force_kernel
from pokerlut.tables import load_table_set

SEED = 20261201
PHE_HANDS = 20_000  # one Python call each: timed on the first hands of the batch


def deals(n: int, n_hole: int, seed: int = SEED) -> tuple[np.ndarray, np.ndarray]:
    d = pokerlut.random_hands(n, n_hole + 5, seed=seed + n_hole)
    return np.ascontiguousarray(d[:, :n_hole]), np.ascontiguousarray(d[:, n_hole:])


def rows_for(n: int) -> tuple[dict[str, callable], dict[str, int]]:
    """The timed calls by row name, and how many items (hands, boards, trials) each one does."""
    hands = pokerlut.random_hands(n, 7, seed=SEED)
    out, per_card_table = np.empty(n, np.uint16), ceiling_tables()
    calls: dict[str, callable] = {"ceiling kernel, 7-card hands": lambda: CEILINGS[7](hands, out, *per_card_table)}
    items = {"ceiling kernel, 7-card hands": n}
    data = {h: deals(n, h) for h in (4, 5, 6)}
    for h in (4, 5, 6):
        holes, boards = data[h]
        for variant in ("omaha", "omaha-hilo"):
            name = f"evaluate_omaha {h}+5, {'hi-lo' if variant == 'omaha-hilo' else 'high'}, validated"
            calls[name] = lambda holes=holes, boards=boards, variant=variant: pokerlut.evaluate_omaha(
                holes, boards, variant=variant, parallel=False)
            items[name] = n
    holes, boards = data[4]
    calls["evaluate_omaha 4+5, high, unchecked"] = lambda: pokerlut.evaluate_omaha(holes, boards, check=False,
                                                                                   parallel=False)
    items["evaluate_omaha 4+5, high, unchecked"] = n
    shared = boards[0]
    keep = ~np.isin(holes, shared).any(axis=1)
    shared_holes = np.ascontiguousarray(holes[keep])
    calls["evaluate_omaha 4+5, high, one board for all"] = lambda: pokerlut.evaluate_omaha(shared_holes, shared,
                                                                                          parallel=False)
    items["evaluate_omaha 4+5, high, one board for all"] = len(shared_holes)
    t, lt = load_table_set("high").rank_tables(5), load_table_set("eight-or-better").rank_tables(5)
    high, low = np.empty(n, np.uint16), np.empty(n, np.uint16)
    flat_h, flat_b = holes.reshape(-1), boards.reshape(-1)
    brute = omaha_brute_force_kernel(False)
    calls["60-combination kernel 4+5, high (the old path)"] = lambda: brute(
        flat_h, flat_b, 4, 5, high, low, np.zeros(10, np.uint64), np.zeros(10, np.uint64), t.cards, t.bases5, t.values5,
        t.flush, lt.bases5, lt.values5)
    items["60-combination kernel 4+5, high (the old path)"] = n
    try:
        import phevaluator
    except ImportError:
        phevaluator = None
    if phevaluator is not None:
        hole_lists, board_lists = holes[:PHE_HANDS].tolist(), boards[:PHE_HANDS].tolist()

        def phe() -> None:
            for h, b in zip(hole_lists, board_lists):
                phevaluator.evaluate_omaha_cards(*b, *h)

        calls["phevaluator.evaluate_omaha_cards 4+5 (one Python call a hand)"] = phe
        items["phevaluator.evaluate_omaha_cards 4+5 (one Python call a hand)"] = len(hole_lists)
    calls["equity heads-up preflop exact (boards)"] = lambda: pokerlut.equity(["As Ks Ad Kd", "Qh Jh Th 9h"],
                                                                           variant="omaha")
    items["equity heads-up preflop exact (boards)"] = 1_086_008
    calls["equity vs random, Monte Carlo (trials)"] = lambda: pokerlut.equity(
        ["As Ks Ad Kd", "random"], variant="omaha", exact=False, samples=n, seed=1)
    items["equity vs random, Monte Carlo (trials)"] = n
    calls["equity vs 'AA**, KKQQds', Monte Carlo (trials)"] = lambda: pokerlut.equity(
        ["Qh Jh Th 9h", "AA**, KKQQds"], variant="omaha", exact=False, samples=n, seed=1)
    items["equity vs 'AA**, KKQQds', Monte Carlo (trials)"] = n
    return calls, items



def main(argv=None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10**6)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args(argv)
    pokerlut.set_num_threads(1)
    calls, items = rows_for(args.hands)
    best = best_times(calls, args.rounds)
    ceiling_rate = items["ceiling kernel, 7-card hands"] / best["ceiling kernel, 7-card hands"]
    t_unit = 1e6 / ceiling_rate
    print(f"one thread, best of {args.rounds} round-robin rounds, {args.hands:,} hands per row; "
          f"T (the ceiling's time for 10^6 random 7-card hands) = {t_unit * 1e3:.2f} ms")
    for name, seconds in best.items():
        rate = items[name] / seconds
        extra = f"{seconds / t_unit:7.1f} T" if "exact" in name else f"{rate / ceiling_rate:7.4f}x ceiling"
        print(f"  {name:<64} {rate / 1e6:9.2f} M/s  {extra}")
    high = items["evaluate_omaha 4+5, high, validated"] / best["evaluate_omaha 4+5, high, validated"]
    for h in (4, 6):
        hilo = items[f"evaluate_omaha {h}+5, hi-lo, validated"] / best[f"evaluate_omaha {h}+5, hi-lo, validated"]
        base = items[f"evaluate_omaha {h}+5, high, validated"] / best[f"evaluate_omaha {h}+5, high, validated"]
        print(f"  hi-lo {h}+5: {hilo / base:.2f}x the high rate of the same hands")
    old = "60-combination kernel 4+5, high (the old path)"
    print(f"  4+5 high: {high / (items[old] / best[old]):.1f}x the 60-combination kernel")
    return best


if __name__ == "__main__":
    main()
