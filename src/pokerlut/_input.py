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

The nested-list reader is :mod:`pokerlut.input_lists`, the row checks and their messages
:mod:`pokerlut.input_checks`, the deals :mod:`pokerlut.input_deals`; all re-exported here.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from . import config
from ._messages import hand_size_text, sizes_text
from .cards import parse_cards, text_hands
from .constants import RANK_CHARS, SUIT_CHARS, SUIT_SYMBOLS
from .input_checks import (at_position, first_problem, integer_array, not_a_card_text, problem_text,  # noqa: F401
                           raise_for_rows, twice_text, where)
from .input_deals import check_deal, deal_cards, deal_rows, natural_card_table, raise_for_deals  # noqa: F401
from .input_lists import LIST_TYPES, card_array, integer_leaves  # noqa: F401 (re-exported)
from .kernels.primitives import NOT_A_CARD, OK, REPEATED

__all__ = ["card_array", "hand_rows", "first_problem", "problem_text", "raise_for_rows", "where", "deal_cards",
           "check_deal", "raise_for_deals", "deal_rows", "twice_text", "not_a_card_text", "integer_array", "at_position",
           "integer_leaves", "one_hand_bytes", "hand_groups", "hand_size_text", "sizes_text", "ONE_HAND_MAX", "ONE_ROW_MAX",
           "MAX_DEPTH", "MAX_ITEMS", "OK", "NOT_A_CARD", "REPEATED"]


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
    if type(obj) in LIST_TYPES:
        elements = obj
    elif isinstance(obj, np.ndarray) or (hasattr(obj, "__array__") and not isinstance(obj, (str, bytes))):
        array = np.asarray(obj)
        if array.dtype != object or array.ndim != 1 or isinstance(array, np.ma.MaskedArray):
            return None
        elements = array.tolist()
    else:
        return None
    if not elements or not all(type(x) in LIST_TYPES or (type(x) is np.ndarray and x.ndim == 1) for x in elements):
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



#: Tunables once defined here, now in :mod:`pokerlut.config` (read there at call time): old name -> config name.
_FROM_CONFIG = {"MAX_DEPTH": "MAX_DEPTH", "MAX_ITEMS": "MAX_ITEMS"}


def __getattr__(name: str):
    """The old names of the tunables now in :mod:`pokerlut.config`, read there."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
