"""The one compile policy of every kernel: which options each is jitted with, under which name, and
the helpers that apply them (:func:`jit`, :func:`jitted`, :func:`compile_kernel`,
:func:`entry_point`).  Where the machine code is kept, and why that is safe, is :mod:`.cache`'s job.

* ``cache=True`` in effect: every kernel caches through :func:`pokerlut.kernels.cache.source_aware_cache`
  (compiled once, then loaded by later processes; keyed on its sources; files checked).
* ``nogil=True``: other Python threads run while a kernel does.
* ``_nrt=False``: no numba runtime, hence no reference counting.  Kernels never allocate (callers
  pass every output and scratch array in), and without the runtime the per-hand primitives, which
  take table arrays, inline with no reference-count update per call: with it, numba could not
  prune them in loops whose branches both call a primitive, and the ranking loop ran 6-10 times
  slower.
* each variant under its own name, so numba's cache keeps the variants apart.
* **a kernel compiles when a call first needs it, and only then**: the factories of
  :mod:`.registry` build a kernel on first use, so a call compiles the kernels it runs and none
  other.
* **inlined where it pays, called where it does not**: a per-hand primitive in a hot loop is
  ``@njit(inline="always")`` (numba copies it into each caller, and each copy is typed and
  optimised again); one off the hot path, or one that loops, is ``@jitted()``: compiled once per
  signature, then called (LLVM may still inline it into a caller).
"""

from __future__ import annotations

import numba as nb

from . import numba_compat as compat
from .cache import source_aware_cache


def jit(function, name: str | None = None, parallel: bool = False, nrt: bool = False, inline: bool = False):
    """``function`` jitted with the policy above (under ``name`` when given).  ``nrt=True`` keeps
    numba's runtime, for the few helpers that allocate; ``inline=True`` has numba inline it into
    every jitted caller (``inline="always"``), as the per-hand functions of :mod:`pokerlut.jit` are.

    >>> from pokerlut.kernels.registry import rank_kernel
    >>> rank_kernel(5, checked=True).targetoptions["nogil"]
    True
    """
    if name is not None:
        function.__name__ = function.__qualname__ = name
    options = dict(nogil=True, parallel=parallel)
    if inline:
        options["inline"] = "always"
    if not nrt:
        options["_nrt"] = False
    dispatcher = nb.njit(**options)(function)
    cache = source_aware_cache(function)
    if cache is not None:
        compat.set_cache(dispatcher, cache)
    return dispatcher


def entry_point(function, signature, name: str):
    """``function`` compiled now as a C callable of ``signature`` (a numba ``cfunc``: call it by its
    ``address``), under ``name``, NRT off, cached as the kernels are."""
    function.__name__ = function.__qualname__ = name
    entry = compat.cfunc(function, signature, {"nopython": True, "_nrt": False})
    cache = source_aware_cache(function)
    if cache is not None:
        compat.set_cache(entry, cache)
    entry.compile()
    return entry


def compile_kernel(function, name: str, parallel: bool = False):
    """A kernel body jitted under its own name with the policy above (see :func:`jit`)."""
    return jit(function, name, parallel)


def jitted(*, parallel: bool = False, nrt: bool = False, inline: bool = False):
    """Decorator form of :func:`jit` for module-level kernels."""
    return lambda function: jit(function, None, parallel, nrt, inline)
