"""The one input path: whatever a user passes as cards becomes checked ``uint8`` arrays, or a
``TypeError``/``ValueError`` that says what is wrong and where, worded once for every caller.

* :func:`card_array`: any card input as an integer array: integer arrays as they are; card text
  (strings, numpy ``U``/``S``/object arrays, pandas columns and categoricals) through the compiled
  parser of :func:`pokerlut.cards.text_array`; nested lists and tuples through one bounded,
  iterative reader (:func:`_nested`: level by level, no recursion) that refuses a list holding
  itself, nesting deeper than :data:`MAX_DEPTH`, more than :data:`MAX_ITEMS` elements, uneven
  nesting, bools, floats, missing values and masked entries, naming the place.
* :func:`integer_leaves`: the same reader for integers that are not cards (strengths).
* :func:`hand_rows`: that array as ``(N, k)`` uint8 rows plus the leading shape, ``k`` checked,
  ids outside 0..255 reported (they cannot be narrowed to a byte).
* :func:`hand_groups`: hands of different sizes (a list of hands, a column of hand text), grouped
  by size, each group as ``hand_rows`` gives it, with the input positions of its hands.
* :func:`hand_size_text`: the one sentence for a hand of a size the game does not rank (``a hand
  is 5, 6 or 7 cards, got 8``), used by :func:`pokerlut.evaluate` and the command line alike.
* :func:`first_problem` / :func:`problem_text` / :func:`raise_for_rows`: the first bad card of
  some rows and the sentence naming it (an id the game does not deal, a card dealt twice).
* :func:`deal_cards` and :func:`check_deal`: the cards of one deal (a board, dead cards, hole
  cards) as natural cards of a game's deck, and every card of a deal checked together, each bad
  card named by its place ("player 0's card 1", "board card 2", "dead card 0").
* :func:`raise_for_deals`: the same check over a batch of deals, one row per deal.
* :func:`integer_array`: integers (no bools, no floats) within bounds, any nesting.
* :func:`one_hand_bytes`: a single hand given the plain way (a list or tuple of card ids, card
  words, or card text separated by spaces) as bytes, without numpy, for the one-hand path of
  :func:`pokerlut.evaluate`; anything else is left to the general path, which reads or rejects it.

Every position in a message is a 0-based index into what was passed: ``hand 0`` is the first
hand, ``player 0`` the first player, ``position 0`` a hand's first card (``docs/rules.md``,
"Errors").  The ranking kernels validate ids 0..255 themselves, at almost no cost.
"""

from __future__ import annotations

import numbers
import operator
from collections.abc import Sequence
from functools import lru_cache
from itertools import chain
from typing import Any

import numpy as np

from . import config, layout
from ._messages import hand_size_text, sizes_text
from .cards import (error_text, format_card, integer_or_none, integer_text, is_text_array, named, parse_cards,
                    refuse_masked, shown, text_array, text_hands, unmasked)
from .constants import HAND_SIZES, N_NATURAL, RANK_CHARS, SUIT_CHARS, SUIT_SYMBOLS, WILD
from .kernels.compile import jitted
from .kernels.primitives import NOT_A_CARD, OK, REPEATED, row_problem

__all__ = ["card_array", "hand_rows", "first_problem", "problem_text", "raise_for_rows", "where", "deal_cards",
           "check_deal", "raise_for_deals", "deal_rows", "twice_text", "not_a_card_text", "integer_array", "at_position",
           "integer_leaves", "one_hand_bytes", "hand_groups", "hand_size_text", "sizes_text", "ONE_HAND_MAX", "ONE_ROW_MAX",
           "MAX_DEPTH", "MAX_ITEMS", "OK", "NOT_A_CARD", "REPEATED"]



_LISTS = {list, tuple}
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
            if (type(child) in _LISTS or (isinstance(child, np.ndarray) and child.dtype == object)) \
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
        if kinds and kinds <= _LISTS:
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
               and k not in _LISTS for k in kinds):
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
    if isinstance(node, Sequence) and not isinstance(node, (str, bytes)) and type(node) not in _LISTS:
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
        return _nested([obj if type(obj) in _LISTS else list(obj)], [], what)
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


