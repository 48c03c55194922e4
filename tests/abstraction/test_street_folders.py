"""A street-table folder where the process meets other processes, other users and the disk: one
writer at a time (a second is refused, a killed one does not block the next), a full disk or a
file-size limit named before the work, planted links and other users' folders refused, a damaged
checkpoint named, and bad ``board_classes`` refused.  The cases with a second process run it in a
fresh interpreter (a subprocess with a timeout), so a crash or a hang fails the test instead of the
run."""

from __future__ import annotations

import errno
import filecmp
import json
import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from pokerlut import _folders, _threads, config, iso
from pokerlut.abstraction import streets

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX locks, links and file ownership")

IS_ROOT = os.geteuid() == 0
NOBODY = 65534
TURN = {"bins": 4, "progress": False}
#: Bytes of one turn class over the three files: EHS and EHS² as float32, 4 histogram bins of uint8.
TURN_ENTRY_BYTES = 4 + 4 + 4


def turn_offsets(lo: int, hi: int) -> tuple[int, int]:
    offsets = iso.street_indexer(4).board_offsets
    return int(offsets[lo]), int(offsets[hi])


def same_files(a: Path, b: Path, street: str = "turn") -> bool:
    """Whether the street's .npy files of two folders are byte for byte the same."""
    names = sorted(p.name for p in a.glob(f"{street}_*.npy"))
    assert names == sorted(p.name for p in b.glob(f"{street}_*.npy")) and names
    return all(filecmp.cmp(a / n, b / n, shallow=False) for n in names)


def done(folder: Path, street: str = "turn") -> list:
    return json.loads((folder / f"{street}_checkpoint.json").read_text())["done"]


# --------------------------------------------------------------------------- one writer per folder

#: A writer that stops inside its fourth block (three blocks checkpointed), says so in ``ready``
#: (its process id), and goes on once ``go`` exists.
WRITER = """
import os, sys, time
from pathlib import Path
from pokerlut import config
from pokerlut.abstraction import streets
config.BLOCK_WORK = 1 << 16
real, calls = streets.compute_block, []
def held(plan, lo, hi, scratch=None):
    calls.append(lo)
    if len(calls) == 4:
        Path({ready!r}).write_text(str(os.getpid()))
        while not Path({go!r}).exists():
            time.sleep(0.02)
    return real(plan, lo, hi, scratch)
streets.compute_block = held
t = streets.street_table("turn", {folder!r}, bins=4, board_classes=(0, 40), progress=False, parallel=False,
                         checkpoint_seconds=0, restart={restart})
print("done", t.done)
"""


def start_writer(tmp_path: Path, folder: Path, restart: bool = False) -> tuple[subprocess.Popen, Path]:
    ready, go = tmp_path / "ready", tmp_path / "go"
    code = WRITER.format(ready=str(ready), go=str(go), folder=str(folder), restart=restart)
    writer = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 300
    while not ready.exists():
        if writer.poll() is not None:
            pytest.fail(f"the writer ended before its fourth block: {writer.communicate()[1][-3000:]}")
        if time.monotonic() > deadline:
            writer.kill()
            pytest.fail("the writer never reached its fourth block")
        time.sleep(0.05)
    return writer, go


def test_a_second_writer_is_refused_and_the_first_finishes_as_alone(tmp_path):
    single = streets.street_table("turn", tmp_path / "single", board_classes=(0, 40), **TURN)
    folder = tmp_path / "shared"
    writer, go = start_writer(tmp_path, folder)
    try:
        second = subprocess.run([sys.executable, "-c", textwrap.dedent(f"""
            from pokerlut.abstraction import streets
            streets.street_table("turn", {str(folder)!r}, bins=4, board_classes=(0, 40), progress=False, restart=True)
        """)], capture_output=True, text=True, timeout=300)
        go.touch()
        out, err = writer.communicate(timeout=300)
    finally:
        writer.kill()
    assert second.returncode == 1
    last = second.stderr.strip().splitlines()[-1]
    assert last.startswith("pokerlut._folders.FolderInUse: ") and str(folder) in last, second.stderr[-2000:]
    assert f"process {writer.pid}" in last
    assert writer.returncode == 0 and out.split() == ["done", "40"], err[-3000:]
    assert done(folder) == [[0, 40]] and same_files(folder, single.checkpoint.parent)


