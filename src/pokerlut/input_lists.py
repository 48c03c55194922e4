"""Any card input as an integer array: integer arrays as they are, card text through the compiled
parser, nested lists and tuples through one bounded, iterative reader that names the place of
whatever is not a card (:mod:`pokerlut._input` re-exports it)."""

from __future__ import annotations

import numbers
import operator
from collections.abc import Sequence
from itertools import chain
from typing import Any

import numpy as np

from . import config
from .cards import error_text, is_text_array, named, parse_cards, shown, text_array, unmasked
from .input_checks import at_position, not_a_card_text

__all__ = ["LIST_TYPES", "card_array", "integer_leaves"]


#: The containers read as nested lists of cards.
LIST_TYPES = {list, tuple}
_CARD_TEXT = (str, bytes, np.str_, np.bytes_)
_shape_of = operator.attrgetter("shape")
_dtype_of = operator.attrgetter("dtype")


#: The integer types read directly, by numpy and by ``bytes()`` alike, with no code of the user's
#: run: Python's ``int`` and numpy's integer scalars.  Any other integer (an ``int`` subclass, an
#: object with ``__index__``) is read one by one through :func:`_index_values`.
_PLAIN_INTS = frozenset({int} | {np.dtype(code).type for code in np.typecodes["AllInteger"]})
#: Card-id types no hand holds, whatever ``__index__`` they have.
_NO_INTS = (bool, np.bool_, np.ndarray, str, bytes, np.str_, np.bytes_)


def _is_int_type(kind: type) -> bool:
    """Whether elements of type ``kind`` are integers: by Python's own protocol (``__index__``, as
    ``operator.index``, ``bytes()`` and list indexing read them), bools excluded.

    >>> class Id:
    ...     def __index__(self): return 51
    >>> _is_int_type(int), _is_int_type(np.uint8), _is_int_type(Id), _is_int_type(bool), _is_int_type(float)
    (True, True, True, False, False)
    """
    return kind in _PLAIN_INTS or (hasattr(kind, "__index__") and not issubclass(kind, _NO_INTS))


def _index_values(level: list, dims: list[int], what: str) -> list:
    """Integer leaves, each that is no plain integer (:data:`_PLAIN_INTS`) read as an int the way
    Python reads an integer (``operator.index``): an ``int`` subclass by the int it holds, whatever
    its ``__int__``, ``__index__`` or ``__eq__`` say; another object by its ``__index__``.  An
    ``__index__`` that raises, or returns no int, is a ``TypeError`` naming the place, chained to
    the user's error.

    >>> class Liar(int):
    ...     def __int__(self): return 0
    >>> _index_values([Liar(51), 47, 43], [3], "hands")
    [51, 47, 43]
    """
    if set(map(type, level)) <= _PLAIN_INTS:
        return level
    out = []
    for i, x in enumerate(level):
        try:
            out.append(x if type(x) in _PLAIN_INTS else operator.index(x))
        except Exception as error:
            raise TypeError(f"{_card_place(_index(i, dims), what)}: {shown(x)} ({type(x).__name__}) cannot be read as "
                            f"an integer card id: its __index__ raised {error_text(error)}") from error
    return out


def _index(i: int, dims: list[int]) -> tuple[int, ...]:
    return tuple(int(j) for j in np.unravel_index(i, dims)) if dims else ()


def _card_place(index: tuple[int, ...], what: str) -> str:
    """``hand 3, position 2``: the card at ``index`` of the input (``what`` for a 0-d index)."""
    return f"{named(index[:-1])}, position {index[-1]}" if index else what


def _element(index: tuple[int, ...]) -> str:
    return named(index, "element") if index else "the input"


def _unmasked(array: np.ndarray, what: str) -> np.ndarray:
    """A masked array's data, when nothing is masked (:func:`pokerlut.cards.unmasked`)."""
    return unmasked(array, what) if isinstance(array, np.ma.MaskedArray) else array


def _holds_itself(node: Any) -> bool:
    """Whether ``node`` reaches itself through the lists, tuples and object arrays inside it
    (each visited once)."""
    stack, visited = [node], set()
    while stack:
        item = stack.pop()
        children = item.reshape(-1).tolist() if isinstance(item, np.ndarray) else item
        for child in children:
            if child is node:
                return True
            if (type(child) in LIST_TYPES or (isinstance(child, np.ndarray) and child.dtype == object)) \
                    and id(child) not in visited:
                visited.add(id(child))
                stack.append(child)
    return False


