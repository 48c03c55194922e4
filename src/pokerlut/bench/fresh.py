"""A fresh interpreter, timed: what a first call costs a new process, with numba's cache empty or
already filled.  ``benchmarks/cold_start.py`` and ``benchmarks/compile_costs.py`` both time their
rows with :func:`run_fresh`.

The child's CPU seconds (user + system, all of its threads and of the processes it waited for)
are read with ``resource.getrusage(RUSAGE_CHILDREN)`` before and after: on a machine shared with
other work they change much less than wall time does.

>>> run = run_fresh(["-c", "import json; print(json.dumps({'answer': 42}))"])
>>> run.result, run.cpu >= 0, run.wall > 0
({'answer': 42}, True, True)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

try:
    import resource
except ImportError:  # pragma: no cover - Windows: no CPU seconds of children
    resource = None

__all__ = ["FreshRun", "run_fresh", "empty_cache", "probe_code"]


@dataclass(frozen=True)
class FreshRun:
    """What :func:`run_fresh` measured: ``result`` (the child's last stdout line that is a JSON
    object, ``{}`` if none), ``cpu`` (its CPU seconds, user + system, its own children included;
    NaN where the system does not say) and ``wall`` (seconds from start to exit)."""

    result: dict
    cpu: float
    wall: float


def _children_cpu() -> float:
    if resource is None:  # pragma: no cover - Windows
        return float("nan")
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_fresh(args: list[str], cache: str | None = None, env: dict[str, str] | None = None) -> FreshRun:
    """Run ``python *args`` in a fresh interpreter (``NUMBA_CACHE_DIR=cache`` when given, compile
    notices off) and time it; a failing child raises ``RuntimeError`` with the end of its stderr."""
    child_env = dict(os.environ if env is None else env, POKERLUT_COMPILE_MESSAGES="never")
    if cache is not None:
        child_env["NUMBA_CACHE_DIR"] = cache
    before, start = _children_cpu(), time.perf_counter()
    done = subprocess.run([sys.executable, *args], env=child_env, capture_output=True, text=True)
    wall, cpu = time.perf_counter() - start, _children_cpu() - before
    if done.returncode:
        raise RuntimeError(f"python {' '.join(args)[:200]} failed (exit {done.returncode}):\n{done.stderr[-3000:]}")
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    return FreshRun(json.loads(lines[-1]) if lines else {}, cpu, wall)


@contextmanager
def empty_cache() -> Iterator[str]:
    """A new, empty folder for ``NUMBA_CACHE_DIR``, removed afterwards.

    >>> with empty_cache() as folder:
    ...     os.listdir(folder)
    []
    """
    with tempfile.TemporaryDirectory(prefix="pokerlut-cold-") as folder:
        yield folder


#: The child's code of :func:`probe_code`: wall and CPU seconds of ``import pokerlut`` and of a call.
_PROBE = r"""
import json, time
t0, c0 = time.perf_counter(), time.process_time()
import pokerlut
t1, c1 = time.perf_counter(), time.process_time()
{call}
t2, c2 = time.perf_counter(), time.process_time()
print(json.dumps({{"import": t1 - t0, "first_call": t2 - t1, "total": t2 - t0,
                  "import_cpu": c1 - c0, "first_call_cpu": c2 - c1}}))
"""


def probe_code(call: str) -> list[str]:
    """The arguments of :func:`run_fresh` that import pokerlut, make ``call`` (a line of Python)
    and print the wall seconds (``import``, ``first_call``, ``total``) and CPU seconds
    (``import_cpu``, ``first_call_cpu``) of each part.

    >>> run_fresh(probe_code("pass")).result["first_call"] < 1
    True
    """
    return ["-c", _PROBE.format(call=call)]