@lru_cache(maxsize=1)
def _card_words() -> dict[str, int]:
    """The usual spellings of one card ("As", "as", "AS", "10s", "A♠", "13S", "W", "Jk", ...), each
    with the id :func:`pokerlut.parse_cards` reads from it alone (spellings missing here take the
    general path)."""
    ranks = [c for r in RANK_CHARS for c in {r, r.lower()}] + [str(n) for n in range(1, 14)]
    suits = [c for s in SUIT_CHARS for c in (s, s.upper())] + list(SUIT_SYMBOLS)
    words = [r + s for r in ranks for s in suits] + ["W", "w", "Jk", "JK", "jk", "jK", "*", "joker", "Joker", "JOKER"]
    found = {}
    for word in words:
        ids = parse_cards(word)
        if len(ids) == 1:
            found[word] = int(ids[0])
    return found


#: The most cards a list or tuple given as one hand is read for by :func:`one_hand_bytes`; longer ones go the
#: general way.
ONE_HAND_MAX = 64
#: The longest 1-D integer array read as one hand by :func:`one_hand_bytes` (the ranking's largest hand).
ONE_ROW_MAX = 7
_UINT8 = np.dtype(np.uint8)


def one_hand_bytes(obj: Any) -> bytes | None:
    """The card ids of one hand as bytes, when ``obj`` is a list or tuple of at most
    :data:`ONE_HAND_MAX` integers 0..255 (no bools), of card words (``["As", "Ks"]``, each a
    ``str``), card text with the cards separated by spaces (``"As Ks"``), or a 1-D integer numpy
    array of at most :data:`ONE_ROW_MAX` ids 0..255 (a row ``hands[i]``); else ``None``.

    The integers are read as ``bytes()`` reads them, which is Python's own rule and the general
    path's (:func:`_index_values`): an ``int`` subclass by the int it holds, another object by its
    ``__index__``.  They are read from a snapshot of the sequence (an ``__index__`` that changes
    the list changes nothing here), and anything that goes wrong, an ``__index__`` that raises
    included, leaves the hand to the general path, which reads or rejects it, naming the place.

    >>> one_hand_bytes([51, 47, 43]), one_hand_bytes("As Ks Qs"), one_hand_bytes(["As", "Ks"])
    (b'3/+', b'3/+', b'3/')
    >>> one_hand_bytes(np.array([51, 47, 43])), one_hand_bytes(np.array([51, 47, 43], np.uint8))
    (b'3/+', b'3/+')
    >>> one_hand_bytes([51, True]), one_hand_bytes([300]), one_hand_bytes("AsKs"), one_hand_bytes([[1, 2]])
    (None, None, None, None)
    >>> one_hand_bytes(np.array([51, 300])), one_hand_bytes(np.array([[51, 47]])), one_hand_bytes(np.array([True]))
    (None, None, None)
    """
    kind = type(obj)
    if kind is np.ndarray:  # a row of a batch: its bytes as they are, other integers through a list
        if obj.ndim != 1 or obj.shape[0] > ONE_ROW_MAX:
            return None
        dtype = obj.dtype
        if dtype == _UINT8:
            return obj.tobytes()
        if dtype.kind not in "iu":
            return None
        try:
            return bytes(obj.tolist())
        except ValueError:  # an id outside 0..255: the general path names it
            return None
    if kind is list or kind is tuple:
        if len(obj) > ONE_HAND_MAX:
            return None
        items = tuple(obj)  # a snapshot: what is read below cannot change while it is read
        try:
            ids = bytes(items)  # integers 0..255 (numpy ones too, through __index__), else an error
        except Exception:  # no integers, out of range, or the user's __index__ failed: the general path says
            if not items or type(items[0]) is not str or set(map(type, items)) != _STR_ONLY:
                return None
            try:
                return bytes(map(_card_words().__getitem__, items))
            except KeyError:
                return None
        if 0 in ids or 1 in ids:  # True and False pass as 1 and 0: a bool is no card id
            for x in items:
                if type(x) is bool:
                    return None
        return ids
    if kind is str:
        try:
            return bytes(map(_card_words().__getitem__, obj.split()))
        except KeyError:
            return None
    return None


