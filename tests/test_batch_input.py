"""equity_batch, random_hands and pokerlut.dask.evaluate on the issue's reproductions (items 6, 14,
15, 16, 20): valid input accepted, empty input answered, no silent switch, no hang."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import pokerlut
from pokerlut import holdem_equity
from pokerlut.cards import parse_cards

AHKH_QDQC = [[50, 46], [41, 40]]
FLOP = [0, 5, 10]  # 2c 3d 4h


# --------------------------------------------------------------------------- 6: random_hands


def test_random_hands_with_many_cards_returns_promptly():
    code = ("import numpy as np, pokerlut; h = pokerlut.random_hands(1000, 30, seed=1); "
            "s = np.sort(h, axis=1); print(h.shape, bool((s[:, 1:] != s[:, :-1]).all()))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "(1000, 30) True"


def test_random_hands_of_the_whole_deck_are_permutations():
    h = pokerlut.random_hands(2000, 52, seed=4)
    assert np.array_equal(np.sort(h, axis=1), np.tile(np.arange(52), (2000, 1)))
    # a uniform permutation puts every card in the first position about equally often (2000/52 ~ 38)
    first = np.bincount(h[:, 0], minlength=52)
    assert first.min() > 10 and first.max() < 80


@pytest.mark.parametrize("cards", [2, 5, 7, 13, 30, 51])
def test_random_hands_are_distinct_uniform_and_reproducible(cards):
    n = 30_000
    a = pokerlut.random_hands(n, cards, seed=cards)
    assert np.array_equal(a, pokerlut.random_hands(n, cards, seed=cards))
    s = np.sort(a, axis=1)
    assert (s[:, 1:] != s[:, :-1]).all() and a.max() < 52
    expected = a.size / 52  # draws of each card when uniform; the count's std is about its square root
    counts = np.bincount(a.ravel(), minlength=52)
    assert np.abs(counts - expected).max() < 5 * np.sqrt(expected)


@pytest.mark.parametrize("kwargs, error, text", [
    (dict(n=1.5), TypeError, "n must be an integer"),
    (dict(n=True), TypeError, "n must be an integer"),
    (dict(n=-1), ValueError, "n must be >= 0"),
    (dict(n=3, cards=5.0), TypeError, "cards must be an integer"),
    (dict(n=3, cards=0), ValueError, "cards must be between 1 and 52"),
    (dict(n=3, wild_fraction="0.5"), TypeError, "wild_fraction"),
    (dict(n=3, wild_fraction=float("nan")), ValueError, "wild_fraction"),
    (dict(n=3, max_wilds=2.0), TypeError, "max_wilds must be an integer"),
])
def test_random_hands_argument_errors(kwargs, error, text):
    with pytest.raises(error, match=text):
        pokerlut.random_hands(**kwargs)


def test_random_hands_of_zero_hands():
    assert pokerlut.random_hands(0, 7, seed=1).shape == (0, 7)


# --------------------------------------------------------------------------- 15: equity_batch input


def test_equity_batch_takes_card_strings_as_evaluate_does():
    ids = pokerlut.equity_batch(np.array([AHKH_QDQC]), np.array([FLOP]))
    text = pokerlut.equity_batch([["AhKh", "QdQc"]], ["2c 3d 4h"])
    split = pokerlut.equity_batch([[["Ah", "Kh"], ["Qd", "Qc"]]], [["2c", "3d", "4h"]], dead=[["9s"]])
    assert np.array_equal(ids.equity, text.equity)
    assert split.method == "exact" and split.n.tolist() == [946]  # C(44, 2): the dead card is gone


@pytest.mark.parametrize("dtype", [">i4", ">u2", "<i8", ">i8", np.uint8, np.int16])
def test_equity_batch_takes_every_integer_dtype_and_byte_order(dtype):
    native = pokerlut.equity_batch(np.array([AHKH_QDQC]), np.array([FLOP]))
    other = pokerlut.equity_batch(np.array([AHKH_QDQC], dtype=dtype), np.array([FLOP], dtype=dtype),
                                  dead=np.array([[51]], dtype=dtype))
    assert other.method == "exact"
    assert np.abs(other.equity - native.equity).max() < 0.05  # one dead card moves it only a little


@pytest.mark.parametrize("holes, board, error, text", [
    ([[[50, 46], [41, 60]]], [FLOP], ValueError, r"holes: scenario 0, player 1's card 1 is card id 60"),
    ([[[50, 46], [41, -3]]], [FLOP], ValueError, r"scenario 0, player 1's card 1 is card id -3"),
    ([[[50, 46], [41, 52]]], [FLOP], ValueError, r"card id 52, not a natural card"),
    ([AHKH_QDQC], [[0, 5, 99]], ValueError, r"boards: scenario 0, board card 2 is card id 99"),
    ([[["Ah", "Kh"], ["Qd", "Xc"]]], [FLOP], ValueError, "'Xc'"),
    ([[[50.0, 46], [41, 40]]], [FLOP], TypeError, r"holes must hold integer card ids .*50\.0"),
    (np.zeros((1, 2, 2), bool), [FLOP], TypeError, "holes must hold integer card ids"),
    ([AHKH_QDQC], [[0, 5, 50]], ValueError, "card Ah is dealt twice"),
])
def test_equity_batch_bad_cards_name_the_place(holes, board, error, text):
    with pytest.raises(error, match=text):
        pokerlut.equity_batch(holes, board)


# --------------------------------------------------------------------------- 16: zero questions


@pytest.mark.parametrize("players, board", [(2, 0), (3, 3), (9, 5)])
def test_equity_batch_with_zero_questions_gives_empty_results(players, board):
    r = pokerlut.equity_batch(np.zeros((0, players, 2), np.uint8), np.zeros((0, board), np.uint8))
    for field in (r.win, r.tie, r.equity, r.std_error):
        assert field.shape == (0, players)
    assert r.n.shape == (0,) and r.method == "exact"


def test_equity_batch_with_zero_questions_still_checks_the_player_count():
    with pytest.raises(ValueError, match="2 to 9 players, got 1"):
        pokerlut.equity_batch(np.zeros((0, 1, 2), np.uint8))


# --------------------------------------------------------------------------- 20: no silent switch


def test_equity_batch_refuses_to_switch_to_monte_carlo_silently():
    n = 203_000
    holes = np.tile(np.array(AHKH_QDQC, np.uint8), (n, 1, 1))
    boards = np.tile(np.array(FLOP, np.uint8), (n, 1))
    with pytest.raises(ValueError, match=r"203,000 questions x 990 boards x 2 players .*exact=True.*samples=") as info:
        pokerlut.equity_batch(holes, boards)
    assert "EXACT_BUDGET" in str(info.value)


def test_equity_batch_goes_monte_carlo_only_when_samples_are_given(monkeypatch):
    monkeypatch.setattr(holdem_equity, "EXACT_BUDGET", 1000)  # 3 flop questions are then "too many"
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
    assert r.method == "monte carlo" and r.n.tolist() == [holdem_equity.DEFAULT_SAMPLES]


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


# --------------------------------------------------------------------------- 14/15: dask.evaluate


def test_dask_evaluate_names_the_row_of_the_whole_array():
    da = pytest.importorskip("dask.array")
    import pokerlut.dask

    hands = pokerlut.random_hands(100_000, 5, seed=1)
    hands[70_000, 2] = hands[70_000, 3]
    with pytest.raises(ValueError, match=r"^hand 70000: card .* appears twice"):
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


# --------------------------------------------------------------------------- 16: type checks that exist


def test_evaluate_parallel_must_be_a_bool():
    with pytest.raises(TypeError, match="parallel must be True, False or None, got 'no'"):
        pokerlut.evaluate("As Ks Qs Js Ts", parallel="no")


@pytest.mark.parametrize("n_cards", ["7", 6.0, True, None])
def test_category_counts_wants_an_integer(n_cards):
    with pytest.raises(TypeError, match="n_cards must be an integer 5, 6 or 7"):
        pokerlut.category_counts(n_cards)


# --------------------------------------------------------------------------- no hang, no memory blow-up


def test_samples_beyond_max_samples_are_refused_before_any_work():
    too_many = holdem_equity.MAX_SAMPLES + 1
    with pytest.raises(ValueError, match=r"samples must be at most MAX_SAMPLES \(10,000,000,000\)"):
        pokerlut.equity(["AhKh", "QdQc"], exact=False, samples=too_many)
    with pytest.raises(ValueError, match=r"samples must be at most MAX_SAMPLES"):
        pokerlut.equity_batch(np.array([AHKH_QDQC]), np.array([FLOP]), exact=False, samples=2**70)


def test_batch_trials_in_all_are_capped():
    holes = np.tile(np.array(AHKH_QDQC, np.uint8), (3, 1, 1))
    boards = np.tile(np.array(FLOP, np.uint8), (3, 1))
    samples = holdem_equity.MAX_SAMPLES // 2
    with pytest.raises(ValueError, match=r"3 questions x 5,000,000,000 samples = 15,000,000,000 trials"):
        pokerlut.equity_batch(holes, boards, exact=False, samples=samples)


def test_random_hands_too_many_for_memory_is_a_value_error():
    with pytest.raises(ValueError, match="do not fit in memory"):
        pokerlut.random_hands(10**15, 5)
