"""Full-size checks of pokerlut.cuda on a real CUDA device (``-m gpu``; skipped where there is none).

The simulator runs the same code on small cases in every test run (tests/cuda/test_cuda_sim.py); these are
the sizes only a device runs in reasonable time: every 7-card hand, a preflop equity, large batches.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

pytestmark = pytest.mark.gpu


@pytest.fixture(scope="module")
def pc():
    """pokerlut.cuda where a real device is present (numba-cuda is not imported otherwise)."""
    if os.environ.get("NUMBA_ENABLE_CUDASIM", "0") not in ("", "0"):
        pytest.skip("the simulator runs tests/cuda/test_cuda_sim.py, not the full-size checks")
    if not (os.path.exists("/dev/nvidiactl") or os.name == "nt"):
        pytest.skip("no NVIDIA device here")
    import pokerlut.cuda as module

    if not module.available():
        pytest.skip(module.device_info())
    return module


def cuda_torch():
    """PyTorch where it is installed with CUDA, else None."""
    try:
        import torch
    except ImportError:
        return None
    return torch if torch.cuda.is_available() else None


def test_every_seven_card_hand(pc):
    import pokerlut

    np.testing.assert_array_equal(pc.strength_histogram(7), pokerlut.strength_histogram(7))
    np.testing.assert_array_equal(pc.category_counts(6, "short-deck"), pokerlut.category_counts(6, "short-deck"))


def test_large_batches_of_every_size(pc):
    from numba import cuda

    import pokerlut

    for k in (5, 6, 7):
        hands = pokerlut.random_hands(1 << 21, k, wild_fraction=0.1, max_wilds=3, seed=k)
        np.testing.assert_array_equal(pc.evaluate(cuda.to_device(hands)).copy_to_host(), pokerlut.evaluate(hands))
        np.testing.assert_array_equal(pc.evaluate(hands, chunk_rows=1 << 19), pokerlut.evaluate(hands))
    bad = pokerlut.random_hands(1 << 20, 7, seed=1)
    bad[987_654, 6] = bad[987_654, 2]
    with pytest.raises(ValueError) as cpu:
        pokerlut.evaluate(bad)
    with pytest.raises(ValueError) as gpu:
        pc.evaluate(cuda.to_device(bad))
    assert str(gpu.value) == str(cpu.value)


def test_large_showdowns_of_every_kind(pc):
    from numba import cuda

    import pokerlut

    cards = pokerlut.random_hands(1 << 20, 21, seed=21)
    for variant, holes, board in (("high", cards[:, :6].reshape(-1, 3, 2), cards[:, 6:11]),
                                  ("stud-hilo", cards.reshape(-1, 3, 7), None),
                                  ("omaha-hilo", cards[:, :12].reshape(-1, 3, 4), cards[:, 12:17])):
        holes = np.ascontiguousarray(holes)
        board = None if board is None else np.ascontiguousarray(board)
        got = pc.showdown(cuda.to_device(holes), None if board is None else cuda.to_device(board), variant=variant)
        want = pokerlut.showdown(holes, () if board is None else board, variant=variant)
        assert got._fields == want._fields
        for a, b in zip(got, want):
            np.testing.assert_array_equal(a.copy_to_host(), b)


def test_preflop_equity_exact_and_sampled(pc):
    import pokerlut

    want = pokerlut.equity(["AhKh", "QdQc"], exact=True)
    got = pc.exact_equity(["AhKh", "QdQc"])
    assert got.n == want.n
    np.testing.assert_allclose(got.equity, want.equity, rtol=0, atol=1e-12)
    exact = pokerlut.equity(["AhKh", "random"], exact=True).equity
    mc = pc.monte_carlo_equity(["AhKh", "random"], trials=1 << 26, seed=3)
    assert abs(mc.equity[0] - exact[0]) < 4.5 * np.sqrt(exact[0] * (1 - exact[0]) / (1 << 26))
    shaped = pc.monte_carlo_equity(["AhKh", "random"], trials=1 << 22, seed=3)
    from pokerlut.cuda import engines

    again = engines.monte_carlo_equity(
        ["AhKh", "random"], trials=1 << 22, seed=3, launch=(7, 96))
    np.testing.assert_array_equal(shaped.equity, again.equity)


@pytest.mark.parametrize("players, board", [(["TT+, AKs", "random"], "Qs 7h 2c"),  # S: random, 1,176 combos
                                            (["random", "random"], "Qs 7h 2c 9d"),  # both sides every combo
                                            (["AA, KK", "QQ+, AK"], "")])  # preflop: suit-symmetry classes
def test_sweep_equals_the_cpu_sweep(pc, players, board):
    import pokerlut
    from pokerlut.cuda import engines

    want = pokerlut.equity(players, board, exact=True, method="sweep")
    got = engines.exact_equity(players, board, method="sweep")
    assert got.n == want.n
    if board:  # weight-1 ranges on a known board: the same whole numbers, the same fractions
        for name in ("equity", "win", "tie"):
            np.testing.assert_array_equal(getattr(got, name), getattr(want, name))
    else:  # preflop the CPU weighs each board class by its size over 24 (not whole)
        np.testing.assert_allclose(got.equity, want.equity, rtol=0, atol=1e-12)
    shaped = engines.exact_equity(players, board, method="sweep", launch=(5, 96))
    np.testing.assert_array_equal(shaped.equity, got.equity)


def test_preflop_tables_equal_the_stored_ones(pc):
    """Every suit class of boards, every cell: the device's counts are the tables in tables/preflop."""
    from pokerlut.abstraction.preflop import preflop_tables
    from pokerlut.cuda.preflop import preflop_counts

    got, want = preflop_counts(), preflop_tables()
    for name in ("wins", "ties", "pairs"):
        np.testing.assert_array_equal(got[name], getattr(want, name))