_STR_ONLY = {str}


def at_position(index: tuple[int, ...]) -> str:
    """`` at position 3`` or `` at position (1, 2)`` (nothing for a 0-d index).

    >>> at_position((3,)), at_position((1, 2)), at_position(())
    (' at position 3', ' at position (1, 2)', '')
    """
    if not index:
        return ""
    return f" at position {index[0] if len(index) == 1 else index}"


def integer_array(values: Any, what: str, lo: int, hi: int, expected: str) -> np.ndarray:
    """``values`` as an integer array (shape kept) whose entries are all in ``lo..hi``.

    Integer arrays are checked vectorised; anything else element by element, so that floats, bools
    and strings are reported as they were given (``np.asarray([1, True])`` would silently turn
    ``True`` into 1).  A ``ValueError`` names the first offending position and value.

    >>> integer_array([1, 2], "course value", 1, 52, "an integer 1..52").tolist()
    [1, 2]
    >>> integer_array([1, True], "course value", 1, 52, "an integer 1..52")
    Traceback (most recent call last):
    ...
    ValueError: course value at position 1 is True, not an integer; expected an integer 1..52
    """
    values = refuse_masked(values, what)  # a masked entry is no value
    if isinstance(values, np.ndarray) and values.dtype.kind in "iu":
        arr = values
    else:  # numpy's object conversion stops at its own depth limit; a cycle is an object it cannot read
        objects = np.asarray(values, dtype=object)
        flat = objects.ravel().tolist()
        for i, value in enumerate(flat):
            index = tuple(int(j) for j in np.unravel_index(i, objects.shape))
            try:
                number = integer_or_none(value)
            except TypeError as error:  # an __index__ that raised: the user's error chained
                raise TypeError(f"{what}{at_position(index)}: {error}") from error.__cause__
            if number is None or not lo <= number <= hi:
                text = shown(value) + (", not an integer" if number is None else "")
                raise ValueError(f"{what}{at_position(index)} is {text}; expected {expected}")
        arr = np.array(flat, dtype=np.int64).reshape(objects.shape)
    bad = (arr < lo) | (arr > hi)
    if bad.any():
        index = tuple(int(i) for i in np.argwhere(bad)[0])
        raise ValueError(f"{what}{at_position(index)} is {int(arr[index])}; expected {expected}")
    return arr


def where(row: int, lead_shape: tuple[int, ...], what: str = "hand", origin: tuple[int, ...] = ()) -> str:
    """``"hand 3"`` or ``"hand (1, 2)"``: a row of the flattened array named in the caller's shape.

    ``origin``: where the array starts in a bigger one (a block of a Dask array), added to the
    index so the row is named in the whole array.

    >>> where(5, (10,)), where(5, (2, 3)), where(5, (10,), origin=(60000,))
    ('hand 5', 'hand (1, 2)', 'hand 60005')
    """
    if not origin and len(lead_shape) <= 1:
        return f"{what} {row}"
    index = tuple(int(i) for i in np.unravel_index(row, lead_shape))
    if origin:
        index = tuple(i + int(o) for i, o in zip(index, origin))
    return named(index, what)


def not_a_card_text(value: int) -> str:
    """The sentence for an id that is no card at all (not 0..52).

    >>> not_a_card_text(99)
    'card id 99 is not a card (ids are 0..51 for naturals, 4*rank + suit, and 52 for a wild card)'
    """
    return (f"card id {integer_text(value)} is not a card (ids are 0..{N_NATURAL - 1} for naturals, 4*rank + suit, "
            f"and {WILD} for a wild card)")


