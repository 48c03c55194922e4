"""What pokerlut says on stderr: the notice of a first call that compiles, and the one progress bar.

numba compiles a kernel the first time it runs and keeps the machine code in its cache, so only
the very first call of each feature waits (:func:`pokerlut.warmup` does that waiting at once).
A first call that compiles for more than about a second says so once on stderr, e.g.
``pokerlut: compiling the equity kernels once (about 10 s); later runs load them from the cache``.
By default only when stderr is a terminal; ``POKERLUT_COMPILE_MESSAGES`` (or
:func:`set_compile_messages`) = ``always`` / ``never`` / ``auto`` changes that.  The message also
goes to the ``pokerlut`` logger at INFO level.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, ParamSpec, TypeVar
import logging
import os
import sys
import threading
from contextlib import contextmanager

__all__ = ["FEATURE_SECONDS", "FEATURES", "compile_notice", "noticed", "set_compile_messages", "progress_bar",
           "mark_compiled"]

logger = logging.getLogger("pokerlut")

#: What each feature compiles, and about how long that takes on a 2-core machine from an empty
#: cache (the figure the notice quotes).
FEATURE_SECONDS = {"evaluate": 8, "best five": 5, "enumeration": 2, "equity": 12, "omaha": 18,
                   "video poker": 8, "boards": 8, "jit": 12, "games": 8, "suit classes": 9, "hand strength": 3}
NOTICE_AFTER = 1.0  # seconds a first call runs before the notice appears

_done: set[str] = set()
_lock = threading.Lock()
_P = ParamSpec("_P")
_R = TypeVar("_R")
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
    try:
        timer.start()
    except RuntimeError:  # no thread can start (a memory or process limit): say it now, the call goes on
        announce()
    try:
        yield
    finally:
        timer.cancel()


def noticed(feature: str) -> Callable[[Callable[_P, _R]], Callable[_P, _R]]:
    """Decorator: the first call of the function in the process runs under :func:`compile_notice`
    (the function keeps its signature, for type checkers too)."""
    import functools

    def wrap(function: Callable[_P, _R]) -> Callable[_P, _R]:
        @functools.wraps(function)
        def call(*args: _P.args, **kwargs: _P.kwargs) -> _R:
            if feature in _done:
                return function(*args, **kwargs)
            with compile_notice(feature):
                return function(*args, **kwargs)
        return call

    return wrap


FEATURES = tuple(FEATURE_SECONDS)


def mark_compiled(feature: str) -> None:
    """Say nothing more about ``feature`` in this process (warmup shows its own progress)."""
    with _lock:
        _done.add(feature)


def progress_bar(total: float, desc: str, enabled: bool | None, **options: Any):
    """The one progress bar: tqdm's on stderr when ``enabled`` (``None``: when stderr is a terminal)
    and tqdm imports and there is an open stderr (under ``pythonw`` or a service ``sys.stderr`` is
    ``None``), else ``None``.

    >>> progress_bar(10, "boards", False) is None
    True
    """
    stream = sys.stderr
    if getattr(stream, "write", None) is None or getattr(stream, "closed", False):
        return None  # no stderr (or a closed one): no bar, and the result all the same
    if enabled is None:
        try:
            enabled = stream.isatty()
        except (AttributeError, ValueError):
            enabled = False
    if not enabled:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency
        return None
    options.setdefault("delay", 0.5)
    return tqdm(total=total, desc=desc, **options)
