"""``pokerlut demo``: rank example hands (wild ones included), then a few million random hands, and
print the throughput and the category histogram.

The demo needs no ``pokerlut warmup``: it compiles only what it runs (the card-text parser and the
5-card ranking kernels, validated and not), each when it first needs it, and says so on stderr
while it does (a compile that takes more than about a second); later runs load them from numba's
cache."""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from .args import add_command, fraction_0_1, positive_int, positive_int_at_most, seed_argument
from .output import add_json_option, write_json
from .ranking import print_hands

#: The most timed repetitions ``--repeat`` takes: each ranks every hand twice (checked and not), so
#: the demo stays a matter of seconds to minutes, never of days.
MAX_REPEAT = 100

DEMO_HANDS = (
    "As Ks Qs Js Ts",
    "Ah Kh Qh Jh 9h",
    "9c 9d 9h 9s 2c",
    "Kc Kd Kh 2s 2d",
    "7c 5d 4h 3s 2c",
    "5h 4d 3c 2s Ah",
    "2c 2d W 9h 9s",
    "Ah W 9h 5h 2h",
    "Kc Kd Kh W 7s",
    "W W Qh Jh Th",
    "W W Qh Jh Ts",
    "Ac Ad W W W",
    "W W W W W",
)


def _best_of(call: Callable[[], object], repeat: int) -> tuple[float, float]:
    """(seconds of a first, untimed-in-the-best warm-up call; best seconds of ``repeat`` more)."""
    start = time.perf_counter()
    call()
    first = time.perf_counter() - start
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return first, best


@contextmanager
def _saying_compiles(what: str, enabled: bool) -> Iterator[None]:
    """Around a step that may compile ``what``: if it runs for more than
    :data:`pokerlut._notice.NOTICE_AFTER` seconds, one line on stderr says so (and, at its end, how long it took)."""
    from .._notice import NOTICE_AFTER

    said = threading.Event()

    def say() -> None:
        said.set()
        print(f"pokerlut demo: compiling {what} (the first run only: numba caches them) ...", file=sys.stderr,
              flush=True)

    timer = threading.Timer(NOTICE_AFTER, say)
    timer.daemon = True
    start = time.perf_counter()
    if enabled and sys.stderr is not None:
        try:
            timer.start()
        except RuntimeError:  # no thread can start: no line, the demo goes on
            pass
    try:
        yield
    finally:
        timer.cancel()
        if said.is_set():
            print(f"pokerlut demo: compiled in {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)


def cmd_demo(args: argparse.Namespace) -> int:
    import numpy as np

    from .._notice import mark_compiled
    from .._threads import get_num_threads
    from ..cards import format_cards, parse_cards
    from ..evaluate import evaluate  # looked up at call time: a test may stand in for it
    from ..sampling import random_hands
    from ..strength import CATEGORY_NAMES, category, category_name, describe

    n = args.hands  # every option is checked by its argparse type before anything is printed
    try:
        hands = random_hands(n, 5, wild_fraction=args.wild_fraction, seed=args.seed)
    except MemoryError:
        raise ValueError(f"--hands {n:,}: not enough memory for that many hands") from None
    text = not args.json  # the text is printed as it comes; the JSON document once, at the end
    for feature in ("card text", "evaluate"):  # the demo says itself what it compiles, and no more than that
        mark_compiled(feature)

    start = time.perf_counter()
    with _saying_compiles("the card-text parser and the validated 5-card ranking kernel", text):
        example_strengths = evaluate(list(DEMO_HANDS))
    first_call = time.perf_counter() - start
    order = np.argsort(-example_strengths.astype(np.int64), kind="stable")
    examples = [format_cards(parse_cards(DEMO_HANDS[i])) for i in order]
    if text:
        print(f"Example hands (W is a wild card), strongest first (first call, tables and kernels loaded: "
              f"{first_call * 1e3:.0f} ms):\n")
        print_hands(examples, example_strengths[order])
        print(f"\nRanking {n:,} random 5-card hands ({args.wild_fraction:.0%} of them holding a wild card), "
              f"seed {args.seed}, {get_num_threads()} threads:")
    result: dict[str, Any] = {}

    def checked() -> None:
        result["strengths"] = evaluate(hands)

    # each timed call is made once first (kernels loaded or compiled), then timed args.repeat times
    warm, best = _best_of(checked, args.repeat)
    if text:
        print(f"  first call {warm * 1e3:.0f} ms; best of {args.repeat}: {best * 1e3:.1f} ms "
              f"= {n / best / 1e6:.1f} million hands/s (validation on)")
    with _saying_compiles("the unchecked 5-card ranking kernels (AVX2 and scalar, timed to pick the faster)", text):
        _, unchecked = _best_of(lambda: evaluate(hands, check=False), args.repeat)
    strengths = result["strengths"]
    counts = np.bincount(category(strengths), minlength=len(CATEGORY_NAMES))
    if args.json:
        write_json("demo", {
            "examples": [{"hand": hand, "strength": int(s), "category": int(category(int(s))),
                          "category_name": category_name(int(s)), "description": describe(int(s))}
                         for hand, s in zip(examples, example_strengths[order].tolist())],
            "first_call_seconds": first_call, "hands": n, "wild_fraction": args.wild_fraction, "seed": args.seed,
            "threads": get_num_threads(), "repeat": args.repeat,
            "validated": {"first_call_seconds": warm, "best_seconds": best, "hands_per_second": n / best},
            "unchecked": {"best_seconds": unchecked, "hands_per_second": n / unchecked},
            "categories": [{"category": c, "name": CATEGORY_NAMES[c], "hands": int(counts[c]),
                            "share": int(counts[c]) / n} for c in range(len(CATEGORY_NAMES) - 1, -1, -1)]})
        return 0
    print(f"  without validation (check=False), best of {args.repeat}: {unchecked * 1e3:.1f} ms "
          f"= {n / unchecked / 1e6:.1f} million hands/s\n")
    print(f"  {'category':<16} {'hands':>11} {'share':>9}")
    for name, count in reversed(list(zip(CATEGORY_NAMES, counts.tolist()))):
        print(f"  {name:<16} {count:>11,} {count / n:>9.4%}")
    return 0


def register(sub: Any) -> None:
    """The subcommand ``demo``."""
    add_command(sub, "demo", cmd_demo, _arguments, help="rank example hands, then a few million random ones")


def _arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--hands", type=positive_int, default=3_000_000,
                   help="random hands to rank, at least 1 (default 3,000,000)")
    p.add_argument("--wild-fraction", type=fraction_0_1, default=0.1,
                   help="share of hands with a wild card, 0 to 1 (default 0.1)")
    p.add_argument("--seed", type=seed_argument, default=2026, help="random seed, an integer >= 0 (default 2026)")
    p.add_argument("--repeat", type=positive_int_at_most(MAX_REPEAT), default=5,
                   help=f"timed repetitions after a warm-up call, 1 to {MAX_REPEAT}; the best is shown (default 5)")
    add_json_option(p)