def _not_a_card(value: Any, message: str) -> TypeError:
    """The ``TypeError`` for a leaf that is no card id, the leaf kept as ``not_a_card`` for callers
    that word the error their own way (a strength)."""
    error = TypeError(message)
    error.not_a_card = value  # type: ignore[attr-defined]
    return error


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and value != value) or type(value).__name__ in ("NAType", "NaTType")


def _cycle_error(level: list, dims: list[int], what: str, above: set[int]) -> Exception | None:
    """The error for a list of ``level`` that holds itself, if one does (only the lists also seen
    above can: in even nesting a list sits at one level)."""
    for i, x in enumerate(level):
        if id(x) in above and _holds_itself(x):
            return ValueError(f"{what}: {_element(_index(i, dims))} is a list that holds itself (a cycle); card input "
                              f"must be finite lists")
    return None


def _leaf_error(level: list, dims: list[int], what: str, text: bool, above: set[int] = frozenset()) -> Exception:
    """The error for a level of leaves that are not all card ids (or all card text)."""
    kinds = [type(x) for x in level]
    has_text = text and any(issubclass(k, _CARD_TEXT) for k in kinds)
    nested = [issubclass(k, (list, tuple, np.ndarray)) for k in kinds]
    if any(nested):
        cycle = _cycle_error(level, dims, what, above)
        if cycle is not None:
            return cycle
    if has_text and not all(issubclass(k, _CARD_TEXT) or _missing(x) for k, x in zip(kinds, level)):
        i = next(i for i, k in enumerate(kinds) if not issubclass(k, _CARD_TEXT))
        return TypeError(f"cannot mix card strings with other elements in one sequence: {_element(_index(i, dims))} "
                         f"is {shown(level[i])} ({kinds[i].__name__})")
    if any(nested) and not all(nested):
        i = nested.index(not nested[0])
        return ValueError(f"{what} must be nested evenly: every hand the same number of cards, every row the same "
                          f"depth; got a ragged sequence: {_element(_index(i, dims))} is {shown(level[i])} "
                          f"({kinds[i].__name__}), but {_element(_index(0, dims))} is {shown(level[0])} "
                          f"({kinds[0].__name__})")
    i = next(i for i, (k, x) in enumerate(zip(kinds, level))
             if (not _is_int_type(k) and not (text and issubclass(k, _CARD_TEXT))) or (has_text and _missing(x)))
    value = level[i]
    missing = " (a missing value)" if _missing(value) else ""
    return _not_a_card(value, f"{what} must hold integer card ids{' (or card strings)' if text else ''}; got {shown(value)} "
                     f"({kinds[i].__name__}){missing}{at_position(_index(i, dims))}")