def twice_text(value: int, first: str, second: str) -> str:
    """The one sentence for a card dealt twice: ``first`` and ``second`` name the two places.

    >>> twice_text(51, "at position 0", "at position 2")
    'card As (id 51) is dealt twice: at position 0 and at position 2'
    >>> twice_text(50, "as player 0's card 1", "as board card 0")
    "card Ah (id 50) is dealt twice: as player 0's card 1 and as board card 0"
    """
    return f"card {format_card(value)} (id {value}) is dealt twice: {first} and {second}"




def _narrowed(rows: np.ndarray, name_row) -> np.ndarray:
    """Integer rows as uint8, an id outside 0..255 a ``ValueError`` naming its row (``name_row(r)``)
    and position."""
    if rows.dtype == np.uint8:
        return rows
    outside = (rows < 0) | (rows > 255) if rows.dtype.kind == "i" else rows > 255
    if outside.any():
        row, pos = (int(i) for i in np.argwhere(outside)[0])
        raise ValueError(f"{name_row(row)}, position {pos}: {not_a_card_text(int(rows[row, pos]))}")
    return rows.astype(np.uint8)


def hand_rows(obj: Any, sizes: Sequence[int], what: str = "hands",
              origin: tuple[int, ...] = (), game: str | None = None) -> tuple[np.ndarray, tuple[int, ...]]:
    """``(rows, lead_shape)``: C-contiguous uint8 rows ``(N, k)`` with ``k`` in ``sizes``, and the
    leading shape of the input (``()`` for one hand).  ``origin``: see :func:`where`.  With
    ``game`` (the name of the game ranking the hands), a hand of another size is worded by
    :func:`hand_size_text`; without, by the shape wanted.

    >>> rows, lead = hand_rows([[51, 47, 43, 39, 35]], (5,))
    >>> rows.dtype.name, rows.shape, lead
    ('uint8', (1, 5), (1,))
    >>> hand_rows([0, 1, 2, 3, 4, 5, 6, 7], (5, 6, 7), game="high")
    Traceback (most recent call last):
    ...
    ValueError: a hand is 5, 6 or 7 cards, got 8
    """
    array = card_array(obj, what)
    if array.ndim == 0 or array.shape[-1] not in sizes:
        if game is not None and array.ndim == 1:
            raise ValueError(hand_size_text(array.shape[0], sizes, game))
        if game is not None and array.ndim:
            raise ValueError(f"{what} of shape {array.shape}: {hand_size_text(array.shape[-1], sizes, game)} (the "
                             f"last axis holds the cards of one hand)")
        wanted = " or ".join(str(k) for k in sizes)
        raise ValueError(f"{what} must have shape (..., {wanted}): the last axis holds the cards of one hand; "
                         f"got shape {array.shape}")
    lead_shape = array.shape[:-1]
    rows = _narrowed(array.reshape(-1, array.shape[-1]), lambda row: where(row, lead_shape, origin=origin))
    return np.ascontiguousarray(rows), lead_shape


def _hand_elements(obj: Any) -> list | None:
    """The elements of a 1-D collection of hands given as sequences (a list or tuple of lists,
    tuples or 1-D arrays; an object array or pandas column of them), else None."""
    if type(obj) in _LISTS:
        elements = obj
    elif isinstance(obj, np.ndarray) or (hasattr(obj, "__array__") and not isinstance(obj, (str, bytes))):
        array = np.asarray(obj)
        if array.dtype != object or array.ndim != 1 or isinstance(array, np.ma.MaskedArray):
            return None
        elements = array.tolist()
    else:
        return None
    if not elements or not all(type(x) in _LISTS or (type(x) is np.ndarray and x.ndim == 1) for x in elements):
        return None
    return list(elements)


