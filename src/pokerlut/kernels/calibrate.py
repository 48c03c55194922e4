"""Which kernel ranks unchecked rows on this CPU: measured once per process and hand size.

Unchecked, the AVX2 key (:mod:`.simd`) and the scalar kernel (:mod:`.rank`) give the same strength
to every row, whatever its bytes (ids above 52 and repeated cards included: ``tests/kernels/test_simd.py``
holds them to that on fuzzed input), so only their speed differs, and which is faster depends on
the CPU (``docs/performance.md`` has the figures of an Intel Xeon, where the scalar kernel was
the faster on 5-card hands, and of an AMD EPYC, where the AVX2 key was).  So the first unchecked call of each
hand size times both here, in turn, on :data:`ROWS` seeded random hands, keeping each one's
best of :data:`ROUNDS`: 2-3 ms with the hands drawn, once the two kernels are loaded from
numba's cache (10-30 ms for the one the call would not have loaded anyway).  The AVX2 key is kept unless the scalar kernel was faster by :data:`MARGIN`: bar
rejecting nothing it is the kernel validated calls run, so an unchecked call is never slower than a
validated one.
"""

from __future__ import annotations

import threading
import time
from typing import NamedTuple

import numpy as np

from ..constants import N_NATURAL

ROWS = 1 << 14  # rows per timed call: 20-60 us on one core
ROUNDS = 9  # timed calls of each kernel, in turn
MARGIN = 0.05  # the scalar kernel must be this much faster to be chosen
SEED = 20260523


class Choice(NamedTuple):
    """The unchecked kernel of one hand size: ``kernel`` (``"avx2"`` or ``"scalar"``), its
    nanoseconds per hand as measured (0.0 when nothing was timed) and why."""

    kernel: str
    avx2_ns: float
    scalar_ns: float
    reason: str


_lock = threading.Lock()
_choices: dict[int, Choice] = {}


def calibration_rows(n_cards: int, rows: int = ROWS, seed: int = SEED) -> np.ndarray:
    """``rows`` distinct-card random hands of ``n_cards`` cards (uint8, C-contiguous), the same on
    every machine: uniform draws with a repeated card redrawn.

    >>> hands = calibration_rows(7, 1000)
    >>> hands.shape, bool((np.sort(hands, 1)[:, 1:] != np.sort(hands, 1)[:, :-1]).all())
    ((1000, 7), True)
    """
    rng = np.random.default_rng(seed)
    kept = np.zeros((0, n_cards), np.uint8)
    while len(kept) < rows:
        draw = rng.integers(0, N_NATURAL, (2 * rows, n_cards), dtype=np.uint8)
        repeat = np.zeros(len(draw), bool)
        for i in range(n_cards):  # column against column: cheaper than sorting each short row
            for j in range(i + 1, n_cards):
                repeat |= draw[:, i] == draw[:, j]
        kept = np.concatenate([kept, draw[~repeat]])
    return np.ascontiguousarray(kept[:rows])


def _best_times(kernels: tuple, tables: tuple, n_cards: int) -> list[float]:
    """Each kernel's best seconds over :data:`ROUNDS` calls on the calibration rows, in turn."""
    flat = calibration_rows(n_cards).reshape(-1)
    out, bad = np.empty(ROWS, np.uint16), np.zeros(1, np.int64)
    for kernel in kernels:  # loaded (or compiled) and touched once, untimed
        kernel(flat, flat, out, tables, bad)
    best = [float("inf")] * len(kernels)
    for _ in range(ROUNDS):
        for i, kernel in enumerate(kernels):
            start = time.perf_counter()
            kernel(flat, flat, out, tables, bad)
            best[i] = min(best[i], time.perf_counter() - start)
    return best


def measure(n_cards: int, avx2, scalar, tables: tuple) -> Choice:
    """Time the unchecked ``avx2`` and ``scalar`` kernels of ``n_cards`` cards on ``tables`` (the
    game's :meth:`~pokerlut.tables.TableSet.rank_tables`) and choose."""
    t_avx2, t_scalar = _best_times((avx2, scalar), tables, n_cards)
    ns = (1e9 * t_avx2 / ROWS, 1e9 * t_scalar / ROWS)
    figures = (f"measured here: AVX2 key {ns[0]:.2f} ns a hand, scalar kernel {ns[1]:.2f} ns (best of {ROUNDS} "
               f"on {ROWS:,} random hands)")
    if t_scalar < (1 - MARGIN) * t_avx2:
        return Choice("scalar", *ns, f"{figures}: the scalar kernel, faster by more than {MARGIN:.0%}")
    return Choice("avx2", *ns, f"{figures}: the AVX2 key, the validated calls' kernel (the scalar kernel "
                               f"is not faster by {MARGIN:.0%})")


def unchecked_choice(n_cards: int, avx2, scalar, tables: tuple) -> Choice:
    """The choice for ``n_cards`` cards: measured by the first call in the process, then kept."""
    choice = _choices.get(n_cards)
    if choice is None:
        with _lock:
            choice = _choices.get(n_cards)
            if choice is None:
                choice = _choices[n_cards] = measure(n_cards, avx2, scalar, tables)
    return choice


def chosen() -> dict[int, Choice]:
    """The choices made so far in this process, by hand size.

    >>> isinstance(chosen(), dict)
    True
    """
    return dict(_choices)
