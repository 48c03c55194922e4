"""Compiling every kernel ahead of use, where numba keeps them, and which kernels run here.

numba compiles a kernel the first time it runs and keeps the machine code in its cache, so only
the very first call of each feature waits.  :func:`warmup` (``pokerlut warmup``) does all of
that waiting at once, with a progress bar; later processes load the kernels from the cache.
:func:`kernel_info` says which ranking path (AVX2 or scalar) this machine runs, and why.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable
import os
import platform
import sys
import time

import llvmlite
import numba

from . import _notice
from ._notice import FEATURE_SECONDS, FEATURES, WARMUP_MACHINE, WARMUP_SECONDS
from ._threads import get_num_threads
from .constants import HAND_SIZES, N_NATURAL, OMAHA_HOLE_SIZES
from .kernels import backend

__all__ = ["warmup", "FEATURES", "WARMUP_SECONDS", "WARMUP_MACHINE", "cache_location", "kernel_info"]


def kernel_info() -> dict[str, Any]:
    """Which kernels rank hands here, and why: a dict with ``path`` (``"avx2"`` or ``"scalar"``:
    what validated calls run), ``reason``, ``unchecked`` (per hand size 5, 6 and 7, what
    ``evaluate(check=False)`` runs and why: ``{"kernel": "avx2" or "scalar", "reason": ...}``;
    with AVX2 the faster of the two as timed here, which this call measures if no unchecked call
    has yet, see :mod:`pokerlut.kernels.calibrate`), ``threads``, the numba and llvmlite versions,
    the CPU and ``gpu``, the CUDA device :mod:`pokerlut.cuda` would run on, or why there is none
    (:func:`pokerlut.cuda.device_info`).

    >>> info = kernel_info()
    >>> info["path"] in ("avx2", "scalar"), sorted(info)
    (True, ['cpu', 'gpu', 'llvmlite', 'numba', 'path', 'reason', 'threads', 'unchecked'])
    >>> sorted(info["unchecked"]), info["unchecked"][7]["kernel"] in ("avx2", "scalar")
    ([5, 6, 7], True)
    """
    from .cuda import device_info
    from .kernels import calibrate, registry
    from .tables import load_table_set

    high = load_table_set("high")
    for n in HAND_SIZES:
        registry.ranking_kernel(n, False, high.simd_fits, high.rank_tables(n))  # measures, the first time
    reason, chosen = backend.simd_reason(), calibrate.chosen()
    unchecked = {n: {"kernel": chosen[n].kernel, "reason": chosen[n].reason} if n in chosen and not reason
                 else {"kernel": "scalar", "reason": reason} for n in HAND_SIZES}
    return {"path": "scalar" if reason else "avx2",
            "reason": reason or "AVX2 on this x86-64 CPU: four rows per vector for the key of validated calls",
            "unchecked": unchecked,
            "threads": get_num_threads(), "numba": numba.__version__, "llvmlite": llvmlite.__version__,
            "cpu": f"{platform.machine()} {backend.host_cpu_name()}", "gpu": device_info()}


def cache_location() -> str:
    """Where numba keeps pokerlut's compiled kernels: ``NUMBA_CACHE_DIR``, else beside the package,
    numba's user cache folder or a per-user temporary folder, whichever is the first that only this
    user can write (:func:`pokerlut.kernels.cache.cache_folder`); a sentence when there is none.

    >>> isinstance(cache_location(), str)
    True
    """
    from .kernels.cache import cache_folder

    folder = cache_folder()
    return folder if folder is not None else "nowhere (no folder only you can write to): kernels compile in every process"


def _steps() -> dict[str, Callable[[], None]]:
    import numpy as np

    from . import equities, videopoker
    from .evaluate import evaluate as evaluate_hands
    from .enumeration import strength_histogram
    from .omaha import evaluate_omaha
    from .sampling import random_hands
    from .showdown import made_cards, showdown

    def evaluate() -> None:
        for k in HAND_SIZES:
            hands = random_hands(64, k, wild_fraction=0.2, seed=k)
            for check in (True, False):
                evaluate_hands(hands, check=check)
        showdown([["Ah", "Kh"], ["Qs", "Qd"]], "Qh Jh Th 2c 3d")
        for texts in (np.array(["As Ks Qs Js Ts"]), np.array([b"As Ks Qs Js Ts"])):  # the card-text parser, U and S
            evaluate_hands(texts)

    def best_five() -> None:
        for k in HAND_SIZES:
            made_cards(random_hands(8, k, wild_fraction=0.3, seed=k))

    def enumeration() -> None:
        strength_histogram(5)

    def equity() -> None:
        equities.equity(["AhKh", "QdQc"])
        equities.equity(["AhKh", "QQ"], "Qs 7h 2c")  # the runouts engine
        equities.equity(["AhKh", "QQ", "JJ"], "Qs 7h 2c")  # enumeration on a board
        equities.equity(["AhKh", "random"], exact=False, samples=1000, seed=1)
        equities.equity(["TT+", "random"], exact=False, samples=1000, seed=1)
        equities.equity(["TT+", "random"], "Qs 7h 2c", per_combo=True)  # the sweep engine
        equities.equity(["AA", "KK"], method="sweep")  # and its suit-class preflop

    def omaha() -> None:
        deck = np.arange(N_NATURAL, dtype=np.uint8)
        for variant in ("omaha", "omaha-hilo"):
            for n_hole in OMAHA_HOLE_SIZES:  # one ranking kernel per hand size (the board size is not compiled in)
                evaluate_omaha(deck[None, 20:20 + n_hole], deck[None, :5], variant=variant)
            equities.equity(["AsKsAdKd", "QhJhTh9h"], "2c 7d 8s 3h", variant=variant)
            equities.equity(["AsKsAdKd", "AA**", "random"], variant=variant, exact=False, samples=1000, seed=1)

    def games() -> None:
        from . import ofc

        for variant, k in (("badugi", 4), ("three-card-poker", 3)):
            hands = random_hands(64, k, seed=k)
            for check in (True, False):
                evaluate_hands(hands, check=check, variant=variant)
        ofc.score(random_hands(2, 26, seed=1).reshape(2, 2, 13))
        equities.equity(["As Ad 7c 9h 2d 3s", "Kh Ks Qd 8c 8h 2c"], variant="stud-hilo")
        equities.equity(["As Ad 7c", "Kh"], variant="stud", exact=False, samples=1000, seed=1)

    def video_poker() -> None:
        videopoker.game_return("jacks-or-better", progress=False)
        videopoker.hold_values("Jh Jd 4s 7c Qh", "jacks-or-better")
        videopoker.best_hold(["Ah Kh Qh Jh 9c", "W Kh 7d 3c 9s"], "joker-poker")
        videopoker.classify("Ac Ad Ah As 3c", "double-double-bonus")
        videopoker.hold_pattern("Jh Jd", "jacks-or-better")
        videopoker.strategy_chart("jacks-or-better", progress=False)

    def boards() -> None:
        from . import boards as on_board

        for hole, opponent in (("Ah Kd", "Qs Qd"), ("Ah Kd 3c 4c", "Qs Qd 5c 6c")):
            on_board.draws(hole, "Ks 7h 2c")
            on_board.outs(hole, "Ks 7h 2c", [opponent], to="set")
        on_board.outs("Ah Kd", "Ks 7h 2c", "QQ", to="set")
        on_board.board_texture("Ks 7h 2c")

    def jit_api() -> None:  # one hand from Python (the entry point), and pokerlut.jit's compiled cores
        from . import jit

        evaluate_hands([51, 47, 43, 39, 35, 0, 4])
        t = jit.tables()
        cards, five = np.array([51, 47, 43, 39, 35, 0, 4], np.uint8), np.zeros(5, np.uint8)
        jit.rank(t, cards), jit.rank_checked(t, cards), jit.compare(t, cards, cards), jit.category(t, 1)
        jit.value(t, jit.add(t, jit.hand(t, cards[:6]), 4)), jit.empty(t)
        jit.best_five(t, cards, five, five), jit.omaha(t, cards[:4], cards[4:])

    def suit_classes() -> None:
        from . import iso

        iso.index("Ah Kh", "Qh Jh 2c")  # the street kernel (every street) and the board's
        iso.index(None, "Qh Jh 2c")

    def hand_strength() -> None:
        from . import abstraction

        abstraction.hand_strength("Ah Kh", "Qh Jh 2c 3d 4s")
        abstraction.rollout("Ah Kh", "Qh Jh 2c 3d 4s", potential=True)

    return {"evaluate": evaluate, "best five": best_five, "enumeration": enumeration, "equity": equity,
            "omaha": omaha, "video poker": video_poker, "boards": boards, "jit": jit_api, "games": games,
            "suit classes": suit_classes, "hand strength": hand_strength}


def _line(text: str) -> None:
    """One line of progress on stderr, at once (for a log), if there is a stderr."""
    if sys.stderr is not None:
        print(text, file=sys.stderr, flush=True)


def _warm_in_worker(feature: str) -> float:
    """One step of a parallel warmup, in a worker process: its seconds (no notice: the parent's
    bar or lines say what is going on)."""
    _notice.set_compile_messages("never")
    start = time.perf_counter()
    _notice.mark_compiled(feature)
    _steps()[feature]()
    return time.perf_counter() - start


def _check_jobs(jobs: int | None) -> int:
    if jobs is None:
        return os.cpu_count() or 1
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs is a number of worker processes, 1 or more (or None: every core), got {jobs!r}")
    return jobs


def warmup(features: Iterable[str] | str | None = None, *, progress: bool | None = None,
           jobs: int | None = 1) -> dict[str, float]:
    """Compile (or load from numba's cache) every kernel the chosen features use.

    Parameters
    ----------
    features
        Names from :data:`FEATURES` (``"evaluate"``, ``"best five"``, ``"enumeration"``,
        ``"equity"``, ``"omaha"``, ``"video poker"``, ``"boards"``, ``"jit"``: one hand from Python and
        :mod:`pokerlut.jit`; ``"games"``: badugi, three-card rows, open-face scoring, stud equity;
        ``"suit classes"``, ``"hand strength"``), a
        comma-separated string of them, or None for
        ``$POKERLUT_WARMUP`` (same syntax) or else all of them.
    progress
        ``True``: a progress bar on stderr (a widget in a notebook); ``False``: nothing; ``None``
        (the default): the bar where someone watches (stderr a terminal, IPython / Jupyter), else
        one line per step on stderr, for a log.  The estimates the bar and the lines go by are
        :data:`pokerlut._notice.FEATURE_SECONDS` (all of them: about
        :data:`~pokerlut._notice.WARMUP_SECONDS` seconds from an empty cache).
    jobs
        Worker processes compiling the steps at once, into the one cache (``None``: one per core;
        ``pokerlut warmup`` takes every core unless told ``--jobs``).  With more than one, the
        steps run in fresh processes (``multiprocessing``'s ``spawn``), so a script calling this
        must do so under ``if __name__ == "__main__":``; this process then loads the kernels from
        the cache when it first uses them.

    Returns
    -------
    dict
        Seconds each feature took.

    Examples
    --------
    >>> sorted(warmup("enumeration", progress=False))
    ['enumeration']
    """
    if features is None:
        features = os.environ.get("POKERLUT_WARMUP") or FEATURES
    if isinstance(features, str):
        features = [f.strip() for f in features.split(",") if f.strip()]
    features = list(features)
    unknown = [f for f in features if f not in FEATURE_SECONDS]
    if unknown:
        raise ValueError(f"unknown warmup feature {unknown[0]!r}; choose from: {', '.join(FEATURES)}")
    jobs = min(_check_jobs(jobs), len(features))
    lines = progress is None and not _notice.watched()
    total = sum(FEATURE_SECONDS[f] for f in features)
    bar = _notice.progress_bar(total, f"pokerlut warmup (about {total} s)",
                               progress if progress is None else bool(progress), unit="s", delay=0,
                               bar_format="{desc}: {percentage:3.0f}%|{bar}| {postfix}")
    seconds: dict[str, float] = {}
    start_all = time.perf_counter()

    def starting(i: int, feature: str, order: list[str]) -> None:
        if bar is not None:
            bar.set_postfix_str(feature)
        if lines:
            left = sum(FEATURE_SECONDS[f] for f in order[i:])
            _line(f"pokerlut warmup [{i + 1}/{len(order)}]: {feature} (from an empty cache about "
                  f"{FEATURE_SECONDS[feature]} s of the {left} s left)")

    def done(feature: str) -> None:
        _notice.mark_compiled(feature)  # no notice: the bar says what is going on
        if bar is not None:
            bar.update(FEATURE_SECONDS[feature])

    try:
        if jobs <= 1:
            steps = _steps()
            for i, feature in enumerate(features):
                starting(i, feature, features)
                start = time.perf_counter()
                _notice.mark_compiled(feature)
                steps[feature]()
                seconds[feature] = time.perf_counter() - start
                done(feature)
        else:
            _in_workers(features, jobs, seconds, starting, done)
    finally:
        if bar is not None:
            bar.close()
    if lines:
        _line(f"pokerlut warmup: done in {time.perf_counter() - start_all:.1f} s")
    return {f: seconds[f] for f in features}


def _in_workers(features: list[str], jobs: int, seconds: dict[str, float], starting, done) -> None:
    """The steps over ``jobs`` worker processes, the longest first, each started as a worker frees
    up (so that the log lines say when it starts)."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, as_completed, wait
    from concurrent.futures.process import BrokenProcessPool

    order = sorted(features, key=lambda f: -FEATURE_SECONDS[f])  # the longest first: the cores end together
    running: dict = {}
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        try:
            for i, feature in enumerate(order):
                if len(running) == jobs:
                    finished, _ = wait(running, return_when=FIRST_COMPLETED)
                    for future in finished:
                        _collect(running.pop(future), future, seconds, done)
                starting(i, feature, order)
                running[pool.submit(_warm_in_worker, feature)] = feature
            for future in as_completed(list(running)):
                _collect(running.pop(future), future, seconds, done)
        except BrokenProcessPool as error:
            raise RuntimeError(f"pokerlut warmup: a worker process ended abruptly ({error}); run "
                               f"pokerlut warmup --jobs 1 to compile in this process") from None
        except BaseException:
            for future in running:
                future.cancel()
            raise


def _collect(feature: str, future, seconds: dict[str, float], done) -> None:
    seconds[feature] = future.result()
    done(feature)
