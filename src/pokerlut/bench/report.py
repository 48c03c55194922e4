"""The report of a peer comparison: the machine, the versions, one markdown table per hand size,
and the verdict on agreement; :func:`run` runs the comparison for each hand size and prints it.

>>> text = format_report([compare(5, 1_000, peers=(), repeat=1)], "pokerlut bench --peers")
>>> "| **pokerlut (1 thread)** |" in text, "`pokerlut bench --peers`" in text
(True, True)
"""

from __future__ import annotations

import os
import platform
import sys
import time
from collections.abc import Iterable, Sequence

from .. import interop
from .._threads import get_num_threads, set_num_threads
from .peers import (DEFAULT_HANDS, DEFAULT_REPEAT, DEFAULT_SEED, MAX_RUNS, MIN_TIME, PEERS, TIME_BUDGET,
                    Comparison, compare, peer_version)

__all__ = ["machine_info", "format_table", "format_report", "run"]


def machine_info() -> dict[str, str]:
    """The CPU model, core counts, OS and Python, for the report header.

    >>> sorted(machine_info())
    ['cores', 'cpu', 'os', 'python']
    """
    cpu = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.lower().startswith(("model name", "hardware", "processor\t: ")) and ":" in line:
                    value = line.split(":", 1)[1].strip()
                    if value and not value.isdigit():
                        cpu = value
                        break
    except OSError:
        pass
    if not cpu and sys.platform == "darwin":
        import subprocess

        try:
            cpu = subprocess.run(["sysctl", "-n", "machdep.cpu.brand_string"], capture_output=True, text=True,
                                 timeout=5).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            pass
    cpu = cpu or platform.processor() or platform.machine() or "unknown CPU"
    logical = os.cpu_count() or 1
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else logical
    cores = f"{logical} logical cores" + (f" ({usable} usable by this process)" if usable != logical else "")
    cores += f", threads {get_num_threads()}"
    return {
        "cpu": cpu,
        "cores": cores,
        "os": f"{platform.system()} {platform.release()} {platform.machine()}",
        "python": f"{platform.python_implementation()} {platform.python_version()}",
    }


def _versions(names: Sequence[str]) -> str:
    parts = [f"{dist} {peer_version(dist) or '?'}" for dist in ("pokerlut", "numpy", "numba")]
    for name in names:
        version = peer_version(PEERS[name].dist)
        parts.append(f"{name} {version}" if version else f"{name} (not installed)")
    return ", ".join(parts)


def _fmt_rate(rate: float) -> str:
    return f"{rate:,.0f}"


def _fmt_ratio(x: float) -> str:
    if x >= 100:
        return f"{x:,.0f}×"
    return f"{x:.1f}×" if x >= 10 else f"{x:.2f}×"


def _fmt_share(x: float) -> str:
    percent = 100 * x
    if percent >= 10:
        return f"{percent:.0f} %"
    return f"{percent:.2g} %" if percent >= 0.01 else f"{percent:.1g} %"


def _fmt_seconds(s: float) -> str:
    if s >= 100:
        return f"{s:,.0f} s"
    if s >= 1:
        return f"{s:.3g} s"
    return f"{s * 1e3:.3g} ms"


