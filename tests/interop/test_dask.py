"""pokerlut.dask on a real LocalCluster of 2 worker processes: blockwise evaluate equals numpy,
and seeded Monte Carlo equity equals the local run whatever the task split."""

from __future__ import annotations

import numpy as np
import pytest


dask = pytest.importorskip("dask")
da = pytest.importorskip("dask.array")
distributed = pytest.importorskip("distributed")

import pokerlut  # noqa: E402
import pokerlut.dask as pdask  # noqa: E402
from pokerlut.equities import equity  # noqa: E402
from pokerlut.cards import parse_cards


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


@pytest.mark.parametrize("k", [5, 7])
def test_evaluate_blockwise_equals_numpy(client, k):
    hands = pokerlut.random_hands(200_000, k, wild_fraction=0.1, seed=k)
    x = da.from_array(hands, chunks=(30_000, 2))  # the card axis split on purpose: it is merged
    lazy = pdask.evaluate(x)
    assert lazy.dtype == np.uint16 and lazy.shape == (200_000,)
    got = client.compute(lazy).result()
    np.testing.assert_array_equal(got, pokerlut.evaluate(hands))


def test_evaluate_leading_shape_and_numpy_input(client):
    hands = pokerlut.random_hands(6_000, 7, seed=3).reshape(20, 300, 7)
    got = client.compute(pdask.evaluate(da.from_array(hands, chunks=(7, 100, 7)))).result()
    np.testing.assert_array_equal(got, pokerlut.evaluate(hands))
    np.testing.assert_array_equal(pdask.evaluate(hands).compute(scheduler="sync"), pokerlut.evaluate(hands))


def test_evaluate_bad_card_raises_on_compute(client):
    hands = pokerlut.random_hands(1000, 5, seed=1)
    hands[500, 2] = hands[500, 3]
    with pytest.raises(ValueError):
        client.compute(pdask.evaluate(da.from_array(hands, chunks=(100, 5)))).result()


@pytest.mark.parametrize("players, board", [
    (["AhKh", "QdQc"], ""),
    (["TT+,AKs", "random", "7s7c"], "Qs 7h 2c"),
])
def test_equity_same_seed_same_answer(client, players, board):
    local = equity(players, board, exact=False, samples=700_000, seed=42)
    for tasks in (1, 3, 11):
        remote = pdask.equity(players, board, samples=700_000, seed=42, client=client, tasks=tasks)
        assert remote.method == "monte carlo" and remote.n == 700_000 and remote.seed == 42
        assert remote.equity.tolist() == local.equity.tolist()
        assert remote.win.tolist() == local.win.tolist()
        assert remote.tie.tolist() == local.tie.tolist()
        assert remote.std_error.tolist() == local.std_error.tolist()


def test_equity_within_four_standard_errors_of_exact(client):
    exact = equity(["AhKh", "QdQc"], "Qs 7h 2c", exact=True)
    mc = pdask.equity(["AhKh", "QdQc"], "Qs 7h 2c", samples=300_000, seed=1, client=client)
    assert np.all(np.abs(mc.equity - exact.equity) <= 4 * mc.std_error)


def test_equity_without_client_uses_default_scheduler():
    local = equity(["AhKh", "QdQc"], exact=False, samples=200_000, seed=9)
    with dask.config.set(scheduler="threads"):
        remote = pdask.equity(["AhKh", "QdQc"], samples=200_000, seed=9, tasks=2)
    assert remote.equity.tolist() == local.equity.tolist()


def test_equity_bad_input_raises_before_any_task(client):
    with pytest.raises(ValueError, match="dealt twice"):
        pdask.equity(["AhKh", "AhQc"], client=client)


# --------------------------------------------------------------------------- evaluate: rows named in the whole array, any input


def test_dask_evaluate_names_the_row_of_the_whole_array():
    da = pytest.importorskip("dask.array")
    import pokerlut.dask

    hands = pokerlut.random_hands(100_000, 5, seed=1)
    hands[70_000, 2] = hands[70_000, 3]
    with pytest.raises(ValueError, match=r"^hand 70000: card .* is dealt twice"):
        pokerlut.dask.evaluate(da.from_array(hands, chunks=(50_000, 5))).compute(scheduler="sync")
    hands = pokerlut.random_hands(6000, 7, seed=1).reshape(20, 300, 7).astype(">i4")
    hands[13, 250, 1] = 300
    with pytest.raises(ValueError, match=r"^hand \(13, 250\), position 1: card id 300 is not a card"):
        pokerlut.dask.evaluate(da.from_array(hands, chunks=(7, 100, 7))).compute(scheduler="sync")


def test_dask_evaluate_takes_card_strings_and_big_endian_arrays():
    da = pytest.importorskip("dask.array")
    import pokerlut.dask

    texts = ["As Ks Qs Js Ts", "2c 2d W 9h 9s", "Ah W 9h 5h 2h"]
    expected = pokerlut.evaluate(texts)
    assert np.array_equal(pokerlut.dask.evaluate(texts).compute(scheduler="sync"), expected)
    big = np.array([parse_cards(t) for t in texts], dtype=">i4")
    assert np.array_equal(pokerlut.dask.evaluate(da.from_array(big, chunks=(2, 5))).compute(scheduler="sync"),
                          expected)


@pytest.mark.parametrize("hands, error, text", [
    (np.zeros((3, 4), np.uint8), ValueError, r"shape \(\.\.\., 5 or 6 or 7\)"),
    (np.zeros((3, 5)), TypeError, "integer card ids"),
    ([[0, 1, 2, 3, 4.5]], TypeError, "4.5"),
    ("As Ks Qs Js Ts", ValueError, "at least one hand axis"),
])
def test_dask_evaluate_bad_input_is_refused_before_computing(hands, error, text):
    pytest.importorskip("dask.array")
    import pokerlut.dask

    with pytest.raises(error, match=text):
        pokerlut.dask.evaluate(hands)


def test_dask_evaluate_check_must_be_a_bool():
    pytest.importorskip("dask.array")
    import pokerlut.dask

    with pytest.raises(TypeError, match="check must be True or False"):
        pokerlut.dask.evaluate(np.zeros((1, 5), np.uint8), check="no")