def hand_groups(obj: Any, sizes: Sequence[int], game: str | None = None,
                what: str = "hands") -> tuple[list[tuple[np.ndarray, np.ndarray]], int] | None:
    """Hands of different sizes, one per element of a 1-D collection (a list or tuple of hands,
    each a list, tuple or array of ids or card words, or hand text; a numpy text or object array;
    a pandas column), grouped by size: ``([(index, rows), ...], n)``, ``rows`` the C-contiguous
    uint8 ``(m, k)`` cards of the hands at input positions ``index`` (ascending), ``n`` the number
    of hands.  ``None`` when ``obj`` is not such a collection or its hands are all one size
    (:func:`hand_rows` reads it, or says what is wrong).  A hand of a size outside ``sizes`` is a
    ``ValueError`` worded by :func:`hand_size_text`, naming the first such hand; a hand that does
    not read, one naming it.  Card ids are not checked beyond 0..255.

    >>> groups, n = hand_groups(["As Ks Qs Js Ts", "2c 3c 4c 5c 7d 8d", "Ah Kh Qh Jh Th"], (5, 6, 7))
    >>> n, [(index.tolist(), rows.shape) for index, rows in groups]
    (3, [([0, 2], (2, 5)), ([1], (1, 6))])
    >>> hand_groups([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9, 10, 11, 12]], (5, 6, 7))
    Traceback (most recent call last):
    ...
    ValueError: hand 1: a hand is 5, 6 or 7 cards, got 8
    """
    elements = _hand_elements(obj)
    texts = None if elements is not None else text_hands(obj)
    if texts is not None:
        ids, lengths = texts
    elif elements is not None:
        lengths = np.fromiter(map(len, elements), np.int64, len(elements))
    else:
        return None
    n = lengths.shape[0]
    if n == 0 or (lengths == lengths[0]).all():
        return None
    wrong = np.flatnonzero(~np.isin(lengths, np.asarray(sizes)))
    if wrong.size:
        i = int(wrong[0])
        raise ValueError(f"{where(i, (n,))}: {hand_size_text(int(lengths[i]), sizes, game)}")
    groups = []
    for k in np.unique(lengths).tolist():
        index = np.flatnonzero(lengths == k)
        if texts is not None:
            rows = ids[index, :k]
        else:
            try:
                rows = card_array([elements[i] for i in index.tolist()], what)
            except (TypeError, ValueError):
                for i in range(n):  # the first hand that does not read, in the input's order, named
                    card_array(elements[i], where(i, (n,)))
                raise
            if rows.ndim != 2 or rows.shape[1] != k:  # hands of text, or deeper nesting: not hands of cards
                return None
        rows = _narrowed(rows, lambda row, index=index: where(int(index[row]), (n,)))
        groups.append((index, np.ascontiguousarray(rows)))
    return groups, n