def format_table(comparison: Comparison) -> str:
    """The markdown table of one :class:`Comparison` (see :func:`format_report`).

    >>> print(format_table(compare(5, 1_000, peers=(), repeat=1, parallel=False)))  # doctest: +ELLIPSIS
    | 5-card hands | call timed | hands timed | time for 1,000 hands | hands/s | pokerlut (1 thread) ÷ this | ...
    | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |
    | ceiling kernel (1 thread) | 5 byte reads, 6 table loads | 1,000 | ... | 100 % | n/a: not an evaluator |
    | **pokerlut (1 thread)** | `pokerlut.evaluate(hands, check=False, parallel=False)`, uint8 (N, 5) | 1,000 | ... | 1.00× | ... | reference |
    | **pokerlut (1 thread, validated)** | `pokerlut.evaluate(hands, check=True, parallel=False)`, uint8 (N, 5) | 1,000 | ... | yes: identical strengths on all 1,000 |
    """
    c = comparison
    n = c.n_hands
    lines = [
        f"| {c.cards}-card hands | call timed | hands timed | time for {n:,} hands | hands/s "
        f"| pokerlut (1 thread) ÷ this | share of ceiling | agrees with pokerlut |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    reference = c.pokerlut_rate
    for row in c.rows:
        label = f"**{row.label}**" if row.kind == "pokerlut" else row.label
        if row.status == "not installed":
            lines.append(f"| {label} | not installed: `{interop.BENCH_EXTRA_HINT}` | – | – | – | – | – | – |")
            continue
        if row.status != "ok":
            lines.append(f"| {label} | {row.call} | {row.hands:,} | – | – | – | – | {row.agreement} |")
            continue
        rate = row.rate
        ceiling = c.ceiling_rate(row.threads)
        mark = " †" if row.scaled else ""
        full_time = n / rate if rate else 0.0
        lines.append(
            f"| {label} | {row.call} | {row.hands:,}{mark} | {_fmt_seconds(full_time)}{mark} | {_fmt_rate(rate)} "
            f"| {_fmt_ratio(reference / rate) if reference and rate else '–'} "
            f"| {_fmt_share(rate / ceiling) if ceiling else '–'} | {row.agreement} |"
        )
    return "\n".join(lines)


def format_report(comparisons: Sequence[Comparison], command: str, repeat: int = DEFAULT_REPEAT) -> str:
    """The whole markdown report: header (command, machine, versions, method), one table per hand
    size, footnotes, and the verdict on agreement.

    >>> text = format_report([compare(5, 1_000, peers=(), repeat=1)], "pokerlut bench --peers")
    >>> "| **pokerlut (1 thread)** |" in text, "`pokerlut bench --peers`" in text
    (True, True)
    """
    info = machine_info()
    names = [row.label.split()[0] for row in comparisons[0].rows if row.kind == "peer"] if comparisons else []
    seeds = sorted({c.seed for c in comparisons})
    out = [
        "## pokerlut beside the peer evaluators",
        "",
        f"- command: `{command}`",
        f"- machine: {info['cpu']}; {info['cores']}; {info['os']}; {info['python']}",
        f"- versions: {_versions(names)}",
        f"- hands: `pokerlut.random_hands(n, k, seed={', '.join(map(str, seeds))})`, natural cards, the same hands "
        f"for every row; each peer gets them in its own card format, converted before the clock starts; "
        f"every call is driven by `list(map(call, ...))`; each row's best run is kept, of {repeat} runs or "
        f"more (fast rows repeat until {MIN_TIME:g} s, at most {MAX_RUNS}; slow ones stop after {TIME_BUDGET:g} s); "
        f"the garbage collector is off while timing",
        "- pokerlut runs without input validation (`check=False`, like the peers' calls, which do not "
        "validate either; the speed-up column is relative to it) and with it (the default); the ceiling "
        "kernel does the least work "
        "a table evaluator can do per hand (read the cards, one small-table load per card, one load "
        "from a ~100 KB table, write), so \"share of ceiling\" is how close a row comes to the machine's "
        "limit for its thread count",
        "- agreement: treys and phevaluator return the Cactus Kev rank, which must equal "
        "`7463 - strength` on every hand; eval7's values and pokerkit's hand objects are on scales of "
        "their own, so the order of all the hands timed (ties included) must match pokerlut's",
    ]
    scaled = False
    for c in comparisons:
        table = format_table(c)
        out += ["", table]
        scaled = scaled or "†" in table
    if scaled:
        out += ["", "† too slow for the full batch: timed on the first hands of the same batch (the count shown), "
                    "its time for the full batch scaled from that rate."]
    missing = sorted({row.label for c in comparisons for row in c.rows if row.status == "not installed"})
    if missing:
        out += ["", f"Not installed: {', '.join(missing)} (`{interop.BENCH_EXTRA_HINT}`)."]
    failures = [f for c in comparisons for f in c.failures]
    out.append("")
    if failures:
        out.append(f"**DISAGREEMENT: {len(failures)} problem(s), listed below.**")
        out += ["", *failures]
    else:
        ran = sorted({row.label.split()[0] for c in comparisons for row in c.rows
                      if row.kind == "peer" and row.status == "ok"})
        out.append(f"Every peer that ran ({', '.join(ran) or 'none'}) agrees with pokerlut on every hand it timed.")
    return "\n".join(out)


# --------------------------------------------------------------------------- the whole run


def run(cards: Sequence[int] = (7, 5), hands: int = DEFAULT_HANDS, *, seed: int = DEFAULT_SEED,
        peers: Iterable[str] | None = None, peer_hands: dict[str, int] | None = None, repeat: int = DEFAULT_REPEAT,
        parallel: bool = True, threads: int | None = None, quiet: bool = False, require_peers: bool = False,
        command: str = "pokerlut bench --peers") -> int:
    """Run the comparison for each hand size, print the markdown report, return the exit status.

    0: every peer that ran agrees with pokerlut on every hand it timed; 1: a disagreement, a peer
    that failed, or (with ``require_peers``) a peer that is not installed.  ``command`` is what the
    report says was run.  ``pokerlut bench --peers`` is this function's command line.

    >>> run([5], 1000, peers=(), repeat=1, quiet=True)  # doctest: +ELLIPSIS
    ## pokerlut beside the peer evaluators
    ...
    0
    """
    if threads is not None:
        set_num_threads(threads)

    def progress(message: str) -> None:
        print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)

    comparisons = [compare(k, hands, seed=seed, peers=peers, peer_hands=peer_hands, repeat=repeat, parallel=parallel,
                           progress=None if quiet else progress) for k in dict.fromkeys(cards)]
    print(format_report(comparisons, command, repeat), flush=True)
    status = 0
    failures = [failure for c in comparisons for failure in c.failures]
    prog = command.split(" --")[0]
    if failures:
        print(f"{prog}: error: {len(failures)} disagreement(s) or failure(s) with the peers; see the report",
              file=sys.stderr)
        for failure in failures:
            print(failure, file=sys.stderr)
        status = 1
    missing = sorted({row.label for c in comparisons for row in c.rows if row.status == "not installed"})
    if missing and require_peers:
        print(f"{prog}: error: not installed: {', '.join(missing)}; {interop.BENCH_EXTRA_HINT}", file=sys.stderr)
        status = 1
    return status
