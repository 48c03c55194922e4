"""Ranges refuse weights, fields and blocked cards that would give a silent wrong answer, wherever a
range is taken (equity, the grid, Dask)."""

from __future__ import annotations

import numpy as np
import pytest

import pokerlut
from pokerlut import Range, parse_range


QQ = parse_range("QQ").combos  # six combos, a valid shape for hand-built ranges


def hand_built(weights, combos=QQ):
    return Range(np.asarray(combos), np.asarray(weights, dtype=float))


# --------------------------------------------------------------------------- 8: weights


@pytest.mark.parametrize("bad, shown", [(np.nan, "nan"), (-1.0, "-1.0"), (np.inf, "inf")])
def test_equity_refuses_a_range_with_a_bad_weight(bad, shown):
    weights = [1.0] * 6
    weights[2] = bad
    with pytest.raises(ValueError, match=rf"player 1's range: weight 2 is {shown}; weights must be finite and >= 0"):
        pokerlut.equity(["AhKh", hand_built(weights)], exact=True)


def test_equity_refuses_a_range_whose_weights_are_all_zero():
    with pytest.raises(ValueError, match="player 1's range: every weight is 0"):
        pokerlut.equity(["AhKh", hand_built([0.0] * 6)], exact=True)


def test_equity_refuses_an_empty_hand_built_range_without_blaming_blocked_cards():
    empty = Range(np.zeros((0, 2), np.uint8), np.zeros(0))
    with pytest.raises(ValueError, match="player 1's range holds no combo") as info:
        pokerlut.equity(["AhKh", empty])
    assert "board" not in str(info.value)


@pytest.mark.parametrize("text", ["QQ:0", "0(QQ)", "0(QQ, AKs), JJ:0"])
def test_a_range_of_zero_weights_is_refused_when_parsed(text):
    with pytest.raises(ValueError, match="gives every hand weight 0"):
        parse_range(text)


def test_equity_on_a_zero_weight_range_names_the_weights_not_blocked_cards():
    with pytest.raises(ValueError, match="weight 0") as info:
        pokerlut.equity(["AhKh", "QQ:0"])
    assert "blocked" not in str(info.value) and "board" not in str(info.value)


