"""Timing on a shared machine: every call once per round, in turn, each keeping its best round.

A burst of load from another job then hits every row of a comparison alike, so that ratios taken in
one run (to the reference ceiling kernel, :mod:`.ceiling`) hold where absolute times drift.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

__all__ = ["best_times", "round_times"]


def best_times(calls: Mapping[str, Callable[[], object]], rounds: int | Mapping[str, int],
               clock: Callable[[], float] = time.perf_counter) -> dict[str, float]:
    """Best time of each call over round-robin rounds, after one untimed call each (compiling or
    loading kernels, touching the arrays).

    ``rounds`` is one number for every call or a number per call (a slow row may take fewer);
    ``clock`` is ``time.perf_counter`` (wall) or ``time.thread_time`` (the calling thread's CPU time,
    which other jobs disturb less; for one-thread rows).

    >>> best = best_times({"sum": lambda: sum(range(1000)), "nothing": lambda: None}, 3)
    >>> sorted(best), all(t >= 0 for t in best.values())
    (['nothing', 'sum'], True)
    """
    return {name: min(times) for name, times in round_times(calls, rounds, clock).items()}


def round_times(calls: Mapping[str, Callable[[], object]], rounds: int | Mapping[str, int],
                clock: Callable[[], float] = time.perf_counter) -> dict[str, list[float]]:
    """Every round's time of each call (round-robin, after one untimed call each), for a median or
    a range where the best alone says too little; arguments as :func:`best_times`.

    >>> times = round_times({"sum": lambda: sum(range(1000)), "nothing": lambda: None}, {"sum": 3, "nothing": 2})
    >>> [len(times["sum"]), len(times["nothing"])]
    [3, 2]
    """
    per_call = {name: rounds if isinstance(rounds, int) else rounds[name] for name in calls}
    times: dict[str, list[float]] = {}
    for name, call in calls.items():
        call()
        times[name] = []
    for r in range(max(per_call.values(), default=0)):
        for name, call in calls.items():
            if r >= per_call[name]:
                continue
            start = clock()
            call()
            times[name].append(clock() - start)
    return times
