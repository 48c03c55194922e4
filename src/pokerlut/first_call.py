"""Compiling every kernel ahead of use, and saying so when a first call compiles.

numba compiles a kernel the first time it runs and keeps the machine code in its cache, so only
the very first call of each feature waits.  :func:`warmup` (``pokerlut warmup``) does all of
that waiting at once, with a progress bar; later processes load the kernels from the cache.

A first call that compiles for more than about a second says so once on stderr, e.g.
``pokerlut: compiling the equity kernels once (about 10 s); later runs load them from the cache``.
By default only when stderr is a terminal; ``POKERLUT_COMPILE_MESSAGES`` (or
:func:`set_compile_messages`) = ``always`` / ``never`` / ``auto`` changes that.  The message also
goes to the ``pokerlut`` logger at INFO level.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from contextlib import contextmanager
from typing import Callable, Iterable, Iterator

__all__ = ["warmup", "FEATURES", "cache_location", "compile_notice", "set_compile_messages"]

logger = logging.getLogger("pokerlut")

#: What each feature compiles, and about how long that takes on a 2-core machine from an empty
#: cache (the figure the notice quotes).
FEATURE_SECONDS = {"evaluate": 8, "best five": 5, "enumeration": 2, "equity": 12, "omaha": 8,
                   "video poker": 8}
NOTICE_AFTER = 1.0  # seconds a first call runs before the notice appears

_done: set[str] = set()
_lock = threading.Lock()
_mode: str | None = None


def set_compile_messages(mode: str | None) -> None:
    """``"always"``, ``"never"`` or ``"auto"`` (stderr is a terminal); ``None``: back to
    ``POKERLUT_COMPILE_MESSAGES`` or ``"auto"``.

    >>> set_compile_messages("never"); set_compile_messages(None)
    """
    global _mode
    if mode not in (None, "always", "never", "auto"):
        raise ValueError(f"compile messages are 'always', 'never' or 'auto', got {mode!r}")
    _mode = mode


def _messages_on() -> bool:
    mode = _mode or os.environ.get("POKERLUT_COMPILE_MESSAGES", "auto").strip().lower() or "auto"
    if mode == "never":
        return False
    if mode == "always":
        return True
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


@contextmanager
def compile_notice(feature: str) -> Iterator[None]:
    """Around the first call of a feature in this process: if it runs for more than
    :data:`NOTICE_AFTER` seconds (it is compiling), say so once."""
    with _lock:
        first = feature not in _done
        _done.add(feature)
    if not first:
        yield
        return

    def announce() -> None:
        seconds = FEATURE_SECONDS.get(feature, 5)
        text = (f"pokerlut: compiling the {feature} kernels once (about {seconds} s); later runs load them from the "
                f"cache ('pokerlut warmup' compiles everything ahead)")
        logger.info(text)
        if _messages_on():
            print(text, file=sys.stderr, flush=True)

    timer = threading.Timer(NOTICE_AFTER, announce)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def noticed(feature: str) -> Callable:
    """Decorator: the first call of the function in the process runs under :func:`compile_notice`."""
    import functools

    def wrap(function: Callable) -> Callable:
        @functools.wraps(function)
        def call(*args, **kwargs):
            if feature in _done:
                return function(*args, **kwargs)
            with compile_notice(feature):
                return function(*args, **kwargs)
        return call

    return wrap


def cache_location() -> str:
    """Where numba keeps the compiled kernels (``NUMBA_CACHE_DIR``, else beside the package or in
    numba's user cache folder).

    >>> isinstance(cache_location(), str)
    True
    """
    import numba.core.config

    from .kernels import registry

    if numba.core.config.CACHE_DIR:
        return numba.core.config.CACHE_DIR
    kernel = registry.rank_kernel(5, True)
    cache = getattr(kernel, "_cache", None)
    impl = getattr(cache, "_impl", None)
    locator = getattr(impl, "locator", None)
    path = getattr(locator, "_cache_path", None)
    return str(path) if path else "numba's default cache folder"


def _steps() -> dict[str, Callable[[], None]]:
    import numpy as np

    import pokerlut
    from pokerlut import videopoker

    def evaluate() -> None:
        for k in (5, 6, 7):
            hands = pokerlut.random_hands(64, k, wild_fraction=0.2, seed=k)
            for check in (True, False):
                pokerlut.evaluate(hands, check=check)
        pokerlut.showdown([["Ah", "Kh"], ["Qs", "Qd"]], "Qh Jh Th 2c 3d")

    def best_five() -> None:
        for k in (5, 6, 7):
            pokerlut.made_cards(pokerlut.random_hands(8, k, wild_fraction=0.3, seed=k))

    def enumeration() -> None:
        pokerlut.strength_histogram(5)

    def equity() -> None:
        pokerlut.equity(["AhKh", "QdQc"])
        pokerlut.equity(["AhKh", "QQ"], "Qs 7h 2c")
        pokerlut.equity(["AhKh", "random"], exact=False, samples=1000, seed=1)

    def omaha() -> None:
        holes, board = np.array([[51, 47, 43, 39]], np.uint8), np.array([[0, 5, 10, 15, 20]], np.uint8)
        for variant in ("omaha", "omaha-hilo"):
            pokerlut.evaluate_omaha(holes, board, variant=variant)
            pokerlut.equity(["AsKsAdKd", "QhJhTh9h"], "2c 7d 8s 3h", variant=variant)
            pokerlut.equity(["AsKsAdKd", "random"], variant=variant, exact=False, samples=1000, seed=1)

    def video_poker() -> None:
        videopoker.game_return("jacks-or-better", progress=False)
        videopoker.hold_values("Jh Jd 4s 7c Qh", "jacks-or-better")
        videopoker.best_hold(["Ah Kh Qh Jh 9c", "W Kh 7d 3c 9s"], "joker-poker")

    return {"evaluate": evaluate, "best five": best_five, "enumeration": enumeration, "equity": equity,
            "omaha": omaha, "video poker": video_poker}


FEATURES = tuple(FEATURE_SECONDS)


def warmup(features: Iterable[str] | str | None = None, *, progress: bool | None = None) -> dict[str, float]:
    """Compile (or load from numba's cache) every kernel the chosen features use.

    Parameters
    ----------
    features
        Names from :data:`FEATURES` (``"evaluate"``, ``"best five"``, ``"enumeration"``,
        ``"equity"``, ``"omaha"``, ``"video poker"``), a comma-separated string of them, or None for
        ``$POKERLUT_WARMUP`` (same syntax) or else all of them.
    progress
        A progress bar on stderr (default: when stderr is a terminal).

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
    steps = _steps()
    if progress is None:
        progress = sys.stderr.isatty()
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=sum(FEATURE_SECONDS[f] for f in features), unit="s", desc="pokerlut warmup",
                   bar_format="{desc}: {percentage:3.0f}%|{bar}| {postfix}")
    seconds = {}
    for feature in features:
        if bar is not None:
            bar.set_postfix_str(feature)
        start = time.perf_counter()
        with _lock:
            _done.add(feature)  # no notice: the bar says what is going on
        steps[feature]()
        seconds[feature] = time.perf_counter() - start
        if bar is not None:
            bar.update(FEATURE_SECONDS[feature])
    if bar is not None:
        bar.close()
    return seconds
