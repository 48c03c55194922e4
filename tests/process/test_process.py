"""The process around a call: forked children, several Python threads under every numba threading
layer, Ctrl-C during every long call, and an install nobody can write to.  Each case runs in a
fresh interpreter (a subprocess with a timeout), so a crash or a hang fails the test instead of
the run."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import textwrap
import time

import pytest
from fresh_python import run_python as run
from fresh_python import unwritable_install
from interrupting import HOOK



def test_forked_children_after_threads_in_the_parent():
    r = run("""
        import multiprocessing as mp, numpy as np, pokerlut
        h = pokerlut.random_hands(2_000_000, 7, seed=1)
        whole = pokerlut.evaluate(h)                      # the parent uses its threads first
        e = pokerlut.equity(["AhKh", "random"], "Qs 7h 2c", exact=True)
        with mp.get_context("fork").Pool(2) as pool:
            parts = pool.map_async(pokerlut.evaluate, [h[:1_000_000], h[1_000_000:]]).get(timeout=120)
            eqs = pool.map_async(pokerlut.equity, [["AhKh", "random"]] * 2).get(timeout=120)
            boards = pool.starmap_async(pokerlut.equity, [(["AhKh", "random"], "Qs 7h 2c")] * 2).get(timeout=120)
        assert np.array_equal(np.concatenate(parts), whole)
        assert all(b.equity.tolist() == e.equity.tolist() for b in boards)
        assert eqs[0].equity.tolist() == eqs[1].equity.tolist()
        print("ok")
    """)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "ok"


@pytest.mark.parametrize("layer", ["default", "workqueue", "omp", "tbb"])
def test_four_python_threads_under_every_threading_layer(layer):
    r = run("""
        import threading, numpy as np, pokerlut
        h = pokerlut.random_hands(600_000, 7, seed=2)
        serial = pokerlut.evaluate(h, parallel=False)
        e = pokerlut.equity(["AhKh", "QdQc"], exact=False, samples=300_000, seed=3).equity
        results, errors = [None] * 4, []
        def work(i):
            try:
                for _ in range(3):
                    assert np.array_equal(pokerlut.evaluate(h, parallel=True), serial)
                    assert pokerlut.equity(["AhKh", "QdQc"], exact=False, samples=300_000, seed=3).equity.tolist() == e.tolist()
                results[i] = True
            except BaseException as error:  # report, do not hide
                errors.append(repr(error))
        threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
        for t in threads: t.start()
        for t in threads: t.join()
        assert not errors, errors
        assert all(results)
        print("ok")
    """, env={"NUMBA_THREADING_LAYER": layer})
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "ok"


# Each long call runs (looped where one call is short, so no machine finishes it) until SIGINT
# leaves from inside one of its pieces of work (tests/interrupting.py: once a piece of that kind has
# run, so its kernels are compiled); the script then checks the process still works, and prints how
# long the interrupt took to be answered.
LONG_CALLS = {
    "equity monte carlo": 'pokerlut.equity(["AhKh", "random"], exact=False, samples=2_000_000_000, seed=1)',
    "equity monte carlo with a progress bar":
        'pokerlut.equity(["AhKh", "random"], exact=False, samples=2_000_000_000, seed=1, progress=True)',
    "equity monte carlo, ranges that rarely fit":
        'pokerlut.equity(["AA,KK,QQ,JJ,TT"] * 9, dead="Ah", samples=10**10, seed=1, max_draws=10**18)',
    "equity exact": 'for _ in range(100): pokerlut.equity(["random", "random"], dead="2c", exact=True)',
    "equity exact preflop ranges":
        'for _ in range(100): pokerlut.equity(["22+", "random"], exact=True, method="enumerate")',
    "equity exact by sorting": 'for _ in range(100): pokerlut.equity(["random", "random"], exact=True, method="sweep")',
    "omaha equity": 'pokerlut.equity(["AsKsAdKd", "random"], variant="omaha", exact=False, samples=10**9, seed=1)',
    "equity_batch": 'for _ in range(100): pokerlut.equity_batch('
                    'np.tile(pokerlut.parse_cards("Ah Kh Qd Qc").reshape(1, 2, 2), (3000, 1, 1)), exact=True)',
    "enumeration": "for _ in range(100): pokerlut.strength_histogram(7)",
    "huge evaluate": "h = pokerlut.random_hands(20_000_000, 7, seed=1)\nfor _ in range(100): pokerlut.evaluate(h)",
    "game_return": 'from pokerlut import videopoker as vp\nfor i in range(100): '
                   'vp.game_return("jacks-or-better", [800, 50, 25, 9, 6, 4, 3, 2, 1 + i], progress=False)',
    "dask evaluate": "import dask.array as da, pokerlut.dask as pdask\n"
                     "x = da.from_array(pokerlut.random_hands(6_000_000, 7, seed=1), chunks=(1_000_000, 7))\n"
                     "for _ in range(100): pdask.evaluate(x).compute()",
}
#: How long the answer to Ctrl-C may take: a piece of work is a fraction of a second by design, and
#: a loaded machine may take a few times that; too long, pieces ran for minutes.
ANSWER_SECONDS = 30.0


@pytest.mark.parametrize("name", list(LONG_CALLS))
def test_ctrl_c_during_a_long_call(name):
    if name.startswith("dask"):
        pytest.importorskip("dask.array")
    body = textwrap.indent(LONG_CALLS[name], "    ")
    r = run(HOOK + f"""