def _mixed_rows(level: list, dims: list[int], what: str) -> np.ndarray:
    """A leaf level holding card ids in some rows and card text in others (``[[51, 47], ["As",
    "Ks"]]``): each row one kind, the text rows one card per string."""
    width = dims[-1]
    rows = [level[r * width:(r + 1) * width] for r in range(len(level) // width)]
    out = np.zeros((len(rows), width), np.int64)
    text_rows = []
    for r, row in enumerate(rows):
        kinds = set(map(type, row))
        if all(issubclass(k, _CARD_TEXT) for k in kinds):
            text_rows.append(r)
        elif all(_is_int_type(k) for k in kinds):
            out[r] = _index_values(row, [width], what)
        else:
            raise _leaf_error(row, [width], what, True) if len(dims) == 1 else _leaf_error(
                level, dims, what, True)
    texts = text_array([text for r in text_rows for text in rows[r]])
    if texts.shape != (len(text_rows) * width,):
        raise ValueError(f"{what} must be nested evenly: rows of card ids hold one card per element, so must rows "
                         f"of card text; row {_index(text_rows[0], dims[:-1])} holds card text of several cards")
    out[text_rows] = texts.reshape(len(text_rows), width)
    return out.reshape(dims)


def _nested(level: list, dims: list[int], what: str, text: bool = True, roots: tuple = ()) -> np.ndarray:
    """The one reader of nested input, level by level, without recursion: lists and tuples (and
    object arrays, and arrays inside lists) down to leaves that are all card ids or all card text.
    A list that holds itself, nesting deeper than :data:`MAX_DEPTH`, more than :data:`MAX_ITEMS`
    elements, uneven nesting and anything that is no card are errors naming the place.  ``roots``:
    the object array ``level`` comes from (an array holding itself is a cycle too)."""
    seen: set[int] = set()
    arrays_seen = set(map(id, roots))  # object arrays met so far: one met again may hold itself
    above: list = []
    held = []  # lists made here from arrays: alive until the end, so that no id is reused
    while True:
        if len(dims) > config.MAX_DEPTH:
            raise ValueError(f"{what}: lists nested more than {config.MAX_DEPTH} deep; card input has a few levels (hands, "
                             f"then their cards)")
        kinds = set(map(type, level))
        if kinds and kinds <= LIST_TYPES:
            if above:  # a list here that is also above is a cycle (or uneven nesting)
                seen.update(map(id, above))
                if any(map(seen.__contains__, map(id, level))):
                    cycle = _cycle_error(level, dims, what, seen)
                    if cycle is not None:
                        raise cycle
            lengths = set(map(len, level))
            if len(lengths) > 1:
                cycle = _cycle_error(level, dims, what, seen | set(map(id, above)) | {id(x) for x in level})
                if cycle is not None:
                    raise cycle
                first = len(level[0])
                i = next(i for i, x in enumerate(level) if len(x) != first)
                raise ValueError(f"{what} must be nested evenly: every hand the same number of cards, every row the "
                                 f"same depth; got a ragged sequence: {named(_index(i, dims), 'row')} "
                                 f"({shown(level[i])}) has length {len(level[i])}, but "
                                 f"{named(_index(0, dims), 'row')} ({shown(level[0])}) has length {first}")
            width = lengths.pop()
            if len(level) * width > config.MAX_ITEMS:
                raise ValueError(f"{what}: more than {config.MAX_ITEMS:,} elements as nested lists; pass a numpy array")
            above = level
            dims.append(width)
            level = list(chain.from_iterable(level))
            continue
        if kinds == {np.ndarray} and len(set(map(_shape_of, level))) == 1:
            dtype_kinds = {d.kind for d in set(map(_dtype_of, level))}
            if dtype_kinds <= set("iu") or (text and dtype_kinds <= set("US")):  # blocks of one kind: stacked
                blocks = np.stack(level).reshape(dims + list(level[0].shape))
                return text_array(blocks) if blocks.dtype.kind in "US" else blocks
        if any((issubclass(k, (np.ndarray, Sequence)) or hasattr(k, "__array__")) and not issubclass(k, _CARD_TEXT)
               and k not in LIST_TYPES for k in kinds):
            # arrays (masked, of objects, mixed with lists), array-likes, other sequences: as lists, then read on
            for i, x in enumerate(level):
                if isinstance(x, np.ndarray) and x.dtype == object and id(x) in arrays_seen and _holds_itself(x):
                    raise ValueError(f"{what}: {_element(_index(i, dims))} is an array that holds itself (a cycle); "
                                     f"card input must be finite")
            arrays_seen.update(id(x) for x in level if isinstance(x, np.ndarray) and x.dtype == object)
            level = [_as_list(x, what) for x in level]
            held.append(level)
            continue
        break
    if not level:
        return np.zeros(dims, np.uint8)
    if all(_is_int_type(k) for k in kinds):
        level = _index_values(level, dims, what)
        try:
            return np.array(level, dtype=np.int64).reshape(dims)
        except OverflowError:
            if not text:  # plain integers: the caller checks their range
                return np.array(level, dtype=object).reshape(dims)
            i = next(i for i, x in enumerate(level) if not -2**63 <= x < 2**63)
            raise ValueError(f"{_card_place(_index(i, dims), what)}: {not_a_card_text(level[i])}") from None
    if text and all(issubclass(k, _CARD_TEXT) for k in kinds):
        objects = np.empty(len(level), dtype=object)
        objects[:] = level
        return text_array(objects.reshape(dims) if dims else objects[0:1].reshape(()), "hand")
    if text and dims and any(issubclass(k, _CARD_TEXT) for k in kinds) and all(
            issubclass(k, _CARD_TEXT) or _is_int_type(k) for k in kinds):
        return _mixed_rows(level, dims, what)
    raise _leaf_error(level, dims, what, text, seen | set(map(id, above)))


def _as_list(node: Any, what: str) -> Any:
    """A node of nested input as the reader walks it: arrays as (nested) lists, other sequences
    as lists, anything else as it is."""
    if not isinstance(node, (np.ndarray, list, tuple, str, bytes)) and hasattr(node, "__array__"):
        node = np.asarray(node)  # a pandas Series, an array-like of another library
    if isinstance(node, np.ndarray):
        node = _unmasked(node, what)
        if node.dtype == object:
            return node.tolist() if node.ndim else node[()]
        if node.dtype.kind not in "iuUS":
            raise TypeError(f"{what} must hold integer card ids (or card strings), got an array of dtype {node.dtype}")
        return node.tolist()
    if isinstance(node, Sequence) and not isinstance(node, (str, bytes)) and type(node) not in LIST_TYPES:
        return list(node)
    return node


def integer_leaves(obj: Any, what: str, wording: str | None = None) -> np.ndarray:
    """Integers of any nesting (lists, tuples, arrays) as an integer array, through the same
    bounded reader as cards (cycles, depth, bools and floats refused, naming the place); an empty
    list is an empty array.  ``wording``: the ``TypeError`` for a leaf that is no integer, with
    ``{value!r}`` in it (``"a strength is an integer, got {value!r}"``).

    >>> integer_leaves([[1, 2], [3, 4]], "strengths").tolist(), integer_leaves([], "strengths").shape
    ([[1, 2], [3, 4]], (0,))
    """
    if isinstance(obj, np.ndarray):
        return _unmasked(obj, what)
    if isinstance(obj, (list, tuple)):
        try:
            return _nested([obj], [], what, text=False)
        except TypeError as error:
            if wording is None or not hasattr(error, "not_a_card"):
                raise
            raise TypeError(wording.format(value=error.not_a_card)) from None
    return np.asarray(obj)


def card_array(obj: Any, what: str = "hands") -> np.ndarray:
    """Card input as an integer array (card text parsed), or a ``TypeError``/``ValueError``
    naming ``what`` and the place: integer arrays as they are; card text (a string, numpy
    ``U``/``S`` arrays, object arrays, pandas columns, categoricals) through
    :func:`pokerlut.cards.text_array`; nested lists and tuples through one bounded reader
    (:func:`_nested`); a DataFrame or anything else numpy converts, converted.  A masked array
    with masked entries is refused.

    >>> card_array("As Ks").tolist(), card_array(np.array(["As", "Ks"])).tolist()
    ([51, 47], [51, 47])
    >>> card_array([[0, 1, True]])
    Traceback (most recent call last):
    ...
    TypeError: hands must hold integer card ids (or card strings); got True (bool) at position (0, 2)
    """
    if type(obj) is np.ndarray and obj.dtype.kind in "iu":
        return obj
    if obj is None:
        raise TypeError(f"{what} must hold integer card ids (or card strings), got None")
    if isinstance(obj, str):
        return parse_cards(obj)
    if isinstance(obj, (bytes, bytearray)):
        return text_array(np.array([bytes(obj)]))[0] if obj.strip() else np.zeros(0, np.uint8)
    if isinstance(obj, (bool, np.bool_)) or (isinstance(obj, numbers.Number) and not isinstance(obj, numbers.Integral)):
        obj = [obj]
    if isinstance(obj, (list, tuple)) or (isinstance(obj, Sequence) and not isinstance(obj, np.ndarray)):
        return _nested([obj if type(obj) in LIST_TYPES else list(obj)], [], what)
    if is_text_array(obj):
        return text_array(obj)
    array = obj if isinstance(obj, np.ndarray) else np.asarray(obj)  # pandas, DataFrames, __array__, scalars
    array = _unmasked(array, what)
    kind = array.dtype.kind
    if kind in "iu":
        return array
    if kind in "US":
        return text_array(array)
    if kind == "O":
        if array.ndim == 0:
            return _nested([array[()]], [], what, roots=(array,))
        return _nested(array.reshape(-1).tolist(), list(array.shape), what, roots=(array,))
    raise TypeError(f"{what} must hold integer card ids (or card strings), got an array of dtype {array.dtype}")

