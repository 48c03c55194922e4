"""Folders pokerlut writes into, where the process meets other users and other processes.

* :func:`unsafe_reason`: why another user could write to a folder, or swap it for one of theirs
  (the check of numba's cache folders and of the street-table folders).
* :func:`file_problem`: why a file opened (without following links) is not one to trust: not a
  regular file, someone else's, or writable by others.
* :func:`replace_file`: a file written whole or not at all, through a temporary file of a name no
  other writer uses, created without following links.
* :func:`reserve_space`: disk blocks allocated before a long write through a memory map, so that a
  full disk is an ``OSError`` before the work, not a ``SIGBUS`` in the middle of it.
* :class:`FolderLock`: one writer per folder, an exclusive ``flock`` on a lock file inside it,
  held for the whole run and released by the system when the process dies (a killed writer never
  blocks the next one; a child it forked does not hold it).
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
import threading
import weakref
from pathlib import Path

if os.name == "posix":
    import fcntl
    import grp
    import pwd

#: Flags of every open of a file in a checked folder: links are not followed, a FIFO does not block.
NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


def user_name(uid: int) -> str:
    """``"name (uid N)"``, or ``"uid N"`` for a uid with no name.

    >>> user_name(0) in ("root (uid 0)", "uid 0")
    True
    """
    try:
        return f"{pwd.getpwuid(uid).pw_name} (uid {uid})"
    except (KeyError, NameError):
        return f"uid {uid}"


def _group_of_one(gid: int) -> bool:
    """Whether group ``gid`` is this user's own group and nobody else's (a user private group, as a
    umask of 002 assumes)."""
    try:
        me = pwd.getpwuid(os.geteuid()).pw_name
        group = grp.getgrgid(gid)
    except KeyError:
        return False
    return gid == os.getegid() and group.gr_name == me and set(group.gr_mem) <= {me}


def others_can_write(st: os.stat_result) -> str | None:
    """Who besides the owner can write, per the mode bits (None: nobody).

    >>> others_can_write(os.stat_result((0o100666,) + (0,) * 9))
    'every user'
    """
    if st.st_mode & stat.S_IWOTH:
        return "every user"
    if st.st_mode & stat.S_IWGRP and not _group_of_one(st.st_gid):
        return f"group {st.st_gid}"
    return None


def unsafe_reason(folder: str | os.PathLike[str]) -> str | None:
    """Why another user could write to ``folder`` (or swap it for one of theirs), or None when only
    this user (and root) can: ``folder`` itself belongs to this user, is no symbolic link and nobody
    else can write to it; every folder above it (as written and with links resolved) belongs to this
    user or root and nobody else can write to it, unless it is sticky (as ``/tmp`` is).

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()  # mode 0700
    >>> unsafe_reason(folder) is None
    True
    >>> os.chmod(folder, 0o777); unsafe_reason(folder).endswith("can be written by every user")
    True
    >>> os.rmdir(folder)
    """
    if os.name != "posix":
        return None
    me = os.geteuid()
    path = os.path.abspath(folder)
    st = os.lstat(path)
    if stat.S_ISLNK(st.st_mode):
        return f"{path} is a symbolic link"
    if not stat.S_ISDIR(st.st_mode):
        return f"{path} is not a folder"
    if st.st_uid != me:
        return f"{path} belongs to {user_name(st.st_uid)}, not to you ({user_name(me)})"
    who = others_can_write(st)
    if who:
        return f"{path} can be written by {who}"
    parents = [Path(path).parent, Path(os.path.realpath(Path(path).parent))]
    for above in {p for parent in parents for p in (parent, *parent.parents)}:
        st = os.lstat(above)
        if stat.S_ISLNK(st.st_mode):  # its own folder is checked, and so is where it leads
            continue
        if st.st_uid not in (me, 0):
            return f"{above}, a folder above {path}, belongs to {user_name(st.st_uid)}"
        who = others_can_write(st)
        if who and not st.st_mode & stat.S_ISVTX:
            return f"{above}, a folder above {path}, can be written by {who}"
    return None


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symbolic link"))


def file_problem(st: os.stat_result, path: str | os.PathLike[str], root_too: bool = False) -> str | None:
    """Why the file ``path``, of status ``st`` (``fstat`` of the open descriptor), is not one to
    trust, or None: it must be a regular file of this user's (or root's, with ``root_too``) that
    nobody else can write.

    >>> file_problem(os.stat(os.devnull), os.devnull)
    '/dev/null is a character device, not a regular file'
    """
    if not stat.S_ISREG(st.st_mode):
        kind = next((f"{name}, not a regular file" for test, name in _KINDS if test(st.st_mode)),
                    "not a regular file")
        return f"{path} is {kind}"
    if os.name != "posix":
        return None
    if st.st_uid != os.geteuid() and not (root_too and st.st_uid == 0):
        return f"{path} belongs to {user_name(st.st_uid)}, not to you ({user_name(os.geteuid())})"
    who = others_can_write(st)
    if who:
        return f"{path} can be written by {who}"
    return None


def temporary_name(path: str | os.PathLike[str]) -> str:
    """A name next to ``path`` that no other writer uses (this process, this thread, a random token).

    >>> temporary_name("/x/y.json").startswith("/x/.y.json.")
    True
    """
    folder, name = os.path.split(os.fspath(path))
    return os.path.join(folder, f".{name}.{os.getpid()}.{threading.get_ident()}.{secrets.token_hex(4)}.tmp")


def create_new(path: str | os.PathLike[str], mode: int = 0o644) -> int:
    """A descriptor of a new file ``path`` opened for reading and writing; never an existing file,
    never through a link (``FileExistsError`` instead)."""
    return os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | NO_FOLLOW, mode)


def replace_file(path: str | os.PathLike[str], data: bytes, durable: bool = False) -> None:
    """``data`` into ``path`` whole or not at all: written to a new file of a name no other writer
    uses (:func:`temporary_name`), flushed to the disk first when ``durable``, then renamed over
    ``path`` (a link at ``path`` is replaced, never followed).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     replace_file(os.path.join(folder, "a"), b"one"); replace_file(os.path.join(folder, "a"), b"two")
    ...     open(os.path.join(folder, "a"), "rb").read(), os.listdir(folder)
    (b'two', ['a'])
    """
    temporary = temporary_name(path)
    try:
        fd = create_new(temporary)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def reserve_space(fd: int, start: int, length: int) -> None:
    """Allocate bytes ``start .. start + length`` of the open file ``fd`` on the disk
    (``posix_fallocate``; where the system or the filesystem has none, zeros are written there, so
    the caller reserves only bytes it is about to write anyway).  A full disk, a quota or a
    file-size limit is the system's ``OSError`` (``ENOSPC``, ``EDQUOT``, ``EFBIG``), raised here.

    >>> import tempfile
    >>> with tempfile.TemporaryFile() as f:
    ...     reserve_space(f.fileno(), 0, 10_000); os.fstat(f.fileno()).st_size
    10000
    """
    if length <= 0:
        return
    try:
        os.posix_fallocate(fd, start, length)
        return
    except AttributeError:  # no posix_fallocate here (macOS, Windows)
        pass
    except OSError as error:
        if error.errno not in (errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS):
            raise
    zeros = bytes(1 << 20)
    at, end = start, start + length
    if hasattr(os, "pwrite"):  # the file's position stays where it was
        while at < end:
            at += os.pwrite(fd, zeros[:min(len(zeros), end - at)], at)
        return
    os.lseek(fd, at, os.SEEK_SET)
    while at < end:
        at += os.write(fd, zeros[:min(len(zeros), end - at)])


class FolderInUse(RuntimeError):
    """Another writer holds the lock of a folder."""


class FolderLock:
    """An exclusive lock on ``folder`` (a ``flock`` on the file ``name`` inside it, which holds the
    holder's process id), taken at once or refused: :class:`FolderInUse` names the folder and the
    process that holds it.  Released by :meth:`release`, or by the system when the process ends,
    however it ends.  Two locks of one folder exclude each other in one process too.  (Without
    ``fcntl``, on Windows, there is no lock.)

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     first = FolderLock(folder)
    ...     try:
    ...         FolderLock(folder)
    ...     except FolderInUse as e:
    ...         print(str(e).split(";")[0].endswith(f"process {os.getpid()}"))
    ...     first.release(); FolderLock(folder).release()
    True
    """

    def __init__(self, folder: str | os.PathLike[str], name: str = "pokerlut.lock"):
        self.folder, self.path, self.fd = Path(folder), Path(folder) / name, None
        if os.name != "posix":
            return
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | NO_FOLLOW, 0o644)
        except OSError as error:
            raise OSError(error.errno, f"cannot open the lock file {self.path} ({error.strerror}); it must be a "
                                       f"regular file of yours, not a link") from None
        try:
            problem = file_problem(os.fstat(fd), self.path)
            if problem:
                raise ValueError(f"{problem}; the lock file of {self.folder} must be a regular file of yours")
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = os.pread(fd, 64, 0).decode("ascii", "replace").strip()
                who = f"process {holder}" if holder.isdigit() else "another process"
                raise FolderInUse(f"{self.folder} is being written by {who}; one writer at a time: wait for it to "
                                  f"finish (or stop it), or write into another folder") from None
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        except BaseException:
            os.close(fd)
            raise
        self.fd = fd
        _held.add(self)

    def release(self) -> None:
        """Let the next writer in (the lock file stays: removing it would let two writers lock two files)."""
        fd, self.fd = self.fd, None
        if fd is not None:
            try:
                os.ftruncate(fd, 0)
            except OSError:
                pass
            os.close(fd)  # closing the descriptor releases the flock

    def forget(self) -> None:
        """Close this process's descriptor without letting go of the lock (in a forked child: the
        parent still holds it, and the child must not hold it after the parent has ended)."""
        fd, self.fd = self.fd, None
        if fd is not None:
            os.close(fd)

    def __enter__(self) -> FolderLock:
        return self

    def __exit__(self, *exc) -> None:
        self.release()

    def __del__(self) -> None:
        try:
            self.release()
        except Exception:  # at interpreter exit: the system releases the lock anyway
            pass


#: The locks this process holds; a forked child closes its copies (:meth:`FolderLock.forget`).
_held: weakref.WeakSet[FolderLock] = weakref.WeakSet()


def _forget_in_child() -> None:
    for lock in list(_held):
        lock.forget()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_in_child)
