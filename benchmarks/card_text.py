"""Card text against card ids: the compiled text parser, as ratios to the reference ceiling kernel.

    python benchmarks/card_text.py [--hands 1000000] [--rounds 7]

Seven-card hands written ``"As Ks Qs Js Ts 2c 2d"``: parsed from a numpy ``U`` array, an ``S``
array, an object array and pandas columns (str with Python or Arrow storage, categorical), and
ranked from text end to end;
``format_cards`` the other way.  Every row is timed once per round, in turn (the machine's noise
hits them alike), with ``time.thread_time`` (one thread: what other processes do is not counted),
and keeps its best round.  The ``x ceiling`` column is the row's speed over the ceiling kernel's
(``pokerlut.bench.ceiling``: one table load per card), in the same run.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import pokerlut
from pokerlut.bench.ceiling import CEILINGS, ceiling_tables
from pokerlut.bench.roundrobin import best_times
from pokerlut.cards import text_array

SEED = 20261202


def rows(n: int) -> dict[str, callable]:
    hands = pokerlut.random_hands(n, 7, seed=SEED)
    out = np.empty(n, np.uint16)
    per_card, table = ceiling_tables()
    text = pokerlut.format_cards(hands)
    calls = {
        "ceiling kernel (ids)": lambda: CEILINGS[7](hands, out, per_card, table),
        "evaluate(ids)": lambda: pokerlut.evaluate(hands, parallel=False),
        "parse U array": lambda: text_array(text),
        "parse S array": (lambda s: lambda: text_array(s))(text.astype("S")),
        "parse object array": (lambda o: lambda: text_array(o))(text.astype(object)),
        "evaluate(U array)": lambda: pokerlut.evaluate(text, parallel=False),
        "format_cards(ids)": lambda: pokerlut.format_cards(hands),
    }
    try:
        import pandas as pd
    except ImportError:
        return calls
    column = pd.Series(text.tolist(), dtype=pd.StringDtype("python"))
    categories = pd.Series(text[: n // 10].tolist() * 10).astype("category")
    calls["evaluate(pandas str column, python)"] = lambda: pokerlut.evaluate(column, parallel=False)
    calls["evaluate(pandas categorical, 10% unique)"] = lambda: pokerlut.evaluate(categories, parallel=False)
    try:
        import pyarrow  # noqa: F401 (Arrow-backed columns need it)
    except ImportError:
        return calls
    arrow = pd.Series(text.tolist(), dtype=pd.StringDtype("pyarrow"))  # pandas 3's default str, with pyarrow
    calls["parse pandas Arrow str column"] = lambda: text_array(arrow)
    calls["evaluate(pandas Arrow str column)"] = lambda: pokerlut.evaluate(arrow, parallel=False)
    return calls



def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10**6)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args(argv)
    best = best_times(rows(args.hands), args.rounds, clock=time.thread_time)
    ceiling = best["ceiling kernel (ids)"]
    print(f"{args.hands:,} seven-card hands per row, best of {args.rounds} round-robin rounds (thread time)")
    for name, seconds in best.items():
        print(f"  {name:<42} {args.hands / seconds / 1e6:8.2f} M hands/s   {ceiling / seconds:6.3f}x ceiling")


if __name__ == "__main__":
    main()
