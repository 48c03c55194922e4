"""Made-hand classes, draws, outs and board textures beside the reference ceiling kernel, timed
round-robin so that the machine's noise hits every row alike (as ``interleaved.py`` does).

    python benchmarks/boards.py [--rows 1000000] [--rounds 7]

Every round times each row once, in turn, on one thread; each row keeps its best round.  Times are
given per 10^6 rows (outs: per row, and per call in the rows of 100 calls of one hand) and in T, the
ceiling kernel's time for 10^6 random 7-card hands in the same run (its rows are 10^6 hands; a row
of another size is scaled to 10^6).
The targets of the feature: made-hand and draw classes of 10^6 Hold'em flops in 0.5 s or less,
outs of one hand against one hand on a flop in 50 us or less per call, in batches.
"""

from __future__ import annotations

import argparse

import numpy as np

from pokerlut.bench.ceiling import CEILINGS, ceiling_tables
from pokerlut.bench.roundrobin import best_times

import pokerlut
from pokerlut import boards

SEED = 20261201


def deals(n: int, k: int, seed: int) -> np.ndarray:
    """``n`` rows of ``k`` distinct random cards (uint8), made in chunks."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), np.uint8)
    for lo in range(0, n, 200_000):
        hi = min(n, lo + 200_000)
        out[lo:hi] = np.argsort(rng.random((hi - lo, 52), dtype=np.float32), axis=1)[:, :k]
    return out


def split(cards: np.ndarray, *widths: int) -> list[np.ndarray]:
    edges = np.cumsum((0,) + widths)
    return [np.ascontiguousarray(cards[:, a:b]) for a, b in zip(edges[:-1], edges[1:])]


def rows(n: int) -> dict[str, tuple[int, callable]]:
    """The timed calls by row name: (rows per call, the call)."""
    seven = deals(n, 7, SEED)
    out = np.empty(n, np.uint16)
    per_card, table = ceiling_tables()
    flop_h, flop_b = split(deals(n, 5, SEED + 1), 2, 3)
    turn_h, turn_b = split(deals(n, 6, SEED + 2), 2, 4)
    river_h, river_b = split(deals(n, 7, SEED + 3), 2, 5)
    m = n // 10
    omaha_h, omaha_b = split(deals(m, 7, SEED + 4), 4, 3)
    hero, opp, board = split(deals(m, 7, SEED + 5), 2, 2, 3)
    opp = opp[:, None, :]
    r_hero, r_board = split(deals(200, 5, SEED + 6), 2, 3)
    random_range = pokerlut.parse_range("random")
    textures = deals(n, 3, SEED + 7)
    return {
        "ceiling kernel, 7-card hands": (n, lambda: CEILINGS[7](seven, out, per_card, table)),
        "made_hand, Hold'em flops": (n, lambda: boards.made_hand(flop_h, flop_b)),
        "draws (and made hands), Hold'em flops": (n, lambda: boards.draws(flop_h, flop_b)),
        "draws (and made hands), Hold'em turns": (n, lambda: boards.draws(turn_h, turn_b)),
        "made_hand, Hold'em rivers": (n, lambda: boards.made_hand(river_h, river_b)),
        "made_hand, Omaha 4 cards, flops": (m, lambda: boards.made_hand(omaha_h, omaha_b)),
        "draws, Omaha 4 cards, flops": (m, lambda: boards.draws(omaha_h, omaha_b)),
        "board_texture, flops": (n, lambda: boards.board_texture(textures)),
        "outs, one hand vs one hand, flops": (m, lambda: boards.outs(hero, board, opp)),
        "outs, one hand vs one hand, flops, to=flush/straight": (
            m, lambda: boards.outs(hero, board, opp, to=["flush", "straight"])),
        "outs, one hand vs 'random', flops": (200, lambda: boards.outs(r_hero, r_board, random_range)),
        "outs, 100 calls of one hand vs one hand": (100, lambda: one_hand_calls(lambda: boards.outs(*ONE_HAND))),
        "outs, 100 calls of one hand vs 'QQ+, AK'": (100, lambda: one_hand_calls(
            lambda: boards.outs(*ONE_HAND[:2], "QQ+, AK"))),
    }


#: One hand, its flop and one opponent: the per-call rows time 100 calls of it (the cost of a call
#: beside the kernel's work, which for one hand is a few hundred nanoseconds).
ONE_HAND = ("Jc Tc", "Kh 9h 2c", ["Qs Qd"])


def one_hand_calls(call: callable, n: int = 100) -> None:
    for _ in range(n):
        call()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10**6)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args(argv)
    pokerlut.set_num_threads(1)
    calls = rows(args.rows)
    best = best_times({name: call for name, (_, call) in calls.items()}, args.rounds)
    ceiling = best["ceiling kernel, 7-card hands"] * 10**6 / calls["ceiling kernel, 7-card hands"][0]
    print(f"one thread, best of {args.rounds} interleaved rounds; T = the ceiling kernel's time for 10^6 random "
          f"7-card hands = {ceiling * 1e3:.2f} ms in this run")
    print(f"| {'row':<54} | {'rows/call':>9} | {'per 10^6 rows':>13} | {'in T':>7} | {'per row':>9} |")
    print(f"| {'-' * 54} | {'-' * 8}: | {'-' * 12}: | {'-' * 6}: | {'-' * 8}: |")
    for name, (count, _) in calls.items():
        per_million = best[name] * 10**6 / count
        per_row = best[name] / count
        unit = f"{per_row * 1e9:.0f} ns" if per_row < 1e-6 else f"{per_row * 1e6:.2f} us"
        print(f"| {name:<54} | {count:>9,} | {per_million:>11.3f} s | {per_million / ceiling:>7.1f} | {unit:>9} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
