"""pokerlut.cuda, every kernel run through numba-cuda's simulator and checked against the CPU.

numba-cuda reads ``NUMBA_ENABLE_CUDASIM`` once, when ``numba.cuda`` is first imported, so the GPU
checks run in a process of their own: :func:`test_simulator` starts pytest on this file (and on the
doctests of ``pokerlut.cuda``) with the variable set, where the tests under ``if CHILD`` are
collected; the suite's own process never imports numba-cuda.  The cases are small (the simulator
runs each CUDA thread as a Python thread), and each check has a hard time limit
(:data:`TEST_LIMIT_S`): past it the child prints every thread's stack and exits, so a kernel
that never ends fails the suite instead of stalling it.  Without a GPU, the tests here also check the error that
names what is missing and that importing pokerlut leaves numba-cuda alone.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
CHILD = os.environ.get("POKERLUT_CUDA_SIM_CHILD") == "1"
HAS_NUMBA_CUDA = importlib.util.find_spec("numba_cuda") is not None
#: The most one simulator check may take (a cold compile of the CPU twin included) before the child
#: dumps its threads' stacks and exits; and the most the whole child may take.
TEST_LIMIT_S = int(os.environ.get("POKERLUT_CUDA_SIM_TEST_LIMIT_S", "240"))
CHILD_LIMIT_S = 900


def _python(code: str, **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k != "NUMBA_ENABLE_CUDASIM"}
    environment.update(env)
    environment["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), environment.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True, text=True, timeout=600)


if not CHILD:

    @pytest.mark.skipif(not HAS_NUMBA_CUDA, reason="needs numba-cuda: pip install 'pokerlut[cuda]'")
    def test_simulator(tmp_path):
        """Every check below (``CHILD``) and pokerlut.cuda's doctests, in numba-cuda's simulator."""
        dump = tmp_path / "hung.txt"
        environment = dict(os.environ, NUMBA_ENABLE_CUDASIM="1", POKERLUT_CUDA_SIM_CHILD="1",
                           POKERLUT_CUDA_SIM_DUMP=str(dump))
        environment["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), environment.get("PYTHONPATH", "")])
        result = subprocess.run([sys.executable, "-m", "pytest", str(Path(__file__)),
                                 "-q", "-x", "-p", "no:cacheprovider", "-o", "addopts=", "--durations=15",
                                 "-W", "error::pytest.PytestUnraisableExceptionWarning",
                                 # the simulator computes with numpy scalars, which warn on the wrap-around
                                 # of 64-bit arithmetic that a device does silently
                                 "-W", "ignore:overflow encountered in scalar:RuntimeWarning"],
                                cwd=ROOT, env=environment, capture_output=True, text=True, timeout=CHILD_LIMIT_S)
        hung = dump.read_text() if dump.exists() else ""
        assert result.returncode == 0, result.stdout[-8000:] + result.stderr[-4000:] + (
            f"\na check ran past {TEST_LIMIT_S} s; its threads' stacks:\n{hung[-6000:]}" if hung else "")
        assert " passed" in result.stdout and " failed" not in result.stdout

    @pytest.mark.skipif(not HAS_NUMBA_CUDA, reason="needs numba-cuda")
    def test_every_kernel_compiles_for_a_device():
        """numba's typing for a real device, which the simulator does not check (needs NVVM, not a GPU)."""
        result = subprocess.run([sys.executable, str(ROOT / "scripts" / "check_cuda_ptx.py")], cwd=ROOT,
                                env=dict(os.environ, PYTHONPATH=str(ROOT / "src")), capture_output=True, text=True,
                                timeout=900)
        if result.returncode == 2:
            pytest.skip(result.stdout.strip().splitlines()[-1])
        assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-3000:]

    def test_importing_pokerlut_leaves_numba_cuda_alone():
        result = _python("import sys, pokerlut, pokerlut.cuda\n"
                         "pokerlut.evaluate([[51, 47, 43, 39, 35]])\n"
                         "print(sorted(m for m in sys.modules if m.startswith(('numba.cuda', 'numba_cuda'))))")
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip() == "[]"

    def test_without_the_extra_the_error_names_it(monkeypatch, tmp_path):
        from pokerlut.cuda import _support

        real = importlib.util.find_spec
        monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "numba_cuda" else real(name, *a))
        _support._load.cache_clear()
        try:
            import pokerlut.cuda as pc

            assert not pc.available()
            with pytest.raises(ImportError, match=r"numba-cuda is not installed \(pip install 'pokerlut\[cuda\]'\)"):
                pc.require()
            assert pc.device_info().startswith("no CUDA device: numba-cuda is not installed")
            with pytest.raises(ImportError, match="numba-cuda is not installed"):
                pc.evaluate(np.zeros((1, 5), np.uint8))
            folder = tmp_path / "streets"
            with pytest.raises(ImportError, match="numba-cuda is not installed"):
                pc.street_table("river", folder, dtype="uint16", board_classes=(0, 1))
            assert not folder.exists()  # refused before the folder is made or locked
        finally:
            _support._load.cache_clear()

    @pytest.mark.skipif(not HAS_NUMBA_CUDA, reason="needs numba-cuda")
    def test_without_a_device_the_error_names_it():
        if os.path.exists("/dev/nvidiactl"):
            pytest.skip("an NVIDIA device is present here")
        result = _python("import pokerlut.cuda as pc\n"
                         "print(pc.available()); print(pc.device_info())\n"
                         "try:\n    pc.require()\nexcept RuntimeError as e:\n    print('RuntimeError', e)\n")
        assert result.returncode == 0, result.stderr
        lines = result.stdout.splitlines()
        assert lines[0] == "False"
        assert lines[1].startswith("no CUDA device: ")
        assert lines[2].startswith("RuntimeError pokerlut.cuda: no CUDA device: ")

    def test_numpy_without_row_stack_gets_the_alias(monkeypatch):
        from pokerlut.cuda import _support

        monkeypatch.delattr(np, "row_stack", raising=False)
        _support._restore_numpy_aliases()
        assert np.row_stack is np.vstack


