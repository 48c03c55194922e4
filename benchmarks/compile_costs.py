"""What compiling costs, in CPU seconds, from an empty numba cache, call by call and kernel by kernel.

    python benchmarks/compile_costs.py [--rows import,evaluate one,...] [--jobs 2] [--kernels 12]

Every row is a fresh interpreter with a new, empty ``NUMBA_CACHE_DIR``
(:func:`pokerlut.bench.fresh.run_fresh`).  CPU seconds (user + system, every thread), not wall
time, so that a machine shared with other work still gives comparable figures: ``in process`` is
``time.process_time`` around the call inside the child, ``whole process`` is
``resource.getrusage(RUSAGE_CHILDREN)`` here (the interpreter's start and imports included).

Rows: ``import`` (``import pokerlut``), ``evaluate one`` (the first ``evaluate`` of one 7-card
hand), ``evaluate batch`` (of 1,000 random 7-card hands), ``exact equity`` (``equity(["AhKh",
"QdQc"])``), ``demo`` (``pokerlut demo``'s first answer: the example hands), ``steps`` (every step of
:func:`pokerlut.warmup` in its order in one process: each pays only for what the steps before it
did not compile), and ``warmup`` (``pokerlut warmup --jobs N``: CPU of all its workers, and wall).

Each call row also says where its seconds went: ``import numba`` (numba's own import), ``numba``
(typing and lowering: every ``numba:compile`` event less the LLVM work inside it), ``LLVM`` (the CPU
seconds under numba's LLVM lock: optimisation and machine code), and, below the table, the kernels
that cost the most, each with its own seconds (the functions it compiled on the way subtracted)
and its number of specialisations (signatures compiled).
"""

from __future__ import annotations

import argparse
import os
import sys

from pokerlut.bench.fresh import empty_cache, run_fresh

CALLS = {
    "evaluate one": 'pokerlut.evaluate("As Ks Qs Js Ts 2c 3d")',
    "evaluate batch": "pokerlut.evaluate(pokerlut.random_hands(1000, 7, seed=1))",
    "exact equity": 'pokerlut.equity(["AhKh", "QdQc"])',
    "demo": "from pokerlut.cli import demo; pokerlut.evaluate(list(demo.DEMO_HANDS))",
    "steps": "import importlib; w = importlib.import_module('pokerlut.warmup'); "
             "[step() for step in w._steps().values()]",
}

#: The child: a listener on numba's compile and LLVM-lock events, then ``import pokerlut`` and the call.
PROBE = r"""
import json, time
c0 = time.process_time()
import numba.core.event as ev
c_numba = time.process_time() - c0

class Costs(ev.Listener):
    def __init__(self):
        self.stack, self.kernels, self.llvm_depth, self.llvm_start, self.compile_total = [], {{}}, 0, 0.0, 0.0
    def on_start(self, event):
        if event.kind == "numba:llvm_lock":
            self.llvm_depth += 1
            if self.llvm_depth == 1:
                self.llvm_start = time.process_time()
            return
        d = event.data["dispatcher"]
        name = getattr(getattr(d, "py_func", None), "__qualname__", None) or getattr(d, "__name__", repr(d))
        self.stack.append([name.split(".<locals>.")[-1], time.process_time(), 0.0, 0.0])
    def on_end(self, event):
        if event.kind == "numba:llvm_lock":
            self.llvm_depth -= 1
            if self.llvm_depth == 0 and self.stack:
                self.stack[-1][3] += time.process_time() - self.llvm_start
            return
        name, start, inner, llvm = self.stack.pop()
        spent = time.process_time() - start
        row = self.kernels.setdefault(name, [0.0, 0.0, 0])
        row[0] += spent - inner
        row[1] += llvm
        row[2] += 1
        if self.stack:
            self.stack[-1][2] += spent
        else:
            self.compile_total += spent

costs = Costs()
ev.register("numba:compile", costs)
ev.register("numba:llvm_lock", costs)
c1 = time.process_time()
import pokerlut
c2 = time.process_time()
{call}
c3 = time.process_time()
print(json.dumps({{"import numba": c_numba, "import": c2 - c1 + c_numba, "call": c3 - c2,
                  "compile": costs.compile_total, "llvm": sum(r[1] for r in costs.kernels.values()),
                  "kernels": costs.kernels}}))
"""


def measure(rows: list[str], jobs: int) -> tuple[list[tuple], dict[str, dict]]:
    """The table's rows, and each call row's kernels: ``{row: {kernel: [cpu, llvm cpu, signatures]}}``."""
    table, kernels = [], {}
    for row in rows:
        with empty_cache() as cache:
            if row == "import":
                run = run_fresh(["-c", PROBE.format(call="pass")], cache)
                table.append(("import pokerlut (numba included)", f"{run.result['import']:.2f}", f"{run.cpu:.2f}",
                              "", "", ""))
            elif row in CALLS:
                run = run_fresh(["-c", PROBE.format(call=CALLS[row])], cache)
                r = run.result
                label = "every warmup step in one process" if row == "steps" else f"first {row}: `{CALLS[row]}`"
                table.append((label, f"{r['call']:.2f}", f"{run.cpu:.2f}", f"{r['import numba']:.2f}",
                              f"{r['compile'] - r['llvm']:.2f}", f"{r['llvm']:.2f}"))
                kernels[row] = r["kernels"]
            elif row == "warmup":
                run = run_fresh(["-m", "pokerlut", "warmup", "--no-progress", "--jobs", str(jobs)], cache)
                table.append((f"`pokerlut warmup --jobs {jobs}` (wall {run.wall:.1f} s)", "", f"{run.cpu:.2f}",
                              "", "", ""))
            else:
                raise SystemExit(f"unknown row {row!r}; choose from import, {', '.join(CALLS)}, warmup")
        print(f"... {table[-1]}", file=sys.stderr, flush=True)
    return table, kernels


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="import,evaluate one,evaluate batch,exact equity,demo,steps,warmup")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--kernels", type=int, default=12, help="the costliest kernels listed per row (default 12)")
    args = parser.parse_args(argv)
    table, kernels = measure([r.strip() for r in args.rows.split(",") if r.strip()], args.jobs)
    print(f"CPU seconds from an empty numba cache ({os.cpu_count()} cores, load "
          f"{os.getloadavg()[0]:.1f} at the end)\n")
    print("| what | in process | whole process | import numba | numba typing + lowering | LLVM |")
    print("|---|---:|---:|---:|---:|---:|")
    for line in table:
        print("| " + " | ".join(line) + " |")
    for row, costs in kernels.items():
        top = sorted(costs.items(), key=lambda item: -item[1][0])
        print(f"\n{row}: {len(costs)} functions compiled, {sum(c[2] for c in costs.values())} signatures; "
              f"the costliest (CPU s, of which LLVM, signatures):\n")
        print("| function | CPU s | LLVM s | signatures |")
        print("|---|---:|---:|---:|")
        for name, (cpu, llvm, count) in top[:args.kernels]:
            print(f"| `{name}` | {cpu:.2f} | {llvm:.2f} | {count} |")
        rest = top[args.kernels:]
        if rest:
            print(f"| {len(rest)} others | {sum(c[1][0] for c in rest):.2f} | {sum(c[1][1] for c in rest):.2f} "
                  f"| {sum(c[1][2] for c in rest)} |")


if __name__ == "__main__":
    main()
