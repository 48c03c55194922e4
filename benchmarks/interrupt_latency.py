"""How long a long pokerlut call takes to answer Ctrl-C: the time from SIGINT to KeyboardInterrupt.

    python benchmarks/interrupt_latency.py [--hands 100000000] [--after 1.0 2.0 4.0] [--calls best_five evaluate]

Each call runs on ``--hands`` 7-card hands (a million random hands tiled); a timer thread sends the
process SIGINT ``--after`` seconds into the call (several points, to land in every phase: input
checks, the kernel blocks), and the script prints how long the call took to raise
KeyboardInterrupt after the signal.  A latency, not a speed: no ratio to the ceiling kernel applies.
This is a script, not a test (timing assertions do not belong in the suite); the suite checks only
that SIGINT during a long ``best_five`` raises KeyboardInterrupt (tests/process/test_stderr_peers_and_interrupts.py).
"""

from __future__ import annotations

import argparse
import os
import signal
import threading
import time

import numpy as np

import pokerlut

CALLS = {
    "best_five": lambda hands: pokerlut.best_five(hands),
    "evaluate": lambda hands: pokerlut.evaluate(hands),
    "made_cards": lambda hands: pokerlut.made_cards(hands),
}


def latency(call, hands: np.ndarray, after: float) -> tuple[float | None, float]:
    """(seconds from SIGINT to KeyboardInterrupt, or None if the call ended first; the call's seconds)."""
    sent = []

    def interrupt() -> None:
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(after, interrupt)
    start = time.perf_counter()
    timer.start()
    try:
        call(hands)
    except KeyboardInterrupt:
        return time.perf_counter() - sent[0], time.perf_counter() - start
    finally:
        timer.cancel()
    return None, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000_000)
    parser.add_argument("--after", type=float, nargs="+", default=[0.5, 1.5, 3.0, 6.0])
    parser.add_argument("--calls", nargs="+", default=list(CALLS), choices=list(CALLS))
    args = parser.parse_args()
    base = pokerlut.random_hands(1_000_000, 7, seed=1)
    hands = np.tile(base, (max(1, args.hands // len(base)), 1))
    for name in args.calls:
        CALLS[name](base[:1000])  # compiled before the clock starts
        t = time.perf_counter()
        CALLS[name](hands[:len(base)])
        per_million = time.perf_counter() - t
        print(f"{name}: {len(hands):,} hands (about {per_million * len(hands) / 1e6:.1f} s in all)")
        for after in args.after:
            waited, ran = latency(CALLS[name], hands, after)
            shown = f"{waited:.3f} s" if waited is not None else "the call ended first"
            print(f"  SIGINT after {after:.1f} s: KeyboardInterrupt {shown} later (call ran {ran:.2f} s)")


if __name__ == "__main__":
    main()