else:  # ------------------------------------------------------------------- in the simulator's process
    import doctest
    import faulthandler
    import importlib
    from itertools import combinations
    from math import comb

    from numba import cuda

    import pokerlut
    import pokerlut.cuda as pc
    from pokerlut.cuda.simulator import yield_simulator_locks
    from pokerlut.cuda import batch, device, engines
    from pokerlut.ranges import parse_omaha_range
    from pokerlut.sampling import random_hands
    from pokerlut.variants import get_variant

    # the simulator's lock convoy (pokerlut.cuda.simulator): without this, a check ran 30 minutes, not 2 s
    assert yield_simulator_locks()

    BEST_FIVE_GAMES = ("short-deck", "short-deck-straight-over-trips", "ace-five-low", "eight-or-better",
                       "deuce-seven-low", "stud", "razz")

    def game_hands(variant: str, n: int, k: int, seed: int) -> np.ndarray:
        """``n`` hands of ``k`` distinct cards of the game's deck."""
        rng = np.random.default_rng(seed)
        deck = np.array(get_variant(variant).deck, np.uint8)
        return np.array([rng.choice(deck, k, replace=False) for _ in range(n)], np.uint8)

    def error_of(call, *args, **kwargs) -> str:
        with pytest.raises((ValueError, TypeError)) as info:
            call(*args, **kwargs)
        return f"{info.type.__name__}: {info.value}"

    @pytest.fixture(autouse=True)
    def hard_time_limit():
        """Past :data:`TEST_LIMIT_S` the child writes every thread's stack to the file the parent
        names (pytest holds the child's stderr) and exits: a hang fails, with where it hung."""
        with open(os.environ.get("POKERLUT_CUDA_SIM_DUMP", os.devnull), "a") as dump:
            faulthandler.dump_traceback_later(TEST_LIMIT_S, exit=True, file=dump)
            yield
            faulthandler.cancel_dump_traceback_later()

    CUDA_MODULES = ("pokerlut.cuda", "pokerlut.cuda._support", "pokerlut.cuda.arrays", "pokerlut.cuda.batch",
                    "pokerlut.cuda.batch_kernels", "pokerlut.cuda.combinations", "pokerlut.cuda.device",
                    "pokerlut.cuda.devices", "pokerlut.cuda.engines", "pokerlut.cuda.histogram", "pokerlut.cuda.omaha",
                    "pokerlut.cuda.omaha_equity", "pokerlut.cuda.omaha_random", "pokerlut.cuda.preflop",
                    "pokerlut.cuda.simulator", "pokerlut.cuda.street_scan", "pokerlut.cuda.street_tables",
                    "pokerlut.cuda.streets", "pokerlut.cuda.sweep")

    @pytest.mark.parametrize("name", CUDA_MODULES)
    def test_doctests(name):
        """pokerlut.cuda's doctests, in the simulator, each module under the time limit."""
        result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, verbose=False)
        assert result.failed == 0, f"{result.failed} of {result.attempted} doctest examples failed in {name}"

    def test_every_module_has_its_doctests_run():
        found = {"pokerlut.cuda" + ("" if f.stem == "__init__" else "." + f.stem)
                 for f in Path(pc.__file__).parent.glob("*.py")}
        assert found == set(CUDA_MODULES)

    def test_available_in_the_simulator():
        assert pc.available()
        pc.require()
        assert "simulator" in pc.device_info()

    @pytest.mark.parametrize("k", [5, 6, 7])
    def test_evaluate_device_arrays_equal_the_cpu(k):
        hands = random_hands(600, k, wild_fraction=0.3, max_wilds=3, seed=k)
        got = pc.evaluate(cuda.to_device(hands))
        assert batch.is_device_array(got)
        np.testing.assert_array_equal(got.copy_to_host(), pokerlut.evaluate(hands))

    @pytest.mark.parametrize("variant", BEST_FIVE_GAMES)
    def test_evaluate_every_best_five_game(variant):
        for k in (5, 7):
            hands = game_hands(variant, 150, k, seed=k)
            np.testing.assert_array_equal(pc.evaluate(cuda.to_device(hands), variant=variant).copy_to_host(),
                                          pokerlut.evaluate(hands, variant=variant))

    @pytest.mark.parametrize("variant, k", [("ofc", 3), ("ofc", 5), ("three-card-poker", 3)])
    def test_evaluate_rows_ranked_whole(variant, k):
        hands = game_hands(variant, 300, k, seed=3)
        np.testing.assert_array_equal(pc.evaluate(cuda.to_device(hands), variant=variant).copy_to_host(),
                                      pokerlut.evaluate(hands, variant=variant))

    def test_evaluate_unchecked_garbage_equals_the_cpu():
        rng = np.random.default_rng(1)
        for k in (5, 7):
            hands = rng.integers(0, 256, (300, k), dtype=np.uint8)
            hands[::3] = rng.integers(0, 53, (100, k), dtype=np.uint8)  # repeats and wild cards
            np.testing.assert_array_equal(pc.evaluate(cuda.to_device(hands), check=False).copy_to_host(),
                                          pokerlut.evaluate(hands, check=False))

    def test_evaluate_other_dtypes_strides_and_shapes():
        hands = random_hands(240, 7, wild_fraction=0.2, seed=9)
        expected = pokerlut.evaluate(hands)
        wide = cuda.to_device(hands.astype(np.int64))
        np.testing.assert_array_equal(pc.evaluate(wide).copy_to_host(), expected)
        strided = cuda.to_device(np.ascontiguousarray(np.repeat(hands, 2, axis=1)))[:, ::2]
        np.testing.assert_array_equal(pc.evaluate(strided).copy_to_host(), expected)
        cube = pc.evaluate(cuda.to_device(hands.reshape(8, 30, 7)))
        assert cube.shape == (8, 30)
        np.testing.assert_array_equal(cube.copy_to_host(), expected.reshape(8, 30))
        one = pc.evaluate(cuda.to_device(hands[0]))
        assert one.shape == ()
        assert int(one.copy_to_host()) == expected[0]

    def test_empty_input():
        assert pc.evaluate(cuda.to_device(np.zeros((0, 7), np.uint8))).shape == (0,)
        assert pc.evaluate(np.zeros((0, 5), np.uint8)).shape == (0,)
        assert pc.category(cuda.to_device(np.zeros(0, np.uint16))).shape == (0,)

    @pytest.mark.parametrize("case", ["repeat", "not a card", "wide", "short deck", "lead shape", "dtype", "shape"])
    def test_bad_rows_are_named_as_the_cpu_names_them(case):
        hands = random_hands(40, 7, seed=4).astype(np.int64)
        variant = "high"
        if case == "repeat":
            hands[23, 5] = hands[23, 1]
        elif case == "not a card":
            hands[31, 2] = 99
        elif case == "wide":
            hands[12, 6] = 300
        elif case == "short deck":
            variant, hands = "short-deck", game_hands("short-deck", 40, 7, seed=4).astype(np.int64)
            hands[17, 0] = 0  # the deuce of clubs, not dealt in short deck
        elif case == "lead shape":
            hands[33, 4] = 52
            hands[33, 6] = hands[33, 3]
            hands = hands.reshape(4, 10, 7)
        elif case == "dtype":
            hands = hands.astype(np.float64)
        else:
            hands = np.ascontiguousarray(hands[:, :4])
        cpu = error_of(pokerlut.evaluate, hands, variant=variant)
        if case != "dtype":
            assert error_of(pc.evaluate, cuda.to_device(hands), variant=variant) == cpu
        if case in ("repeat", "not a card", "wide", "lead shape"):
            assert error_of(pc.evaluate, cuda.to_device(hands.astype(np.uint8) if case != "wide" else hands)) == cpu
        assert error_of(pc.evaluate, hands, variant=variant) == cpu  # the host path

    def test_host_input_streams_in_chunks():
        hands = random_hands(700, 6, wild_fraction=0.2, seed=6)
        np.testing.assert_array_equal(pc.evaluate(hands, chunk_rows=128), pokerlut.evaluate(hands))
        texts = ["As Ks Qs Js Ts", "W 7h 7s 2c 2d"]
        np.testing.assert_array_equal(pc.evaluate(texts), pokerlut.evaluate(texts))
        bad = hands.copy()
        bad[650, 3] = bad[650, 0]
        assert error_of(pc.evaluate, bad, chunk_rows=128) == error_of(pokerlut.evaluate, bad)
        np.testing.assert_array_equal(pc.evaluate(hands, chunk_rows=128), pokerlut.evaluate(hands))  # buffers reused
        assert "chunk_rows must be a positive integer" in error_of(pc.evaluate, hands, chunk_rows=0)

    def test_category_equals_the_cpu():
        strengths = np.random.default_rng(2).integers(1, 7476, 500).astype(np.uint16)
        np.testing.assert_array_equal(pc.category(cuda.to_device(strengths)).copy_to_host(),
                                      pokerlut.category(strengths))
        low = np.random.default_rng(3).integers(1, 1405, (20, 10))
        np.testing.assert_array_equal(pc.category(cuda.to_device(low), "short-deck").copy_to_host(),
                                      pokerlut.category(low, "short-deck"))
        strengths[77] = 0
        assert error_of(pc.category, cuda.to_device(strengths)) == error_of(pokerlut.category, strengths)

    def _deals(n: int, players: int, hole: int, board: int, seed: int, wild: bool = False) -> tuple:
        cards = random_hands(n, players * hole + board, seed=seed)
        if wild:
            cards[::4, 0] = 52
        return (np.ascontiguousarray(cards[:, :players * hole]).reshape(n, players, hole),
                np.ascontiguousarray(cards[:, players * hole:]))

    def test_showdown_equals_the_cpu():
        holes, board = _deals(300, 3, 2, 5, seed=11, wild=True)
        got = pc.showdown(cuda.to_device(holes), cuda.to_device(board))
        want = pokerlut.showdown(holes, board)
        for g, w in zip(got, want):
            np.testing.assert_array_equal(g.copy_to_host(), w)
        holes, board = _deals(1, 4, 2, 4, seed=12)
        got = pc.showdown(holes[0], board[0])  # host input, one deal
        want = pokerlut.showdown(holes[0], board[0])
        for g, w in zip(got, want):
            np.testing.assert_array_equal(g, w)
        holes = game_hands("razz", 30, 14, seed=13).reshape(30, 2, 7)
        got = pc.showdown(cuda.to_device(holes), None, variant="razz")
        np.testing.assert_array_equal(got.shares.copy_to_host(), pokerlut.showdown(holes, variant="razz").shares)

    def test_showdown_bad_deals_are_named_as_the_cpu_names_them():
        holes, board = _deals(50, 2, 2, 5, seed=14)
        repeated = holes.copy()
        repeated[37, 1, 0] = board[37, 2]
        assert error_of(pc.showdown, cuda.to_device(repeated), cuda.to_device(board)) == \
            error_of(pokerlut.showdown, repeated, board)
        wide = holes.astype(np.int32)
        wide[41, 0, 1] = 400
        assert error_of(pc.showdown, cuda.to_device(wide), cuda.to_device(board)) == \
            error_of(pokerlut.showdown, wide, board)
        assert error_of(pc.showdown, repeated[37], board[37]) == error_of(pokerlut.showdown, repeated[37], board[37])

    def fake_dlpack_library():
        """A library known only by DLPack (as JAX is): its arrays export ``__dlpack__`` and say they
        live on CUDA device 0, and it reads arrays back with ``from_dlpack`` (in the simulator, whose
        device memory is host memory, a DLPack export is host memory)."""
        import types

        library = types.ModuleType("fakedl")

        class Array:
            def __init__(self, data):
                self.data = np.asarray(data)

            def __dlpack__(self, **options):
                return self.data.__dlpack__(**options)

            def __dlpack_device__(self):
                return (2, 0)

        Array.__module__ = "fakedl"
        library.Array = Array
        library.from_dlpack = lambda exported: Array(np.from_dlpack(exported))
        sys.modules["fakedl"] = library
        return library

    def test_dlpack_arrays_come_back_in_their_library():
        fakedl = fake_dlpack_library()
        try:
            hands = random_hands(300, 7, wild_fraction=0.2, max_wilds=2, seed=12)
            got = pc.evaluate(fakedl.Array(hands))
            assert type(got) is fakedl.Array
            np.testing.assert_array_equal(got.data, pokerlut.evaluate(hands))
            cats = pc.category(fakedl.Array(got.data))
            assert type(cats) is fakedl.Array
            np.testing.assert_array_equal(cats.data, pokerlut.category(got.data))
            holes, board = _deals(50, 3, 2, 5, seed=4)
            shown = pc.showdown(fakedl.Array(holes), fakedl.Array(board))
            want = pokerlut.showdown(holes, board)
            for a, b in zip(shown, want):
                assert type(a) is fakedl.Array
                np.testing.assert_array_equal(a.data, b)
            omaha = random_hands(40, 9, seed=5)
            high = pc.evaluate_omaha(fakedl.Array(omaha[:, :4]), fakedl.Array(omaha[:, 4:]))
            assert type(high) is fakedl.Array
            np.testing.assert_array_equal(high.data, pokerlut.evaluate_omaha(omaha[:, :4], omaha[:, 4:]))
            bad = hands.copy()
            bad[123, 5] = bad[123, 1]
            assert error_of(pc.evaluate, fakedl.Array(bad)) == error_of(pokerlut.evaluate, bad)
        finally:
            del sys.modules["fakedl"]

    def test_dlpack_arrays_of_other_devices_are_refused_by_name():
        class RocmArray:
            def __dlpack__(self, **options):
                raise AssertionError("not read")

            def __dlpack_device__(self):
                return (10, 0)

        message = error_of(pc.evaluate, RocmArray())
        assert message.startswith("TypeError: pokerlut.cuda runs on CUDA devices: got a ") and "device type 10" in message
        host = fake_dlpack_library().Array(np.zeros((2, 5), np.uint8))
        try:
            type(host).__dlpack_device__ = lambda self: (1, 0)  # host memory: read as the CPU reads it
            assert not batch.is_device_array(host)
        finally:
            del sys.modules["fakedl"]

    def test_choosing_the_device_by_index():
        """The simulator has one device: index 0 runs (by ``device=`` and by ``use_device``), index 1
        is the error naming it and the count, a negative index or a non-integer is refused."""
        hands = random_hands(50, 7, seed=31)
        want = pokerlut.evaluate(hands)
        assert pc.device_count() == 1
        np.testing.assert_array_equal(pc.evaluate(hands, device=0), want)
        np.testing.assert_array_equal(pc.evaluate(cuda.to_device(hands), device=np.int64(0)).copy_to_host(), want)
        with pc.use_device(0) as index:
            assert index == 0
            np.testing.assert_array_equal(pc.evaluate(hands), want)
        assert pc.exact_equity(["AhKh", "QdQc"], "2c 7d 8s 3h", device=0).n == 44
        missing = "ValueError: device 1 does not exist: this machine has 1 CUDA device (indices 0..0)"
        assert error_of(pc.evaluate, hands, device=1) == missing
        assert error_of(pc.monte_carlo_equity, ["AhKh", "random"], trials=10, device=1) == missing
        with pytest.raises(ValueError, match=r"^device 1 does not exist: this machine has 1 CUDA device"):
            with pc.use_device(1):
                raise AssertionError("the block ran on a device that does not exist")
        assert error_of(pc.category, np.ones(3, np.uint16), device=-1) == \
            "ValueError: device must be a CUDA device index 0 or more, got -1"
        for bad in ("0", 0.0, True, None):
            message = error_of(pc.use_device(bad).__enter__)
            assert message.startswith("TypeError: device must be the integer index of a CUDA device, got "), message
        assert error_of(pc.strength_histogram, 5, device="1").startswith("TypeError: device must be the integer")

    def test_arrays_on_another_device_are_refused_by_name():
        fakedl = fake_dlpack_library()
        try:
            hands = fakedl.Array(random_hands(20, 5, seed=32))
            type(hands).__dlpack_device__ = lambda self: (2, 1)  # CUDA memory of device 1
            message = error_of(pc.evaluate, hands)
            assert message.startswith("ValueError: the hands live on CUDA device 1, but this call runs on device 0: "
                                      "pass device=1"), message
            holes = fakedl.Array(random_hands(20, 4, seed=33))
            assert "the holes live on CUDA device 1" in error_of(pc.evaluate_omaha, holes, "2c 7d 8s")
        finally:
            del sys.modules["fakedl"]

    def test_river_hand_strength_equals_every_opponent_ranked_by_the_cpu():
        from pokerlut.cuda import streets

        deals = random_hands(8, 7, seed=21)
        holes, boards = deals[:, :2], deals[:, 2:]
        boards[1] = boards[0]  # another hand on the same board, and the same hand on another board
        holes[1] = [c for c in range(52) if c not in boards[0] and c not in holes[0]][-2:]
        holes[3] = holes[2]
        boards[3] = [c for c in range(52) if c not in holes[2]][:5]
        got = streets.river_hand_strength(holes, boards, half_points=True)
        want = []
        for hole, board in zip(holes, boards):  # every opponent combo, ranked in one CPU batch
            left = [c for c in range(52) if c not in hole and c not in board]
            theirs = pokerlut.evaluate(np.array([[*board, a, b] for a, b in combinations(left, 2)], np.uint8))
            mine = int(pokerlut.evaluate(np.array([*hole, *board], np.uint8)))
            want.append(2 * int((theirs < mine).sum()) + int((theirs == mine).sum()))
        np.testing.assert_array_equal(got, want)
        assert got.dtype == np.uint16
        np.testing.assert_array_equal(streets.river_hand_strength(holes, boards), got / 1980)
        again = streets.river_hand_strength(holes.reshape(2, 4, 2), boards.reshape(2, 4, 5), half_points=True,
                                            launch=(2, 3))
        np.testing.assert_array_equal(again.reshape(-1), got)
        assert error_of(streets.river_hand_strength, ["Ah Kh"], "Ah Qs Jd 2c 3c") == \
            error_of(pokerlut.abstraction.hand_strength, ["Ah Kh"], "Ah Qs Jd 2c 3c")
        assert "b in 5" in error_of(streets.river_hand_strength, ["Ah Kh"], "Qs Jd 2c")
        assert streets.river_hand_strength(np.zeros((0, 2), np.uint8), np.zeros((0, 5), np.uint8)).shape == (0,)

    def test_river_entries_equal_the_cpu_street_table():
        from pokerlut.abstraction.streets import DEFAULT_STREET_BINS, block_entries
        from pokerlut.cuda import streets

        want = block_entries("river", DEFAULT_STREET_BINS, True, "uint16", 0, 1)["hs"]  # board class 0
        np.testing.assert_array_equal(streets.river_entries(294, 301), want[294:301])
        assert "0 <= first <= stop" in error_of(streets.river_entries, 5, 3)

    def test_turn_entries_equal_the_cpu_street_table():
        from pokerlut.abstraction.streets import block_entries
        from pokerlut.cuda import streets

        want = block_entries("turn", 5, True, "float64", 0, 1)  # board class 0, 5 bins
        got = streets.street_entries("turn", 100, 101, bins=5, dtype="float64")  # EHS 0.77, three bins
        assert sorted(got) == sorted(want) == ["ehs", "ehs2", "hist"]
        for name in want:
            assert got[name].dtype == want[name].dtype
            np.testing.assert_array_equal(got[name], want[name][100:101])
        assert "street must be one of" in error_of(streets.street_entries, "preflop", 0, 1)

    def test_board_scan_equals_the_cpu_street_kernel_on_the_river():
        """The device's board scan against the CPU's (its sorted combos' running counts), board
        class by board class, every hole class at its street index: board classes 0 and 1 (all
        clubs but for a card), one of four suits, and one of the street indexed without rounds."""
        from pokerlut.abstraction.streets import compute_block, table_plan
        from pokerlut.cuda.street_tables import street_block

        for by_round, lo, hi in ((True, 0, 2), (True, 2_000_000, 2_000_001), (False, 77_777, 77_778)):
            plan = table_plan("river", dtype="uint16", by_round=by_round)  # by_round=False: the board as one set
            want = compute_block(plan, lo, hi)["num"]
            got = street_block(plan, lo, hi, launch=(2, 7) if lo else None)["num"]
            assert got.dtype == want.dtype and len(set(want.tolist())) > 5
            np.testing.assert_array_equal(got, want)

    @pytest.mark.parametrize("street, board_class, cards", [("turn", 0, "2d 2h 2s"), ("flop", 0, "Ad Ah As")])
    def test_board_scan_sums_completions_as_the_cpu_ranks_them(street, board_class, cards):
        """The flop's and turn's sums over completions, cut to the completions made of three cards
        that the board's suit symmetry swaps (4c 3c 2c: diamonds, hearts and spades alike, so every
        hole class's hands still share their numbers): each completion's half-points from the CPU's
        hand strength (a brute force), each hand at the CPU indexer's street index."""
        from pokerlut.abstraction import hand_strength
        from pokerlut.abstraction.streets import canonical_boards, table_plan
        from pokerlut.cuda.street_tables import street_block

        bins = 7
        plan = table_plan(street, bins=bins)
        cut = pokerlut.parse_cards(cards).tolist()
        got = street_block(plan, board_class, board_class + 1, completion_cards=cut,
                           launch=(1, 5) if street == "turn" else None)  # threads sharing a board, or one
        (board,), offsets = canonical_boards(plan, board_class, board_class + 1)
        deck = [c for c in range(52) if c not in board]
        holes = np.array(list(combinations(deck, 2)), np.uint8)
        at = plan["indexer"].index_rows(holes, np.repeat(board[None], len(holes), 0)) - \
            plan["indexer"].board_offsets[board_class]
        total, squares, hist = np.zeros(len(holes), np.int64), np.zeros(len(holes), np.int64), \
            np.zeros((len(holes), bins), np.int64)
        completions = [c for c in combinations(cut, 5 - len(board))]
        assert len(completions) == 3
        for completion in completions:
            live = ~np.isin(holes, completion).any(axis=1)
            full = np.repeat(np.array([[*board, *completion]], np.uint8), live.sum(), 0)
            half = np.rint(hand_strength(holes[live], full) * 1980).astype(np.int64)
            total[live] += half
            squares[live] += half * half
            np.add.at(hist, (np.flatnonzero(live), np.minimum(half * bins // 1980, bins - 1)), 1)
        assert sorted(got) == ["hist", "squares", "sum"] and len(got["sum"]) == offsets[-1]
        assert got["hist"].dtype == np.uint16 and got["sum"].dtype == got["squares"].dtype == np.int64
        for name, want in (("sum", total), ("squares", squares), ("hist", hist)):
            expected = np.zeros_like(got[name])
            expected[at] = want
            np.testing.assert_array_equal(got[name], expected)
        assert len(set(total.tolist())) > 10

    def test_river_hand_strength_scans_shared_boards():
        """Hands sharing a board go through the board scan, the others by brute force: both equal
        every opponent ranked by the CPU."""
        from pokerlut.cuda import streets

        board = pokerlut.parse_cards("Kd 9s 9h 4c 2s")
        left = [c for c in range(52) if c not in board]
        rng = np.random.default_rng(5)
        holes = np.array([rng.choice(left, 2, replace=False) for _ in range(streets.SCAN_MIN_HANDS + 2)], np.uint8)
        holes[1] = holes[0][::-1]  # the same hand in the other order
        boards = np.repeat(board[None], len(holes), 0)
        boards[2] = boards[2][::-1]  # the same board in another order
        single = random_hands(2, 7, seed=8)  # two hands on boards of their own
        holes, boards = np.concatenate([holes, single[:, :2]]), np.concatenate([boards, single[:, 2:]])
        got = streets.river_hand_strength(holes, boards, half_points=True)
        want = []
        for hole, row in zip(holes, boards):
            theirs = pokerlut.evaluate(np.array([[*row, a, b] for a, b in combinations(
                [c for c in range(52) if c not in hole and c not in row], 2)], np.uint8))
            mine = int(pokerlut.evaluate(np.array([*hole, *row], np.uint8)))
            want.append(2 * int((theirs < mine).sum()) + int((theirs == mine).sum()))
        np.testing.assert_array_equal(got, want)
        assert got[0] == got[1] and len(set(want)) > 3

    def _head(path: Path, size: int) -> bytes:
        """The first ``size`` bytes of a file (a street file is mostly sparse: never read it whole)."""
        with open(path, "rb") as f:
            return f.read(size)

    def test_street_table_on_the_device_writes_the_cpu_bytes(tmp_path):
        """The device's street table: the CPU's files byte for byte, in chunks of a board class (one
        written while the next is scanned) or resuming the CPU's checkpoint; the folder locked and the
        parameters checked as the CPU's are."""
        from pokerlut.abstraction.streets import StreetFiles, table_plan

        cpu = pokerlut.street_table("river", tmp_path / "cpu", dtype="uint16", board_classes=(0, 2), progress=False)
        gpu = pc.street_table("river", tmp_path / "gpu", dtype="uint16", board_classes=(0, 2), progress=False,
                              chunk_bytes=1, launch=(2, 8))
        assert (gpu.done, gpu.resumed_from, gpu.count) == (2, 0, cpu.count)
        pokerlut.street_table("river", tmp_path / "both", dtype="uint16", board_classes=(0, 1), progress=False)
        resumed = pc.street_table("river", tmp_path / "both", dtype="uint16", board_classes=(0, 2), progress=False,
                                  device=0)
        assert (resumed.done, resumed.resumed_from) == (2, 1)
        written = 1024 + 2 * int(pokerlut.iso.street_indexer(5).board_offsets[3])  # the header, classes 0-1 and past

        def same_bytes(name: str) -> None:
            for side in ("gpu", "both"):
                paths = [tmp_path / "cpu" / name, tmp_path / side / name]
                assert paths[0].stat().st_size == paths[1].stat().st_size, name  # the rest: sparse, never written
                assert _head(paths[0], written) == _head(paths[1], written), (side, name)

        for name in ("river_hs.npy", "river_checkpoint.json"):
            same_bytes(name)
        for dtype in ("float32", "float64"):  # hand strength as floats: the division made on the device
            floats = [call("river", tmp_path / f"{side}-{dtype}", dtype=dtype, board_classes=(0, 1), progress=False)
                      for side, call in (("cpu", pokerlut.street_table), ("gpu", pc.street_table))]
            end = 1024 + np.dtype(dtype).itemsize * int(pokerlut.iso.street_indexer(5).board_offsets[2])
            sides = [_head(t.files["hs"], end) for t in floats]
            assert sides[0] == sides[1] and floats[0].checkpoint.read_bytes() == floats[1].checkpoint.read_bytes()
        names = [sorted(p.name for p in (tmp_path / side).iterdir()) for side in ("cpu", "gpu")]
        assert names[0] == names[1]
        holder = StreetFiles(table_plan("river", dtype="uint16"), tmp_path / "gpu")
        try:
            with pytest.raises(pokerlut.abstraction.streets.FolderInUse, match="is being written by"):
                pc.street_table("river", tmp_path / "gpu", dtype="uint16", board_classes=(0, 3), progress=False)
        finally:
            holder.close()
        same_bytes("river_hs.npy")
        assert "chunk_bytes must be an integer" in error_of(pc.street_table, "river", tmp_path / "x", chunk_bytes=1.5)
        assert "chunk_bytes must be at least 1" in error_of(pc.street_table, "river", tmp_path / "x", chunk_bytes=0)
        assert "board_classes[1] must be an integer" in error_of(pc.street_table, "river", tmp_path / "x",
                                                                  board_classes=(0, "2"))
        assert error_of(pc.street_table, "river", tmp_path / "x", device=1).startswith(
            "ValueError: device 1 does not exist")
        for launch in ((1, 257), (0, 8), (1.0, 8), 8):
            assert "launch must be (blocks >= 1, threads 1 .. 256)" in error_of(pc.street_table, "river",
                                                                                tmp_path / "x", launch=launch)
        assert not (tmp_path / "x").exists()

    @pytest.mark.parametrize("variant", ["omaha", "omaha-hilo"])
    def test_omaha_equals_the_cpu(variant):
        for n_hole, n_board in ((4, 5), (5, 3), (6, 4)):
            deals = random_hands(50, n_hole + n_board, seed=n_hole)
            holes, boards = np.ascontiguousarray(deals[:, :n_hole]), np.ascontiguousarray(deals[:, n_hole:])
            got = pc.evaluate_omaha(cuda.to_device(holes), cuda.to_device(boards), variant=variant)
            want = pokerlut.evaluate_omaha(holes, boards, variant=variant)
            if variant == "omaha":
                np.testing.assert_array_equal(got.copy_to_host(), want)
            else:
                np.testing.assert_array_equal(got.high.copy_to_host(), want.high)
                np.testing.assert_array_equal(got.low.copy_to_host(), want.low)
        shared = np.array([0, 5, 10, 33, 51], np.uint8)
        holes = game_hands("high", 60, 8, seed=5)
        holes = np.array([[c for c in row if c not in shared][:4] for row in holes], np.uint8)
        got = pc.evaluate_omaha(holes.reshape(6, 10, 4), shared, variant=variant)  # host input, one board
        want = pokerlut.evaluate_omaha(holes.reshape(6, 10, 4), shared, variant=variant)
        for g, w in zip(got if variant != "omaha" else [got], want if variant != "omaha" else [want]):
            np.testing.assert_array_equal(g, w)

    @pytest.mark.parametrize("case", ["repeat", "wild", "wide", "shared board", "unchecked"])
    def test_omaha_bad_hands_are_named_as_the_cpu_names_them(case):
        deals = random_hands(30, 9, seed=8).astype(np.int32)
        holes, boards = np.ascontiguousarray(deals[:, :4]), np.ascontiguousarray(deals[:, 4:])
        if case == "repeat":
            holes[21, 2] = boards[21, 4]
        elif case == "wild":
            boards[9, 0] = 52
        elif case == "wide":
            holes[14, 1] = 999
        elif case == "shared board":
            boards = np.ascontiguousarray(boards[0])
            holes[6, 3] = boards[2]
        else:
            holes[4, 0] = holes[4, 1]
            boards[7, 3] = 52
            got = pc.evaluate_omaha(cuda.to_device(holes), cuda.to_device(boards), check=False).copy_to_host()
            np.testing.assert_array_equal(got, pokerlut.evaluate_omaha(holes, boards, check=False))
            assert got[4] == 0 and got[7] == 0
            return
        cpu = error_of(pokerlut.evaluate_omaha, holes, boards)
        assert error_of(pc.evaluate_omaha, cuda.to_device(holes), cuda.to_device(boards)) == cpu
        assert error_of(pc.evaluate_omaha, holes, boards) == cpu

    @pytest.mark.parametrize("n_cards", [5, 6, 7])
    def test_histogram_of_every_hand_of_a_small_deck(n_cards):
        deck = [0, 1, 2, 5, 9, 12, 13, 17, 22, 26, 30, 31, 40, 44, 48, 51]
        hands = np.array(list(combinations(deck, n_cards)), np.uint8)
        want = np.bincount(pokerlut.evaluate(hands), minlength=7476)
        got = engines.strength_histogram(n_cards, deck=deck)
        np.testing.assert_array_equal(got, want)
        np.testing.assert_array_equal(engines.strength_histogram(n_cards, deck=deck, launch=(3, 5)), want)
        counts = engines.category_counts(n_cards, deck=deck)
        np.testing.assert_array_equal(counts, np.bincount(pokerlut.category(hands_strengths := pokerlut.evaluate(hands)),
                                                          minlength=10))
        assert counts.sum() == len(hands_strengths)

    def test_histogram_of_another_game():
        deck = [c for c in get_variant("short-deck").deck][:15]
        hands = np.array(list(combinations(deck, 6)), np.uint8)
        got = engines.strength_histogram(6, "short-deck", deck=deck)
        np.testing.assert_array_equal(got, np.bincount(pokerlut.evaluate(hands, variant="short-deck"),
                                                       minlength=len(got)))

    @pytest.mark.parametrize("players, board, dead, variant", [
        (["AhKh", "QdQc"], "2c 7d 9h", "", "high"),
        (["AsAd", "KcKh", "7s8s"], "Ks 7h 2c 3d", "", "high"),
        (["AhKh", "QdQc", "JsTs"], "2h 3h 9c", "4h 5s", "high"),
        (["AhKh", "9d9c"], "Ts Jh 6c", "", "short-deck"),
        (["AhKh", "QQ+, AKs"], "2c 7d 9h 3s", "", "high"),
        (["JJ+", "AhKs"], "2c 7d 9h 3s", "Qh", "high"),
        (["AsAd", "KK, 76s", "QQ"], "Ks 7h 2c 3d", "", "high"),
    ])
    def test_exact_equity_equals_the_cpu(players, board, dead, variant):
        got = engines.exact_equity(players, board, dead, variant=variant)
        want = pokerlut.equity(players, board, dead, exact=True, variant=variant)
        assert got.n == want.n
        np.testing.assert_allclose(got.equity, want.equity, rtol=0, atol=1e-12)
        np.testing.assert_allclose(got.win, want.win, rtol=0, atol=1e-12)
        np.testing.assert_allclose(got.tie, want.tie, rtol=0, atol=1e-12)
        again = engines.exact_equity(players, board, dead, variant=variant, launch=(2, 3), chunk=7)
        np.testing.assert_array_equal(again.equity, got.equity)

    LOW_DEAD = "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5s 6c 6d 6h 6s"  # 19 dead: 29 cards left

    @pytest.mark.parametrize("players, board, dead", [
        (["QQ+, AKs", "JJ-99, AK"], "Kd 8s 3c 2h", ""),  # two small ranges on a turn (AKs in both): 48 rivers
        (["TT+, AKs", "random"], "Qs 7h 9c 5h", LOW_DEAD),  # against random, with dead cards
        (["AsKd, QQ", "KK, QQ, AK"], "Kh 7h 2c 8d", "7c"),  # the same combos on both sides
    ])
    def test_sweep_counts_equal_the_cpu_sweep(players, board, dead):
        """The device sweep's whole-number counts per combo are the CPU sweep's (weight 1: its float
        sums are whole numbers), and its fractions are ``pokerlut.equity``'s sweep to the last bit."""
        from pokerlut.cuda import sweep as device_sweep
        from pokerlut.equities import sweep as cpu_sweep

        deal = pokerlut.equities.parse_deal(players, board, dead, get_variant("high"))
        got = device_sweep.sweep_counts(deal, device.tables("high"))
        want = cpu_sweep.sweep_counts(deal, both=True)[got.s]
        np.testing.assert_array_equal(got.counts, want[:, [0, 1, 3]])  # beaten, tied, met (combos)
        assert got.counts[:, 0].sum() > 0 and got.counts[:, 1].sum() > 0  # wins and ties both counted
        win, tie, equity, n = device_sweep.sweep_fractions(deal, got)
        cpu = pokerlut.equity(players, board, dead, exact=True, method="sweep")
        for mine, theirs in ((win, cpu.win), (tie, cpu.tie), (equity, cpu.equity)):
            np.testing.assert_array_equal(mine, theirs)
        assert n == cpu.n
        brute = pokerlut.equity(players, board, dead, exact=True, method="enumerate")  # an engine without sorting
        np.testing.assert_allclose(equity, brute.equity, rtol=0, atol=1e-12)
        if not dead:  # the engine's choice, and other launch shapes: blocks striding over the boards
            assert device_sweep.sweep_cheaper(deal)
            shaped = engines.exact_equity(players, board, dead, launch=(3, 1))
            for mine, theirs in ((win, shaped.win), (tie, shaped.tie), (equity, shaped.equity)):
                np.testing.assert_array_equal(mine, theirs)

    @pytest.mark.parametrize("launch", [(1, 7), (2, 32)])
    def test_sweep_blocks_of_many_threads_equal_the_cpu(launch):
        """Threads of a block sorting together (512 slots: two random hands of 28 cards) and owning
        every ``threads``-th combo (on a river: one board, since each barrier is slow in the simulator)."""
        from pokerlut.cuda import sweep as device_sweep
        from pokerlut.equities import sweep as cpu_sweep

        deal = pokerlut.equities.parse_deal(["random", "random"], "Kd 8s 7c Th 9d", LOW_DEAD, get_variant("high"))
        assert len(deal.ranges[0]) == 378  # 28 cards left
        got = device_sweep.sweep_counts(deal, device.tables("high"), launch=launch)
        want = cpu_sweep.sweep_counts(deal, both=True)[got.s]
        np.testing.assert_array_equal(got.counts, want[:, [0, 1, 3]])

    def test_sweep_is_chosen_as_the_cpu_would_and_weights_stay_on_the_host():
        """A weighted range is the searched side (the sorted side weighs the same everywhere); two
        weighted ranges, or fixed hands, are enumerated."""
        from pokerlut.cuda import sweep as device_sweep

        high = get_variant("high")
        weighted = ["AA, KK:0.5", "QQ+, AKs"]
        deal = pokerlut.equities.parse_deal(weighted, "Ks 7h 2c 3d", "", high)
        assert device_sweep.sweep_sides(deal) == 0 and device_sweep.sweep_cheaper(deal)
        got = engines.exact_equity(weighted, "Ks 7h 2c 3d")
        want = pokerlut.equity(weighted, "Ks 7h 2c 3d", exact=True, method="enumerate")
        np.testing.assert_allclose(got.equity, want.equity, rtol=0, atol=1e-12)
        np.testing.assert_allclose(got.tie, want.tie, rtol=0, atol=1e-12)
        both = pokerlut.equities.parse_deal(["AA, KK:0.5", "QQ:2, JJ"], "Ks 7h 2c 3d", "", high)
        assert device_sweep.sweep_sides(both) is None and not device_sweep.sweep_cheaper(both)
        assert not device_sweep.sweep_cheaper(pokerlut.equities.parse_deal(["AhKh", "QdQc"], "Ks 7h 2c", "", high))
        with pytest.raises(ValueError, match="one of whose ranges weighs the same"):
            engines.exact_equity(["AA, KK:0.5", "QQ:2, JJ"], "Ks 7h 2c 3d", method="sweep")
        with pytest.raises(ValueError, match="method must be"):
            engines.exact_equity(["AA", "KK"], "Ks 7h 2c 3d", method="sort")
        with pytest.raises(ValueError, match="chunk must be a positive integer"):  # whichever engine runs
            engines.exact_equity(["AA", "KK"], "Ks 7h 2c 3d", method="sweep", chunk=0)
        with pytest.raises(pokerlut.equities.deal.ImpossibleDeal):
            engines.exact_equity(["AsAh", "AsAh, AhAs"], "Ks 7h 2c 3d", method="sweep")

    SMALL_DECK_DEAD = " ".join(r + s for r in "23456789T" for s in "cdhs")  # 16 cards left: J..A, suits whole

    @pytest.mark.parametrize("players", [["AhKh", "QdQc"], ["AhAd", "KcKs"], ["AA", "KK"], ["AsAd", "KcKh", "QsQh"]])
    def test_preflop_exact_equity_by_suit_symmetry_equals_the_cpu(players):
        """Preflop the device counts one board per suit-symmetry class, weighted by its size (a
        reduced deck: the suits stay whole, so the symmetry does too)."""
        got = engines.exact_equity(players, "", SMALL_DECK_DEAD)
        want = pokerlut.equity(players, "", SMALL_DECK_DEAD, exact=True)
        assert got.n == want.n
        for name in ("equity", "win", "tie"):
            np.testing.assert_allclose(getattr(got, name), getattr(want, name), rtol=0, atol=1e-12)
        deal = pokerlut.equities.parse_deal(players, "", SMALL_DECK_DEAD, get_variant("high"))
        live = np.array([c for c in range(36, 52) if c not in set(deal.fixed.tolist())], np.uint8)
        boards, sizes = engines._symmetric_boards(deal, live, 5, True)
        if len(players) == 2:  # two fixed hands keep a swap of two suits or more; ranges all 24 permutations
            assert sizes.sum() == comb(len(live), 5) and len(boards) < comb(len(live), 5)
            if len(players[0]) == 4:  # and the brute force gives the same counts (fixed hands: it is cheap)
                brute = engines.exact_equity(players, "", SMALL_DECK_DEAD, symmetric=False)
                np.testing.assert_array_equal(brute.equity, got.equity)
        else:  # no suit permutation keeps the three hands: every board, weight 1 (the brute force)
            assert sizes.tolist() == [0]

    def test_preflop_whole_classes_are_answered_from_the_preflop_tables():
        """As the CPU answers them: the same numbers, no launch (the tables hold every class pair)."""
        launched = []
        real = engines._exact_kernel, pc.sweep._sweep_kernel
        try:
            engines._exact_kernel = pc.sweep._sweep_kernel = launched  # a launch would fail: a list is no kernel
            for players in (["AA", "KK"], ["TT+, AKs", "random"]):
                got = engines.exact_equity(players)
                want = pokerlut.equity(players, exact=True)
                assert want.engine == "preflop tables"
                for name in ("equity", "win", "tie"):
                    np.testing.assert_array_equal(getattr(got, name), getattr(want, name))
                assert got.n == want.n
        finally:
            engines._exact_kernel, pc.sweep._sweep_kernel = real

    def test_preflop_sweep_by_suit_symmetry_equals_the_cpu_sweep():
        """Preflop the device sweeps one board per suit-symmetry class (a reduced deck, suits whole)
        and adds each combo's relabellings up: the group's size times the CPU's counts."""
        from pokerlut.cuda import sweep as device_sweep
        from pokerlut.equities import sweep as cpu_sweep

        players = ["AA, KK", "QQ+, AK"]
        deal = pokerlut.equities.parse_deal(players, "", SMALL_DECK_DEAD, get_variant("high"))
        got = device_sweep.sweep_counts(deal, device.tables("high"))
        assert got.group == 24
        want = cpu_sweep.sweep_counts(deal, both=True)[got.s]
        np.testing.assert_allclose(got.counts / got.group, want[:, [0, 1, 3]], rtol=1e-13, atol=0)
        gpu = engines.exact_equity(players, "", SMALL_DECK_DEAD, method="sweep")
        cpu = pokerlut.equity(players, "", SMALL_DECK_DEAD, exact=True, method="enumerate")
        assert gpu.n == cpu.n
        for name in ("equity", "win", "tie"):
            np.testing.assert_allclose(getattr(gpu, name), getattr(cpu, name), rtol=0, atol=1e-12)

    def cpu_preflop_counts(boards, mult):
        """The CPU kernel of the stored preflop tables on some boards: ``(wins, ties)`` (169, 169)."""
        from pokerlut.abstraction.preflop import class_table
        from pokerlut.kernels import registry
        from pokerlut.kernels.handstrength import pair_table, preflop_scratch
        from pokerlut.tables import load_table_set

        wins, ties = np.zeros(169 * 169, np.int64), np.zeros(169 * 169, np.int64)
        registry.hs_kernel("preflop_counts")(np.ascontiguousarray(boards), np.ascontiguousarray(mult), class_table(),
                                             load_table_set("high").rank_tables(7), pair_table(), wins, ties,
                                             preflop_scratch(169))
        return wins.reshape(169, 169), ties.reshape(169, 169)

    @pytest.mark.parametrize("launch", [None, (2, 7)])
    def test_preflop_tables_on_the_device_equal_the_cpu_kernel(launch):
        """The device's counts of the exact preflop tables, on a few board classes (a flush board, a
        paired one, ...) and some cells (every class against AA, seeded ones, pairs, suited, offsuit),
        equal the counts of the CPU kernel that generated ``tables/preflop``."""
        from pokerlut.abstraction.preflop import board_classes_with_multiplicity, pair_counts
        from pokerlut.cuda import preflop as device_preflop

        boards, mult = board_classes_with_multiplicity()
        pick = np.array([0, 5000, 77777, 134458]) if launch is None else np.array([123])
        cells = np.random.default_rng(1).integers(0, 169, (25, 2))
        if launch is None:
            cells = np.concatenate([cells, np.stack([np.zeros(169, np.int64), np.arange(169)], axis=1)])
        cells = np.unique(np.concatenate([cells, [[0, 0], [12, 12], [1, 1], [1, 13], [13, 1]]]), axis=0)
        got = device_preflop.preflop_counts(boards[pick], mult[pick], cells, launch=launch)
        wins, ties = cpu_preflop_counts(boards[pick], mult[pick])
        a, b = cells[:, 0], cells[:, 1]
        np.testing.assert_array_equal(got["wins"][a, b], wins[a, b])
        np.testing.assert_array_equal(got["ties"][a, b], ties[a, b])
        assert wins[a, b].sum() > 0 and ties[a, b].sum() > 0
        outside = np.ones((169, 169), bool)
        outside[a, b] = False
        assert not got["wins"][outside].any() and not got["ties"][outside].any()
        np.testing.assert_array_equal(got["pairs"], pair_counts())
        with pytest.raises(ValueError, match=r"cells at position \(0, 1\) is 169; expected a class number 0\.\.168"):
            device_preflop.preflop_counts(boards[:1], mult[:1], np.array([[0, 169]]))

    def test_bad_launch_shapes_and_options_are_refused_by_every_engine():
        """A launch of no blocks or no threads ran and returned zeros, NaN or unwritten memory."""
        from pokerlut.cuda import preflop as device_preflop, streets

        calls = [lambda launch: engines.exact_equity(["AhKh", "QdQc"], "2c 7d 9h 3s", launch=launch),
                 lambda launch: engines.exact_equity(["QQ+, AKs", "random"], "Kd 8s 3c 2h", launch=launch),
                 lambda launch: engines.monte_carlo_equity(["AhKh", "random"], trials=10, launch=launch),
                 lambda launch: pc.exact_equity(["AdAcJdTc", "random"], variant="omaha", launch=launch),
                 lambda launch: pc.monte_carlo_equity(["AdAcJdTc", "random"], trials=10, variant="omaha",
                                                      launch=launch),
                 lambda launch: streets.river_hand_strength(["2c 3d"], "Ah Kh Qs 9d 7c", launch=launch),
                 lambda launch: streets.street_entries("river", 2, 3, dtype="uint16", launch=launch),
                 lambda launch: device_preflop.preflop_counts(np.array([[0, 5, 10, 15, 20]]), np.array([1]),
                                                              np.array([[0, 1]]), launch=launch)]
        for call in calls:
            for launch in ((0, 1), (1, 0), (1,), "ab", (1.5, 2), (True, 1), (1, 2000)):
                with pytest.raises(ValueError, match=r"launch must be \(blocks >= 1, threads 1 \.\. \d+\)"):
                    call(launch)
        with pytest.raises(TypeError, match="symmetric must be True or False, got 'no'"):
            engines.exact_equity(["AA", "KK"], symmetric="no")
        board = np.array([[0, 5, 10, 15, 20]])
        for boards, mult, cells, message in (
                (np.array([[0, 5, 10, 15, 52]]), [1], [[0, 1]],
                 r"boards at position \(0, 4\) is 52; expected a card id 0\.\.51"),
                (np.array([[0, 5, 10, 15, 5]]), [1], [[0, 1]], "boards row 0 holds a card twice"),
                (board, [1], [[0, 1], [0, 1]], "cells lists a cell twice"),
                (board, [-1], [[0, 1]], "mult at position 0 is -1; expected a count >= 0"),
                (board, [1], [[0.5, 1]], r"cells at position \(0, 0\) is 0\.5, not an integer"),
                (None, [1], None, "mult counts the given boards")):
            with pytest.raises(ValueError, match=message):
                device_preflop.preflop_counts(boards, None if mult is None else np.array(mult),
                                              None if cells is None else np.array(cells))

    def test_monte_carlo_is_the_same_whatever_the_launch_shape():
        runs = [engines.monte_carlo_equity(["AhKh", "random", "7c7d"], "Qs 7h 2c", trials=400, seed=7, launch=launch)
                for launch in ((1, 1), (2, 3), (4, 32))]
        for other in runs[1:]:
            for a, b in zip(runs[0][:3], other[:3]):
                np.testing.assert_array_equal(a, b)
        different = engines.monte_carlo_equity(["AhKh", "random", "7c7d"], "Qs 7h 2c", trials=400, seed=8)
        assert not np.array_equal(different.equity, runs[0].equity)

    @pytest.mark.parametrize("players, board", [(["AhKh", "random"], ""), (["AsAd", "KK"], "Ks 7h 2c"),
                                                (["random", "random", "QdQh"], "2c 3c 4c 5d")])
    def test_monte_carlo_agrees_with_the_exact_cpu_equity(players, board):
        trials = 3000
        got = engines.monte_carlo_equity([p if p != "KK" else "KdKc" for p in players], board, trials=trials, seed=3)
        want = pokerlut.equity([p if p != "KK" else "KdKc" for p in players], board, exact=True).equity
        se = np.sqrt(want * (1 - want) / trials)
        assert np.all(np.abs(got.equity - want) < 4.5 * se + 1e-9), (got.equity, want)
        assert abs(got.equity.sum() - 1) < 1e-12

    def test_equity_input_errors():
        assert error_of(engines.exact_equity, ["AhKh", "AhQc"]) == error_of(pokerlut.equity, ["AhKh", "AhQc"])
        assert "trials must be a positive integer" in error_of(engines.monte_carlo_equity, ["AhKh", "random"],
                                                                trials=0)
        assert error_of(pc.exact_equity, ["AhKhQdQc", "AhJc9s8s"], variant="omaha") == \
            error_of(pokerlut.equity, ["AhKhQdQc", "AhJc9s8s"], variant="omaha")
        for players, board, variant in [(["AhKhQdQc", "random"], "2c 3c 4c", "omaha"),
                                        (["AhKhQdQc", "random"], "", "omaha-hilo"),
                                        (["AhKhQdQc9s", "random"], "", "omaha"),
                                        (["AhKhQdQc", "random", "random"], "", "omaha")]:
            assert "with a 'random' player answers Omaha high preflop" in error_of(pc.exact_equity, players, board,
                                                                                  variant=variant)
        assert "not served" in error_of(engines.exact_equity, ["AhKh", "QdQc"], variant="stud")

    @pytest.mark.parametrize("players, board, dead, variant", [
        (["As Ks Ad Kd", "Qh Jh Th 9h"], "2c 7d 8s 3h", "", "omaha"),
        (["As 2s Ad 3d", "Qh Jh Th 9h"], "4c 7d 8s 3h", "5h", "omaha-hilo"),
        (["As 2s Ad 3d", "Qh Jh Th 9h", "Kc Kd 5h 4s"], "4c 7d Ks 2h", "", "omaha-hilo"),
        (["As 2s 3d 4c 9h", "Kc Kd Qh Jh Th"], "5s 6d 7c 8h", "", "omaha-hilo"),
        (["As 2s 3d 4c 9h 9d", "Kc Kd Qh Jh Th 3c"], "5s 6d 7c 8h Ah", "", "omaha-hilo"),
        ("omaha range", "4c 7d 8s 3h", "", "omaha-hilo"),
    ])
    def test_omaha_exact_equity_equals_the_cpu(players, board, dead, variant):
        if players == "omaha range":
            players = [parse_omaha_range("AsAd2c3c, AhAc5d6d, KsKd9c9h"), "Qh Jh Th 9h"]
        got = pc.exact_equity(players, board, dead, variant=variant, chunk=16)
        want = pokerlut.equity(players, board, dead, exact=True, variant=variant)
        assert got.n == want.n and got.method == "exact"
        for name in ("equity", "win", "tie"):
            np.testing.assert_allclose(getattr(got, name), getattr(want, name), rtol=0, atol=1e-12)
        assert sorted(got.sides) == (["high_share", "high_share_no_low", "low_share", "scoop"]
                                     if variant == "omaha-hilo" else [])
        for name, side in got.sides.items():
            np.testing.assert_allclose(side, getattr(want, name), rtol=0, atol=1e-12)
        again = pc.exact_equity(players, board, dead, variant=variant, launch=(2, 3), chunk=5)
        np.testing.assert_array_equal(again.equity, got.equity)

    def _keep_only(players: list[str], keep) -> list[int]:
        """The dead cards that leave, besides the players' fixed hands, only the cards ``keep`` accepts."""
        held = {int(c) for p in players if p != "random" and "," not in p for c in pokerlut.parse_cards(p)}
        return [c for c in range(52) if not keep(c) and c not in held]

    @pytest.mark.parametrize("players, keep, launch", [
        (["random", "AdAcKdKc"], lambda c: c // 4 >= 9, (3, 2)),                      # J..A: 8 cards left
        (["AdAcJdTc", "random"], lambda c: c // 4 >= 8 and c % 4 < 3, None),       # T..A, three suits: flushes
        (["AAKK, 0.5(QQJJ)", "random"], lambda c: c // 4 >= 9, None),             # a range: suit classes, weights
    ])
    def test_omaha_exact_against_random_equals_the_cpu(players, keep, launch):
        """The device's counting against a random hand (pokerlut.cuda.omaha_random) on decks the dead
        cards make small; the CPU engine it must equal to the last bit is itself checked against a
        brute force on such decks (tests/omaha/test_omaha_random.py)."""
        dead = _keep_only(players, keep)
        got = pc.exact_equity(players, dead=dead, variant="omaha", launch=launch)
        want = pokerlut.equity(players, dead=dead, variant="omaha", exact=True)
        assert got.method == "exact" and got.n == want.n and got.sides == {}
        for name in ("equity", "win", "tie"):
            np.testing.assert_array_equal(getattr(got, name), getattr(want, name))

    def test_omaha_random_board_counts_on_the_full_deck_equal_the_cpu():
        """Two board rank multisets of the whole deck (two distinct ranks each: no flush pattern, so the
        simulator can afford all 1,820 random hands' multisets), board by board against the CPU kernel."""
        from pokerlut.cuda import omaha_random as gpu_random
        from pokerlut.equities import omaha_random as cpu_random

        hero = pokerlut.parse_cards("AdAcJdTc")
        boards = np.array([[5, 5, 5, 9, 9], [0, 0, 0, 11, 11]])
        counted, got = gpu_random.omaha_random_board_counts(hero[None], [], boards)
        want = cpu_random.omaha_random_board_counts(hero, np.zeros(0, np.uint8), boards)
        np.testing.assert_array_equal(counted, boards)
        np.testing.assert_array_equal(got[0], want)
        assert want.sum(axis=1).min() > 0

    def test_omaha_monte_carlo_is_the_same_whatever_the_launch_shape():
        deal = (["As 2s Ad 3d", "random", "KK**"], "4c 7d Ks")
        runs = [pc.monte_carlo_equity(*deal, trials=120, seed=5, variant="omaha-hilo", launch=launch)
                for launch in ((1, 1), (3, 7))]
        for a, b in zip(runs[0][:3], runs[1][:3]):
            np.testing.assert_array_equal(a, b)
        assert runs[0].sides.keys() == runs[1].sides.keys()
        different = pc.monte_carlo_equity(*deal, trials=120, seed=6, variant="omaha-hilo")
        assert not np.array_equal(different.equity, runs[0].equity)

    @pytest.mark.parametrize("players, board, variant", [
        (["As Ks Ad Kd", "Qh Jh Th 9h"], "2c 7d 8s", "omaha"),
        (["AA**", "Qh Jh Th 9h"], "4c 7d 8s", "omaha-hilo"),
    ])
    def test_omaha_monte_carlo_agrees_with_the_exact_cpu_equity(players, board, variant):
        trials = 600
        got = pc.monte_carlo_equity(players, board, trials=trials, seed=3, variant=variant)
        want = pokerlut.equity(players, board, exact=True, variant=variant).equity
        se = np.sqrt(want * (1 - want) / trials)
        assert np.all(np.abs(got.equity - want) < 4.5 * se + 1e-9), (got.equity, want)
        assert abs(got.equity.sum() - 1) < 1e-12 and got.n == trials

    def test_omaha_monte_carlo_refuses_ranges_that_rarely_fit_up_front():
        clash = [parse_omaha_range("AsAh2c3c, AsAh4c5c"), parse_omaha_range("AsAd6c7c, AhAd8c9c"), "KdKh Qd Qh"]
        message = error_of(pc.monte_carlo_equity, clash, trials=100, variant="omaha")
        assert "none of 4,096 draws of the players' hands fit together" in message
        rare = [parse_omaha_range("AsAh2c3c, AsAh4c5c, AsAh6c7c, AsAh8c9c, KsKh2d3d"),
                parse_omaha_range("AsAd6h7h, AhAd8h9h, AsAc2h3h, AhAc4h5h, QsQh2s3s"), "KdKc Jd Jh"]
        fits, draws = pc.omaha_equity.fit_rate([*rare[:2], None], seed=0)
        assert 0.3 * draws < fits < 0.42 * draws  # 9 in 25: the first range's last hand, or the second's
        message = error_of(pc.monte_carlo_equity, rare, trials=1000, variant="omaha", max_draws=2000)
        assert "rarely fit together" in message and "max_draws (2,000)" in message
        assert "max_draws must be a positive integer" in error_of(pc.monte_carlo_equity, rare, trials=10,
                                                                  variant="omaha", max_draws=0)
        got = pc.monte_carlo_equity(rare, trials=40, variant="omaha", seed=2)  # within the budget: it runs
        assert got.n == 40 and abs(got.equity.sum() - 1) < 1e-12

    def test_a_card_is_drawn_in_bounded_steps_and_uniformly():
        live = np.arange(52, dtype=np.uint8)

        @cuda.jit
        def draw_kernel(live, used, seed, out):
            i = cuda.grid(1)
            if i < out.shape[0]:
                c, state = engines.draw_card(engines.mix(seed ^ np.uint64(i)), live, used)
                out[i] = c

        used = np.uint64((1 << 52) - 1 - (1 << 7) - (1 << 30) - (1 << 51))  # three cards free of 52
        out = cuda.to_device(np.zeros(240, np.int64))
        draw_kernel[4, 60](cuda.to_device(live), used, np.uint64(11), out)
        got = out.copy_to_host()
        assert set(got.tolist()) == {7, 30, 51}
        assert min(np.bincount(got, minlength=52)[[7, 30, 51]]) > 50  # 80 expected each

    @pytest.mark.parametrize("hole", [7, 5])
    def test_stud_hilo_showdown_equals_the_cpu(hole):
        rng = np.random.default_rng(40 + hole)
        # low cards (ace to eight) more often than not, so that lows qualify, split and tie
        weights = np.where(np.arange(52) // 4 <= 6, 3.0, 1.0) + np.where(np.arange(52) // 4 == 12, 2.0, 0.0)
        deals = np.array([rng.choice(52, 3 * hole, replace=False, p=weights / weights.sum()) for _ in range(60)],
                         np.uint8)
        holes = np.ascontiguousarray(deals.reshape(60, 3, hole))
        holes[:6, 2] = holes[:6, 0]  # ties: the same hand twice (unchecked, as the CPU allows)
        got = batch.showdown(cuda.to_device(holes), None, variant="stud-hilo", check=False)
        want = pokerlut.showdown(holes, variant="stud-hilo", check=False)
        assert got._fields == want._fields
        for a, b in zip(got, want):
            np.testing.assert_array_equal(a.copy_to_host(), b)
        shares = want.shares[6:]
        assert ((shares > 0) & (shares < 1)).any() and want.scoops.any() and (want.low > 1).any()
        one = batch.showdown(holes[8], variant="stud-hilo")
        for a, b in zip(one, pokerlut.showdown(holes[8], variant="stud-hilo")):
            np.testing.assert_array_equal(a, b)
        assert error_of(batch.showdown, holes, variant="stud-hilo") == \
            error_of(pokerlut.showdown, holes, variant="stud-hilo")
        bad = holes[6:].copy()
        bad[9, 2, 1] = 52
        assert error_of(batch.showdown, bad, variant="stud-hilo") == error_of(pokerlut.showdown, bad, variant="stud-hilo")

    @pytest.mark.parametrize("variant", ["omaha", "omaha-hilo"])
    @pytest.mark.parametrize("hole, board", [(4, 5), (5, 3), (6, 4)])
    def test_omaha_showdown_equals_the_cpu(variant, hole, board):
        rng = np.random.default_rng(hole * 10 + board)
        deals = np.array([rng.permutation(52)[:3 * hole + board] for _ in range(30)], np.uint8)
        holes = np.ascontiguousarray(deals[:, :3 * hole].reshape(30, 3, hole))
        boards = np.ascontiguousarray(deals[:, 3 * hole:])
        holes[:5, 1] = holes[:5, 0]  # ties: the same hand twice (unchecked, as the CPU allows)
        got = batch.showdown(cuda.to_device(holes), cuda.to_device(boards), variant=variant, check=False)
        want = pokerlut.showdown(holes, boards, variant=variant, check=False)
        assert got._fields == want._fields
        for a, b in zip(got, want):
            np.testing.assert_array_equal(a.copy_to_host(), b)
        one = batch.showdown(holes[7], boards[7], variant=variant)
        for a, b in zip(one, pokerlut.showdown(holes[7], boards[7], variant=variant)):
            np.testing.assert_array_equal(a, b)
        assert error_of(batch.showdown, holes, boards, variant=variant) == \
            error_of(pokerlut.showdown, holes, boards, variant=variant)
        bad = holes.copy()
        bad[9, 2, 1] = 52
        assert error_of(batch.showdown, bad[5:], boards[5:], variant=variant) == \
            error_of(pokerlut.showdown, bad[5:], boards[5:], variant=variant)

    # the user kernel of docs/gpu.md, with the device functions of pokerlut.cuda.device
    @cuda.jit
    def user_kernel(tables, hands, boards, out_rank, out_checked, out_value, out_category, out_compare):
        i = cuda.grid(1)
        if i < hands.shape[0]:
            out_rank[i] = device.rank(tables, hands[i])
            out_checked[i] = device.rank_checked(tables, hands[i])
            h = device.empty(tables)
            for j in range(boards.shape[1]):
                h = device.add(tables, h, boards[i, j])
            h = device.add(tables, device.add(tables, h, hands[i, 0]), hands[i, 1])
            out_value[i] = device.value(tables, h)
            out_category[i] = device.category(tables, out_rank[i])
            out_compare[i] = device.compare(tables, hands[i], hands[(i + 1) % hands.shape[0]])

    def test_device_functions_in_a_user_kernel():
        hands = random_hands(200, 7, wild_fraction=0.2, seed=21)
        hands[5, 6] = hands[5, 0]  # a repeat: rank does not look, rank_checked gives 0
        hands[9, 3] = 200  # not a card: 0 everywhere
        boards = np.ascontiguousarray(hands[:, 2:])
        outs = [cuda.device_array(200, dt) for dt in (np.uint16, np.uint16, np.uint16, np.int64, np.int64)]
        user_kernel[4, 64](device.tables(), cuda.to_device(hands), cuda.to_device(boards), *outs)
        rank, checked, value, category, compare = (o.copy_to_host() for o in outs)
        unchecked = pokerlut.evaluate(hands, check=False)
        np.testing.assert_array_equal(rank, unchecked)
        np.testing.assert_array_equal(value, unchecked)
        valid = np.ones(200, bool)
        valid[[5, 9]] = False
        np.testing.assert_array_equal(checked[valid], pokerlut.evaluate(hands[valid]))
        assert checked[5] == 0 and checked[9] == 0
        np.testing.assert_array_equal(category[valid], pokerlut.category(rank[valid]))
        assert category[9] == -1
        np.testing.assert_array_equal(compare, np.sign(unchecked.astype(int) - np.roll(unchecked, -1).astype(int)))

    def test_the_guide_kernel_runs_and_agrees():
        """The complete user kernel of docs/gpu.md, run as it is written there."""
        text = (ROOT / "docs" / "gpu.md").read_text(encoding="utf-8")
        section = text[text.index("## Your own kernels"):]
        code = section[section.index("```python") + len("```python"):]
        code = code[:code.index("```")]
        assert "assert (out.copy_to_host()" in code
        exec(compile(code, "docs/gpu.md", "exec"), {"__name__": "guide"})

    def test_benchmark_script_runs_small():
        result = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "gpu.py"), "--small", "--budget", "inf"],
                                cwd=ROOT, env=dict(os.environ), capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
        assert "all checks passed" in result.stdout and "skipped for time" not in result.stdout

    def test_benchmark_script_skips_the_sections_past_its_budget():
        result = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "gpu.py"), "--small", "--budget", "0"],
                                cwd=ROOT, env=dict(os.environ), capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
        last = result.stdout.strip().splitlines()[-1]
        assert "all checks passed; skipped for time: device-resident hands, numpy in and out" in last, last
        assert "array libraries" in last
