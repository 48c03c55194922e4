"""Video poker times in T (the reference ceiling kernel's time for 10^6 random 7-card hands),
measured round-robin so that the machine's noise hits every row alike.

    python benchmarks/videopoker_interleaved.py [--rounds 5] [--games jacks-or-better double-double-bonus ...]

Rows, each timed once per round in turn, best round kept: the ceiling kernel on 10^6 7-card hands
(one thread); for each game, ``game_return`` with its tables built, ``game_return`` from scratch
(the count tables, the suit classes and the final-hand classes rebuilt: what a fresh process pays
after import), and ``strategy_chart`` with the tables built.
"""

from __future__ import annotations

import argparse

import numpy as np

from pokerlut.bench.ceiling import CEILINGS, ceiling_tables
from pokerlut.bench.roundrobin import best_times

import pokerlut
from pokerlut import videopoker as vp
from pokerlut.videopoker import _tables

SEED = 20261129


def _from_scratch(game: str) -> None:
    for cached in (_tables.game_tables, _tables.pay_levels, _tables.pay_scale, _tables.canonical_deals,
                   _tables.all_hands):
        cached.cache_clear()
    vp.game_return(game, progress=False)


def rows(games: list[str]) -> dict[str, callable]:
    hands = pokerlut.random_hands(10**6, 7, seed=SEED)
    out = np.empty(len(hands), np.uint16)
    per_card, table = ceiling_tables()
    calls = {"ceiling, 1e6 7-card hands (T)": lambda: CEILINGS[7](hands, out, per_card, table)}
    for game in games:
        calls[f"{game}: game_return, tables built"] = lambda game=game: vp.game_return(game, progress=False)
        calls[f"{game}: game_return from scratch"] = lambda game=game: _from_scratch(game)
        calls[f"{game}: strategy_chart"] = lambda game=game: vp.strategy_chart(game, progress=False)
    return calls



def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", nargs="+", default=["jacks-or-better", "double-double-bonus", "deuces-wild",
                                                       "deuces-wild-bonus"])
    args = parser.parse_args(argv)
    best = best_times(rows(args.games), args.rounds)
    t = best["ceiling, 1e6 7-card hands (T)"]
    print(f"best of {args.rounds} interleaved rounds; T = {1e3 * t:.2f} ms")
    for name, seconds in best.items():
        print(f"  {name:<48} {seconds:8.3f} s  {seconds / t:8.1f} T")


if __name__ == "__main__":
    main()
