"""numba's cache, made safe: where the kernels cache, which files are read, what a cached kernel
is keyed on, and what happens around a compile (forks, Ctrl-C).  Which kernels compile and with
which options is :mod:`.compile`'s job; every kernel it builds caches through
:func:`source_aware_cache`.

* **a cache that knows its sources**: numba keys a cached kernel on its own source file, so a
  kernel whose primitives changed (another file) would load stale machine code, after an edit or
  an upgrade.  Here a kernel's source stamp is a hash of its file and of every pokerlut file it
  imports, directly or through others (:func:`pokerlut.kernels.sources.source_stamp`).
* **a cache folder only this user can write** (:func:`cache_folder`): numba's index and data files
  are pickles, and loading one runs whatever it says, so a folder another user can write to would
  let that user run code as this one.  The kernels cache in the first of ``NUMBA_CACHE_DIR``, the
  package's own ``__pycache__`` folders, numba's per-user cache folder (``~/.cache/numba``) and, if
  ``NUMBA_CACHE_DIR`` is unset, a per-user folder under the system's temporary folder
  (``pokerlut-numba-cache-<uid>``, created with mode 0700) that numba can write *and* that is safe:
  the folder and every folder above it, looked at with ``lstat``, belong to this user (or, above
  it, to root), are no symbolic links, and nobody else can write to them (group write is allowed
  for a group of this user alone, as with a umask of 002; above the folder, a sticky folder such as
  ``/tmp`` is allowed; :func:`pokerlut._folders.unsafe_reason`, the check of the street-table folders
  too).  A folder refused is named in one ``RuntimeWarning`` with the reason and the
  fix; with none left, the kernels compile in memory in every process (one ``RuntimeWarning``).
  (On Windows the per-user folders are taken as they are.)
* **files checked before they are read**: a cache file is opened without following links, must be
  a regular file of this user's (or root's) that nobody else can write, and carries a SHA-256 of
  its contents, checked before numba unpickles a byte.  A damaged, truncated or unreadable file (or
  one of another numba) is bypassed: the kernel compiles in memory, one ``RuntimeWarning`` names
  the file, and the fresh compile is written over it.
* **processes filling one cache at once** (``pokerlut warmup --jobs``, or any two programs): each
  compile result is a file named by a hash of its key, holding the key, which is checked when it is
  loaded, and each index is updated under a ``flock`` of the folder's ``pokerlut-index.lock``, so
  no process writes over another's entry or loads another's code.
* **a cache that cannot fail a call**: when the cache cannot be written (a full disk, a file-size
  limit, a folder turned read-only), one ``RuntimeWarning`` names the folder and the error, the
  kernels compile on in memory, and nothing more is written in this process.
* **forks wait for a compile**: numba compiles under one process-wide lock; a child forked while
  another thread held it would inherit it held and hang on its first compile.  Before a fork
  (``os.register_at_fork``, registered when this module is imported) the forking thread takes the
  lock, so the fork waits until a compile running elsewhere ends (at most :data:`FORK_WAIT`
  seconds; past that the child gets a new lock), and both processes release it after.
* **Ctrl-C during a compile is a** ``KeyboardInterrupt``: LLVM hands the machine code it emits to a
  Python callback (llvmlite's object cache, through ``ctypes``); a Ctrl-C that lands in it is
  swallowed by ``ctypes`` ("Exception ignored on calling ctypes callback function"), the compile
  goes on without its object code, and saving it to the cache raised ``RuntimeError: no compiled
  object yet``.  A ``KeyboardInterrupt`` that Python could not raise (``sys.unraisablehook``) is
  noted and raised in the main thread at the next cache step, which follows every compile, before
  the save (with no cache folder at all, such a Ctrl-C is lost and the call completes).

numba's internals used here are reached through :mod:`.numba_compat` only.
"""

from __future__ import annotations

import hashlib
import inspect
import os
import pickle
import sys
import tempfile
import threading
import warnings
from contextlib import contextmanager

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None

import numba as nb

from .._folders import NO_FOLLOW, file_problem, replace_file, unsafe_reason
from . import numba_compat as compat
from .sources import source_stamp

