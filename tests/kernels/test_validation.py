"""Validation fused into the ranking kernels: the validated kernels reject exactly the rows the
rules reject (ids above 52, a natural card twice; any number of wild cards is fine), rank every
other row as the unchecked kernel does, and unchecked kernels never crash on any bytes."""

from __future__ import annotations

import numpy as np
import pytest

import pokerlut
from pokerlut.kernels.backend import simd_enabled
from pokerlut.kernels.registry import rank_kernel, simd_kernel
from pokerlut.tables import load_table_set

N_FUZZ = 1_000_000


def fuzzed_rows(n: int, k: int, seed: int) -> np.ndarray:
    """Rows mixing valid hands, wild cards, ids 53..255 and repeated cards, about a third bad."""
    rng = np.random.default_rng(seed)
    rows = pokerlut.random_hands(n, k, wild_fraction=0.3, max_wilds=k, seed=seed)
    kind = rng.integers(0, 6, n)
    pos = rng.integers(0, k, (n, 2))
    r = np.arange(n)
    bad_id = kind == 1
    rows[r[bad_id], pos[bad_id, 0]] = rng.integers(53, 256, bad_id.sum())
    repeat = kind == 2  # copy one position onto another (a repeat unless both are wild, or the same spot)
    rows[r[repeat], pos[repeat, 1]] = rows[r[repeat], pos[repeat, 0]]
    noise = kind == 3  # any byte anywhere
    rows[r[noise], pos[noise, 0]] = rng.integers(0, 256, noise.sum())
    return rows


def reference_bad(rows: np.ndarray) -> np.ndarray:
    """The rules, row by row in numpy: an id above 52, or a natural card (0..51) held twice."""
    s = np.sort(rows.astype(np.int64), axis=1)
    repeated = ((s[:, 1:] == s[:, :-1]) & (s[:, 1:] < 52)).any(axis=1)
    return (rows > 52).any(axis=1) | repeated


def run_kernel(rows: np.ndarray, checked: bool) -> tuple[np.ndarray, int]:
    n, k = rows.shape
    flat = np.ascontiguousarray(rows).reshape(-1)
    out = np.zeros(n, np.uint16)
    bad = np.zeros(1, np.int64)
    rank_kernel(k, checked)(flat, flat, out, load_table_set("high").rank_tables(k), bad)
    return out, int(bad[0])


@pytest.mark.parametrize("k", [5, 6, 7])
def test_validated_kernels_reject_exactly_the_bad_rows(k):
    rows = fuzzed_rows(N_FUZZ, k, seed=k)
    expected_bad = reference_bad(rows)
    assert 0.2 < expected_bad.mean() < 0.6  # the fuzz exercises both sides
    checked, n_bad = run_kernel(rows, checked=True)
    unchecked, _ = run_kernel(rows, checked=False)
    assert n_bad == expected_bad.sum()
    assert np.array_equal(checked == 0, expected_bad)
    assert np.array_equal(checked[~expected_bad], unchecked[~expected_bad])


@pytest.mark.parametrize("k", [5, 6, 7])
def test_the_first_bad_row_is_named(k):
    rows = fuzzed_rows(20_000, k, seed=10 + k)
    first = int(np.flatnonzero(reference_bad(rows))[0])
    with pytest.raises(ValueError, match=rf"^hand {first}(,|:) "):
        pokerlut.evaluate(rows)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_unchecked_random_bytes_never_crash(k):
    rng = np.random.default_rng(100 + k)
    rows = rng.integers(0, 256, (N_FUZZ, k), dtype=np.uint8)
    out = pokerlut.evaluate(rows, check=False)
    assert out.shape == (N_FUZZ,) and int(out.max()) <= pokerlut.MAX_STRENGTH
    assert (out[(rows > 52).any(axis=1)] == 0).all()  # an id no game deals gets the no-hand strength
    small = rows[:20_000]
    best = pokerlut.best_five(small, check=False)
    assert best.cards.shape == (20_000, 5)
    holes = rng.integers(0, 256, (5_000, 3, 2), dtype=np.uint8)
    board = rng.integers(0, 256, (5_000, k - 2), dtype=np.uint8)
    assert pokerlut.showdown(holes, board, check=False).strengths.shape == (5_000, 3)


# ids where the popcount test could go wrong: the top natural cards (two aces of spades carry into
# bit 52, the wild card's), the wild card itself, ids above it, and ids whose low six bits are a
# natural's or the wild's (115 & 63 = 51, 116 & 63 = 52)
CARRY_IDS = np.array([0, 50, 51, 52, 53, 63, 115, 116], np.uint8)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_row_of_the_carry_prone_ids(k):
    rows = CARRY_IDS[np.array(list(np.ndindex(*(len(CARRY_IDS),) * k)), dtype=np.intp)]
    expected_bad = reference_bad(rows)
    for kernel in (rank_kernel, simd_kernel) if simd_enabled() else (rank_kernel,):
        flat = rows.reshape(-1)
        out, bad = np.zeros(len(rows), np.uint16), np.zeros(1, np.int64)
        kernel(k, True)(flat, flat, out, load_table_set("high").rank_tables(k), bad)
        assert np.array_equal(out == 0, expected_bad) and bad[0] == expected_bad.sum(), kernel
