"""The AVX2 key gives exactly the scalar kernels' strengths and rejects exactly the same rows; the
scalar kernels take over with POKERLUT_SIMD=0, on a CPU without AVX2, or when the AVX2 kernels fail
to compile."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from itertools import combinations

import numpy as np
import pytest

import pokerlut
from pokerlut.kernels import backend, registry
from pokerlut.tables import load_table_set

pytestmark = pytest.mark.skipif(not backend.simd_enabled(), reason=f"no SIMD here: {backend.simd_reason()}")
TABLES = load_table_set("high")


def both(rows: np.ndarray, checked: bool) -> tuple[np.ndarray, np.ndarray, int, int]:
    """Strengths and bad-row counts of the SIMD and the scalar kernel on the same rows."""
    n, k = rows.shape
    flat = np.ascontiguousarray(rows).reshape(-1)
    out = [np.zeros(n, np.uint16), np.zeros(n, np.uint16)]
    bad = [np.zeros(1, np.int64), np.zeros(1, np.int64)]
    registry.simd_kernel(k, checked)(flat, flat, out[0], TABLES.rank_tables(k), bad[0])
    registry.rank_kernel(k, checked)(flat, flat, out[1], TABLES.rank_tables(k), bad[1])
    return out[0], out[1], int(bad[0][0]), int(bad[1][0])


@pytest.mark.parametrize("checked", [False, True])
def test_every_five_card_hand(checked):
    rows = np.array(list(combinations(range(52), 5)), dtype=np.uint8)
    simd, scalar, _, _ = both(rows, checked)
    assert np.array_equal(simd, scalar) and simd.min() > 0


@pytest.mark.parametrize("checked", [False, True])
def test_every_five_card_hand_with_wilds(checked):
    rows = []
    for wilds in range(1, 6):
        naturals = np.array(list(combinations(range(52), 5 - wilds)), dtype=np.uint8).reshape(-1, 5 - wilds) \
            if wilds < 5 else np.zeros((1, 0), np.uint8)
        row = np.concatenate([naturals, np.full((len(naturals), wilds), 52, np.uint8)], axis=1)
        rows.append(np.roll(row, wilds, axis=1))  # wild cards first, so they sit in the vector part too
    rows = np.concatenate(rows)
    simd, scalar, _, _ = both(rows, checked)
    assert np.array_equal(simd, scalar) and simd.min() > 0


@pytest.mark.parametrize("k", [6, 7])
@pytest.mark.parametrize("checked", [False, True])
def test_ten_million_random_hands_with_a_wild_mix(k, checked):
    rows = pokerlut.random_hands(10**7, k, wild_fraction=0.1, max_wilds=3, seed=k)
    simd, scalar, _, _ = both(rows, checked)
    assert np.array_equal(simd, scalar)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_short_arrays_unaligned_and_strided_input(k):
    rows = pokerlut.random_hands(9, k, wild_fraction=0.3, seed=k)
    expected = pokerlut.evaluate(rows, parallel=False)
    for n in range(10):  # no full vector, one, two, and the rows left over
        assert np.array_equal(both(rows[:n], True)[0], expected[:n])
    buffer = np.zeros(rows.size + 1, np.uint8)
    unaligned = buffer[1:].reshape(rows.shape)  # data one byte past an aligned address
    unaligned[:] = rows
    assert unaligned.ctypes.data % 2 == 1 and np.array_equal(pokerlut.evaluate(unaligned), expected)
    strided = np.zeros((9, 2 * k), np.uint8)[:, ::2]
    strided[:] = rows
    assert np.array_equal(pokerlut.evaluate(strided), expected)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_the_same_rows_rejected_on_fuzzed_input(k, tmp_path):
    from test_validation import fuzzed_rows

    rows = fuzzed_rows(10**6, k, seed=20 + k)
    for checked in (False, True):
        simd, scalar, bad_simd, bad_scalar = both(rows, checked)
        assert np.array_equal(simd, scalar) and bad_simd == bad_scalar
    first = int(np.flatnonzero(scalar == 0)[0])
    messages = []
    for env in ({}, {"POKERLUT_SIMD": "0"}):
        np.save(path := str(tmp_path / f"fuzz-{k}.npy"), rows)
        r = subprocess.run([sys.executable, "-c", f"import numpy as np, pokerlut\ntry:\n"
                            f"    pokerlut.evaluate(np.load({path!r}))\nexcept ValueError as e:\n    print(e)"],
                           capture_output=True, text=True, env={**os.environ, **env}, timeout=300)
        messages.append(r.stdout.strip())
    assert messages[0] == messages[1] and messages[0].startswith(f"hand {first}")


def test_pokerlut_simd_0_runs_the_scalar_kernels():
    r = subprocess.run([sys.executable, "-c", "import pokerlut; print(pokerlut.kernel_info()['path'], "
                        "pokerlut.kernel_info()['reason']); print(int(pokerlut.evaluate('As Ks Qs Js Ts Ah 2c')))"],
                       capture_output=True, text=True, env={**os.environ, "POKERLUT_SIMD": "0"}, timeout=120)
    assert r.stdout.split("\n")[:2] == ["scalar POKERLUT_SIMD=0", "7462"], r.stderr


def test_a_compile_failure_falls_back_with_one_warning(monkeypatch):
    def broken(n_cards, checked):
        def kernel(*args):
            raise RuntimeError("LLVM ERROR: Cannot select: intrinsic %llvm.x86.avx2.pshuf.b")
        return kernel

    monkeypatch.setattr(backend, "_failure", None)
    monkeypatch.setattr(registry, "simd_kernel", broken)
    registry._compiled_simd.cache_clear()
    hands = pokerlut.random_hands(100_000, 7, wild_fraction=0.1, seed=1)
    expected = np.zeros(len(hands), np.uint16)
    registry.rank_kernel(7, True)(hands.reshape(-1), hands.reshape(-1), expected, TABLES.rank_tables(7),
                                  np.zeros(1, np.int64))
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            first = pokerlut.evaluate(hands)
            again = pokerlut.evaluate(hands, check=False)
        assert np.array_equal(first, again) and np.array_equal(first, expected)
        ours = [w for w in caught if "AVX2 kernels failed to compile" in str(w.message)]
        assert len(ours) == 1
        assert pokerlut.kernel_info()["path"] == "scalar"
    finally:
        registry._compiled_simd.cache_clear()


@pytest.mark.exhaustive
def test_the_suite_passes_on_the_scalar_kernels():
    # evaluate's answers and errors, hand by hand; the enumeration and category-count tests are left out (the
    # enumeration kernel never runs the SIMD key, and test_evaluate_five compares every 5-card hand one by one)
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/evaluate/test_evaluate_five.py",
                        "tests/evaluate/test_evaluate_six_seven.py", "-k", "not histogram and not counts", "tests/kernels/test_validation.py",
                        "tests/evaluate/test_wild_rules.py"], capture_output=True, text=True,
                       env={**os.environ, "POKERLUT_SIMD": "0"}, timeout=1800,
                       cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    assert r.returncode == 0, r.stdout[-3000:]


def test_only_card_tables_with_the_standard_wild_card_take_the_vector_key():
    from pokerlut import layout

    cards = TABLES["cards"].copy()
    assert layout.standard_cards(cards) and TABLES.simd_fits
    no_wild = cards.copy()
    no_wild[[52, layout.FIRST_CARD + 52]] = np.uint64(1 << layout.POISON_SHIFT)  # a game without the wild card
    assert not layout.standard_cards(no_wild)
    assert not load_table_set("short-deck").simd_fits


def test_validated_calls_take_the_vector_key_and_unchecked_ones_the_kernel_measured_faster():
    from pokerlut.kernels import calibrate

    for k in (5, 6, 7):
        tables = TABLES.rank_tables(k)
        assert registry.ranking_kernel(k, True, True, tables) is registry.simd_kernel(k, True)
        assert registry.ranking_kernel(k, True, False) is registry.rank_kernel(k, True)
        assert registry.ranking_kernel(k, False, False, tables) is registry.rank_kernel(k, False)
        chosen = registry.ranking_kernel(k, False, True, tables)
        choice = calibrate.chosen()[k]  # measured once in the process, then kept
        kernels = {"avx2": registry.simd_kernel(k, False), "scalar": registry.rank_kernel(k, False)}
        assert chosen is kernels[choice.kernel]
        assert registry.ranking_kernel(k, False, True, tables) is chosen and calibrate.chosen()[k] is choice
        assert choice.avx2_ns > 0 and choice.scalar_ns > 0 and "measured here" in choice.reason
        info = pokerlut.kernel_info()["unchecked"][k]
        assert info == {"kernel": choice.kernel, "reason": choice.reason}


def test_the_choice_follows_the_measured_times(monkeypatch):
    from pokerlut.kernels import calibrate

    tables = TABLES.rank_tables(5)
    for times, expected in (([1.0, 0.5], "scalar"), ([1.0, 0.97], "avx2"), ([0.5, 1.0], "avx2")):
        monkeypatch.setattr(calibrate, "_best_times", lambda kernels, tables, n, times=times: times)
        choice = calibrate.measure(5, registry.simd_kernel(5, False), registry.rank_kernel(5, False), tables)
        assert choice.kernel == expected, (times, choice)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_either_unchecked_choice_gives_the_same_answers_through_evaluate(k, monkeypatch):
    # the choice decides only the speed: force each one and compare, bad bytes and wild cards included
    from test_validation import fuzzed_rows

    from pokerlut.kernels import calibrate

    rows = np.concatenate([fuzzed_rows(200_000, k, seed=40 + k),
                           pokerlut.random_hands(200_000, k, wild_fraction=0.2, max_wilds=3, seed=k),
                           np.random.default_rng(k).integers(0, 256, (50_000, k), dtype=np.uint8)])
    answers = []
    for kernel in ("avx2", "scalar"):
        monkeypatch.setitem(calibrate._choices, k, calibrate.Choice(kernel, 0.0, 0.0, "forced by the test"))
        assert pokerlut.kernel_info()["unchecked"][k]["kernel"] == kernel
        answers.append(pokerlut.evaluate(rows, check=False))
    assert np.array_equal(*answers)
    valid = pokerlut.random_hands(10_000, k, seed=k)
    assert np.array_equal(pokerlut.evaluate(valid, check=False), pokerlut.evaluate(valid))
