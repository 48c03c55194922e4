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


@pytest.mark.parametrize("function", [pokerlut.describe, pokerlut.category_name])
@pytest.mark.parametrize("value", [np.array([5, 6]), [5], np.ones((2, 2), np.int64)])
def test_describe_takes_one_strength(function, value):
    with pytest.raises(TypeError, match=r"takes one strength \(an integer\), got an array of shape"):
        function(value)


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
