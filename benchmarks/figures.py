"""The figures the README and the guides quote, measured and written to ``benchmarks/figures.json``.

    python benchmarks/figures.py                      # every group (a few minutes)
    python benchmarks/figures.py --only speed,tests   # re-measure some groups, keep the others

Groups (each stored with its machine, load average, method and date, so that a figure is never
separated from where and how it was taken):

- ``speed``: one thread, in one process, every row timed once per round in turn and keeping its
  best round (:func:`pokerlut.bench.roundrobin.best_times`), beside the reference ceiling kernel:
  ``evaluate`` of 10^6 random 7-card hands (and its ratio to the ceiling kernel), the peers
  (eval7, phevaluator, treys, timed on the first hands of the same batch and scaled to 10^6),
  one hand at a time from Python, and the exact ``equity(["AhKh", "QdQc"])``;
- ``compile``: CPU seconds from an empty numba cache, each row a fresh process
  (:mod:`pokerlut.bench.fresh`): every step of ``pokerlut warmup`` in one process (the estimates
  ``pokerlut._notice.FEATURE_SECONDS`` holds), the whole ``pokerlut warmup`` over the cores (CPU
  of all its processes, and wall time), the first ``evaluate`` of one hand and the first exact
  equity;
- ``tests``: how many tests the README's test command collects.

Each figure is stored as its value, its unit and ``text``, the words the documents quote;
``tests/docs/test_figures.py`` checks that every time, rate and ratio quoted in README.md and docs/*.md
is the ``text`` of a figure here (or sits in a section of the performance guide that names the
benchmark it comes from), and that the counts agree with their sources.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RECORD = HERE / "figures.json"
GROUPS = ("speed", "compile", "tests")
TEST_COMMAND = ["-m", "pytest", "-m", "exhaustive or not exhaustive", "--collect-only", "-q", "-p", "no:cacheprovider"]


def significant(value: float, digits: int = 2) -> str:
    """``value`` to ``digits`` significant figures, thousands grouped, as the documents write it.

    >>> significant(2.8437), significant(878.2), significant(33251.0), significant(0.8149), significant(486.7, 3)
    ('2.8', '880', '33,000', '0.81', '487')
    """
    if value == 0:
        return "0"
    from math import floor, log10

    places = digits - 1 - floor(log10(abs(value)))
    rounded = round(value, places)
    return f"{rounded:,.{max(places, 0)}f}"


def figure(value: float, unit: str, what: str, digits: int = 2) -> dict:
    """One record entry: the value, its unit, the text the documents quote and what it measures.

    >>> figure(0.0028437, "ms", "x")["text"], figure(1.2e-6, "µs", "x")["text"], figure(0.81, "x", "x")["text"]
    ('2.8 ms', '1.2 µs', '0.81x')
    >>> figure(93.4, "s", "x")["text"], figure(4.5e-3 * 1e3, "s", "x", 3)["text"]
    ('93 s', '4.50 s')
    """
    scale = {"ms": 1e3, "µs": 1e6}.get(unit, 1.0)
    number = significant(value * scale, digits)
    text = f"{number}x" if unit == "x" else f"{number} {unit}"
    return {"value": value, "unit": unit, "text": text, "what": what}


def machine() -> dict:
    """Where the figures were taken: CPU model, cores, Python, numba, numpy, load average."""
    import numba
    import numpy

    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": model, "cores": os.cpu_count(), "system": platform.system(),
            "python": platform.python_version(), "numba": numba.__version__, "numpy": numpy.__version__,
            "load_average_before": round(os.getloadavg()[0], 1)}


# --------------------------------------------------------------------------- speed

def measure_speed(rounds: int) -> tuple[dict, str]:
    import numpy as np

    import pokerlut
    from pokerlut.bench.ceiling import CEILINGS, ceiling_tables
    from pokerlut.bench.peerlist import PEERS
    from pokerlut.bench.roundrobin import best_times

    n = 10**6
    pokerlut.set_num_threads(1)
    hands = pokerlut.random_hands(n, 7, seed=20261205)
    out = np.empty(n, np.uint16)
    per_card, table = ceiling_tables()
    rows = hands[:20_000].tolist()
    calls = {
        "ceiling": lambda: CEILINGS[7](hands, out, per_card, table),
        "evaluate": lambda: pokerlut.evaluate(hands, parallel=False),
        "one hand": lambda: list(map(pokerlut.evaluate, rows)),
        "exact equity": lambda: pokerlut.equity(["AhKh", "QdQc"]),
    }
    peer_hands = {"eval7": 100_000, "phevaluator": 100_000, "treys": 10_000}
    for name, count in peer_hands.items():
        module = __import__(name)
        calls[name] = PEERS[name].prepare(module, hands[:count])
    import eval7

    cards = pokerlut.interop.to_eval7(hands[:20_000])
    calls["eval7 one hand"] = lambda: list(map(eval7.evaluate, cards))
    rounds_of = {name: rounds for name in calls}
    rounds_of["treys"] = rounds_of["eval7"] = rounds_of["phevaluator"] = max(2, rounds // 3)
    best = best_times(calls, rounds_of)
    ceiling = best["ceiling"]
    figures = {
        "ceiling_7_rate": figure(n / ceiling / 1e6, "M hands/s", "the ceiling kernel, 10^6 random 7-card hands, "
                                 "one thread", 3),
        "evaluate_7_ratio": figure(ceiling / best["evaluate"], "x", "evaluate() of 10^6 random 7-card hands "
                                   "(validated, one thread) as a share of the ceiling kernel's rate"),
        "evaluate_7_batch": figure(best["evaluate"], "ms", "evaluate() of 10^6 random 7-card hands, one thread"),
        "one_hand": figure(best["one hand"] / len(rows), "µs", "pokerlut.evaluate(list of 7 ints), per call"),
        "eval7_one_hand": figure(best["eval7 one hand"] / len(rows), "µs", "eval7.evaluate(7 Cards), per call"),
        "exact_equity": figure(best["exact equity"], "ms", 'equity(["AhKh", "QdQc"]), exact, 1,712,304 boards'),
    }
    for name, count in peer_hands.items():
        seconds = best[name] * n / count
        figures[f"{name}_batch"] = figure(seconds, "ms" if seconds < 1 else "s",
                                          f"{name}, 10^6 random 7-card hands (timed on {count:,}, scaled)")
    method = (f"one thread, one process; every row timed once per round in turn, best of {rounds} rounds "
              f"({max(2, rounds // 3)} for the peers); the peers through their fastest public call "
              "(pokerlut.bench.peerlist), timed on the first hands of the batch and scaled to 10^6")
    return figures, method


# --------------------------------------------------------------------------- compile

#: The child that times each warmup step (CPU seconds), in the order ``pokerlut warmup`` runs them.
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


def measure_compile(jobs: int) -> tuple[dict, str]:
    from pokerlut.bench.fresh import empty_cache, probe_code, run_fresh

    figures = {}
    with empty_cache() as cache:
        steps = run_fresh(["-c", STEPS], cache).result
    for name, seconds in steps.items():
        figures[f"warmup_step {name}"] = figure(seconds, "s", f"warmup step {name!r}, CPU, after the steps "
                                                "before it, in one process")
    # the estimate warmup quotes (pokerlut._notice.WARMUP_SECONDS): the sum of the steps' whole seconds
    estimate = sum(max(1, round(seconds)) for seconds in steps.values())
    figures["warmup_cpu_one_process"] = {**figure(sum(steps.values()), "s", "every warmup step in one process, CPU "
                                                  "(text: the sum of the steps' whole seconds)"), "text": f"{estimate} s"}
    with empty_cache() as cache:
        run = run_fresh(["-m", "pokerlut", "warmup", "--no-progress", "--jobs", str(jobs)], cache)
    figures["warmup_cpu"] = figure(run.cpu, "s", f"pokerlut warmup --jobs {jobs}, CPU of all its processes")
    figures["warmup_wall"] = figure(run.wall, "s", f"pokerlut warmup --jobs {jobs}, wall time")
    for key, call in (("first_evaluate", 'pokerlut.evaluate("As Ks Qs Js Ts 2c 3d")'),
                      ("first_exact_equity", 'pokerlut.equity(["AhKh", "QdQc"])')):
        with empty_cache() as cache:
            out = run_fresh(probe_code(call), cache).result
        figures[key] = figure(out["first_call_cpu"], "s", f"first {call} in a fresh process, CPU")
    method = ("CPU seconds (user + system) from an empty NUMBA_CACHE_DIR, each row a fresh process "
              f"(pokerlut.bench.fresh); warmup over {jobs} worker processes also as wall time")
    return figures, method


# --------------------------------------------------------------------------- tests

def collected_tests() -> int:
    """How many tests the README's test command runs (``pytest --collect-only``)."""
    result = subprocess.run([sys.executable, *TEST_COMMAND], cwd=HERE.parent, capture_output=True, text=True)
    found = re.search(r"(\d+)(?:/\d+)? tests? collected", result.stdout)
    if result.returncode or not found:
        raise RuntimeError(f"pytest --collect-only failed:\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
    return int(found.group(1))


def measure_tests() -> tuple[dict, str]:
    count = collected_tests()
    hundreds = round(count, -2)
    return ({"tests": {"value": count, "unit": "tests", "text": f"about {hundreds:,} tests",
                       "what": "tests the README's test command collects"}},
            "python -m pytest -m 'exhaustive or not exhaustive' --collect-only")


# --------------------------------------------------------------------------- the quoted tables

def machine_text(run: dict) -> str:
    """Where and when a group was measured, in the words the documents quote.

    >>> run = {"recorded": "2026-12-05 01:00 UTC", "machine": {"cpu": "AMD EPYC", "cores": 2, "python": "3.11.2",
    ...        "numba": "0.68.0", "load_average_before": 5.1, "load_average_after": 6.0}}
    >>> machine_text(run)
    'AMD EPYC, 2 cores, Python 3.11.2, numba 0.68.0, load average 5.1-6.0, 2026-12-05'
    """
    m = run["machine"]
    return (f"{m['cpu']}, {m['cores']} cores, Python {m['python']}, numba {m['numba']}, "
            f"load average {m['load_average_before']}-{m['load_average_after']}, {run['recorded'].split()[0]}")


def readme_table(record: dict) -> str:
    """The README's performance table, every figure taken from ``record``."""
    f = {key: entry["text"] for key, entry in record["figures"].items()}
    rows = [
        ("`evaluate`, 10^6 random 7-card hands, validated, one thread",
         f"{f['evaluate_7_batch']}: {f['evaluate_7_ratio']} the ceiling kernel's rate ({f['ceiling_7_rate']})"),
        ("the same 10^6 hands by the peers, one call a hand",
         f"eval7 {f['eval7_batch']}, phevaluator {f['phevaluator_batch']}, treys {f['treys_batch']}"),
        ("one 7-card hand from Python, a list of ints", f"pokerlut {f['one_hand']}; eval7 {f['eval7_one_hand']}"),
        ("AhKh vs QdQc preflop, exact, 1,712,304 boards", f"{f['exact_equity']}"),
        ("`pokerlut warmup` from an empty cache, all cores", f"{f['warmup_cpu']} of CPU"),
        ("first `evaluate` of one hand / first exact `equity`, empty cache",
         f"{f['first_evaluate']} / {f['first_exact_equity']} of CPU"),
    ]
    lines = ["| what | figure |", "| --- | --- |"] + [f"| {what} | {figure} |" for what, figure in rows]
    return "\n".join(lines)


def first_call_table(record: dict) -> str:
    """The performance guide's table of compile costs, every figure taken from ``record``."""
    f = record["figures"]
    rows = [("first `evaluate` of one 7-card hand", f["first_evaluate"]["text"]),
            ('first exact `equity(["AhKh", "QdQc"])`', f["first_exact_equity"]["text"])]
    steps = sorted((key for key in f if key.startswith("warmup_step ")), key=lambda k: -f[k]["value"])
    rows += [(f"warmup step `{key.split(' ', 1)[1]}` (after the steps before it)", f[key]["text"]) for key in steps]
    rows += [("every warmup step, in one process", f["warmup_cpu_one_process"]["text"]),
             ("`pokerlut warmup` over all cores, all its processes", f["warmup_cpu"]["text"])]
    lines = ["| from an empty cache | CPU |", "| --- | ---: |"] + [f"| {what} | {cpu} |" for what, cpu in rows]
    return "\n".join(lines)


# --------------------------------------------------------------------------- record

def load(path: Path = RECORD) -> dict:
    """The record: ``{"runs": {group: {machine, method, recorded}}, "figures": {key: entry}}``."""
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8"))
    return {"command": "python benchmarks/figures.py", "runs": {}, "figures": {}}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default=",".join(GROUPS), help=f"comma-separated, from: {', '.join(GROUPS)}")
    parser.add_argument("--rounds", type=int, default=9, help="round-robin rounds of the speed group")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="warmup's worker processes")
    parser.add_argument("--output", type=Path, default=RECORD)
    args = parser.parse_args(argv)
    groups = [g.strip() for g in args.only.split(",") if g.strip()]
    unknown = set(groups) - set(GROUPS)
    if unknown:
        parser.error(f"unknown group(s) {sorted(unknown)}; the groups are {', '.join(GROUPS)}")
    record = load(args.output)
    for group in groups:
        where = machine()
        start = time.perf_counter()
        if group == "speed":
            figures, method = measure_speed(args.rounds)
        elif group == "compile":
            figures, method = measure_compile(args.jobs)
        else:
            figures, method = measure_tests()
        where["load_average_after"] = round(os.getloadavg()[0], 1)
        record["figures"] = {k: v for k, v in record["figures"].items() if v.get("group") != group}
        record["figures"].update({k: {**v, "group": group} for k, v in figures.items()})
        record["runs"][group] = {"recorded": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                                 "machine": where, "method": method,
                                 "seconds": round(time.perf_counter() - start, 1)}
        args.output.write_text(json.dumps(record, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
                               encoding="utf-8")
        for key, entry in figures.items():
            print(f"{group:8} {key:28} {entry['text']:>16}   {entry['what']}")
    if all(group in record["runs"] for group in GROUPS):
        print("\nThe README's table (README.md, Performance):\n" + readme_table(record))
        print("\nThe performance guide's table (docs/performance.md, First call):\n" + first_call_table(record))


if __name__ == "__main__":
    main()
