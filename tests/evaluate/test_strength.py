"""describe / category / category_name refuse what is not an integer strength, with one wording."""

from __future__ import annotations

import re

import numpy as np
import pytest

import pokerlut


@pytest.mark.parametrize("function", [pokerlut.describe, pokerlut.category, pokerlut.category_name])
@pytest.mark.parametrize("value, shown", [(7462.9, "7462.9"), ("7462", "the string '7462'"), (True, "True"),
                                          (1.5, "1.5"), (np.float64(5.0), "np.float64(5.0)"), (np.True_, "np.True_")])
def test_non_integer_strengths_are_type_errors_with_one_wording(function, value, shown):
    with pytest.raises(TypeError, match=rf"^a strength is an integer, got {re.escape(shown)}$"):
        function(value)


@pytest.mark.parametrize("value, shown", [([True, 5], "True"), ([5, 2.5], "2.5"), ([[5], [False]], "False")])
def test_bools_and_floats_inside_lists_are_refused_by_category(value, shown):
    with pytest.raises(TypeError, match=rf"^a strength is an integer, got {shown}$"):
        pokerlut.category(value)


@pytest.mark.parametrize("game", ["high", "short-deck", "eight-or-better", "deuce-seven-low", "badugi", "ofc"])
def test_describe_and_category_name_of_an_array_are_arrays_of_the_same_shape(game):
    top = pokerlut.get_variant(game).tables.n_strengths
    rng = np.random.default_rng(7)
    for value in (rng.integers(1, top + 1, (4, 3)), rng.integers(1, top + 1, 50).astype(np.uint16), [5], [[1, top]]):
        flat = np.asarray(value).reshape(-1).tolist()
        for function in (pokerlut.describe, pokerlut.category_name):
            out = function(value, game)
            assert isinstance(out, np.ndarray) and out.dtype.kind == "U" and out.shape == np.shape(value)
            assert out.reshape(-1).tolist() == [function(s, game) for s in flat]
    assert pokerlut.describe(np.zeros((0, 2), np.int64), game).shape == (0, 2)
    with pytest.raises(ValueError, match=rf"strength 0 at index \(1,\) is not a valid {game} strength"):
        pokerlut.describe([5, 0, top + 1], game)
    with pytest.raises(TypeError, match=r"^a strength is an integer, got True$"):
        pokerlut.describe([5, True], game)


@pytest.mark.parametrize("value", [2**70, -(2**70), 0, 7476, np.uint64(2**64 - 1)])
def test_out_of_scale_integers_are_value_errors(value):
    with pytest.raises(ValueError, match=r"is not a valid high strength \(1\.\.7475\)"):
        pokerlut.describe(value)


def test_the_index_of_a_bad_strength_is_printed_as_plain_integers():
    with pytest.raises(ValueError, match=r"strength 0 at index \(1, 0\) is"):
        pokerlut.category(np.array([[5, 6], [0, 7]]))


def test_integer_strengths_of_any_dtype_are_described():
    for dtype in (np.uint16, ">i4", np.int64, np.uint8):
        assert pokerlut.describe(np.array(200, dtype=dtype)) == pokerlut.describe(200)