import threading, time, numpy as np, pokerlut
pokerlut.evaluate(pokerlut.random_hands(10, 7, seed=0))   # imports and first compile out of the way
interrupt_when_working()
try:
{body}
except KeyboardInterrupt:
    took = time.perf_counter() - INTERRUPT_SENT[0]
    assert int(pokerlut.evaluate("As Ks Qs Js Ts")) == 7462   # the process is still usable
    assert threading.active_count() <= 1 + pokerlut.get_num_threads() + 8
    print(f"interrupted {{took:.2f}}")
else:
    print("finished before the interrupt")
""", timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.strip().startswith("interrupted"), r.stdout
    took = float(r.stdout.split()[1])
    assert took < ANSWER_SECONDS, f"{name}: Ctrl-C took {took:.2f} s to be answered"


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_from_outside_during_monte_carlo_of_ranges_that_rarely_fit(threads):
    """A legal deal whose combos fit together once in about 90,000 draws (2-3 ms a trial): SIGINT
    from the parent once the run is working is answered with KeyboardInterrupt in seconds (work
    pieces were 65,536 trials each: minutes)."""
    code = HOOK + """
import pokerlut
spot = dict(players=["AA,KK,QQ,JJ,TT"] * 9, dead="Ah", seed=1)
pokerlut.equity(**spot, samples=100)          # compiled, and the piece's code seen once
interrupt_when_working("announce")
try:
    pokerlut.equity(**spot, samples=10**10, max_draws=10**18)
    print("finished")
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(code)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True,
                             env={**os.environ, "POKERLUT_NUM_THREADS": str(threads)})
    try:
        ready, _, _ = select.select([child.stdout], [], [], 600)  # imports and compiles on a loaded machine
        assert ready, "the child never started working"
        assert child.stdout.readline().strip() == "started", child.stderr.read()[-3000:]
        child.send_signal(signal.SIGINT)
        try:
            out, err = child.communicate(timeout=ANSWER_SECONDS)  # pieces of 65,536 trials: minutes
        except subprocess.TimeoutExpired:
            child.send_signal(signal.SIGUSR1)  # its threads' stacks on stderr
            time.sleep(2)
            child.kill()
            pytest.fail(f"Ctrl-C not answered within {ANSWER_SECONDS} s:\n{child.communicate()[1][-6000:]}")
    finally:
        child.kill()
    assert child.returncode == 0, err[-3000:]
    assert out.strip() == "interrupted", out + err[-3000:]


