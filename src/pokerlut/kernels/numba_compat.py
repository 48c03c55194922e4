"""Every part of numba that is not its public API, in one place, and the numba versions pokerlut supports.

pokerlut's kernels use numba's public API (``njit``, ``cfunc``, ``numba.extending.intrinsic``) and
llvmlite's IR builder; three things reach further in, and only through this module:

* the on-disk cache (:mod:`.compile`): numba's function cache class, its compile-result
  serialisation, its cache-file class and folder naming, subclassed to key on pokerlut's kernel
  sources, to choose a folder nobody else can write, and to check every file it reads;
* the compiler lock (numba's ``global_compiler_lock``, a re-entrant lock that every compile, cache
  load included, holds), for forks while another thread compiles;
* two hooks of the dispatcher: a ``cfunc`` made without compiling it, and a dispatcher given
  pokerlut's cache class (what ``cache=True`` does with numba's);
* the numba version check below.

These moved between numba releases (0.68 renamed the cache locators; the lock and the cache file
class did not change from 0.61 to 0.68); each name is looked up here once, so a numba release that
moves one breaks this module's import with a clear message instead of a kernel deep inside a call.

The supported range is :data:`NUMBA_RANGE`: numba 0.61 to 0.68 (the oldest and the newest are
tested, ``tests/kernels/test_numba_versions.py``).  Loading pokerlut's kernels under a numba outside it
raises ``ImportError`` naming the range: at ``import pokerlut`` when numba is already imported,
else at the first call that needs numba (``import pokerlut`` itself imports no numba);
``POKERLUT_ANY_NUMBA=1`` turns that into a warning, to try a newer numba at your own risk.
"""

from __future__ import annotations

import os
import re
import warnings

import numba
import numba.core.config

#: The numba versions pokerlut supports: ``(oldest, first unsupported)``, as in ``pyproject.toml``.
NUMBA_RANGE = ((0, 61, 0), (0, 69, 0))
NUMBA_REQUIREMENT = "numba>=0.61,<0.69"

__all__ = ["NUMBA_RANGE", "NUMBA_REQUIREMENT", "version_tuple", "check_version", "Locator", "Cache", "cache_log",
           "dumps", "cache_subpath", "cache_dir", "set_cache", "cfunc", "user_cache_root", "compiler_lock",
           "reset_compiler_lock"]


def version_tuple(version: str) -> tuple[int, int, int]:
    """``(major, minor, micro)`` of a version string (a pre-release counts as its release).

    >>> version_tuple("0.61.2"), version_tuple("0.69.0rc1"), version_tuple("1.0")
    ((0, 61, 2), (0, 69, 0), (1, 0, 0))
    """
    numbers = [int(n) for n in re.findall(r"\d+", version.split("+")[0])[:3]]
    return tuple(numbers + [0] * (3 - len(numbers)))  # type: ignore[return-value]


def check_version(version: str | None = None) -> None:
    """Raise ``ImportError`` naming the supported range when ``version`` (default: the installed
    numba's) is outside :data:`NUMBA_RANGE` (a warning instead with ``POKERLUT_ANY_NUMBA=1``).

    >>> check_version("0.61.0"); check_version("0.68.1")
    >>> check_version("0.60.0")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ImportError: pokerlut supports numba>=0.61,<0.69 (0.61 to 0.68), but numba 0.60.0 is installed; ...
    """
    version = numba.__version__ if version is None else version
    oldest, beyond = NUMBA_RANGE
    if oldest <= version_tuple(version) < beyond:
        return
    message = (f"pokerlut supports {NUMBA_REQUIREMENT} ({oldest[0]}.{oldest[1]} to {beyond[0]}.{beyond[1] - 1}), "
               f"but numba {version} is installed; install a supported one (pip install '{NUMBA_REQUIREMENT}') "
               f"or set POKERLUT_ANY_NUMBA=1 to try this one anyway")
    if os.environ.get("POKERLUT_ANY_NUMBA", "").strip() not in ("", "0"):
        warnings.warn(message, RuntimeWarning, stacklevel=2)
        return
    raise ImportError(message)


check_version()

# --------------------------------------------------------------------------- the cache
from numba.core import caching as _caching  # noqa: E402  (after the version check, on purpose)
from numba.core.serialize import dumps  # noqa: E402,F401
from numba.misc.appdirs import AppDirs  # noqa: E402