def test_cupy_and_torch_round_trips(pc):
    import pokerlut

    hands = pokerlut.random_hands(10_000, 7, seed=4)
    want = pokerlut.evaluate(hands)
    tried = 0
    try:
        import cupy
    except ImportError:
        pass
    else:
        got = pc.evaluate(cupy.asarray(hands))
        assert isinstance(got, cupy.ndarray)
        np.testing.assert_array_equal(cupy.asnumpy(got), want)
        tried += 1
    torch = cuda_torch()
    if torch is not None:
        got = pc.evaluate(torch.as_tensor(hands, device="cuda"))
        assert isinstance(got, torch.Tensor) and got.is_cuda
        np.testing.assert_array_equal(got.cpu().numpy(), want)
        tried += 1
    if not tried:
        pytest.skip("neither CuPy nor PyTorch with CUDA is installed")


def test_dlpack_round_trips_keep_library_and_device(pc):
    """A JAX array, and a PyTorch tensor seen by DLPack alone: the result in the input's library, on its device."""
    import pokerlut

    hands = pokerlut.random_hands(10_000, 7, seed=5)
    want = pokerlut.evaluate(hands)
    tried = 0
    try:
        import jax
    except ImportError:
        pass
    else:
        gpus = [d for d in jax.devices() if d.platform == "gpu"]
        if gpus:
            got = pc.evaluate(jax.device_put(hands, gpus[0]))
            assert isinstance(got, jax.Array) and got.devices() == {gpus[0]}
            np.testing.assert_array_equal(np.asarray(got), want)
            tried += 1
    torch = cuda_torch()
    if torch is not None:
        class DLPackOnly:  # a tensor seen through DLPack alone (no __cuda_array_interface__)
            def __init__(self, t):
                self.t = t

            def __dlpack__(self, **options):
                return self.t.__dlpack__(**options)

            def __dlpack_device__(self):
                return self.t.__dlpack_device__()

        got = pc.evaluate(DLPackOnly(torch.as_tensor(hands, device="cuda")))
        np.testing.assert_array_equal(np.asarray(got.copy_to_host()), want)
        tried += 1
    if not tried:
        pytest.skip("neither JAX with a GPU nor PyTorch with CUDA is installed")


def test_omaha_against_random_on_the_full_deck_equals_the_cpu(pc):
    import pokerlut

    for players in (["AdAcJdTc", "random"], ["random", "AAKK"]):
        got = pc.exact_equity(players, variant="omaha")
        want = pokerlut.equity(players, variant="omaha", exact=True)
        assert got.n == want.n
        for name in ("equity", "win", "tie"):
            np.testing.assert_array_equal(getattr(got, name), getattr(want, name))


def test_every_device_by_index_and_arrays_kept_on_theirs(pc):
    from numba import cuda

    import pokerlut

    hands = pokerlut.random_hands(4096, 7, seed=5)
    want = pokerlut.evaluate(hands)
    count = pc.device_count()
    assert pc.device_info().count("compute capability") == count
    for index in range(count):
        with pc.use_device(index):
            on_it = cuda.to_device(hands)
        np.testing.assert_array_equal(pc.evaluate(on_it, device=index).copy_to_host(), want)
        if count > 1:
            other = (index + 1) % count
            with pytest.raises(ValueError, match=f"live on CUDA device {index}, but this call runs on device {other}"):
                pc.evaluate(on_it, device=other)
    with pytest.raises(ValueError, match=f"device {count} does not exist: this machine has {count} CUDA device"):
        pc.evaluate(hands, device=count)


def test_street_scan_equals_the_cpu_street_kernel(pc, tmp_path):
    """Board classes of every street scanned on the device against the CPU's street kernel, and a
    stretch of the river's street table written on the device byte for byte as the CPU writes it."""
    from pokerlut.abstraction.streets import compute_block, table_plan
    from pokerlut.cuda.street_tables import street_block

    import pokerlut

    for street, ranges in (("flop", [(0, 40), (1700, 1755)]), ("turn", [(0, 200), (16_000, 16_200)]),
                           ("river", [(0, 3000), (1_500_000, 1_503_000), (2_551_656, 2_554_656)])):
        plan = table_plan(street, bins=50)
        for lo, hi in ranges:
            want, got = compute_block(plan, lo, hi), street_block(plan, lo, hi)
            assert sorted(got) == sorted(want)
            for name in want:
                assert got[name].dtype == want[name].dtype
                np.testing.assert_array_equal(got[name], want[name], err_msg=f"{street} {lo}..{hi} {name}")
    span = (2_000_000, 2_020_000)
    cpu = pokerlut.street_table("river", tmp_path / "cpu", dtype="uint16", board_classes=span, progress=False)
    gpu = pc.street_table("river", tmp_path / "gpu", dtype="uint16", board_classes=span, progress=False,
                          chunk_bytes=1 << 20)
    assert cpu.done == gpu.done == span[1] - span[0]
    offsets = pokerlut.iso.street_indexer(5).board_offsets
    a, b = (np.load(tmp_path / side / "river_hs.npy", mmap_mode="r") for side in ("cpu", "gpu"))
    np.testing.assert_array_equal(a[offsets[span[0]]:offsets[span[1]]], b[offsets[span[0]]:offsets[span[1]]])
    assert (tmp_path / "cpu" / "river_checkpoint.json").read_bytes() == \
        (tmp_path / "gpu" / "river_checkpoint.json").read_bytes()
