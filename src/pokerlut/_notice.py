"""What pokerlut says on stderr: the notice of a first call that compiles, and the one progress bar.

numba compiles a kernel the first time it runs and keeps the machine code in its cache, so only
the very first call of each feature waits (:func:`pokerlut.warmup` does that waiting at once).
A first call that compiles for more than about a second says so once, as a
:class:`CompileNotice` warning (shown where Python shows warnings: on stderr, in a notebook's
cell), e.g. ``CompileNotice: pokerlut: compiling the equity kernels once (about 13 s); later runs
load them from the cache``, and as an INFO record of the ``pokerlut`` logger.  By default the
warning is shown where someone watches: stderr a terminal, or IPython / Jupyter.  Silence it by any
of ``warnings.filterwarnings("ignore", category=pokerlut.CompileNotice)``,
``logging.getLogger("pokerlut").setLevel(logging.WARNING)``, ``POKERLUT_COMPILE_MESSAGES=never``
(or :func:`set_compile_messages`: ``always`` / ``never`` / ``auto``).  A filter that turns warnings
into errors drops the notice instead: it never interrupts a call.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, ParamSpec, TypeVar
import logging
import os
import sys
import threading
import warnings
from contextlib import contextmanager

from ._messages import shown

__all__ = ["FEATURE_SECONDS", "FEATURES", "WARMUP_SECONDS", "WARMUP_MACHINE", "CompileNotice", "compile_notice",
           "noticed", "set_compile_messages", "progress_bar", "mark_compiled", "watched", "in_ipython", "say"]

logger = logging.getLogger("pokerlut")

#: What each feature compiles, and about how long that takes from an empty cache, in the order
#: warmup runs them in one process (a feature compiled first on its own may take longer: it compiles
#: what earlier steps would have): the figures the notice, warmup's bar and lines, ``pokerlut warmup
#: --help`` and the docs quote.  Measured on :data:`WARMUP_MACHINE` with ``python
#: benchmarks/figures.py --only compile``, which records them in ``benchmarks/figures.json`` (a test holds
#: these to that record): the CPU seconds of each step of a whole warmup in one process into an empty
#: ``NUMBA_CACHE_DIR`` (the CPU seconds change less with the load than wall time does).  ``pokerlut warmup`` spreads the steps over worker processes, one per
#: core, so on an idle machine its wall time is about this over the number of cores.
FEATURE_SECONDS = {"evaluate": 13, "best five": 2, "enumeration": 1, "equity": 29, "omaha": 12,
                   "video poker": 9, "boards": 7, "jit": 10, "games": 4, "suit classes": 8, "hand strength": 1}
#: The estimate of a whole :func:`pokerlut.warmup` from an empty cache, written once: the README,
#: ``pokerlut warmup --help`` and the progress bar quote it.
WARMUP_SECONDS = sum(FEATURE_SECONDS.values())
#: Where :data:`FEATURE_SECONDS` were measured.
WARMUP_MACHINE = "a 2-core Intel Xeon virtual machine"
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
        raise ValueError(f"compile messages are 'always', 'never' or 'auto', got {shown(mode)}")
    _mode = mode


class CompileNotice(UserWarning):
    """The notice of a first call that compiles kernels (see the module's text for silencing it)."""


def in_ipython() -> bool:
    """Whether this is an IPython shell or a Jupyter kernel (``get_ipython()`` answers).

    >>> in_ipython()
    False
    """
    import builtins

    get = getattr(builtins, "get_ipython", None)
    if get is None:
        get = getattr(sys.modules.get("IPython"), "get_ipython", None)
    try:
        return get is not None and get() is not None
    except Exception:  # a broken shell answers nothing
        return False


def watched() -> bool:
    """Whether someone watches the output: stderr is a terminal, or this is IPython / Jupyter.

    >>> isinstance(watched(), bool)
    True
    """
    try:
        if sys.stderr is not None and sys.stderr.isatty():
            return True
    except (AttributeError, ValueError):
        pass
    return in_ipython()


def _messages_on() -> bool:
    mode = _mode or os.environ.get("POKERLUT_COMPILE_MESSAGES", "auto").strip().lower() or "auto"
    if mode == "never" or logger.level > logging.INFO or logger.disabled:
        return False
    return mode == "always" or watched()


def _caller() -> tuple[str, int, dict]:
    """File, line and globals of the first frame on this thread's stack outside pokerlut (and
    the ``contextlib`` machinery around it): the user's call."""
    frame = sys._getframe(1)
    while frame is not None and (frame.f_globals.get("__name__") or "").partition(".")[0] in ("pokerlut", "contextlib"):
        frame = frame.f_back
    if frame is None:
        return __file__, 0, globals()
    return frame.f_code.co_filename, frame.f_lineno, frame.f_globals


def say(text: str, where: tuple[str, int, dict] | None = None) -> None:
    """``text`` as a :class:`CompileNotice` and an INFO record of the ``pokerlut`` logger, as
    configured (see the module's text); ``where``: the user's call (file, line, globals)."""
    logger.info(text)
    if not _messages_on():
        return
    filename, lineno, module_globals = where or _caller()
    try:
        warnings.warn_explicit(text, CompileNotice, filename, lineno, module=module_globals.get("__name__"),
                               registry=module_globals.setdefault("__warningregistry__", {}))
    except Warning:  # a filter that turns warnings into errors: a notice never interrupts a call
        pass


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

    where = _caller()

    def announce() -> None:
        seconds = FEATURE_SECONDS.get(feature, 5)
        say(f"pokerlut: compiling the {feature} kernels once (about {seconds} s); later runs load them from the "
            f"cache ('pokerlut warmup' compiles everything ahead)", where)

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
    """The one progress bar: tqdm's (``tqdm.auto``: a widget in a notebook) on stderr when
    ``enabled`` (``None``: when someone watches, :func:`watched`) and tqdm imports and there is an
    open stderr (under ``pythonw`` or a service ``sys.stderr`` is ``None``), else ``None``.

    >>> progress_bar(10, "boards", False) is None
    True
    """
    stream = sys.stderr
    if getattr(stream, "write", None) is None or getattr(stream, "closed", False):
        return None  # no stderr (or a closed one): no bar, and the result all the same
    if enabled is None:
        enabled = watched()
    if not enabled:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency
        return None
    options.setdefault("delay", 0.5)
    return tqdm(total=total, desc=desc, **options)