def test_a_writer_killed_part_way_leaves_a_folder_the_next_call_resumes(tmp_path):
    single = streets.street_table("turn", tmp_path / "single", board_classes=(0, 40), **TURN)
    folder = tmp_path / "cut"
    writer, _ = start_writer(tmp_path, folder)
    os.kill(writer.pid, signal.SIGKILL)
    writer.communicate(timeout=60)
    assert writer.returncode == -signal.SIGKILL
    checkpointed = done(folder)
    assert checkpointed[0][0] == 0 and 0 < checkpointed[0][1] < 40
    assert (folder / "pokerlut.lock").read_text().strip() == str(writer.pid)  # the lock file of the dead writer
    resumed = streets.street_table("turn", folder, board_classes=(0, 40), **TURN)  # not blocked by it
    assert resumed.resumed_from == checkpointed[0][1] and resumed.done == 40
    assert same_files(folder, single.checkpoint.parent)
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("restart", [False, True])
def test_two_calls_in_one_process_exclude_each_other(tmp_path, restart):
    streets.street_table("turn", tmp_path, board_classes=(0, 1), **TURN)
    before = (tmp_path / "turn_checkpoint.json").read_bytes()
    with _folders.FolderLock(tmp_path):
        refused = rf"^{re.escape(str(tmp_path))} is being written by process {os.getpid()};"
        with pytest.raises(_folders.FolderInUse, match=refused):
            streets.street_table("turn", tmp_path, board_classes=(0, 3), restart=restart, **TURN)
    assert (tmp_path / "turn_checkpoint.json").read_bytes() == before
    assert streets.street_table("turn", tmp_path, board_classes=(0, 3), **TURN).resumed_from == 1  # released


