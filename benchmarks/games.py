"""The whole-hand games (badugi, three-card poker, open-face rows) and OFC scoring, timed round-robin
beside the reference ceiling kernel and the 5-card high game.

    python benchmarks/games.py [--hands 10000000] [--rounds 15] [--arrangements 2000000]

Every round times each row once, in turn, and each row keeps its best round (as
``benchmarks/interleaved.py`` does), so that a burst of load on the shared machine hits every row
alike.  One thread unless the row says otherwise.  The targets: badugi and 3-card rows at 0.9x or
more of the 5-card high game's rate per hand (``evaluate()``, validated, the call users make),
OFC scoring at 5 M arranged hands (one player's 13 cards) a second or more on two threads.  The
stud rows are equity calls, timed whole (T: the ceiling kernel's time for 10^6 random 7-card
hands in the same run).
"""

from __future__ import annotations

import argparse

import numpy as np

from pokerlut.bench.ceiling import CEILINGS, ceiling_tables
from pokerlut.bench.roundrobin import best_times

import pokerlut
from pokerlut import ofc

SEED = 20261130


def rows(n: int, n_arrangements: int) -> dict[str, tuple[callable, int]]:
    """The timed calls by row name, each with the number of hands (or arranged hands) it ranks."""
    five, seven = pokerlut.random_hands(n, 5, seed=SEED), pokerlut.random_hands(n, 7, seed=SEED)
    four, three = pokerlut.random_hands(n, 4, seed=SEED), pokerlut.random_hands(n, 3, seed=SEED)
    out = np.empty(n, np.uint16)
    per_card, table = ceiling_tables()
    calls = {
        "ceiling kernel, 7 cards": (lambda: CEILINGS[7](seven, out, per_card, table), n),
        "ceiling kernel, 5 cards": (lambda: CEILINGS[5](five, out, per_card, table), n),
    }
    for check in (True, False):
        name = "validated" if check else "unchecked"
        calls[f"high, 5 cards, {name}"] = (lambda c=check: pokerlut.evaluate(five, check=c, parallel=False), n)
        calls[f"badugi, {name}"] = (lambda c=check: pokerlut.evaluate(four, check=c, parallel=False,
                                                                      variant="badugi"), n)
        calls[f"three-card-poker, {name}"] = (lambda c=check: pokerlut.evaluate(three, check=c, parallel=False,
                                                                                variant="three-card-poker"), n)
        calls[f"ofc 3-card rows, {name}"] = (lambda c=check: pokerlut.evaluate(three, check=c, parallel=False,
                                                                               variant="ofc"), n)
    deals = pokerlut.random_hands(n_arrangements // 2, 26, seed=SEED).reshape(-1, 2, 13)
    calls["ofc scoring, 2 players, 1 thread"] = (lambda: ofc.score(deals, parallel=False), 2 * len(deals))
    calls["ofc scoring, 2 players, 2 threads"] = (lambda: ofc.score(deals, parallel=True), 2 * len(deals))
    deals3 = pokerlut.random_hands(n_arrangements // 3, 39, seed=SEED).reshape(-1, 3, 13)
    calls["ofc scoring, 3 players, 2 threads"] = (lambda: ofc.score(deals3, parallel=True), 3 * len(deals3))
    sixth = (["As Ad 7c 9h 2d 3s", ("Kh Ks Qd 8c", 3)], "Ac 7d")  # 365,560 deals
    calls["stud exact, sixth street, 2 threads"] = (
        lambda: pokerlut.equity(sixth[0], dead=sixth[1], variant="stud"), 365_560)
    calls["stud hi-lo monte carlo, 3 players, 2 threads"] = (
        lambda: pokerlut.equity(["As 2d 3c", "Kh", "7h"], variant="stud-hilo", samples=10**6, seed=1), 10**6)
    return calls



def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10**7)
    parser.add_argument("--arrangements", type=int, default=2 * 10**6)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args(argv)
    pokerlut.set_num_threads(2)
    calls = rows(args.hands, args.arrangements)
    best = best_times({name: call for name, (call, _) in calls.items()}, args.rounds)
    rate = {name: calls[name][1] / seconds for name, seconds in best.items()}
    ceiling7 = rate["ceiling kernel, 7 cards"]
    high = {c: rate[f"high, 5 cards, {c}"] for c in ("validated", "unchecked")}
    print(f"best of {args.rounds} round-robin rounds; {args.hands:,} random hands per row, "
          f"{args.arrangements:,} arranged hands for scoring; kernel path: {pokerlut.kernel_info()['path']}")
    print(f"  {'row':<44} {'M/s':>8} {'x ceiling 7':>12} {'x high 5':>9}")
    t_unit = 10**6 / ceiling7  # T: the ceiling kernel's time for 10^6 random 7-card hands
    for name in calls:
        check = "unchecked" if "unchecked" in name else "validated"
        if name.startswith("stud"):
            print(f"  {name:<44} {rate[name] / 1e6:8.1f} M deals or trials/s, {best[name] * 1e3:7.1f} ms "
                  f"= {best[name] / t_unit:5.1f} T")
            continue
        ratio = f"{rate[name] / high[check]:9.2f}" if not name.startswith(("ceiling", "ofc scoring")) else ""
        print(f"  {name:<44} {rate[name] / 1e6:8.1f} {rate[name] / ceiling7:12.2f} {ratio}")


if __name__ == "__main__":
    main()
