"""``pokerlut warmup`` (compile every kernel now) and ``pokerlut bench --peers`` (pokerlut beside
the peer evaluators)."""

from __future__ import annotations

import argparse
import dataclasses
import os
import shlex
import sys
import time
from typing import Any

from .._notice import FEATURES, WARMUP_MACHINE, WARMUP_SECONDS
from .args import add_command, positive_int, seed_argument
from .output import add_json_option, write_json


def cmd_warmup(args: argparse.Namespace) -> int:
    from ..warmup import cache_location, warmup

    start = time.perf_counter()
    seconds = warmup(args.features or None, progress=False if args.no_progress else None, jobs=args.jobs)
    total = time.perf_counter() - start
    if args.json:
        write_json("warmup", {"features": [{"feature": name, "seconds": s} for name, s in seconds.items()],
                              "total_seconds": total, "cache": str(cache_location()),
                              "not_warmed": [f for f in FEATURES if f not in seconds]})
        return 0
    workers = f" ({args.jobs} worker processes)" if args.jobs > 1 and len(seconds) > 1 else ""
    print(f"compiled (or loaded) the kernels of {', '.join(seconds)} in {total:.1f} s{workers}")
    for name, s in seconds.items():
        print(f"  {name:<12} {s:6.1f} s")
    print(f"numba's cache: {cache_location()}")
    if set(seconds) != set(FEATURES):
        print(f"(not warmed: {', '.join(f for f in FEATURES if f not in seconds)})")
    return 0


def _peer_list(text: str) -> list[str]:
    from ..bench.peerlist import PEERS

    names = [name.strip() for name in text.split(",") if name.strip()]
    for name in names:
        if name not in PEERS:
            raise argparse.ArgumentTypeError(f"unknown peer {name!r}; expected one of {', '.join(PEERS)}")
    return names


def _peer_cap(text: str) -> tuple[str, int]:
    from ..bench.peerlist import PEERS

    name, sep, number = text.partition("=")
    if not sep or name.strip() not in PEERS:
        raise argparse.ArgumentTypeError(f"expected NAME=HANDS with NAME one of {', '.join(PEERS)}, got {text!r}")
    try:
        hands = positive_int(number)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"the batch for {name.strip()} must be an integer >= 1 hand, "
                                         f"got {number!r}") from None
    return name.strip(), hands


