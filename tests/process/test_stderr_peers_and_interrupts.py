"""Where pokerlut meets the process (issue 24, item 7 in part): no stderr, a module name given to
``import_peer``, Ctrl-C during a long ``best_five``."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest
from interrupting import HOOK

import pokerlut
from pokerlut import interop
from pokerlut._notice import progress_bar
from pokerlut.bench.peers import PEERS
from pokerlut.equities import class_equity
from pokerlut.videopoker import game_return


# --------------------------------------------------------------------------- no stderr (pythonw, services)


CALLS = {
    "enumerate": lambda progress: pokerlut.equity(["AhKh", "QdQc", "7c7d"], "Qs 7h 2c", exact=True,
                                                  progress=progress).equity,
    "sweep": lambda progress: pokerlut.equity(["TT+, AKs", "random"], "Qs 7h 2c", progress=progress).equity,
    # long enough (about a second) for the bar to draw itself after its half-second delay
    "monte carlo": lambda progress: pokerlut.equity(["AhKh", "QdQc", "7c7d", "8c8d"], exact=False,
                                                    samples=20_000_000, seed=1, progress=progress).equity,
    "omaha": lambda progress: pokerlut.equity(["AsKsQhJh", "AAKK"], "2c 7d 9h", variant="omaha",
                                              progress=progress).equity,
    "grid": lambda progress: class_equity(["QQ+", "JJ"], board="Qs 7h 2c 3d", exact=True, progress=progress).equity,
    "video poker": lambda progress: np.array([game_return("jacks-or-better", progress=progress).value]),
}


@pytest.mark.parametrize("name", CALLS)
def test_a_progress_bar_without_stderr_gives_the_result(name):
    want = CALLS[name](False)
    saved = sys.stderr
    sys.stderr = None
    try:
        for progress in (True, None):
            got = CALLS[name](progress)
            assert np.array_equal(got, want, equal_nan=True)
    finally:
        sys.stderr = saved


def test_no_bar_without_an_open_stderr(tmp_path):
    closed = open(tmp_path / "err.txt", "w")
    closed.close()
    saved = sys.stderr  # set here, not in a fixture: pytest's capture puts its own back between phases
    try:
        for stream in (None, closed):
            sys.stderr = stream
            assert progress_bar(10, "boards", True) is None and progress_bar(10, "boards", None) is None
    finally:
        sys.stderr = saved


def test_pythonw_like_process_gets_its_equity():
    code = ("import sys; sys.stderr = None\nimport pokerlut\n"
            "r = pokerlut.equity(['AhKh', 'QdQc', '7c7d', '8c8d'], exact=False, samples=20_000_000, seed=1, "
            "progress=True)\nprint(round(float(r.equity[0]), 6))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    want = round(float(CALLS["monte carlo"](False)[0]), 6)
    assert result.returncode == 0 and result.stdout.split() == [str(want)], result.stdout + result.stderr


# --------------------------------------------------------------------------- import_peer


@pytest.mark.parametrize("name", ["os", "numpy", "pokerlut", "subprocess", "treys.evaluator", "Treys", "eval7 "])
def test_import_peer_imports_only_the_peers(name):
    with pytest.raises(ValueError, match=r"import_peer imports only the peer evaluators \(eval7, phevaluator, "
                                         r"pokerkit, treys, deuces\), not"):
        interop.import_peer(name)


def test_every_benchmarked_peer_may_be_imported():
    assert set(PEERS) <= set(interop.PEER_PACKAGES)


@pytest.mark.parametrize("name", interop.PEER_PACKAGES)
def test_a_known_peer_missing_is_not_installed(monkeypatch, name):
    monkeypatch.setitem(sys.modules, name, None)  # makes "import name" raise ImportError
    with pytest.raises(interop.PeerNotInstalledError) as info:
        interop.import_peer(name)
    assert info.value.peer == name


# --------------------------------------------------------------------------- Ctrl-C


def test_sigint_during_a_long_best_five_raises_keyboard_interrupt():
    """The interrupt leaves from inside a piece of the call's work (tests/interrupting.py), so it
    lands while the call runs however fast the machine; the process stays usable.  How soon it
    answers is measured by benchmarks/interrupt_latency.py, not here."""
    code = HOOK + textwrap.dedent("""
        import numpy as np
        import pokerlut
        hands = np.tile(pokerlut.random_hands(1_000_000, 7, seed=1), (30, 1))
        pokerlut.best_five(hands[:1000])      # compiled, and the piece's code seen once
        interrupt_when_working()
        try:
            pokerlut.best_five(hands)
            print("finished")
        except KeyboardInterrupt:
            print("interrupted")
        print(pokerlut.format_cards(pokerlut.best_five("As Ks Qs Js Ts 2c 3d").cards))
    """)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["interrupted", "As Ks Qs Js Ts"]


def test_the_pool_starts_every_thread_before_any_work():
    """The executor starts a thread in ``submit`` and registers it for the stop at exit just after: a
    Ctrl-C landing between the two (while a call hands out its first pieces) left a thread nothing
    stopped, and the interpreter hung at exit (seen once in the test above on a loaded machine).  So
    the pool starts all its threads before any work is handed out."""
    code = ("import threading, pokerlut\nfrom pokerlut import _threads\npokerlut.set_num_threads(2)\n"
            "_threads._get_pool()\nprint(sum(t.name.startswith('pokerlut') for t in threading.enumerate()))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["2"]


def test_best_five_checked_block_by_block_names_the_first_bad_row():
    hands = np.tile(pokerlut.random_hands(1000, 7, seed=2), (600, 1))  # 600,000 rows: several blocks
    hands[450_123, 3] = 60
    hands[500_000, 1] = hands[500_000, 0]
    with pytest.raises(ValueError, match=r"^hand 450123, position 3: "):
        pokerlut.best_five(hands)
