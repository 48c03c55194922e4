"""One seed path: every function that takes ``seed=`` accepts the same things and
refuses the rest with an error naming ``seed``."""

from __future__ import annotations

import numpy as np
import pytest

import pokerlut
from pokerlut import _seeds

HOLES = np.array([[[50, 46], [41, 40]]])  # AhKh vs QdQc
BOARDS = np.array([[0, 5, 10]])


def mc(seed):
    return pokerlut.equity(["AhKh", "QdQc"], exact=False, samples=5000, seed=seed)


def batch(seed):
    return pokerlut.equity_batch(HOLES, BOARDS, exact=False, samples=5000, seed=seed)


def dask_equity(seed):
    pytest.importorskip("dask")
    import pokerlut.dask

    return pokerlut.dask.equity(["AhKh", "QdQc"], samples=5000, seed=seed, tasks=2)


CALLS = {
    "equity": mc,
    "equity exact": lambda seed: pokerlut.equity(["AhKh", "QdQc"], board="2c 3d 4h", exact=True, seed=seed),
    "equity omaha": lambda seed: pokerlut.equity(["AhKhQdJd", "random"], board="2c 3d 4h", variant="omaha",
                                                 samples=2000, seed=seed),
    "equity_batch": batch,
    "random_hands": lambda seed: pokerlut.random_hands(10, seed=seed),
    "dask.equity": dask_equity,
}


@pytest.mark.parametrize("call", list(CALLS))
@pytest.mark.parametrize("seed", [1.7, True, np.True_, "5", b"5", [1, 2], 2.0, object()])
def test_anything_but_an_integer_seed_sequence_or_generator_is_a_type_error(call, seed):
    with pytest.raises(TypeError, match=r"seed must be None, an integer >= 0, a numpy.random.SeedSequence or"):
        CALLS[call](seed)


@pytest.mark.parametrize("call", list(CALLS))
def test_a_negative_seed_is_a_value_error(call):
    with pytest.raises(ValueError, match="seed must be an integer >= 0, got -1"):
        CALLS[call](-1)


@pytest.mark.parametrize("call", ["equity", "equity_batch", "dask.equity"])
def test_integer_like_seeds_are_accepted_and_reproduce(call):
    a, b = CALLS[call](np.int64(12)), CALLS[call](12)
    assert a.seed == b.seed == 12
    assert np.array_equal(a.equity, b.equity)


@pytest.mark.parametrize("call", ["equity", "equity_batch", "dask.equity"])
def test_a_generator_is_accepted_and_the_reported_seed_repeats_the_run(call):
    a = CALLS[call](np.random.default_rng(1))
    b = CALLS[call](np.random.default_rng(1))
    assert a.seed == b.seed and isinstance(a.seed, int) and a.seed >= 0
    assert np.array_equal(a.equity, b.equity)
    again = CALLS[call](a.seed)
    assert np.array_equal(again.equity, a.equity)


def test_a_generator_advances_so_two_draws_differ():
    rng = np.random.default_rng(1)
    assert mc(rng).seed != mc(rng).seed


@pytest.mark.parametrize("call", ["equity", "equity_batch", "dask.equity"])
def test_a_root_seed_sequence_means_its_integer_as_in_numpy(call):
    a, b = CALLS[call](np.random.SeedSequence(5)), CALLS[call](5)
    assert a.seed == 5 and np.array_equal(a.equity, b.equity)


def test_spawned_seed_sequences_give_different_runs():
    children = np.random.SeedSequence(5).spawn(2)
    seeds = {_seeds.entropy(c) for c in children}
    assert len(seeds) == 2 and 5 not in seeds
    assert mc(children[0]).seed == mc(children[0]).seed  # still reproducible


def test_random_hands_takes_every_kind_of_seed():
    same = [pokerlut.random_hands(50, 7, seed=s) for s in (3, np.int32(3), np.random.SeedSequence(3))]
    assert all(np.array_equal(same[0], h) for h in same[1:])
    g1, g2 = np.random.default_rng(9), np.random.default_rng(9)
    assert np.array_equal(pokerlut.random_hands(50, seed=g1), pokerlut.random_hands(50, seed=g2))
    assert not np.array_equal(pokerlut.random_hands(50, seed=g1), pokerlut.random_hands(50, seed=np.random.default_rng(9)))


def test_huge_integer_seeds_are_fine():
    r = mc(2**100)
    assert r.seed == 2**100
