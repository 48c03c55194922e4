"""Results compare sanely: every record class of pokerlut that holds arrays either compares by value
with a plain ``True``/``False`` (arrays by shape and value, NaN equal to NaN) or by identity, never
with a dataclass's or a tuple's generated ``==``, which asks an array for its truth value (an error)
or answers with an array."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
import typing

import numpy as np
import pytest

import pokerlut
from pokerlut import _records

#: Records passed whole to the numba kernels: compared by nobody, and left as the kernels take them.
#: Records of tables, scratch and outputs passed whole into compiled kernels: the modules that define them.
KERNEL_RECORD_MODULES = ("pokerlut.table_records.", "pokerlut.kernels.")
#: Packages whose import needs an extra (numba-cuda) or starts the command line.
SKIPPED = ("pokerlut.cuda", "pokerlut.cli", "pokerlut.__main__")


def _records_with_arrays():
    for info in pkgutil.walk_packages(pokerlut.__path__, "pokerlut."):
        if info.name.startswith(SKIPPED):
            continue
        module = importlib.import_module(info.name)
        for name, cls in vars(module).items():
            if not inspect.isclass(cls) or cls.__module__ != info.name:
                continue
            is_tuple = issubclass(cls, tuple) and hasattr(cls, "_fields")
            if not (dataclasses.is_dataclass(cls) or is_tuple):
                continue
            hints = {k: str(v) for k, v in typing.get_type_hints(cls).items()}
            if any(("ndarray" in hint or "NDArray" in hint or "Strengths" in hint) and "Callable" not in hint
                   for hint in hints.values()):  # a function returning an array is no array
                yield f"{info.name}.{name}", cls, is_tuple


RECORDS = sorted((record for record in _records_with_arrays() if not record[0].startswith(KERNEL_RECORD_MODULES)),
                 key=lambda record: record[0])


def test_the_scan_finds_the_records():
    names = {name for name, _, _ in RECORDS}
    assert {"pokerlut.equities.results.EquityResult", "pokerlut.showdown.Showdown", "pokerlut.boards.outs.Outs",
            "pokerlut.ranges.parse.Range"} <= names


@pytest.mark.parametrize("name, cls, is_tuple", RECORDS, ids=[name for name, _, _ in RECORDS])
def test_a_record_with_arrays_compares_by_value_or_by_identity(name, cls, is_tuple):
    if is_tuple:
        assert cls.__eq__ is _records.same_items and cls.__ne__ is _records.different_items, name
    else:
        by_value = cls.__eq__ is _records.same_fields
        by_identity = not cls.__dataclass_params__.eq and cls.__eq__ is object.__eq__
        assert by_value or by_identity, f"{name}: a generated __eq__ over array fields"


def _copy(record):
    """The same record built again from copies of its arrays (no array shared)."""
    values = [np.array(v, copy=True) if isinstance(v, np.ndarray) else v for v in record]
    return type(record)(*values)


def test_named_tuple_results_are_equal_by_value():
    best = pokerlut.best_five(["As Ks Qs Js Ts 2c 3d", "2c 2d W 9h 9s 4c 8d"])
    assert (best == _copy(best)) is True and (best != _copy(best)) is False
    other = pokerlut.best_five(["As Ks Qs Js 9s 2c 3d", "2c 2d W 9h 9s 4c 8d"])
    assert (best == other) is False and (best != other) is True
    shown = pokerlut.showdown(["AhKh", "QdQc"], "Qs 7h 2c 3d 4s")
    assert (shown == _copy(shown)) is True and (shown == best) is False
    assert (pokerlut.parse_range("QQ+, AKs") == pokerlut.parse_range("AKs, QQ+")) is True
    assert (pokerlut.parse_range("QQ+") == pokerlut.parse_range("JJ+")) is False


def test_dataclass_results_are_equal_by_value():
    texture = pokerlut.board_texture(["Qs 7h 2c", "9h 8h 7h"])
    assert (texture == pokerlut.board_texture(["Qs 7h 2c", "9h 8h 7h"])) is True
    assert (texture == pokerlut.board_texture(["Qs 7h 2c", "9h 8h 6h"])) is False
    assert (texture == "a texture") is False and (texture != "a texture") is True
    with pytest.raises(TypeError):
        hash(texture)  # equal by value, so not hashable by identity