def add_bench_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the peer comparison (``pokerlut bench --peers``, ``benchmarks/compare_peers.py``)."""
    from ..bench.peerlist import DEFAULT_HANDS, DEFAULT_REPEAT, DEFAULT_SEED, MIN_TIME, PEERS, TIME_BUDGET

    caps = ", ".join(f"{name} {peer.max_hands:,}" for name, peer in PEERS.items() if peer.max_hands)
    parser.add_argument("--hands", type=positive_int, default=DEFAULT_HANDS,
                        help=f"random hands per hand size (default {DEFAULT_HANDS:,})")
    parser.add_argument("--cards", type=int, nargs="+", choices=(5, 7), default=[7, 5],
                        help="hand sizes to compare (default: 7 5)")
    parser.add_argument("--seed", type=seed_argument, default=DEFAULT_SEED,
                        help=f"random seed, an integer >= 0 (default {DEFAULT_SEED})")
    parser.add_argument("--repeat", type=positive_int, default=DEFAULT_REPEAT,
                        help=f"timed runs per row, the best is kept (default {DEFAULT_REPEAT}; fast rows repeat until "
                             f"{MIN_TIME:g} s, slow ones stop after {TIME_BUDGET:g} s)")
    parser.add_argument("--only", type=_peer_list, default=None, metavar="NAMES",
                        help=f"comma-separated peers to run, '' for none (default: all of {', '.join(PEERS)})")
    parser.add_argument("--peer-hands", type=_peer_cap, action="append", default=[], metavar="NAME=HANDS",
                        help=f"batch for a slow peer (defaults: {caps}); repeat the option for several")
    parser.add_argument("--threads", type=positive_int, default=None,
                        help="threads for the parallel rows (default: pokerlut's default)")
    parser.add_argument("--serial-only", action="store_true", help="skip the parallel rows")
    parser.add_argument("--require-peers", action="store_true",
                        help="exit with status 1 if a peer is not installed (for CI)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")


def _check_threads(args: argparse.Namespace) -> None:
    if args.threads is not None:
        from .._threads import MAX_THREADS

        if args.threads > MAX_THREADS:
            raise ValueError(f"--threads {args.threads}: at most {MAX_THREADS}")


def run_bench(args: argparse.Namespace, command: str) -> int:
    """Run the peer comparison the parsed options ask for; ``command`` is what the report shows."""
    from ..bench import report

    _check_threads(args)
    return report.run(args.cards, args.hands, seed=args.seed, peers=args.only, peer_hands=dict(args.peer_hands),
                     repeat=args.repeat, parallel=not args.serial_only, threads=args.threads, quiet=args.quiet,
                     require_peers=args.require_peers, command=command)


def bench_json(args: argparse.Namespace, command: str) -> int:
    """``pokerlut bench --peers --json``: the comparison's rows as one JSON document; the exit status
    as the report's (1 on a disagreement, a failed peer or, with ``--require-peers``, a missing one)."""
    from .. import interop
    from ..bench.peers import compare
    from ..bench.report import machine_info

    if args.threads is not None:
        from .._threads import set_num_threads

        set_num_threads(args.threads)

    def progress(message: str) -> None:
        print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)

    comparisons = [compare(k, args.hands, seed=args.seed, peers=args.only, peer_hands=dict(args.peer_hands),
                           repeat=args.repeat, parallel=not args.serial_only,
                           progress=None if args.quiet else progress) for k in dict.fromkeys(args.cards)]
    failures = [failure for c in comparisons for failure in c.failures]
    missing = sorted({row.label for c in comparisons for row in c.rows if row.status == "not installed"})
    write_json("bench", {"command_line": command, "machine": machine_info(), "comparisons": [
        {"cards": c.cards, "hands": c.n_hands, "seed": c.seed, "failures": c.failures,
         "rows": [{**dataclasses.asdict(row), "rate": row.rate} for row in c.rows]} for c in comparisons],
        "failures": failures, "not_installed": missing})
    if failures:
        print(f"{args.prog}: error: {len(failures)} disagreement(s) or failure(s) with the peers", file=sys.stderr)
        return 1
    if missing and args.require_peers:
        print(f"{args.prog}: error: not installed: {', '.join(missing)}; {interop.BENCH_EXTRA_HINT}", file=sys.stderr)
        return 1
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    if not args.peers:
        raise ValueError("choose a benchmark: --peers (pokerlut beside treys, phevaluator, eval7 and pokerkit)")
    if args.json:
        _check_threads(args)
        return bench_json(args, shlex.join(args.command_line))
    return run_bench(args, shlex.join(args.command_line))


def register(sub: Any) -> None:
    """The subcommands ``warmup`` and ``bench``."""
    add_command(sub, "warmup", cmd_warmup, _warmup_arguments,
                help=f"compile every kernel now (from an empty cache about {WARMUP_SECONDS} s on {WARMUP_MACHINE}; "
                     "later runs load them from numba's cache)")
    add_command(sub, "bench", cmd_bench, _bench_arguments,
                help="benchmarks: --peers times pokerlut beside treys, phevaluator, eval7 and pokerkit and "
                     "checks they agree")


def _warmup_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--features", default="",
                   help=f"comma-separated: {', '.join(FEATURES)} (default: $POKERLUT_WARMUP or all)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--jobs", type=positive_int, default=os.cpu_count() or 1, metavar="N",
                   help="worker processes compiling at once, into the one cache (default: one per core)")
    add_json_option(p)


def _bench_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--peers", action="store_true",
                   help="compare with the peer evaluators (pip install 'pokerlut[bench]')")
    add_bench_arguments(p)
    add_json_option(p)