dumps = dumps  # numba's pickler of compile results (cloudpickle with numba's reducers)
cache_log = _caching._cache_log  # the NUMBA_DEBUG_CACHE lines ("[cache] data loaded from ...")


class Locator(_caching._CacheLocator):
    """Where a function caches: a subclass's :meth:`find` gives ``(folder, source stamp)`` of a
    function's source file, or None for no cache."""

    def __init__(self, py_func, folder: str, stamp: str):
        self._lineno, self._cache_path, self._stamp = py_func.__code__.co_firstlineno, folder, stamp

    @classmethod
    def find(cls, py_file: str) -> tuple[str, str] | None:
        raise NotImplementedError

    @classmethod
    def from_function(cls, py_func, py_file):
        found = cls.find(py_file)
        return None if found is None else cls(py_func, *found)

    def ensure_cache_path(self):
        os.makedirs(self._cache_path, exist_ok=True)

    def get_cache_path(self):
        return self._cache_path

    def get_source_stamp(self):
        return self._stamp

    def get_disambiguator(self):
        return str(self._lineno)


class Cache(_caching.FunctionCache):
    """numba's cache of compile results, with the parts pokerlut changes as class attributes of a
    subclass: ``locator`` (a :class:`Locator` subclass), ``file_class`` (called as
    ``file_class(folder, filename_base, source_stamp)``; it loads and saves the entries: ``load(key)``,
    ``save(key, data)``, ``flush()``), ``name_prefix`` (of every file name) and ``key_extra`` (added
    to every entry's key).  :attr:`folder` and :attr:`function_name` say which."""

    locator: type = Locator
    file_class: type = None
    name_prefix = ""
    key_extra: tuple = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        prefix = cls.name_prefix

        class Impl(_caching.CompileResultCacheImpl):
            _locator_classes = [cls.locator]

            def get_filename_base(self, fullname, abiflags):
                return prefix + super().get_filename_base(fullname, abiflags)

        cls._impl_class = Impl

    def __init__(self, py_func):
        super().__init__(py_func)
        self._cache_file = self.file_class(self._cache_path, self._impl.filename_base,
                                           self._impl.locator.get_source_stamp())

    @property
    def folder(self) -> str:
        return self._cache_path

    @property
    def function_name(self) -> str:
        return self._py_func.__name__

    def _index_key(self, sig, codegen):
        return super()._index_key(sig, codegen) + tuple(self.key_extra)


def cache_subpath(py_file: str) -> str:
    """The sub-folder numba gives a source file inside a cache root (the parent folder's name and a
    hash of its path).

    >>> cache_subpath("/a/b/kernels/rank.py").startswith("kernels_")
    True
    """
    return _caching._CacheLocator.get_suitable_cache_subpath(py_file)


def cache_dir() -> str:
    """``NUMBA_CACHE_DIR`` as numba read it ('' when unset)."""
    return numba.core.config.CACHE_DIR or ""


def set_cache(dispatcher, cache) -> None:
    """Give a dispatcher (or a ``cfunc``) ``cache`` as its on-disk cache: what numba's own
    ``enable_caching`` does, with pokerlut's cache class."""
    dispatcher._cache = cache


def cfunc(function, signature, options: dict):
    """A numba ``cfunc`` of ``function`` with ``signature`` and compile ``options``, not compiled yet
    (numba's ``@cfunc`` compiles at once, before a cache can be given)."""
    from numba.core import sigutils
    from numba.core.ccallback import CFunc

    return CFunc(function, sigutils.normalize_signature(signature), locals={}, options=options)


def user_cache_root() -> str:
    """numba's per-user cache folder (``~/.cache/numba`` on Linux)."""
    return AppDirs(appname="numba", appauthor=False).user_cache_dir


# --------------------------------------------------------------------------- the compiler lock
from numba.core import compiler_lock as _compiler_lock  # noqa: E402


def compiler_lock():
    """The re-entrant lock under which numba compiles (and loads from its cache)."""
    return _compiler_lock.global_compiler_lock._lock


def reset_compiler_lock() -> None:
    """A new, free compiler lock (in a forked child whose parent's lock could not be taken)."""
    import threading

    _compiler_lock.global_compiler_lock._lock = threading.RLock()
