"""numba's cache and the compiler lock where the process meets the machine: a cache folder another
user controls is never read, a damaged cache file is bypassed and named, a cache that cannot be
written never fails a call, a fork while another thread compiles does not hang the child, a thread
that cannot start does not fail a first call, and Ctrl-C during a first compile is a
``KeyboardInterrupt``.  Each case runs in a fresh interpreter (a subprocess with a timeout), so a
hang fails the test instead of the run."""

from __future__ import annotations

import math
import os
import pickle
import shutil
import stat
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest
from fresh_python import run_python, unwritable_install

from pokerlut.kernels import cache as C

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
NOBODY = 65534

#: The 5-card category counts (a standard fact): high card .. straight flush.
FIVE_CARD_CATEGORIES = [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX file ownership and modes")


def run(code: str, env: dict | None = None, timeout: float = 300, cwd=None, user: int | None = None):
    """``code`` in a fresh interpreter with every warning shown."""
    return run_python(code, {"PYTHONWARNINGS": "always", **(env or {})}, timeout, cwd, user)


def pokerlut_warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "RuntimeWarning: pokerlut:" in line]


# --------------------------------------------------------------------------- the folder check


def test_a_private_folder_is_safe_and_others_are_named(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir(mode=0o700)
    assert C.unsafe_reason(str(mine)) is None
    mine.chmod(0o777)
    assert C.unsafe_reason(str(mine)).endswith("can be written by every user")
    link = tmp_path / "link"
    link.symlink_to(mine)
    assert C.unsafe_reason(str(link)).endswith("is a symbolic link")
    shared = tmp_path / "shared"  # writable by all, not sticky: anyone may swap what is inside
    shared.mkdir()
    shared.chmod(0o777)
    inner = shared / "cache"
    inner.mkdir(mode=0o700)
    assert "a folder above" in C.unsafe_reason(str(inner)) and "every user" in C.unsafe_reason(str(inner))
    shared.chmod(0o1777)  # sticky, as /tmp: nobody may rename what is not theirs
    assert C.unsafe_reason(str(inner)) is None


@pytest.mark.skipif(not IS_ROOT, reason="only root can give a folder to another user")
def test_a_folder_of_another_user_is_named(tmp_path):
    theirs = tmp_path / "theirs"
    theirs.mkdir(mode=0o700)
    os.chown(theirs, NOBODY, NOBODY)
    assert f"uid {NOBODY}" in C.unsafe_reason(str(theirs))


def test_entries_saved_by_processes_at_once_keep_their_own_files_and_keys(tmp_path):
    """Two processes saving other entries of one function each write a file of their own (named by
    the key), and a data file holding another key's code is never loaded as this key's."""
    first, second = C._Files(str(tmp_path), "f", "stamp"), C._Files(str(tmp_path), "f", "stamp")
    first.save(("sig a",), "code a")
    second.save(("sig b",), "code b")
    index = first._load_index()
    assert set(index) == {("sig a",), ("sig b",)} and index[("sig a",)] != index[("sig b",)]
    assert first.load(("sig a",)) == "code a" and second.load(("sig b",)) == "code b"
    shutil.copyfile(tmp_path / index[("sig a",)], tmp_path / index[("sig b",)])  # b's file now holds a's code
    assert first.load(("sig b",)) is None and first.load(("sig a",)) == "code a"


def test_a_cache_file_is_read_only_when_whole_and_ours(tmp_path):
    path = tmp_path / "f.nbc"
    path.write_bytes(C._seal(b"payload"))
    path.chmod(0o644)
    assert C.read_checked(str(path)) == b"payload"
    path.write_bytes(C._seal(b"payload")[:-1])
    with pytest.raises(C.DamagedCacheFile, match="checksum"):
        C.read_checked(str(path))
    path.write_bytes(b"")
    with pytest.raises(C.DamagedCacheFile, match="truncated"):
        C.read_checked(str(path))
    path.write_bytes(C._seal(b"payload"))
    path.chmod(0o666)
    with pytest.raises(C.DamagedCacheFile, match="every user"):
        C.read_checked(str(path))
    path.chmod(0o644)
    link = tmp_path / "link.nbc"
    link.symlink_to(path)
    with pytest.raises(C.DamagedCacheFile, match="cannot be opened"):
        C.read_checked(str(link))
    os.mkfifo(tmp_path / "fifo.nbc")  # no hang
    with pytest.raises(C.DamagedCacheFile, match="not a regular file"):
        C.read_checked(str(tmp_path / "fifo.nbc"))


# --------------------------------------------------------------------------- 24.1: another user's folder


VICTIM = """
    import warnings, numpy as np
    import pokerlut
    assert int(pokerlut.evaluate("As Ks Qs Js Ts")) == 7462
    hands = pokerlut.random_hands(2000, 7, seed=1)
    strengths = pokerlut.evaluate(hands)
    assert strengths.min() > 0
    print(int(strengths.sum()), int(pokerlut.strength_histogram(5).sum()))
"""


class _Planted:
    """A pickle that, when loaded, leaves a file behind (what an attacker's index file would do)."""

    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


@pytest.mark.parametrize("how", ["mode 0777"] + (["owned by another user"] if IS_ROOT else []))
def test_a_temporary_cache_folder_another_user_controls_is_never_read(tmp_path, how):
    site = unwritable_install(tmp_path)
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    env = {"PYTHONPATH": str(site), "HOME": str(blocker / "home"), "XDG_CACHE_HOME": str(blocker / "cache"),
           "NUMBA_CACHE_DIR": "", "PYTHONDONTWRITEBYTECODE": "1"}
    uid = os.geteuid()
    # a clean run in a safe temporary folder: which files the kernels use, and the right answers
    safe = tmp_path / "safe-tmp"
    safe.mkdir()
    clean = run(VICTIM, {**env, "TMPDIR": str(safe)}, cwd=tmp_path)
    assert clean.returncode == 0, clean.stderr[-3000:]
    written = [p.relative_to(safe / f"pokerlut-numba-cache-{uid}") for p in safe.rglob("*.nb[ic]")]
    assert written
    # the attacker's folder: the same names, each a well-formed file (valid seal) that runs code,
    # and the old unsealed names too
    hostile = tmp_path / "hostile-tmp"
    hostile.mkdir(mode=0o1777)
    hostile.chmod(0o1777)
    root = hostile / f"pokerlut-numba-cache-{uid}"
    marker = tmp_path / "planted-code-ran"
    payload = pickle.dumps(_Planted(str(marker)))
    for name in written:
        for path, data in ((root / name, C._seal(payload)),
                           (root / name.parent / name.name.removeprefix("pokerlut-"), payload)):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    for path in [root, *root.rglob("*")]:
        path.chmod(0o777 if path.is_dir() else 0o666)
        if how == "owned by another user":
            os.chown(path, NOBODY, NOBODY)
            path.chmod(0o755 if path.is_dir() else 0o644)
    victim = run(VICTIM, {**env, "TMPDIR": str(hostile)}, cwd=tmp_path)
    assert victim.returncode == 0, victim.stderr[-3000:]
    assert not marker.exists(), "the planted cache file ran"
    assert victim.stdout == clean.stdout  # the same answers, compiled in memory
    ours = pokerlut_warnings(victim.stderr)
    assert len(ours) == 1, ours
    assert str(root) in ours[0] and "compile anew in every process" in ours[0]
    assert ("every user" if how == "mode 0777" else f"uid {NOBODY}") in ours[0]


def test_numba_cache_dir_writable_by_others_is_refused(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    r = run("""
        import pokerlut, pokerlut.kernels.cache as c
        print(c.cache_folder())
        print(list(pokerlut.strength_histogram(5)[:0]), int(pokerlut.evaluate("As Ks Qs Js Ts")))
    """, {"NUMBA_CACHE_DIR": str(shared)})
    assert r.returncode == 0, r.stderr[-3000:]
    chosen = r.stdout.splitlines()[0]
    assert not chosen.startswith(str(shared))  # the package's own cache folder instead
    ours = pokerlut_warnings(r.stderr)
    assert len(ours) == 1 and str(shared) in ours[0] and "every user" in ours[0], ours


# --------------------------------------------------------------------------- 24.6: a damaged cache


def _histogram_by_category_code() -> str:
    return """
        import numpy as np, pokerlut
        counts = pokerlut.strength_histogram(5)
        strengths = np.nonzero(counts)[0]
        categories = pokerlut.category(strengths.astype(np.uint16))
        by = np.bincount(np.asarray(categories, dtype=np.int64), weights=counts[strengths])
        print([int(x) for x in by if x])
    """


def _damage(cache: Path, how: str) -> Path:
    files = sorted(cache.rglob("*histogram*.nbc" if how.endswith("data") else "*histogram*.nbi"))
    assert files, list(cache.rglob("*"))
    path = files[0]
    data = path.read_bytes()
    if how == "truncated data":
        path.write_bytes(data[: len(data) // 2])
    elif how == "one byte changed in the data":
        middle = len(data) // 2
        path.write_bytes(data[:middle] + bytes([data[middle] ^ 0x40]) + data[middle + 1:])
    elif how == "empty index":
        path.write_bytes(b"")
    elif how == "garbage index":
        path.write_bytes(os.urandom(len(data)))
    return path


@pytest.mark.parametrize("how", ["truncated data", "one byte changed in the data", "empty index", "garbage index"])
def test_a_damaged_cache_file_is_named_bypassed_and_rewritten(tmp_path, how):
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    code = _histogram_by_category_code()
    first = run(code, env)
    assert first.returncode == 0, first.stderr[-3000:]
    assert eval(first.stdout) == FIVE_CARD_CATEGORIES
    damaged = _damage(tmp_path / "cache", how)
    second = run(code, env)
    assert second.returncode == 0, second.stderr[-3000:]
    assert eval(second.stdout) == FIVE_CARD_CATEGORIES
    ours = pokerlut_warnings(second.stderr)
    assert len(ours) == 1 and str(damaged) in ours[0] and "compiling in memory" in ours[0], ours
    third = run(code, {**env, "NUMBA_DEBUG_CACHE": "1"})  # the fresh compile was written over it
    assert third.returncode == 0, third.stderr[-3000:]
    assert not pokerlut_warnings(third.stderr), third.stderr
    kind = "data" if damaged.suffix == ".nbc" else "index"
    assert f"{kind} loaded from {str(damaged)!r}" in third.stdout, third.stdout
    assert not [line for line in third.stdout.splitlines() if "saved" in line and "histogram" in line]


# --------------------------------------------------------------------------- 24.6: a cache that cannot be written


WRITE_FAILS = """
    import os, resource, stat, warnings, numpy as np
    {setup}
    import pokerlut
    counts = pokerlut.strength_histogram(5)          # compiles and saves (or fails to)
    {between}
    strengths = pokerlut.evaluate(pokerlut.random_hands(5000, 7, seed=3))   # compiles more
    best = pokerlut.best_five(pokerlut.random_hands(50, 7, seed=4))
    assert int(counts.sum()) == {total} and strengths.min() > 0
    assert int(pokerlut.evaluate("As Ks Qs Js Ts")) == 7462
    print(pokerlut.kernel_info()["path"])
"""


def _expect_one_write_warning(r, parent_path):
    assert r.returncode == 0, r.stderr[-3000:]
    ours = pokerlut_warnings(r.stderr)
    assert len(ours) == 1 and "cannot write numba's cache" in ours[0], ours
    assert r.stdout.strip() == parent_path  # the AVX2 path is not switched off by a cache error


def test_a_file_size_limit_never_fails_a_call(tmp_path):
    from pokerlut import kernel_info

    code = WRITE_FAILS.format(setup="resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))", between="",
                              total=math.comb(52, 5))
    r = run(code, {"NUMBA_CACHE_DIR": str(tmp_path / "cache")})
    _expect_one_write_warning(r, kernel_info()["path"])
    assert "File too large" in r.stderr


def _can_mount_read_only() -> bool:
    if not shutil.which("unshare") or not shutil.which("mount"):
        return False
    probe = tempfile.mkdtemp()
    try:
        r = subprocess.run(["unshare", "-m", "sh", "-c", f"mount --bind {probe} {probe} && "
                            f"mount -o remount,bind,ro {probe} && ! touch {probe}/x"], capture_output=True, timeout=30)
        return r.returncode == 0
    finally:
        shutil.rmtree(probe, ignore_errors=True)


def test_a_cache_folder_turned_read_only_mid_run_never_fails_a_call(tmp_path):
    """Mode bits stop nobody as root, so as root the folder is made a read-only bind mount (in a
    mount namespace of the test's own) mid-run; otherwise its modes are taken away."""
    from pokerlut import kernel_info

    cache = tmp_path / "cache"
    cache.mkdir()
    if IS_ROOT:
        if not _can_mount_read_only():
            pytest.skip("running as root, where only a read-only mount stops a write, and mounts are not allowed here")
        between = f"assert os.system('mount -o remount,bind,ro {cache}') == 0"
    else:
        between = f"""for top, dirs, files in os.walk({str(cache)!r}):
        for name in files:
            os.chmod(os.path.join(top, name), 0o444)
        for name in dirs + ['.']:
            os.chmod(os.path.join(top, name), 0o555)"""
    code = WRITE_FAILS.format(setup="", between=between + f"""
    try:
        open(os.path.join({str(cache)!r}, "probe"), "w")
    except OSError:
        pass
    else:
        raise AssertionError("the folder is still writable")""", total=math.comb(52, 5))
    script = tmp_path / "script.py"
    script.write_text(textwrap.dedent(code))
    command = [sys.executable, str(script)]
    if IS_ROOT:
        command = ["unshare", "-m", "sh", "-c", f'mount --bind {cache} {cache} && exec "$@"', "sh", *command]
    try:
        r = subprocess.run(command, capture_output=True, text=True, timeout=600,
                           env={**os.environ, "PYTHONWARNINGS": "always", "NUMBA_CACHE_DIR": str(cache)})
        _expect_one_write_warning(r, kernel_info()["path"])
        assert "Permission denied" in r.stderr or "Read-only file system" in r.stderr, r.stderr[-2000:]
    finally:
        for top, dirs, _ in os.walk(cache):
            for name in dirs + ["."]:
                os.chmod(os.path.join(top, name), 0o755)


# --------------------------------------------------------------------------- 24.6: no thread for a notice


def test_a_first_call_where_no_thread_can_start(tmp_path):
    """Threads that cannot start (a memory limit smaller than a thread's stack): the first-call
    notice prints before the compile instead of from a timer thread, and the call answers."""
    r = run("""
        import resource, threading
        import pokerlut, pokerlut._notice as notice
        pokerlut.set_num_threads(1)
        notice.NOTICE_AFTER = 0.0
        threading.stack_size(1 << 30)          # each new thread asks for 1 GiB of address space...
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[0])
        used = pages * resource.getpagesize()
        resource.setrlimit(resource.RLIMIT_AS, (used + (600 << 20), resource.RLIM_INFINITY))  # ...of 600 MiB more
        try:
            threading.Thread(target=lambda: None).start()
        except RuntimeError as error:
            print("threads fail:", error)
        e = pokerlut.equity(["AhKh", "QdQc"], "Qs 7h 2c")
        print(e.equity.tolist())
    """, {"NUMBA_CACHE_DIR": str(tmp_path / "cache"), "POKERLUT_COMPILE_MESSAGES": "always"}, timeout=600)
    if not os.path.exists("/proc/self/statm"):
        pytest.skip("no /proc/self/statm")
    assert r.returncode == 0, r.stderr[-3000:]
    assert "threads fail: can't start new thread" in r.stdout
    import pokerlut

    assert r.stdout.splitlines()[1] == str(pokerlut.equity(["AhKh", "QdQc"], "Qs 7h 2c").equity.tolist())
    assert "compiling the equity kernels once" in r.stderr


# --------------------------------------------------------------------------- 24.2: fork while compiling


def test_a_child_forked_while_another_thread_compiles_does_not_hang(tmp_path):
    r = run("""
        import os, sys, threading, time
        import numba, numba.core.event as ev
        import pokerlut
        started = threading.Event()

        class Slow(ev.Listener):            # a long compile: the thread holds numba's lock a while
            def on_start(self, event):
                if threading.current_thread() is not threading.main_thread():
                    started.set()
                    time.sleep(1.5)
            def on_end(self, event):
                pass

        ev.register("numba:compile", Slow())

        def compile_fresh():
            numba.njit(lambda x: x * 3 + 1)(2)

        thread = threading.Thread(target=compile_fresh)
        thread.start()
        assert started.wait(60)
        pid = os.fork()                     # while the thread compiles
        if pid == 0:
            try:
                ok = int(pokerlut.evaluate("As Ks Qs Js Ts 2c 3d")) == 7462   # loads kernels: the lock
                ok = ok and numba.njit(lambda x: x - 1)(5) == 4                 # and compiles
            except BaseException as error:
                print("child:", repr(error), flush=True)
                ok = False
            os._exit(0 if ok else 3)
        for _ in range(1200):               # up to 120 s
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.1)
        else:
            os.kill(pid, 9)
            print("the child hung")
            sys.exit(1)
        thread.join()
        print("child exit", os.waitstatus_to_exitcode(status))
    """, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    assert r.stdout.strip() == "child exit 0", r.stdout


# --------------------------------------------------------------------------- 24.7: Ctrl-C during a first compile


def test_ctrl_c_inside_llvms_object_code_callback_is_a_keyboard_interrupt(tmp_path):
    """The exact spot of the bug: SIGINT while llvmlite's object-cache callback runs (a ctypes
    callback, whose exceptions ctypes swallows) on a first compile with an empty cache."""
    r = run("""
        import os, signal
        signal.signal(signal.SIGINT, signal.default_int_handler)
        from numba.core import codegen
        library = codegen.CPUCodeLibrary
        original = library._object_compiled_hook.__func__
        sent = []
        def hook(cls, module, buffer):      # runs inside llvmlite's ctypes callback
            if not sent:
                sent.append(1)
                os.kill(os.getpid(), signal.SIGINT)   # handled at the next bytecode: inside the callback
            return original(cls, module, buffer)
        library._object_compiled_hook = classmethod(hook)
        import pokerlut
        try:
            pokerlut.evaluate("As Ks Qs Js Ts 2c 3d")
        except KeyboardInterrupt:
            print("KeyboardInterrupt", len(sent))
        else:
            print("no interrupt", len(sent))
        assert int(pokerlut.evaluate("As Ks Qs Js Ts")) == 7462   # the process still works
    """, {"NUMBA_CACHE_DIR": str(tmp_path / "cache")})
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.strip() == "KeyboardInterrupt 1", r.stdout + r.stderr[-2000:]
    assert "RuntimeError" not in r.stderr


@pytest.mark.parametrize("after", [0.5, 1.5, 3.0])
def test_ctrl_c_during_a_first_compile_exits_by_sigint(tmp_path, after):
    # the first compiles, then calls for ever: however fast the machine, the signal meets the process
    # working (in a compile when it comes soon enough, which is the point)
    p = subprocess.Popen([sys.executable, "-c", textwrap.dedent("""
        import pokerlut
        pokerlut.equity(["AhKh", "random"], "Qs 7h 2c")
        pokerlut.evaluate("As Ks Qs Js Ts 2c 3d")
        pokerlut.best_five(pokerlut.random_hands(10, 7, seed=1))
        while True:
            pokerlut.evaluate("As Ks Qs Js Ts 2c 3d")
    """)], env={**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}, stderr=subprocess.PIPE, text=True)
    import signal
    import time

    time.sleep(after)
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=300)
    assert p.returncode != 0, "the process ran on after SIGINT"
    assert "RuntimeError" not in err, err[-3000:]
    assert err.rstrip().endswith("KeyboardInterrupt") or p.returncode == -signal.SIGINT, err[-3000:]
