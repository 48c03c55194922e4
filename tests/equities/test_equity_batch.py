"""pokerlut.equity_batch: card strings and every integer dtype, bad cards named by deal and place,
zero questions, no silent switch to Monte Carlo, run options checked, trials capped."""

from __future__ import annotations

import numpy as np
import pytest

import pokerlut
from pokerlut import config
from pokerlut.equities import plan


AHKH_QDQC = [[50, 46], [41, 40]]
FLOP = [0, 5, 10]  # 2c 3d 4h


def test_equity_batch_takes_card_strings_as_evaluate_does():
    ids = pokerlut.equity_batch(np.array([AHKH_QDQC]), np.array([FLOP]))
    text = pokerlut.equity_batch([["AhKh", "QdQc"]], ["2c 3d 4h"])
    split = pokerlut.equity_batch([[["Ah", "Kh"], ["Qd", "Qc"]]], [["2c", "3d", "4h"]], dead=[["9s"]])
    assert np.array_equal(ids.equity, text.equity)
    assert split.method == "exact" and split.n.tolist() == [946]  # C(44, 2): the dead card is gone


@pytest.mark.parametrize("dtype", [">i4", ">u2", "<i8", ">i8", np.uint8, np.int16])
def test_equity_batch_takes_every_integer_dtype_and_byte_order(dtype):
    # the same question (same dead card) in native int64 ids and in the dtype under test: the same answer
    native = pokerlut.equity_batch(np.array([AHKH_QDQC]), np.array([FLOP]), dead=np.array([[51]]))
    other = pokerlut.equity_batch(np.array([AHKH_QDQC], dtype=dtype), np.array([FLOP], dtype=dtype),
                                  dead=np.array([[51]], dtype=dtype))
    assert other.method == native.method == "exact"
    assert np.array_equal(other.equity, native.equity) and np.array_equal(other.n, native.n)


@pytest.mark.parametrize("holes, board, error, text", [
    ([[[50, 46], [41, 60]]], [FLOP], ValueError, r"deal 0: player 1's card 1: card id 60 is not a card"),
    ([[[50, 46], [41, -3]]], [FLOP], ValueError, r"deal 0: player 1's card 1: card id -3 is not a card"),
    ([[[50, 46], [41, 52]]], [FLOP], ValueError, r"deal 0: player 1's card 1: the wild card \(id 52\) is not dealt in equity calculations"),
    ([AHKH_QDQC], [[0, 5, 99]], ValueError, r"deal 0: board card 2: card id 99 is not a card"),
    ([[["Ah", "Kh"], ["Qd", "Xc"]]], [FLOP], ValueError, "'Xc'"),
    ([[[50.0, 46], [41, 40]]], [FLOP], TypeError, r"holes must hold integer card ids .*50\.0"),
    (np.zeros((1, 2, 2), bool), [FLOP], TypeError, "holes must hold integer card ids"),
    ([AHKH_QDQC], [[0, 5, 50]], ValueError, r"deal 0: card Ah \(id 50\) is dealt twice: as player 0's card 0 and as board card 2"),
])
def test_equity_batch_bad_cards_name_the_place(holes, board, error, text):
    with pytest.raises(error, match=text):
        pokerlut.equity_batch(holes, board)


@pytest.mark.parametrize("players, board", [(2, 0), (3, 3), (9, 5)])
def test_equity_batch_with_zero_questions_gives_empty_results(players, board):
    r = pokerlut.equity_batch(np.zeros((0, players, 2), np.uint8), np.zeros((0, board), np.uint8))
    for field in (r.win, r.tie, r.equity, r.std_error):
        assert field.shape == (0, players)
    assert r.n.shape == (0,) and r.method == "exact"


def test_equity_batch_with_zero_questions_still_checks_the_player_count():
    with pytest.raises(ValueError, match="2 to 9 players, got 1"):
        pokerlut.equity_batch(np.zeros((0, 1, 2), np.uint8))


def test_equity_batch_refuses_to_switch_to_monte_carlo_silently():
    n = 203_000
    holes = np.tile(np.array(AHKH_QDQC, np.uint8), (n, 1, 1))
    boards = np.tile(np.array(FLOP, np.uint8), (n, 1))
    with pytest.raises(ValueError, match=r"203,000 questions x 990 boards x 2 players .*exact=True.*samples=") as info:
        pokerlut.equity_batch(holes, boards)
    assert "EXACT_BUDGET" in str(info.value)


def test_equity_batch_goes_monte_carlo_only_when_samples_are_given(monkeypatch):
    monkeypatch.setattr(config, "EXACT_BUDGET", 1000)  # 3 flop questions are then "too many"
    holes = np.tile(np.array(AHKH_QDQC, np.uint8), (3, 1, 1))
    boards = np.tile(np.array(FLOP, np.uint8), (3, 1))
    with pytest.raises(ValueError, match="3 questions x 990 boards"):
        pokerlut.equity_batch(holes, boards)
    r = pokerlut.equity_batch(holes, boards, samples=4000, seed=1)
    assert r.method == "monte carlo" and r.n.tolist() == [4000] * 3 and r.seed == 1
    assert "monte carlo" in str(r) and "4,000 trials each" in str(r)
    forced = pokerlut.equity_batch(holes, boards, exact=True)
    assert forced.method == "exact" and forced.n.tolist() == [990] * 3
    assert "exact, 990 boards each" in str(forced)


def test_equity_batch_exact_false_without_samples_uses_the_default():
    r = pokerlut.equity_batch(np.array([AHKH_QDQC]), np.array([FLOP]), exact=False, seed=2)
    assert r.method == "monte carlo" and r.n.tolist() == [plan.DEFAULT_SAMPLES]


@pytest.mark.parametrize("kwargs, error, text", [
    (dict(samples=1.5), TypeError, "samples must be an integer >= 1"),
    (dict(samples=True), TypeError, "samples must be an integer >= 1"),
    (dict(samples=0), ValueError, "samples must be at least 1"),
    (dict(exact="yes"), TypeError, "exact must be True, False or None"),
])
def test_equity_batch_and_equity_refuse_bad_run_options(kwargs, error, text):
    with pytest.raises(error, match=text):
        pokerlut.equity_batch(np.array([AHKH_QDQC]), np.array([FLOP]), **kwargs)
    with pytest.raises(error, match=text):
        pokerlut.equity(["AhKh", "QdQc"], **kwargs)


def test_samples_beyond_max_samples_are_refused_before_any_work():
    too_many = plan.MAX_SAMPLES + 1
    with pytest.raises(ValueError, match=r"samples must be at most MAX_SAMPLES \(10,000,000,000\)"):
        pokerlut.equity(["AhKh", "QdQc"], exact=False, samples=too_many)
    with pytest.raises(ValueError, match=r"samples must be at most MAX_SAMPLES"):
        pokerlut.equity_batch(np.array([AHKH_QDQC]), np.array([FLOP]), exact=False, samples=2**70)


def test_batch_trials_in_all_are_capped():
    holes = np.tile(np.array(AHKH_QDQC, np.uint8), (3, 1, 1))
    boards = np.tile(np.array(FLOP, np.uint8), (3, 1))
    samples = plan.MAX_SAMPLES // 2
    with pytest.raises(ValueError, match=r"3 questions x 5,000,000,000 samples = 15,000,000,000 trials"):
        pokerlut.equity_batch(holes, boards, exact=False, samples=samples)
