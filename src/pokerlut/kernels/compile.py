"""The one compile policy of every kernel.

* ``cache=True``: compiled once, then loaded from numba's cache by later processes.
* ``nogil=True``: other Python threads run while a kernel does.
* ``_nrt=False``: no numba runtime, hence no reference counting.  Kernels never allocate (callers
  pass every output and scratch array in), and without the runtime the per-hand primitives, which
  take table arrays, inline with no reference-count update per call: with it, numba could not
  prune them in loops whose branches both call a primitive, and the ranking loop ran 6-10 times
  slower.
* each variant under its own name, so numba's cache keeps the variants apart.
* **a cache that knows its sources**: numba keys a cached kernel on its own source file, so a
  kernel whose primitives changed (another file) would load stale machine code, after an edit or
  an upgrade.  Every kernel's cache key here also holds a hash of the kernel sources
  (:data:`SOURCE_HASH`: this package, ``layout.py``, ``constants.py``).
* **an install nobody can write to**: numba caches next to the source or in the user's cache
  folder.  When it can use neither (``cannot cache function ...: no locator available``), the
  kernels cache in a per-user folder under the system's temporary folder; when even that is not
  writable, they compile in every process.  Either way one ``RuntimeWarning`` says so.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import warnings
from pathlib import Path

import numba as nb
import numba.core.config
from numba.core.caching import FunctionCache

_fallback_announced = False


def _source_hash() -> str:
    here = Path(__file__).resolve().parent
    files = sorted(here.glob("*.py")) + [here.parent / "layout.py", here.parent / "constants.py"]
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


SOURCE_HASH = _source_hash()


class _SourceAwareCache(FunctionCache):
    """numba's function cache with :data:`SOURCE_HASH` in every index key."""

    def _index_key(self, sig, codegen):
        return super()._index_key(sig, codegen) + (SOURCE_HASH,)


def _writable_temp_cache() -> str | None:
    folder = os.path.join(tempfile.gettempdir(), f"pokerlut-numba-cache-{os.getuid() if hasattr(os, 'getuid') else 0}")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        probe = tempfile.NamedTemporaryFile(dir=folder)
        probe.close()
    except OSError:
        return None
    return folder


def _announce(message: str) -> None:
    global _fallback_announced
    if not _fallback_announced:
        _fallback_announced = True
        warnings.warn(message, RuntimeWarning, stacklevel=4)


def _source_aware_cache(function) -> _SourceAwareCache | None:
    """The cache of ``function`` with the source-aware key, in the first folder numba can write
    (beside the source or in the user's cache folder, else a per-user temporary folder); None when
    there is none, and the kernels compile in every process.  The fallbacks say so once."""
    try:
        return _SourceAwareCache(function)
    except RuntimeError as error:
        if "no locator available" not in str(error):
            raise
    folder = None if numba.core.config.CACHE_DIR else _writable_temp_cache()
    if folder is not None:
        numba.core.config.CACHE_DIR = folder
        try:
            cache = _SourceAwareCache(function)
        except RuntimeError as error:
            if "no locator available" not in str(error):
                raise
        else:
            _announce(f"pokerlut: numba cannot write its cache next to pokerlut or in your cache folder; "
                      f"caching compiled kernels in {folder} instead (set NUMBA_CACHE_DIR to choose)")
            return cache
    _announce("pokerlut: numba has no writable cache folder (set NUMBA_CACHE_DIR to one); kernels compile "
              "anew in every process")
    return None


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
    cache = _source_aware_cache(function)
    if cache is not None:
        dispatcher._cache = cache  # what numba's enable_caching does, with our key
    return dispatcher


def entry_point(function, signature, name: str):
    """``function`` compiled now as a C callable of ``signature`` (a numba ``cfunc``: call it by its
    ``address``), under ``name``, NRT off, cached as the kernels are."""
    from numba.core import sigutils
    from numba.core.ccallback import CFunc

    function.__name__ = function.__qualname__ = name
    entry = CFunc(function, sigutils.normalize_signature(signature), locals={},
                  options={"nopython": True, "_nrt": False})
    cache = _source_aware_cache(function)
    if cache is not None:
        entry._cache = cache
    entry.compile()
    return entry


def compile_kernel(function, name: str, parallel: bool = False):
    """A kernel body jitted under its own name with the policy above (see :func:`jit`)."""
    return jit(function, name, parallel)


def jitted(*, parallel: bool = False, nrt: bool = False, inline: bool = False):
    """Decorator form of :func:`jit` for module-level kernels."""
    return lambda function: jit(function, None, parallel, nrt, inline)
