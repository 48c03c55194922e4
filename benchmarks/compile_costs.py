"""What compiling costs, in CPU seconds, from an empty numba cache: each row a fresh interpreter
with a new ``NUMBA_CACHE_DIR`` (nothing cached), timed with ``time.process_time`` inside it (all of
its threads) and, for the whole process, with ``resource.getrusage(RUSAGE_CHILDREN)`` here (the
interpreter's start included).  CPU seconds, not wall time, so that a machine shared with other
work still gives comparable figures.

    python benchmarks/compile_costs.py [--rows import,evaluate one,...] [--jobs 2]

Rows: ``import`` (``import pokerlut``), ``evaluate one`` (the first ``evaluate`` of one 7-card
hand), ``evaluate batch`` (of 1,000 random 7-card hands), ``exact equity`` (``equity(["AhKh",
"QdQc"])``), then every step of :func:`pokerlut.warmup` in its order in one fresh process (each
step pays only for what the steps before it did not compile), and ``warmup --jobs N`` (the whole
warmup over N worker processes: CPU of all of them, and wall time).  Writes a markdown table to
stdout.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

CALLS = {
    "evaluate one": 'pokerlut.evaluate("As Ks Qs Js Ts 2c 3d")',
    "evaluate batch": "pokerlut.evaluate(pokerlut.random_hands(1000, 7, seed=1))",
    "exact equity": 'pokerlut.equity(["AhKh", "QdQc"])',
}

PROBE = r"""
import json, time
c0 = time.process_time()
import pokerlut
c1 = time.process_time()
{call}
c2 = time.process_time()
print(json.dumps({{"import": c1 - c0, "call": c2 - c1}}))
"""

STEPS = r"""
import json, time
import pokerlut
import importlib; w = importlib.import_module("pokerlut.warmup")
steps, out = w._steps(), {}
for name in w.FEATURES:
    c = time.process_time()
    steps[name]()
    out[name] = time.process_time() - c
print(json.dumps(out))
"""


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(code: list[str], cache: str) -> tuple[dict, float, float]:
    """(the child's last stdout line as JSON or {}, its CPU seconds with its children's, wall seconds)."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, POKERLUT_COMPILE_MESSAGES="never")
    before, start = _child_cpu(), time.perf_counter()
    result = subprocess.run([sys.executable, *code], env=env, capture_output=True, text=True)
    wall, cpu = time.perf_counter() - start, _child_cpu() - before
    if result.returncode:
        raise RuntimeError(f"{code} failed:\n{result.stderr[-3000:]}")
    lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
    return (json.loads(lines[-1]) if lines else {}), cpu, wall


def measure(rows: list[str], jobs: int) -> list[tuple[str, str, str]]:
    table = []
    for row in rows:
        with tempfile.TemporaryDirectory() as cache:
            if row == "import":
                out, cpu, wall = run(["-c", PROBE.format(call="pass")], cache)
                table.append(("import pokerlut", f"{out['import']:.2f}", f"{cpu:.2f}"))
            elif row in CALLS:
                out, cpu, wall = run(["-c", PROBE.format(call=CALLS[row])], cache)
                table.append((f"first {row}: `{CALLS[row]}`", f"{out['call']:.2f}", f"{cpu:.2f}"))
            elif row == "steps":
                out, cpu, wall = run(["-c", STEPS], cache)
                for name, seconds in out.items():
                    table.append((f"warmup step {name!r}", f"{seconds:.2f}", ""))
                table.append(("warmup, all steps in one process", f"{sum(out.values()):.2f}", f"{cpu:.2f}"))
            elif row == "warmup":
                out, cpu, wall = run(["-m", "pokerlut", "warmup", "--jobs", str(jobs)], cache)
                table.append((f"`pokerlut warmup --jobs {jobs}` (wall {wall:.1f} s)", "", f"{cpu:.2f}"))
            else:
                raise SystemExit(f"unknown row {row!r}")
            print(f"... {table[-1]}", file=sys.stderr, flush=True)
    return table


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="import,evaluate one,evaluate batch,exact equity,steps,warmup")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    table = measure([r.strip() for r in args.rows.split(",") if r.strip()], args.jobs)
    print(f"CPU seconds from an empty numba cache ({os.cpu_count()} cores, load "
          f"{os.getloadavg()[0]:.1f} at the end)\n")
    print("| what | CPU s of the call (in process) | CPU s of the whole process |")
    print("|---|---:|---:|")
    for what, inside, whole in table:
        print(f"| {what} | {inside} | {whole} |")


if __name__ == "__main__":
    main()