def test_a_child_forked_by_a_writer_does_not_keep_the_folder_after_the_writer_dies(tmp_path):
    writer = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import os, signal, sys, time
        from pokerlut._folders import FolderLock
        lock = FolderLock({str(tmp_path)!r})
        child = os.fork()
        if child == 0:
            time.sleep(120)
            os._exit(0)
        print(child, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    """)], stdout=subprocess.PIPE, text=True)
    child = int(writer.stdout.readline())
    try:
        writer.wait(timeout=60)
        assert writer.returncode == -signal.SIGKILL
        os.kill(child, 0)  # the child lives on...
        _folders.FolderLock(tmp_path).release()  # ...and does not hold the folder
    finally:
        os.kill(child, signal.SIGKILL)


def test_every_checkpoint_is_written_under_a_name_of_its_own(tmp_path, monkeypatch):
    names = []
    real = os.replace

    def replace(src, dst):
        names.append(os.path.basename(src))
        return real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(config, "BLOCK_WORK", 1 << 16)
    streets.street_table("turn", tmp_path, board_classes=(0, 6), parallel=False, checkpoint_seconds=0, **TURN)
    checkpoints = [n for n in names if "turn_checkpoint.json" in n]
    assert len(checkpoints) >= 3 and len(set(checkpoints)) == len(checkpoints)
    assert all(n.startswith(".turn_checkpoint.json.") and str(os.getpid()) in n for n in checkpoints)


def test_dask_takes_the_same_lock(tmp_path):
    pytest.importorskip("dask")
    import pokerlut.dask as pdask

    with _folders.FolderLock(tmp_path):
        with pytest.raises(_folders.FolderInUse, match=f"process {os.getpid()}"):
            pdask.street_table("turn", tmp_path, bins=4, board_classes=(0, 2), tasks=2, progress=False)
    assert not (tmp_path / "turn_checkpoint.json").exists()
    t = pdask.street_table("turn", tmp_path, bins=4, board_classes=(0, 2), tasks=2, progress=False)
    assert t.done == 2  # released when refused, and taken and released again by this run
    assert streets.street_table("turn", tmp_path, board_classes=(0, 2), **TURN).resumed_from == 2


def test_dask_refuses_a_bad_task_count_before_touching_the_folder(tmp_path):
    pytest.importorskip("dask")
    import pokerlut.dask as pdask

    for bad in (0, -1, True, 2.5, "4"):
        with pytest.raises(ValueError, match=f"tasks must be an integer >= 1 or None, got {re.escape(repr(bad))}"):
            pdask.street_table("turn", tmp_path / "out", bins=4, board_classes=(0, 2), tasks=bad, progress=False)
    assert not (tmp_path / "out").exists()


# --------------------------------------------------------------------------- the disk


def no_space(fd, offset, length):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("restart", [False, True])
def test_a_full_disk_is_named_before_the_work_and_the_checkpoint_is_kept(tmp_path, monkeypatch, restart):
    single = streets.street_table("turn", tmp_path / "single", board_classes=(0, 40), **TURN)
    folder = tmp_path / "out"
    streets.street_table("turn", folder, board_classes=(0, 10), **TURN)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    computed = []
    monkeypatch.setattr(streets, "compute_block", lambda *a, **k: computed.append(a) or pytest.fail("work started"))
    monkeypatch.setattr(os, "posix_fallocate", no_space)
    with pytest.raises(OSError) as caught:
        streets.street_table("turn", folder, board_classes=(0, 40), restart=restart, **TURN)
    a, b = turn_offsets(0 if restart else 10, 40)
    message = str(caught.value)
    assert caught.value.errno == errno.ENOSPC and str(folder) in message
    assert f"{(b - a) * TURN_ENTRY_BYTES:,} bytes needed" in message and "resumes" in message
    assert not computed
    after = {p.name: p.read_bytes() for p in folder.iterdir() if p.name != "pokerlut.lock"}
    assert after == {k: v for k, v in before.items() if k != "pokerlut.lock"}  # nothing changed, nothing left over
    monkeypatch.undo()
    resumed = streets.street_table("turn", folder, board_classes=(0, 40), **TURN)
    assert resumed.resumed_from == 10 and resumed.done == 40 and same_files(folder, single.checkpoint.parent)


def test_a_file_size_limit_is_named_before_the_work(tmp_path):
    # a real limit on what the process may write (the kernel answers EFBIG past it): no mount needed
    folder = tmp_path / "out"
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(f"""
        import resource, signal
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)   # EFBIG instead of a killed process
        from pokerlut.abstraction import streets
        resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 20, 1 << 20))
        try:
            streets.street_table("turn", {str(folder)!r}, bins=4, progress=False)
        except OSError as e:
            print(e.errno, e)
    """)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    code, _, message = r.stdout.strip().partition(" ")
    assert int(code) == errno.EFBIG, r.stdout
    assert f"{iso.count(4) * TURN_ENTRY_BYTES:,} bytes needed" in message and str(folder) in message
    assert sorted(p.name for p in folder.iterdir()) == ["pokerlut.lock"]  # no file half made


@pytest.fixture
def small_disk(tmp_path):
    """A 16 MB tmpfs, where this process may mount one (root with the right to mount); else skipped."""
    mount = tmp_path / "disk"
    mount.mkdir(mode=0o700)
    if not IS_ROOT or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m,mode=0700", "tmpfs", str(mount)],
                                     capture_output=True).returncode != 0:
        pytest.skip("cannot mount a small file system here")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def test_a_really_full_disk_is_named_and_the_process_lives(small_disk):
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(f"""
        from pokerlut.abstraction import streets
        t = streets.street_table("turn", {str(small_disk)!r}, bins=4, board_classes=(0, 20), progress=False)
        try:
            streets.street_table("turn", {str(small_disk)!r}, bins=4, board_classes=(0, 4000), progress=False)
        except OSError as e:
            print(e.errno, e)
    """)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]  # not killed by SIGBUS
    code, _, message = r.stdout.strip().partition(" ")
    a, b = turn_offsets(20, 4000)
    assert int(code) == errno.ENOSPC and f"{(b - a) * TURN_ENTRY_BYTES:,} bytes needed" in message
    assert done(small_disk) == [[0, 20]]


@pytest.mark.parametrize("how", ["unsupported", "missing"])
def test_without_fallocate_the_space_is_written_with_zeros(tmp_path, monkeypatch, how):
    single = streets.street_table("turn", tmp_path / "single", board_classes=(3, 9), **TURN)
    if how == "missing":
        monkeypatch.delattr(os, "posix_fallocate")
    else:
        monkeypatch.setattr(os, "posix_fallocate",
                            lambda *a: (_ for _ in ()).throw(OSError(errno.EOPNOTSUPP, "not supported")))
    t = streets.street_table("turn", tmp_path / "zeros", board_classes=(3, 9), **TURN)
    assert t.done == 6 and same_files(tmp_path / "zeros", single.checkpoint.parent)
    a, b = turn_offsets(3, 9)
    hist = (tmp_path / "zeros" / "turn_hist.npy").stat()
    assert hist.st_blocks * 512 >= (b - a) * 4  # allocated, not sparse


def test_reserve_space_allocates(tmp_path):
    path = tmp_path / "f"
    with open(path, "wb") as f:
        f.truncate(1 << 22)
        before = os.fstat(f.fileno()).st_blocks
        _folders.reserve_space(f.fileno(), 1 << 20, 1 << 21)
        assert os.fstat(f.fileno()).st_blocks * 512 >= before * 512 + (1 << 21)
        assert os.fstat(f.fileno()).st_size == 1 << 22


# --------------------------------------------------------------------------- other users, planted links


@pytest.fixture
def victim(tmp_path):
    path = tmp_path / "victim.txt"
    path.write_bytes(b"precious\n")
    return path


@pytest.mark.parametrize("name", ["turn_ehs.npy", "turn_hist.npy", "turn_checkpoint.json"])
def test_a_planted_link_is_refused_and_its_target_untouched(tmp_path, victim, name):
    folder = tmp_path / "out"
    folder.mkdir(mode=0o700)
    (folder / name).symlink_to(victim)
    refused = rf"{re.escape(str(folder / name))} is (not a usable checkpoint: it is )?a symbolic link"
    with pytest.raises(ValueError, match=refused):
        streets.street_table("turn", folder, board_classes=(0, 1), **TURN)
    assert victim.read_bytes() == b"precious\n" and (folder / name).is_symlink()
    with pytest.raises(ValueError, match="symbolic link"):  # restart=True does not write through it either
        streets.street_table("turn", folder, board_classes=(0, 1), restart=True, **TURN)
    assert victim.read_bytes() == b"precious\n"


def test_a_link_planted_after_a_run_is_refused_on_resume(tmp_path, victim):
    folder = tmp_path / "out"
    streets.street_table("turn", folder, board_classes=(0, 1), **TURN)
    (folder / "turn_ehs2.npy").unlink()
    (folder / "turn_ehs2.npy").symlink_to(victim)
    with pytest.raises(ValueError, match=r"turn_ehs2.npy is a symbolic link"):
        streets.street_table("turn", folder, board_classes=(0, 2), **TURN)
    assert victim.read_bytes() == b"precious\n"


def test_a_folder_others_can_write_to_is_refused(tmp_path):
    folder = tmp_path / "open"
    folder.mkdir()
    folder.chmod(0o777)
    with pytest.raises(ValueError, match=rf"{re.escape(str(folder))} can be written by every user"):
        streets.street_table("turn", folder, board_classes=(0, 1), **TURN)
    assert list(folder.iterdir()) == []
    link = tmp_path / "link"
    folder.chmod(0o700)
    link.symlink_to(folder)
    with pytest.raises(ValueError, match=rf"{re.escape(str(link))} is a symbolic link.*not a link to it"):
        streets.street_table("turn", link, board_classes=(0, 1), **TURN)
    assert list(folder.iterdir()) == []


@pytest.mark.skipif(not IS_ROOT, reason="only root can give a folder to another user")
def test_a_folder_another_user_made_first_is_refused(tmp_path, victim):
    folder = tmp_path / "theirs"
    folder.mkdir(mode=0o755)
    (folder / "turn_ehs.npy").symlink_to(victim)
    os.chown(folder, NOBODY, NOBODY)
    os.lchown(folder / "turn_ehs.npy", NOBODY, NOBODY)
    with pytest.raises(ValueError, match=rf"{re.escape(str(folder))} belongs to .*uid {NOBODY}"):
        streets.street_table("turn", folder, board_classes=(0, 1), **TURN)
    assert victim.read_bytes() == b"precious\n"
    assert sorted(p.name for p in folder.iterdir()) == ["turn_ehs.npy"]


@pytest.mark.skipif(not IS_ROOT, reason="only root can give a file to another user")
def test_a_file_of_another_user_in_the_folder_is_refused(tmp_path):
    folder = tmp_path / "out"
    streets.street_table("turn", folder, board_classes=(0, 1), **TURN)
    os.chown(folder / "turn_hist.npy", NOBODY, NOBODY)
    before = (folder / "turn_hist.npy").read_bytes()
    for restart in (False, True):
        with pytest.raises(ValueError, match=rf"turn_hist.npy belongs to .*uid {NOBODY}"):
            streets.street_table("turn", folder, board_classes=(0, 2), restart=restart, **TURN)
    assert (folder / "turn_hist.npy").read_bytes() == before


# --------------------------------------------------------------------------- damaged checkpoints


def good_state(folder: Path) -> dict:
    return json.loads((folder / "turn_checkpoint.json").read_text())


DAMAGED = {
    "not JSON": (lambda s: b'{"params": {', r"it is not JSON \(.* at line 1, column"),
    "empty": (lambda s: b"", r"it is not JSON"),
    "not UTF-8": (lambda s: b'{"params": "\xff\xfe"}', r"byte 12 is not UTF-8 text"),
    "null": (lambda s: b"null", r'it holds null, not an object with "params" and "done"'),
    "a list": (lambda s: b"[1, 2]", r"it holds a list, not an object"),
    "a number": (lambda s: b"3", r"it holds a number, not an object"),
    "no done": (lambda s: json.dumps({"params": s["params"]}).encode(), r'it has no "done"'),
    "params a list": (lambda s: json.dumps({"params": [], "done": []}).encode(),
                      r'its "params" is a list, not an object'),
    "done a string": (lambda s: json.dumps({**s, "done": "all"}).encode(), r'its "done" is a string, not a list'),
    "done of bools": (lambda s: json.dumps({**s, "done": [[0, True]]}).encode(), r'"done" entry 0 is \[0, True\]'),
    "done of floats": (lambda s: json.dumps({**s, "done": [[0, 1], [1, 1.5]]}).encode(),
                       r'"done" entry 1 is \[1, 1\.5\]'),
    "done of strings": (lambda s: json.dumps({**s, "done": [["0", "1"]]}).encode(), r'"done" entry 0 is'),
    "done backwards": (lambda s: json.dumps({**s, "done": [[3, 1]]}).encode(), r'"done" entry 0 is \[3, 1\]'),
    "done past the street": (lambda s: json.dumps({**s, "done": [[0, 10 ** 9]]}).encode(), r'"done" entry 0 is'),
    "done not pairs": (lambda s: json.dumps({**s, "done": [0, 1]}).encode(), r'"done" entry 0 is 0'),
    "a huge number": (lambda s: b'{"done": ' + b"9" * 5000 + b"}", r"it is not JSON that can be read"),
    "nested too deep": (lambda s: b"[" * 100_000 + b"]" * 100_000, r"it is not JSON that can be read"),
}


@pytest.mark.parametrize("case", list(DAMAGED))
def test_a_damaged_checkpoint_is_named_with_the_way_to_start_over(tmp_path, case):
    streets.street_table("turn", tmp_path, board_classes=(0, 2), **TURN)
    make, what = DAMAGED[case]
    path = tmp_path / "turn_checkpoint.json"
    path.write_bytes(make(good_state(tmp_path)))
    with pytest.raises(ValueError) as caught:
        streets.street_table("turn", tmp_path, board_classes=(0, 3), **TURN)
    assert caught.type is ValueError  # not a JSONDecodeError or a UnicodeDecodeError
    message = str(caught.value)
    assert message.startswith(f"{path} is not a usable checkpoint: ") and message.endswith(
        "restart=True starts over (every board class computed anew)")
    assert re.search(what, message), message
    assert len(message) < 1000
    t = streets.street_table("turn", tmp_path, board_classes=(0, 3), restart=True, **TURN)
    assert t.resumed_from == 0 and t.done == 3 and good_state(tmp_path)["done"] == [[0, 3]]


def test_a_checkpoint_of_other_parameters_is_named(tmp_path):
    streets.street_table("turn", tmp_path, board_classes=(0, 1), **TURN)
    with pytest.raises(ValueError, match="turn_checkpoint.json was made with other parameters.*restart=True"):
        streets.street_table("turn", tmp_path, board_classes=(0, 1), bins=5, progress=False)


# --------------------------------------------------------------------------- board_classes


BAD_CLASSES = [
    ((0, 2.5), TypeError, r"^board_classes\[1\] must be an integer, got 2\.5 \(float\)"),
    ((0.0, 2), TypeError, r"^board_classes\[0\] must be an integer, got 0\.0 \(float\)"),
    ((0, np.float64(2.0)), TypeError, r"^board_classes\[1\] must be an integer, got 2\.0 \(float"),
    (("0", 2), TypeError, r"^board_classes\[0\] must be an integer, got '0' \(str\)"),
    ((True, 3), TypeError, r"^board_classes\[0\] must be an integer, got True \(bool\)"),
    ((0, np.bool_(True)), TypeError, r"^board_classes\[1\] must be an integer, got True"),
    ((0, None), TypeError, r"^board_classes\[1\] must be an integer, got None"),
    ("02", TypeError, r"^board_classes must be None or a pair \(lo, hi\) of integers, got '02' \(str\)"),
    ((0,), TypeError, r"^board_classes must be None or a pair"),
    ((0, 1, 2), TypeError, r"^board_classes must be None or a pair"),
    (5, TypeError, r"^board_classes must be None or a pair \(lo, hi\) of integers, got 5 \(int\)"),
    ((-1, 3), ValueError, r"^board_classes must be \(lo, hi\) with 0 <= lo <= hi <= [\d,]+; board_classes\[0\] is -1$"),
    ((0, 10 ** 9), ValueError, r"board_classes\[1\] is 1000000000$"),
    ((5, 2), ValueError, r"board_classes\[1\] is 2$"),
    ((0, 10 ** 5000), ValueError, r"board_classes\[1\] is an integer of 16,610 bits$"),
]


@pytest.mark.parametrize("board_classes, error, match", BAD_CLASSES)
def test_bad_board_classes_are_named(tmp_path, board_classes, error, match):
    with pytest.raises(error, match=match):
        streets.street_table("turn", tmp_path / "out", board_classes=board_classes, **TURN)
    assert not (tmp_path / "out").exists()  # refused before the folder is touched


@pytest.mark.parametrize("board_classes, error, match", BAD_CLASSES[:3] + BAD_CLASSES[-3:])
def test_bad_board_classes_are_named_by_dask_too(tmp_path, board_classes, error, match):
    pytest.importorskip("dask")
    import pokerlut.dask as pdask

    with pytest.raises(error, match=match):
        pdask.street_table("turn", tmp_path / "out", bins=4, board_classes=board_classes, progress=False)


def test_board_classes_take_numpy_integers_lists_and_arrays(tmp_path):
    for given in ((np.int64(0), np.uint8(2)), [0, 2], np.array([0, 2])):
        t = streets.street_table("turn", tmp_path, board_classes=given, **TURN)
        assert t.done == 2