@pytest.mark.parametrize("temp_writable", [True, False])
def test_an_install_nobody_can_write_to(tmp_path, temp_writable):
    site = unwritable_install(tmp_path, read_only=True)
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {"PYTHONPATH": str(site), "HOME": str(blocker / "home"), "XDG_CACHE_HOME": str(blocker / "cache"),
           "NUMBA_CACHE_DIR": "", "TMPDIR": str(temp if temp_writable else blocker / "tmp"),
           "PYTHONDONTWRITEBYTECODE": "1"}
    no_temp = "" if temp_writable else f"import tempfile; tempfile.tempdir = {str(blocker / 'tmp')!r}"
    code = """
        %s
        import warnings, numpy as np
        warnings.simplefilter("always")
        with warnings.catch_warnings(record=True) as caught:
            import pokerlut
            assert pokerlut.__file__.startswith(%r)
            assert int(pokerlut.evaluate("As Ks Qs Js Ts")) == 7462
            assert pokerlut.evaluate(pokerlut.random_hands(1000, 7, seed=1)).min() > 0
        ours = [w for w in caught if "pokerlut" in str(w.message)]
        assert len(ours) <= 1, [str(w.message) for w in ours]
        print(len(ours), ours[0].message if ours else "")
    """ % (no_temp, str(site))
    r = run(code, env=env, cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-3000:]
    count, _, message = r.stdout.strip().partition(" ")
    assert count == "1"
    if temp_writable:
        assert "caching compiled kernels in" in message
        assert any(temp.iterdir())  # the fallback cache is there...
        again = run(code, env=env, cwd=tmp_path)  # ...and a second process uses it
        assert again.returncode == 0, again.stderr[-3000:]
    else:
        assert "compile anew in every process" in message


@pytest.mark.parametrize("bad, error", [(2.0, TypeError), ("2", TypeError), (True, TypeError), (0, ValueError),
                                        (-1, ValueError), (10**9, ValueError)])
def test_set_num_threads_names_a_bad_count(bad, error):
    import pokerlut

    with pytest.raises(error, match="number of threads"):
        pokerlut.set_num_threads(bad)
    assert pokerlut.get_num_threads() >= 1


def test_set_num_threads_takes_numpy_integers():
    import numpy as np
    import pokerlut

    try:
        pokerlut.set_num_threads(np.int64(2))
        assert pokerlut.get_num_threads() == 2 and type(pokerlut.get_num_threads()) is int
    finally:
        pokerlut.set_num_threads(None)


def test_bad_thread_count_in_the_environment():
    env = dict(os.environ, POKERLUT_NUM_THREADS="many")
    run = subprocess.run([sys.executable, "-c", "import pokerlut; pokerlut.get_num_threads()"], env=env,
                         capture_output=True, text=True)
    assert run.returncode != 0 and "POKERLUT_NUM_THREADS" in run.stderr


def test_no_thread_can_start_the_work_runs_on_the_calling_thread(monkeypatch):
    # a process or memory limit: every new thread fails to start; the call still answers, the same
    import threading

    import numpy as np

    import pokerlut
    from pokerlut import _threads

    hands = pokerlut.random_hands(300_000, 7, seed=5)
    expected = pokerlut.evaluate(hands, parallel=False)
    monkeypatch.setattr(_threads, "_pool", None)
    original = threading.Thread.start

    def refuse(self):
        if self.name.startswith("pokerlut"):
            raise RuntimeError("can't start new thread")
        return original(self)

    monkeypatch.setattr(threading.Thread, "start", refuse)
    previous = pokerlut.get_num_threads()
    pokerlut.set_num_threads(2)
    try:
        got = pokerlut.evaluate(hands, parallel=True)
        assert np.array_equal(got, expected)
        assert _threads._pool is None  # the broken pool was dropped, the next call tries again
    finally:
        pokerlut.set_num_threads(previous)


def test_a_pool_that_starts_one_thread_then_no_more_runs_each_piece_once(monkeypatch):
    import threading
    import time

    from pokerlut import _threads

    monkeypatch.setattr(_threads, "_pool", None)
    original = threading.Thread.start
    started = []

    def first_only(self):
        if self.name.startswith("pokerlut"):
            if started:
                raise RuntimeError("can't start new thread")
            started.append(self)
        return original(self)

    monkeypatch.setattr(threading.Thread, "start", first_only)
    monkeypatch.setattr(_threads, "get_num_threads", lambda: 4)
    ran = []
    lock = threading.Lock()

    def piece(i):
        time.sleep(0.01)
        with lock:
            ran.append(i)
        return i * i

    assert _threads.run_pieces(piece, [(i,) for i in range(8)], threads=True) == [i * i for i in range(8)]
    assert sorted(ran) == list(range(8))  # every piece once: none lost in the queue, none run twice