def test_a_zero_weight_beside_a_positive_one_drops_only_those_combos():
    r = parse_range("QQ:0, KK")
    assert len(r) == 6 and set(r.combos.ravel() // 4) == {11}  # kings only


@pytest.mark.parametrize("text", ["QQ:nan", "QQ:inf", "QQ:-1", "-1(QQ)", "QQ:1e13", "1e13(QQ)", "QQ:0x5",
                                  "QQ:", "QQ:1e"])
def test_bad_weight_text_is_a_range_error_with_a_caret(text):
    with pytest.raises(ValueError, match=r"bad range token .* at column \d+: .*weight") as info:
        parse_range(text)
    assert "^" in str(info.value)


def test_dask_equity_validates_a_hand_built_range():
    pytest.importorskip("dask")
    import pokerlut.dask

    with pytest.raises(ValueError, match="player 1's range: weight 0 is nan"):
        pokerlut.dask.equity(["AhKh", hand_built([np.nan] + [1.0] * 5)], samples=1000, seed=1)


# --------------------------------------------------------------------------- 19: one weight syntax


@pytest.mark.parametrize("number, value", [("1e5", 1e5), ("0.5", 0.5), (".5", 0.5), ("2", 2.0), ("2.5E-3", 2.5e-3),
                                           ("+3", 3.0)])
def test_both_weight_forms_take_the_same_numbers(number, value):
    group = parse_range(f"{number}(QQ)")
    suffix = parse_range(f"QQ:{number}")
    assert group.weights.tolist() == [value] * 6
    assert suffix.weights.tolist() == [value] * 6
    assert np.array_equal(group.combos, suffix.combos)


# --------------------------------------------------------------------------- 9: blocked


@pytest.mark.parametrize("blocked, value", [([60], 60), ([-1], -1), ([52], 52), (np.array([43, 99]), 99)])
def test_blocked_ids_outside_the_deck_are_refused(blocked, value):
    with pytest.raises(ValueError, match=rf"blocked: position \d is card id {value}, not a natural card"):
        parse_range("QQ", blocked=blocked)


@pytest.mark.parametrize("blocked, shown", [([1.7], "1.7"), ([True], "True"), ([43, 2.0], "2.0")])
def test_blocked_bools_and_floats_are_a_type_error_naming_the_value(blocked, shown):
    with pytest.raises(TypeError, match=rf"blocked must hold integer card ids .*got {shown}"):
        parse_range("22", blocked=blocked)


def test_blocked_float_array_is_a_type_error():
    with pytest.raises(TypeError, match="blocked.*dtype float64"):
        parse_range("22", blocked=np.array([1.7]))


@pytest.mark.parametrize("blocked", [["Qs"], "Qs", np.array(["Qs"]), [43], np.array([43], dtype=">i4")])
def test_blocked_takes_card_strings_and_ids_alike(blocked):
    r = parse_range("QQ", blocked=blocked)
    assert len(r) == 3  # the three queen pairs without the queen of spades (id 43 = 4 * 10 + 3)
    assert 43 not in r.combos


def test_bad_card_string_in_blocked_names_it():
    with pytest.raises(ValueError, match="'Xs'"):
        parse_range("QQ", blocked=["Xs"])


def test_range_blocked_method_validates_too():
    with pytest.raises(ValueError, match="card id 60"):
        parse_range("QQ").blocked([60])


# --------------------------------------------------------------------------- 17: malformed Range fields


def test_combos_of_three_columns_are_a_clear_error():
    bad = Range(np.array([[51, 50, 49]]), np.array([1.0]))
    with pytest.raises(ValueError, match=r"player 1's range: combos must have shape \(n, 2\), got \(1, 3\)"):
        pokerlut.equity(["AhKh", bad])


def test_mismatched_weights_are_a_clear_error():
    bad = Range(np.array([[51, 50]]), np.array([1.0, 2.0]))
    with pytest.raises(ValueError, match=r"player 1's range: 1 combos need 1 weights, got shape \(2,\)"):
        pokerlut.equity(["AhKh", bad])


@pytest.mark.parametrize("combos", [[[51, 50], [3, 2], [50, 51]], [[51, 50], [3, 2], [51, 50]]])
def test_a_combo_listed_twice_is_a_clear_error(combos):
    bad = Range(np.array(combos), np.array([1.0, 1.0, 0.5]))
    with pytest.raises(ValueError, match=r"player 1's range: combo 2 \(AsAh\) is combo 0 again; list each combo once"):
        pokerlut.equity(["KhKd", bad])


def test_range_fields_given_as_lists_are_checked_not_crashed_on():
    r = pokerlut.equity(["AhKh", Range([[51, 49]], [1.0])], board="2c 3d 4h")  # AsAd
    assert r.method == "exact"
    with pytest.raises(ValueError, match=r"combos must have shape \(n, 2\)"):
        pokerlut.equity(["AhKh", Range(5, [1.0])])
    with pytest.raises(TypeError, match="combos must hold integer card ids"):
        pokerlut.equity(["AhKh", Range([["As", "Ad"]], [1.0])])


# --------------------------------------------------------------------------- ragged fields, blocked weighted combos


def test_ragged_range_fields():
    with pytest.raises(ValueError, match="combos and weights must be arrays"):
        pokerlut.Range([[51, 50], [1]], [1.0, 1.0]).validated()


@pytest.mark.parametrize("exact", [True, False])
def test_a_range_whose_only_weighted_combos_are_blocked_is_impossible_not_nan(exact):
    # AsAd has weight 0, AhAc weight 1 but the board holds the Ah: no hand of the range can be dealt
    r = pokerlut.Range(np.array([[51, 49], [50, 48]]), np.array([0.0, 1.0]))
    with pytest.raises(ValueError, match=r"player 1's range .* is impossible: every combo of weight > 0 holds a card"):
        pokerlut.equity(["KhKd", r], "Ah 2c 3d", exact=exact, samples=1000, seed=1)


def test_zero_weight_combos_do_not_change_the_answer():
    with_zero = pokerlut.Range(np.array([[51, 49], [50, 48]]), np.array([0.0, 1.0]))
    without = pokerlut.Range(np.array([[50, 48]]), np.array([1.0]))
    a = pokerlut.equity(["KhKd", with_zero], "2c 3d 4h", exact=True)
    b = pokerlut.equity(["KhKd", without], "2c 3d 4h", exact=True)
    assert a.equity.tolist() == b.equity.tolist() and a.n == b.n