@jitted()
def _first_problem(flat, n, cards):
    for i in range(flat.shape[0] // n):
        pos, code = row_problem(flat, np.uint64(n * i), n, cards)
        if code != OK:
            return i, pos, code
    return -1, -1, OK


def first_problem(rows: np.ndarray, cards: np.ndarray) -> tuple[int, int, int]:
    """``(row, position, code)`` of the first bad card of uint8 ``rows`` under a game's card table
    (``code`` ``NOT_A_CARD`` or ``REPEATED``), or ``(-1, -1, OK)``.

    >>> from pokerlut.tables import load_table_set
    >>> first_problem(np.array([[0, 1, 2, 3, 4], [5, 6, 7, 5, 8]], np.uint8), load_table_set()["cards"])
    (1, 3, 2)
    """
    if rows.size == 0:
        return -1, -1, OK
    row, pos, code = _first_problem(np.ascontiguousarray(rows).reshape(-1), rows.shape[1], cards)
    return int(row), int(pos), int(code)


def problem_text(row: np.ndarray, pos: int, code: int, dealt_in: str = "the high game", deck: str = "",
                 place=None) -> str:
    """The sentence for the bad card at ``row[pos]`` (no location: the caller adds it).

    ``dealt_in`` names where a wild card is not dealt (``"the short-deck game"``), ``deck`` the
    deck a natural card is missing from; ``place(j)`` names position ``j`` of the row (default
    ``"at position j"``).

    >>> problem_text(np.array([51, 47, 51]), 2, REPEATED)
    'card As (id 51) is dealt twice: at position 0 and at position 2'
    """
    place = place or (lambda j: f"at position {j}")
    value = int(row[pos])
    if code == NOT_A_CARD:
        if value > WILD or value < 0:
            return not_a_card_text(value)
        if value == WILD:
            return f"the wild card (id {WILD}) is not dealt in {dealt_in}"
        return f"card {format_card(value)} (id {value}) is not in {deck or 'the deck'}"
    first = int(np.flatnonzero(row[:pos] == value)[0])
    return twice_text(value, place(first), place(pos))


def raise_for_rows(rows: np.ndarray, cards: np.ndarray, lead_shape: tuple[int, ...], game: str = "high",
                   start: int = 0, deck: str = "", origin: tuple[int, ...] = (),
                   row_index: np.ndarray | None = None) -> None:
    """Raise the ``ValueError`` describing the first bad card at or after row ``start``, if any
    (the row named as :func:`where` names it, ``origin`` included; with ``row_index``, row ``r``
    is hand ``row_index[r]`` of the input)."""
    row, pos, code = first_problem(rows[start:], cards)
    if code == OK:
        return
    row += start
    text = problem_text(rows[row], pos, code, f"the {game} game", deck or f"the {game} deck")
    sep = ": " if code == REPEATED else f", position {pos}: "
    named_row = int(row_index[row]) if row_index is not None else row
    raise ValueError(f"{where(named_row, lead_shape, origin=origin)}{sep}{text}")


# --------------------------------------------------------------------------- deals


@lru_cache(maxsize=None)
def _natural_table(cards_bytes: bytes) -> np.ndarray:
    """A card table like ``cards`` with the wild card poisoned (deals of equity have none)."""
    cards = np.frombuffer(cards_bytes, dtype=layout.CARD_DTYPE).copy()
    for offset in (0, layout.FIRST_CARD):
        cards[offset + WILD] = np.uint64(1 << layout.POISON_SHIFT)
    cards.setflags(write=False)
    return cards


def natural_card_table(cards: np.ndarray) -> np.ndarray:
    """``cards`` (a game's card table) with the wild card refused, as a deal of natural cards needs.

    >>> from pokerlut.tables import load_table_set
    >>> first_problem(np.array([[0, 52]], np.uint8), natural_card_table(load_table_set()["cards"]))
    (0, 1, 1)
    """
    return _natural_table(np.ascontiguousarray(cards).tobytes())


def _deal_place(groups: Sequence[tuple[str, int]]):
    """``place(j)`` of the columns of a deal laid out as ``groups`` (label, width) in order."""
    starts = np.cumsum([0] + [w for _, w in groups])

    def place(j: int) -> str:
        g = int(np.searchsorted(starts, j, side="right")) - 1
        return f"as {groups[g][0]} {j - int(starts[g])}"

    return place


def deal_rows(rows: np.ndarray, groups: Sequence[tuple[str, int]], lead_shape: tuple[int, ...] | None = None,
              what: str = "deal") -> np.ndarray:
    """Integer deals ``(N, m)`` laid out as ``groups`` as uint8, once every id fits a byte; an id
    that does not is a ``ValueError`` naming the deal (when ``lead_shape`` is given) and its place.

    >>> deal_rows(np.array([[1, 300]]), [("board card", 2)])
    Traceback (most recent call last):
    ...
    ValueError: board card 1: card id 300 is not a card (ids are 0..51 for naturals, 4*rank + suit, and 52 for a wild card)
    """
    if rows.dtype == np.uint8:
        return rows
    outside = (rows < 0) | (rows > 255) if rows.dtype.kind == "i" else rows > 255
    if outside.any():
        row, pos = (int(i) for i in np.argwhere(outside)[0])
        prefix = f"{where(row, lead_shape, what)}: " if lead_shape is not None else ""
        raise ValueError(f"{prefix}{_deal_place(groups)(pos).removeprefix('as ')}: "
                         f"{not_a_card_text(int(rows[row, pos]))}")
    return rows.astype(np.uint8)


def raise_for_deals(rows: np.ndarray, groups: Sequence[tuple[str, int]], cards: np.ndarray, dealt_in: str,
                    deck: str, lead_shape: tuple[int, ...] | None = None, what: str = "deal",
                    origin: tuple[int, ...] = ()) -> None:
    """Check a batch of deals, one uint8 row per deal laid out as ``groups`` (``("player 0's card",
    2), ("board card", 5), ...)``); the first bad card is a ``ValueError`` naming the deal (as
    ``what``, when ``lead_shape`` is given; ``origin`` as for :func:`where`), its place and the card.

    >>> from pokerlut.tables import load_table_set
    >>> raise_for_deals(np.array([[50, 46, 0, 50]], np.uint8), [("player 0's card", 2), ("board card", 2)],
    ...                 load_table_set()["cards"], "the high game", "the deck")
    Traceback (most recent call last):
    ...
    ValueError: card Ah (id 50) is dealt twice: as player 0's card 0 and as board card 1
    """
    row, pos, code = first_problem(rows, cards)
    if code == OK:
        return
    place = _deal_place(groups)
    text = problem_text(rows[row], pos, code, dealt_in, deck, place)
    if code == NOT_A_CARD:
        text = f"{place(pos).removeprefix('as ')}: {text}"
    prefix = f"{where(row, lead_shape, what, origin)}: " if lead_shape is not None else ""
    raise ValueError(prefix + text)


def deal_cards(value: Any, what: str) -> np.ndarray:
    """The cards of one part of a deal (a board, dead cards, one hand) as a 1-D array of ids 0..255
    (checked later, with the whole deal, by :func:`check_deal`); ``None`` or blank text is none.

    >>> deal_cards("Qs 7h 2c", "the board").tolist(), deal_cards(None, "dead cards").tolist()
    ([43, 22, 0], [])
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        return np.zeros(0, dtype=np.uint8)
    try:
        arr = card_array(value, what).ravel()
    except ValueError as error:  # unreadable card text (the other errors name ``what`` already)
        if str(error).startswith(what):
            raise
        raise ValueError(f"{what}: {str(error).removeprefix('hand 0, ')}") from None  # one hand: no hand number
    outside = (arr < 0) | (arr > 255) if arr.dtype.kind == "i" else arr > 255
    if outside.any():
        j = int(np.flatnonzero(outside)[0])
        raise ValueError(f"{what}, position {j}: {not_a_card_text(int(arr[j]))}")
    return arr.astype(np.uint8)


def check_deal(groups: Sequence[tuple[str, np.ndarray]], cards: np.ndarray, dealt_in: str, deck: str) -> None:
    """Check the cards of one deal together: ``groups`` are ``(label, cards)`` (``("player 0's
    card", hole)``, ``("board card", board)``, ``("dead card", dead)``); a card outside the deck
    (``cards``, a card table) or dealt twice is a ``ValueError`` naming its place.

    >>> from pokerlut.tables import load_table_set
    >>> check_deal([("player 0's card", np.array([50, 46], np.uint8)), ("dead card", np.array([46], np.uint8))],
    ...            load_table_set()["cards"], "the high game", "the deck")
    Traceback (most recent call last):
    ...
    ValueError: card Kh (id 46) is dealt twice: as player 0's card 1 and as dead card 0
    """
    row = np.concatenate([np.asarray(c, dtype=np.uint8).ravel() for _, c in groups] + [np.zeros(0, np.uint8)])
    raise_for_deals(row[None, :], [(label, len(np.ravel(c))) for label, c in groups], cards, dealt_in, deck)


#: Tunables once defined here, now in :mod:`pokerlut.config` (read there at call time): old name -> config name.
_FROM_CONFIG = {"MAX_DEPTH": "MAX_DEPTH", "MAX_ITEMS": "MAX_ITEMS"}


def __getattr__(name: str):
    """The old names of the tunables now in :mod:`pokerlut.config`, read there."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