#: How long a fork waits for a compile in another thread to end, in seconds.
FORK_WAIT = 600.0
#: The first bytes of every cache file pokerlut writes (then a SHA-256 of the rest, then the rest).
MAGIC = b"pokerlut-numba-cache-1\n"
#: The lock file, in the cache folder, of the updates of the index files.
INDEX_LOCK = "pokerlut-index.lock"
#: The largest cache file read (a kernel's is a few hundred kilobytes).
MAX_FILE_BYTES = 256 << 20

_announced: set[str] = set()
_saving_off = False  # set once a write failed: nothing more is written in this process


def _announce(kind: str, message: str) -> None:
    """One ``RuntimeWarning`` of each kind per process."""
    if kind not in _announced:
        _announced.add(kind)
        warnings.warn(message, RuntimeWarning, stacklevel=2)


# --------------------------------------------------------------------------- where the kernels cache


def _usable(folder: str, private: bool = False) -> tuple[bool, str | None]:
    """``(writable, why unsafe)`` of ``folder``, created if missing (mode 0700 when ``private``).
    A ``private`` folder that exists is checked even when it cannot be written (someone else's)."""
    try:
        os.makedirs(folder, mode=0o700 if private else 0o777, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
        writable = True
    except OSError:
        writable = False
    if not writable and not (private and os.path.lexists(folder)):
        return False, None
    try:
        return writable, unsafe_reason(folder)
    except OSError as error:
        return writable, f"{folder} could not be checked ({error})"


def _temp_root() -> str:
    uid = os.geteuid() if hasattr(os, "geteuid") else 0
    return os.path.join(tempfile.gettempdir(), f"pokerlut-numba-cache-{uid}")


_folders: dict[str, str | None] = {}
_folders_lock = threading.Lock()


def _folder_for(py_file: str) -> str | None:
    """The folder the kernels of ``py_file`` cache in (None: none is writable and safe), chosen
    once per source folder; says once what it chose when that is not numba's usual place."""
    key = os.path.dirname(os.path.abspath(py_file))
    with _folders_lock:
        if key not in _folders:
            _folders[key] = _choose(py_file)
        return _folders[key]


def _choose(py_file: str) -> str | None:
    sub = compat.cache_subpath(py_file)
    candidates = []
    if compat.cache_dir():
        candidates.append((os.path.join(compat.cache_dir(), sub), False))
    candidates.append((os.path.join(os.path.dirname(os.path.abspath(py_file)), "__pycache__"), False))
    try:
        candidates.append((os.path.join(compat.user_cache_root(), sub), False))
    except Exception:  # pragma: no cover - no home folder at all
        pass
    temp = None
    if not compat.cache_dir():
        temp = _temp_root()
        candidates.append((os.path.join(temp, sub), True))
    refused = []
    for folder, private in candidates:
        if private:  # the per-user temporary root first, so that its checks come before any use
            writable, reason = _usable(temp, private=True)
            if writable and reason is None:
                writable, reason = _usable(folder, private=True)
        else:
            writable, reason = _usable(folder)
        if reason is not None:
            refused.append(reason)
            continue
        if not writable:
            continue
        if refused:
            _announce("folder", f"pokerlut: not caching compiled kernels where another user could plant code "
                                f"({'; '.join(refused)}); caching them in {folder} instead (set NUMBA_CACHE_DIR "
                                f"to a folder only you can write to, or remove write access for others)")
        elif private:
            _announce("folder", f"pokerlut: numba cannot write its cache next to pokerlut or in your cache "
                                f"folder; caching compiled kernels in {temp} instead (set NUMBA_CACHE_DIR to "
                                f"choose)")
        return folder
    why = f" (refused, as another user could plant code there: {'; '.join(refused)})" if refused else ""
    _announce("folder", f"pokerlut: numba has no writable cache folder that only you can write to{why}; kernels "
                        f"compile anew in every process (set NUMBA_CACHE_DIR to a folder only you can write to)")
    return None


class _Locator(compat.Locator):
    """The folder :func:`_folder_for` chose; the source stamp is :func:`.sources.source_stamp`: the
    source file and every pokerlut file it imports."""

    @classmethod
    def find(cls, py_file):
        folder = _folder_for(py_file)
        if folder is None:
            return None
        return folder, source_stamp(py_file)


class DamagedCacheFile(Exception):
    """A cache file that is not what pokerlut wrote (truncated, changed) or not safe to read."""


def _seal(payload: bytes) -> bytes:
    return MAGIC + hashlib.sha256(payload).digest() + payload


def read_checked(path: str) -> bytes:
    """The contents of a cache file pokerlut wrote, checked: a regular file (links are not
    followed), of this user's or root's, that nobody else can write, within
    :data:`MAX_FILE_BYTES`, whose SHA-256 matches; else :class:`DamagedCacheFile` naming the file
    and the reason (``FileNotFoundError`` when there is none).

    >>> read_checked(os.devnull)
    Traceback (most recent call last):
    ...
    pokerlut.kernels.cache.DamagedCacheFile: /dev/null is a character device, not a regular file
    """
    try:
        fd = os.open(path, os.O_RDONLY | NO_FOLLOW)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise DamagedCacheFile(f"{path} cannot be opened ({error.strerror or error})") from None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        problem = file_problem(st, path, root_too=True)
        if problem:
            raise DamagedCacheFile(problem)
        if st.st_size > MAX_FILE_BYTES:
            raise DamagedCacheFile(f"{path} holds {st.st_size:,} bytes, more than any kernel's")
        data = f.read(MAX_FILE_BYTES + 1)
    head = len(MAGIC) + 32
    if len(data) < head or not data.startswith(MAGIC):
        raise DamagedCacheFile(f"{path} is truncated or not a pokerlut cache file ({len(data):,} bytes)")
    if hashlib.sha256(data[head:]).digest() != data[len(MAGIC):head]:
        raise DamagedCacheFile(f"{path} is damaged: its checksum does not match ({len(data):,} bytes)")
    return data[head:]


def _write(path: str, data: bytes) -> None:
    """``data`` into ``path`` whole or not at all (a temporary file of its own name, then a rename)."""
    replace_file(path, data)


@contextmanager
def _index_lock(folder: str):
    """An exclusive ``flock`` on ``pokerlut-index.lock`` in ``folder`` while an index is updated, so
    that processes filling one cache at once (``pokerlut warmup --jobs``) lose none of each other's
    entries; without ``fcntl``, or where the lock file cannot be used safely, no lock (an entry lost
    then only means a compile again later)."""
    fd = None
    if fcntl is not None:
        try:
            fd = os.open(os.path.join(folder, INDEX_LOCK), os.O_RDWR | os.O_CREAT | NO_FOLLOW, 0o600)
            if file_problem(os.fstat(fd), os.path.join(folder, INDEX_LOCK)):
                os.close(fd)
                fd = None
            else:
                fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:
            if fd is not None:
                os.close(fd)
            fd = None
    try:
        yield
    finally:
        if fd is not None:
            os.close(fd)  # closing the descriptor releases the flock


class _Files:
    """A function's index file (``<base>.nbi``: numba's version, the source stamp, and each entry's
    key with its data file) and data files (``<base>.<hash of the key>.nbc``: the key and a compile
    result), each sealed with a SHA-256 and checked by :func:`read_checked` before it is unpickled."""

    def __init__(self, folder: str, base: str, stamp: str):
        self.folder, self.stamp = folder, stamp
        self.index_path = os.path.join(folder, f"{base}.nbi")
        self.data_pattern = f"{base}.{{}}.nbc"

    def _load_index(self) -> dict:
        try:
            payload = read_checked(self.index_path)
        except FileNotFoundError:
            return {}
        version, stamp, entries = pickle.loads(payload)
        compat.cache_log("[cache] index loaded from %r", self.index_path)
        if version != nb.__version__ or stamp != self.stamp:
            return {}  # another numba or another source: written over on the next save
        return entries

    def _save_index(self, entries: dict) -> None:
        _write(self.index_path, _seal(compat.dumps((nb.__version__, self.stamp, entries))))
        compat.cache_log("[cache] index saved to %r", self.index_path)

    def load(self, key):
        name = self._load_index().get(key)
        if name is None:
            return None
        path = os.path.join(self.folder, name)
        try:
            payload = read_checked(path)
        except FileNotFoundError:  # removed while the index still names it
            return None
        stored = pickle.loads(payload)
        if not (isinstance(stored, tuple) and len(stored) == 2 and stored[0] == key):
            return None  # the file of another entry (or of an older pokerlut): compiled anew, written over
        compat.cache_log("[cache] data loaded from %r", path)
        return stored[1]

    def save(self, key, data) -> None:
        # the data file's name comes from the key, so that processes saving other entries of this
        # function at once never write one file; the key is saved with the data and checked on load;
        # the index is read, updated and written under the folder's lock, so no entry is lost
        digest = hashlib.sha256(repr(key).encode()).hexdigest()[:24]
        name = self.data_pattern.format(digest)
        path = os.path.join(self.folder, name)
        _write(path, _seal(compat.dumps((key, data))))
        compat.cache_log("[cache] data saved to %r", path)
        with _index_lock(self.folder):
            try:
                entries = self._load_index()
            except Exception:  # a damaged index: a new one
                entries = {}
            entries[key] = name
            self._save_index(entries)

    def flush(self) -> None:
        self._save_index({})


class _SourceAwareCache(compat.Cache):
    """numba's function cache in the folder :func:`_folder_for` chose, its files checked, stamped
    with :func:`.sources.source_stamp`, that never fails a call."""

    locator = _Locator
    file_class = _Files
    name_prefix = "pokerlut-"  # files numba itself (or an earlier pokerlut) wrote are never read as ours

    def load_overload(self, sig, target_context):
        _raise_lost_interrupt()
        try:
            return super().load_overload(sig, target_context)
        except Exception as error:  # damaged or unreadable: compile in memory (and write over it)
            what = str(error) if isinstance(error, DamagedCacheFile) else \
                f"a cache file of {self.function_name} in {self.folder} cannot be loaded " \
                f"({type(error).__name__}: {str(error)[:200]})"
            _announce("damaged", f"pokerlut: numba's cache is damaged: {what}; compiling in memory instead, and "
                                 f"writing a fresh copy (delete {self.folder} if this persists)")
            return None

    def save_overload(self, sig, data):
        global _saving_off
        _raise_lost_interrupt()  # before the save, which would fail for want of the object code
        if _saving_off:
            return
        try:
            super().save_overload(sig, data)
        except Exception as error:  # a full disk, a file-size limit, a read-only folder...
            _saving_off = True
            _announce("unwritable", f"pokerlut: cannot write numba's cache in {self.folder} "
                                    f"({type(error).__name__}: {error}); kernels compiled from now on in this "
                                    f"process stay in memory (free disk space or fix the folder's permissions, "
                                    f"or set NUMBA_CACHE_DIR to another folder)")


def source_aware_cache(function) -> _SourceAwareCache | None:
    """The cache of ``function`` (see the module's docstring); None when no folder is writable and
    safe, and the kernels compile in every process."""
    if _folder_for(inspect.getfile(function)) is None:
        return None
    return _SourceAwareCache(function)


def cache_folder() -> str | None:
    """The folder pokerlut's kernels cache in, or None when they compile in every process.

    >>> folder = cache_folder()
    >>> folder is None or os.path.isdir(folder)
    True
    """
    return _folder_for(__file__)


# --------------------------------------------------------------------------- forks


_fork_held = threading.local()


def _before_fork() -> None:
    _fork_held.value = compat.compiler_lock().acquire(timeout=FORK_WAIT)


def _after_fork_in_parent() -> None:
    if getattr(_fork_held, "value", False):
        _fork_held.value = False
        compat.compiler_lock().release()


def _after_fork_in_child() -> None:
    if getattr(_fork_held, "value", False):
        _fork_held.value = False
        compat.compiler_lock().release()
    else:  # the lock could not be taken in time: the child must not inherit it held
        compat.reset_compiler_lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_before_fork, after_in_parent=_after_fork_in_parent,
                        after_in_child=_after_fork_in_child)


# --------------------------------------------------------------------------- Ctrl-C


_lost_interrupt = False  # a KeyboardInterrupt Python could not raise, to raise at the next cache step


def _hook_unraisable(previous):
    def hook(unraisable):
        global _lost_interrupt
        if isinstance(unraisable.exc_value, KeyboardInterrupt):  # a Ctrl-C lost in a callback
            _lost_interrupt = True
            return
        previous(unraisable)

    hook.pokerlut_previous = previous
    return hook


def _raise_lost_interrupt() -> None:
    global _lost_interrupt
    if _lost_interrupt and threading.current_thread() is threading.main_thread():
        _lost_interrupt = False
        raise KeyboardInterrupt


if not hasattr(sys.unraisablehook, "pokerlut_previous"):
    sys.unraisablehook = _hook_unraisable(sys.unraisablehook)
