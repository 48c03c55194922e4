"""Card notation: parse and format cards, one card or arrays of them.

Canonical card ids are small integers (``uint8`` in arrays)::

    card = 4 * rank + suit     rank 0 = deuce .. 12 = ace, suit 0 = c, 1 = d, 2 = h, 3 = s

so ``2c = 0`` and ``As = 51``; the wild card (joker) is ``52``.

Text notations accepted by :func:`parse_card` and :func:`parse_cards` (case-insensitive):

* rank ``2``-``9``, ``T``, ``10``, ``J``, ``Q``, ``K``, ``A`` followed by a suit ``c d h s`` or a
  symbol ``♣ ♦ ♥ ♠`` (also the white ``♧ ♢ ♡ ♤``): ``"As"``, ``"Td"``, ``"10d"``, ``"A♠"``;
* the course strings ``"1C"`` .. ``"13S"``: rank 1 = ace, 11 = J, 12 = Q, 13 = K;
* a wild card: ``"W"``, ``"Jk"``, ``"*"``, ``"joker"``.

The course deck's numbers 1..52 are converted by :mod:`pokerlut.course`.

One string is read by a regular expression; an array of strings (numpy ``U``/``S``/object arrays,
pandas columns, lists) by one compiled pass over its characters (:mod:`pokerlut.kernels.text`,
with tables built here from the same notation), tens of millions of cards a second.
:func:`text_array` is that array path, shared with the evaluator's input
(:mod:`pokerlut._input`).
"""

from __future__ import annotations

import operator
import re
import reprlib
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, overload

import numpy as np

from ._notice import compile_notice
from .constants import RANK_CHARS, RANK_NAMES, RANK_PLURALS, SUIT_CHARS, SUIT_SYMBOLS, WILD
from .kernels.text import SEPARATOR, SUIT_SHIFT, WILD_START, parse_text

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = [
    "WILD",
    "RANK_CHARS",
    "SUIT_CHARS",
    "SUIT_SYMBOLS",
    "RANK_NAMES",
    "RANK_PLURALS",
    "WILD_WORDS",
    "parse_card",
    "parse_cards",
    "format_card",
    "format_cards",
]


_WHITE_SUIT_SYMBOLS = "♧♢♡♤"
_STYLES = {"ascii": SUIT_CHARS, "unicode": SUIT_SYMBOLS}

#: The spellings of the wild card, tried in this order before a natural card.
WILD_WORDS = ("joker", "jk", "w", "*")

# Lookup keys are lower-case; numeric ranks use the course convention 1 = ace .. 13 = king,
# which agrees with the usual one for 2..10.
_RANK_OF: dict[str, int] = {c.lower(): r for r, c in enumerate(RANK_CHARS)}
_RANK_OF.update({str(n): (n - 2) % 13 for n in range(1, 14)})
_SUIT_OF: dict[str, int] = {
    c: s
    for chars in (SUIT_CHARS, SUIT_SYMBOLS, _WHITE_SUIT_SYMBOLS)
    for s, c in enumerate(chars)
}

# One card: a wild word, else a rank (two digits tried before one) and one suit char, optionally
# followed by the emoji variation selector U+FE0F ("♠️").  re.ASCII keeps IGNORECASE from matching
# look-alikes such as the Kelvin sign for "k".
_CARD_RE = re.compile(
    r"(?P<wild>" + "|".join(map(re.escape, WILD_WORDS)) + r")"
    r"|(?P<rank>1[0-3]|[1-9]|[tjqka])"
    r"(?P<suit>[" + SUIT_CHARS + SUIT_SYMBOLS + _WHITE_SUIT_SYMBOLS + r"])\ufe0f?",
    re.IGNORECASE | re.ASCII,
)
_SEPARATORS_RE = re.compile(r"[\s,]*")
_WORD_RE = re.compile(r"[^\s,]+")

_ACCEPTED = (
    "accepted forms: rank 2-9, T, 10, J, Q, K, A (or course rank 1-13: 1 = A, 11 = J, "
    "12 = Q, 13 = K) followed by a suit c, d, h, s or ♣ ♦ ♥ ♠ (♧ ♢ ♡ ♤), e.g. 'As', 'Td', "
    "'10d', 'A♠', '13S'; a wild card as 'W', 'Jk', '*' or 'joker'; several cards separated "
    "by spaces or commas, or concatenated ('AhKh')"
)

#: Card text longer than this (characters) in a list or object array is read on its own, so that
#: one long string does not widen the fixed-width array every other string is copied into.
LONG_TEXT = 256
#: One string longer than this is read by the compiled pass rather than the regular expression.
KERNEL_TEXT = 2048
#: Characters of a value quoted in an error message (the rest is cut and its length given).
QUOTE_LIMIT = 40


# --------------------------------------------------------------------------- helpers

#: repr() of nested sequences, a few levels and elements deep (a list nested 1,000 deep, or holding
#: itself, is shown as ``[[[[...]]]]``, not a RecursionError).
_SHORT_REPR = reprlib.Repr()
_SHORT_REPR.maxlevel, _SHORT_REPR.maxlist, _SHORT_REPR.maxtuple = 4, 8, 8
_SHORT_REPR.maxstring = _SHORT_REPR.maxother = 60


def shown(value: Any, limit: int = 60) -> str:
    """repr() of a value for a message, numpy scalars shown as the Python value they hold, cut to
    ``limit`` characters (a long string is cut before it is quoted).

    >>> shown(np.int64(3)), shown("x" * 100)[-5:]
    ('3', 'xx...')
    """
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, (str, bytes)) and len(value) > limit:
        value = value[:limit]
    text = _SHORT_REPR.repr(value) if isinstance(value, (list, tuple, dict, set, frozenset)) else repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def quoted(text: Any, limit: int = QUOTE_LIMIT) -> str:
    """A string quoted for a message: whole when short, else its first ``limit`` characters and
    its length, so that a 10 MB string gives a one-line message.

    >>> quoted("As Ks"), quoted("As " * 1000)
    ("'As Ks'", "'As As As As As As As As As As As As As A'... (3,000 characters)")
    """
    if isinstance(text, np.generic):
        text = text.item()
    if isinstance(text, (str, bytes)) and len(text) > limit:
        return f"{text[:limit]!r}... ({len(text):,} {'characters' if isinstance(text, str) else 'bytes'})"
    return shown(text, limit + 2)


def named(index: tuple[int, ...], what: str = "hand") -> str:
    """``"hand 3"`` or ``"hand (1, 2)"``: an element named by its index (``()``, the one hand of
    a 1-D input, is hand 0).

    >>> named((3,)), named((1, 2), "element"), named(())
    ('hand 3', 'element (1, 2)', 'hand 0')
    """
    if len(index) <= 1:
        return f"{what} {index[0] if index else 0}"
    return f"{what} {tuple(int(i) for i in index)}"


def integer_or_none(value: Any) -> int | None:
    """The value as a Python int if it is an integer (bools excluded), else None.

    >>> integer_or_none(np.uint8(7)), integer_or_none(True), integer_or_none(1.0)
    (7, None, None)
    """
    if isinstance(value, (bool, np.bool_)):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def _suits_for(style: str) -> str:
    try:
        return _STYLES[style]
    except (KeyError, TypeError):
        raise ValueError(f"unknown style {style!r}; expected 'ascii' or 'unicode'") from None


def _card_from_match(match: re.Match[str]) -> int:
    if match.group("wild"):
        return WILD
    return 4 * _RANK_OF[match.group("rank").lower()] + _SUIT_OF[match.group("suit").lower()]


def _skip_separators(text: str, pos: int) -> int:
    match = _SEPARATORS_RE.match(text, pos)
    return match.end() if match else pos


def _unreadable(text: str, pos: int) -> str:
    """The one sentence for card text that does not read at character ``pos``."""
    word = _WORD_RE.match(text, pos)
    return (f"cannot read a card at character {pos} of {quoted(text)}: "
            f"{quoted(word.group() if word else text[pos:])} does not start with a card; {_ACCEPTED}")


def _regex_read(text: str) -> tuple[list[int], int]:
    """One string by the regular expression: its cards, and the character a bad card starts at
    (-1 if none)."""
    cards: list[int] = []
    pos = _skip_separators(text, 0)
    while pos < len(text):
        match = _CARD_RE.match(text, pos)
        if match is None:
            return cards, pos
        cards.append(_card_from_match(match))
        pos = _skip_separators(text, match.end())
    return cards, -1


def _parse_text(text: str) -> NDArray[np.uint8]:
    """One string by the regular expression: the ids, or the one ``ValueError`` for bad text."""
    cards, bad_at = _regex_read(text)
    if bad_at >= 0:
        raise ValueError(_unreadable(text, bad_at))
    return np.array(cards, dtype=np.uint8)


# --------------------------------------------------------------------------- card text arrays


@lru_cache(maxsize=1)
def _text_tables() -> tuple[np.ndarray, ...]:
    """The notation as the tables :func:`pokerlut.kernels.text.parse_text` reads: per code point
    (up to U+3000, the last whitespace) its one-character rank, suit and separator bits; the
    wild words; the ranks written ``10``..``13``."""
    size = 0x3001
    info = np.zeros(size, np.uint16)
    for code in range(size):
        char = chr(code)
        if char.isspace() or char == ",":
            info[code] |= SEPARATOR
    for key, rank in _RANK_OF.items():
        if len(key) == 1:
            for char in {key, key.upper()}:
                info[ord(char)] |= rank + 1
    for key, suit in _SUIT_OF.items():
        for char in {key, key.upper()}:
            info[ord(char)] |= (suit + 1) << SUIT_SHIFT
    for word in WILD_WORDS:
        for char in {word[0], word[0].upper()}:
            info[ord(char)] |= WILD_START
    wild = np.zeros((len(WILD_WORDS), max(map(len, WILD_WORDS))), np.int64)
    for i, word in enumerate(WILD_WORDS):
        wild[i, :len(word)] = [ord(c) for c in word]
    wild_len = np.array([len(w) for w in WILD_WORDS], np.int64)
    pair_rank = np.array([_RANK_OF[str(n)] for n in (10, 11, 12, 13)], np.uint8)
    for table in (info, wild, wild_len, pair_rank):
        table.setflags(write=False)
    return info, wild, wild_len, pair_rank


def _decoded(texts: np.ndarray, what: str) -> np.ndarray:
    """A bytes (``S``) array as text: ASCII as it is, anything else decoded as UTF-8."""
    if not texts.size or not (texts.view(np.uint8) >= 0x80).any():
        return texts
    flat = texts.reshape(-1)
    try:
        return np.char.decode(flat, "utf-8").reshape(texts.shape)
    except UnicodeDecodeError:
        for i, raw in enumerate(flat.tolist()):
            try:
                raw.decode("utf-8")
            except UnicodeDecodeError:
                index = tuple(int(j) for j in np.unravel_index(i, texts.shape))
                raise ValueError(f"{named(index, what)}: {quoted(raw)} is not UTF-8 text") from None
        raise  # pragma: no cover - np.char.decode and bytes.decode agree


def _parse_fixed(texts: np.ndarray) -> tuple[np.ndarray, np.ndarray, int, int]:
    """A flat ``U`` (or ASCII ``S``) array read by the kernel: ``(ids (n, cap), counts, first bad
    element or -1, the character it stops at)``; element ``e`` holds ``ids[e, :counts[e]]``."""
    kind = texts.dtype.kind
    texts = np.ascontiguousarray(texts.reshape(-1), dtype=texts.dtype.newbyteorder("="))
    n = texts.shape[0]
    width = texts.dtype.itemsize // (4 if kind == "U" else 1)
    counts = np.zeros(n, np.int64)
    out = np.empty((n, max(width, 1)), np.uint8)
    if width == 0 or n == 0:
        return out[:, :0], counts, -1, 0
    codes = texts.view(np.uint32 if kind == "U" else np.uint8)
    bad_at = np.zeros(1, np.int64)
    with compile_notice("card text"):
        bad = parse_text(codes, width, *_text_tables(), out, counts, bad_at)
    return out, counts, int(bad), int(bad_at[0])


def _parse_one(text: str) -> tuple[np.ndarray, np.ndarray, int, int]:
    """One string, as :func:`_parse_fixed` reads an array of one: by the kernel, or by the regular
    expression when it ends in a zero character (which a numpy string array cannot hold)."""
    if not text.endswith("\x00"):
        return _parse_fixed(np.array([text]))
    cards, bad_at = _regex_read(text)
    ids = np.zeros((1, max(1, len(cards))), np.uint8)
    ids[0, :len(cards)] = cards
    return ids, np.array([len(cards)]), 0 if bad_at >= 0 else -1, max(bad_at, 0)


def _parse_strings(items: list) -> tuple[np.ndarray, np.ndarray, int, int]:
    """Python strings read as :func:`_parse_fixed` reads an array; the few longer than
    :data:`LONG_TEXT`, and any ending in a zero character, each on its own."""
    if not items:
        return _parse_fixed(np.zeros(0, "U1"))
    lengths = np.fromiter(map(len, items), np.int64, len(items))
    own = lengths > LONG_TEXT
    short = np.flatnonzero(~own)
    fixed = np.array([items[i] for i in short.tolist()] if own.any() else items, dtype=str)
    cut = np.char.str_len(fixed) != lengths[short]  # a trailing zero character: numpy drops it
    if cut.any():
        own[short[cut]] = True
        short = short[~cut]
        fixed = fixed[~cut]
    if not own.any():
        return _parse_fixed(fixed)
    parts = [(short, _parse_fixed(fixed))]
    parts += [(np.array([i]), _parse_one(items[int(i)])) for i in np.flatnonzero(own)]
    counts = np.zeros(len(items), np.int64)
    for where, (_, part_counts, _, _) in parts:
        counts[where] = part_counts
    out = np.zeros((len(items), max(1, int(counts.max(initial=0)))), np.uint8)
    bad, bad_at = -1, 0
    for where, (ids, part_counts, part_bad, part_at) in parts:
        k = min(ids.shape[1], out.shape[1])
        out[where, :k] = ids[:, :k]
        if part_bad >= 0 and (bad < 0 or where[part_bad] < bad):
            bad, bad_at = int(where[part_bad]), part_at
    return out, counts, bad, bad_at


def _bad_text(text: str, pos: int, counts: np.ndarray, bad: int, shape: tuple[int, ...], what: str,
              concatenated: bool = False) -> ValueError:
    """The error for element ``bad``: ``hand 3, position 2: cannot read a card ...``.  When every
    other element holds one card, the elements are the cards of hands along the last axis, and the
    position is the element's index there; else it counts the cards of the element read before."""
    message = _unreadable(text, pos)
    index = tuple(int(i) for i in np.unravel_index(bad, shape)) if shape else ()
    n = counts.shape[0]
    if not concatenated and n > 1 and counts[bad] == 0 and np.count_nonzero(counts == 1) == n - 1:
        return ValueError(f"{named(index[:-1], what)}, position {index[-1]}: {message}")
    return ValueError(f"{named(index, what)}, position {int(counts[bad])}: {message}")


def _hands(ids: np.ndarray, counts: np.ndarray, bad: int, bad_at: int, shape: tuple[int, ...], what: str,
           text_at: Callable[[int], str]) -> NDArray[np.uint8]:
    """Parsed elements of an array of ``shape`` as one array: ``shape`` when every element holds
    one card (the cards of hands), ``shape + (k,)`` when every element holds ``k`` (one hand
    each); anything else is a ``ValueError`` naming the element."""
    if bad >= 0:
        raise _bad_text(text_at(bad), bad_at, counts, bad, shape, what)
    if counts.size == 0:
        return np.zeros(shape, np.uint8)
    if (counts == 1).all():
        return np.ascontiguousarray(ids[:, 0]).reshape(shape)
    k = int(counts[0])
    if (counts == k).all():
        return np.ascontiguousarray(ids[:, :k]).reshape(shape + (k,))
    i = int(np.flatnonzero(counts != k)[0])
    index_i = tuple(int(j) for j in np.unravel_index(i, shape))
    index_0 = tuple(0 for _ in shape)
    raise ValueError(
        f"{named(index_i, what)} ({quoted(text_at(i))}) has length {int(counts[i])}, but {named(index_0, what)} "
        f"({quoted(text_at(0))}) has length {k}: all {what}s must be the same size"
    )


def _categorical(values: Any) -> tuple[np.ndarray, Any] | None:
    """``(codes, categories)`` of a pandas Categorical or categorical Series (duck-typed: pandas
    is not imported here), else None."""
    if getattr(getattr(values, "dtype", None), "name", None) != "category":
        return None
    cat = getattr(values, "cat", values)
    codes, categories = getattr(cat, "codes", None), getattr(cat, "categories", None)
    if codes is None or categories is None:
        return None
    return np.asarray(codes), categories


def is_text_array(values: Any) -> bool:
    """Whether ``values`` is an array of card text that :func:`text_array` reads without looking
    at its elements: a numpy ``U``/``S`` array or a pandas categorical.

    >>> is_text_array(np.array(["As"])), is_text_array(np.array([51])), is_text_array(["As"])
    (True, False, False)
    """
    return (isinstance(values, np.ndarray) and values.dtype.kind in "US") or _categorical(values) is not None


def text_array(values: Any, what: str = "hand") -> NDArray[np.uint8]:
    """Card text of any shape as ids, in one compiled pass: a numpy ``U``/``S`` array, an object
    array or list of strings, a pandas column (string, object or categorical).  Every element one
    card: the ids have the shape of ``values`` (the cards of hands along the last axis); every
    element ``k`` cards: one more axis of ``k``.  A bad card, a missing value or an element holding
    another number of cards than the rest is a ``ValueError`` naming the element (as ``what``)
    and the position.

    >>> text_array(np.array(["As Ks Qs Js Ts", "2c 2d W 9h 9s"])).tolist()
    [[51, 47, 43, 39, 35], [0, 1, 52, 30, 31]]
    >>> text_array(np.array([["As", "Ks"], ["2c", "W"]])).tolist()
    [[51, 47], [0, 52]]
    >>> text_array(np.array(["As Ks", "Qs Jx"]))
    Traceback (most recent call last):
    ...
    ValueError: hand 1, position 1: cannot read a card at character 3 of 'Qs Jx': 'Jx' does not start with a card; accepted forms: rank 2-9, T, 10, J, Q, K, A (or course rank 1-13: 1 = A, 11 = J, 12 = Q, 13 = K) followed by a suit c, d, h, s or ♣ ♦ ♥ ♠ (♧ ♢ ♡ ♤), e.g. 'As', 'Td', '10d', 'A♠', '13S'; a wild card as 'W', 'Jk', '*' or 'joker'; several cards separated by spaces or commas, or concatenated ('AhKh')
    """
    categorical = _categorical(values)
    if categorical is not None:
        return _categories(*categorical, what)
    if isinstance(values, (list, tuple)):
        items = _strings(list(values), (len(values),), what)
        return _hands(*_parse_strings(items), (len(items),), what, items.__getitem__)
    array = values if isinstance(values, np.ndarray) else np.asarray(values)
    if array.dtype.kind == "S":
        array = _decoded(array, what)
    if array.dtype.kind in "US":
        flat = array.reshape(-1)
        return _hands(*_parse_fixed(flat), array.shape, what, lambda i: _text_of(flat[i]))
    if array.dtype.kind == "O":
        items = _strings(array.reshape(-1).tolist(), array.shape, what)
        return _hands(*_parse_strings(items), array.shape, what, items.__getitem__)
    raise TypeError(f"card text must be strings, got an array of dtype {array.dtype}")


def _text_of(value: Any) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)


def _strings(items: list, shape: tuple[int, ...], what: str) -> list:
    """``items`` as a list of str (bytes decoded); anything else a ``TypeError`` naming it."""
    kinds = set(map(type, items))
    if kinds <= {str}:
        return items
    if kinds <= {str, np.str_, bytes, np.bytes_}:
        return [x.decode("utf-8") if isinstance(x, bytes) else str(x) for x in items]
    i = next(i for i, x in enumerate(items) if not isinstance(x, (str, bytes)))
    index = tuple(int(j) for j in np.unravel_index(i, shape))
    value = items[i]
    missing = " (a missing value)" if value is None or value != value else ""
    raise TypeError(f"{named(index, what)} is {shown(value)} ({type(value).__name__}){missing}, not card text")


def _fails(text: str) -> bool:
    return _parse_strings([text])[2] >= 0


def _categories(codes: np.ndarray, categories: Any, what: str) -> NDArray[np.uint8]:
    """A categorical column: each category read once, then picked by the codes."""
    labels = list(categories)
    shape = codes.shape
    codes = codes.reshape(-1).astype(np.int64)
    missing = np.flatnonzero(codes < 0)
    if missing.size:
        index = tuple(int(j) for j in np.unravel_index(int(missing[0]), shape))
        raise TypeError(f"{named(index, what)} is missing (NaN in a categorical), not card text")
    items = _strings(labels, (len(labels),), what)
    ids, counts, bad, _ = _parse_strings(items)
    row_counts = counts[codes]
    if bad >= 0:  # a bad category matters only if a row holds it
        failing = np.array([_fails(text) for text in items])
        rows = np.flatnonzero(failing[codes])
        if rows.size:
            row = int(rows[0])
            _, _, _, at = _parse_strings([items[int(codes[row])]])
            raise _bad_text(items[int(codes[row])], at, row_counts, row, shape, what)
    used = counts[np.bincount(codes, minlength=len(labels)) > 0]
    if used.size and (used == used[0]).all():  # every row the same size: pick from the categories' ids
        k = int(used[0])
        picked = np.ascontiguousarray(ids[:, :k])[codes]
        return picked.reshape(shape) if k == 1 else picked.reshape(shape + (k,))
    return _hands(ids[codes], row_counts, -1, 0, shape, what, lambda i: items[int(codes[i])])


# --------------------------------------------------------------------------- public API


def parse_card(token: str) -> int:
    """Parse one card into its id (0..51, or 52 for the wild card).

    Case-insensitive; surrounding whitespace is ignored. Numeric ranks follow the course
    convention (1 = ace, 2..10, 11 = J, 12 = Q, 13 = K).

    >>> parse_card("As"), parse_card("td"), parse_card("10d"), parse_card(" A♠ ")
    (51, 33, 33, 51)
    >>> parse_card("1C"), parse_card("13S"), parse_card("Jk"), parse_card("*")
    (48, 47, 52, 52)
    """
    if not isinstance(token, str):
        raise TypeError(f"parse_card expects a str, got {type(token).__name__}: {shown(token)}")
    match = _CARD_RE.fullmatch(token.strip())
    if match is None:
        raise ValueError(f"not a card: {quoted(token)}; {_ACCEPTED}")
    return _card_from_match(match)


def parse_cards(text: Any) -> NDArray[np.uint8]:
    """Parse cards into uint8 ids: one string to a 1-D array; an array of strings to an array.

    Cards may be separated by whitespace or commas, or concatenated: each card is read
    greedily as a wild word, else a rank (1-2 digits or a letter) and one suit char.

    * a ``str``: its cards, 1-D;
    * a list or tuple of strings: each parsed and concatenated, 1-D;
    * an array of strings (numpy ``U``/``S``/object, a pandas column or categorical, any shape):
      arrays in, arrays out, in one compiled pass.  Every element one card: the shape of the
      array; every element ``k`` cards: the shape plus an axis of ``k`` (a column of hands gives
      an ``(n, k)`` array).  Elements holding different numbers of cards are a ``ValueError``.

    >>> parse_cards("AhKh").tolist(), parse_cards("Ah, Kh").tolist()
    ([50, 46], [50, 46])
    >>> parse_cards("10dJdWAs").tolist()
    [33, 37, 52, 51]
    >>> parse_cards(["11C", "13C 3C"]).tolist()
    [36, 44, 4]
    >>> parse_cards(np.array(["As Ks Qs", "2c 2d W"])).tolist()
    [[51, 47, 43], [0, 1, 52]]
    """
    if isinstance(text, str):
        if len(text) > KERNEL_TEXT:
            ids, counts, bad, bad_at = _parse_fixed(np.array([text]))
            if bad >= 0:
                raise ValueError(_unreadable(text, bad_at))
            return ids[0, :counts[0]].copy()
        return _parse_text(text)
    if isinstance(text, (list, tuple)):
        items = list(text)
        for i, item in enumerate(items):
            if not isinstance(item, str):
                raise TypeError(f"parse_cards: element {i} is {shown(item)} ({type(item).__name__}), not a str")
        ids, counts, bad, bad_at = _parse_strings(items)
        if bad >= 0:
            raise _bad_text(items[bad], bad_at, counts, bad, (len(items),), "element", concatenated=True)
        return ids[np.arange(ids.shape[1]) < counts[:, None]]
    if isinstance(text, (bytes, bytearray)) or not (isinstance(text, (np.ndarray, Sequence))
                                                    or hasattr(text, "__array__")):
        raise TypeError(f"parse_cards expects a str, a sequence of str or an array of str, got {type(text).__name__}")
    if isinstance(text, np.ndarray) and text.dtype.kind not in "USO":
        raise TypeError(f"parse_cards expects card text, got an array of dtype {text.dtype} (card ids need no parsing)")
    if isinstance(text, np.ndarray) and text.dtype.kind == "O":
        flat = text.reshape(-1).tolist()
        for i, item in enumerate(flat):
            if not isinstance(item, (str, bytes)):
                index = tuple(int(j) for j in np.unravel_index(i, text.shape))
                raise TypeError(f"parse_cards: {named(index, 'element')} is {shown(item)} ({type(item).__name__}), "
                                f"not a str")
    if isinstance(text, Sequence) and not isinstance(text, np.ndarray):
        return parse_cards(list(text))
    return text_array(text, "element")


def format_card(card: int, style: str = "ascii") -> str:
    """Format one card id: ``"As"`` (style ``"ascii"``) or ``"A♠"`` (``"unicode"``).

    The wild card is ``"W"`` in both styles.

    >>> format_card(51), format_card(51, style="unicode"), format_card(33), format_card(52)
    ('As', 'A♠', 'Td', 'W')
    """
    suits = _suits_for(style)
    number = integer_or_none(card)
    if number is None or not 0 <= number <= WILD:
        raise ValueError(
            f"invalid card id {shown(card)}: "
            f"expected an integer 0..51, or {WILD} for the wild card"
        )
    if number == WILD:
        return "W"
    return RANK_CHARS[number // 4] + suits[number % 4]


@lru_cache(maxsize=2)
def _name_codes(style: str) -> np.ndarray:
    """Per id 0..52 the code points of its name (two; the wild card's ``W`` and a zero)."""
    codes = np.zeros((WILD + 1, 2), np.uint32)
    for card in range(WILD + 1):
        name = format_card(card, style)
        codes[card, :len(name)] = [ord(c) for c in name]
    codes.setflags(write=False)
    return codes


def _format_rows(ids: np.ndarray, style: str) -> np.ndarray:
    """Integer ids ``(..., k)`` as a ``U`` array of the leading shape, vectorised."""
    if ids.dtype.kind not in "iu":
        raise TypeError(f"format_cards expects integer card ids, got an array of dtype {ids.dtype}")
    lead, k = ids.shape[:-1], ids.shape[-1]
    bad = (ids < 0) | (ids > WILD) if ids.dtype.kind == "i" else ids > WILD
    if bad.any():
        index = tuple(int(i) for i in np.argwhere(bad)[0])
        where = f"{named(index[:-1])}, " if len(index) > 1 else ""
        raise ValueError(f"{where}position {index[-1]}: invalid card id {int(ids[index])}: "
                         f"expected an integer 0..51, or {WILD} for the wild card")
    if k == 0:
        return np.full(lead, "", dtype="U1")
    rows = ids.reshape(-1, k)
    codes = np.full((rows.shape[0], k, 3), ord(" "), np.uint32)
    codes[:, :, :2] = _name_codes(style)[rows]
    codes = codes.reshape(rows.shape[0], 3 * k)[:, :-1]
    if (rows == WILD).any():  # "W" is one character: close the gap it leaves
        keep = codes != 0
        packed = np.zeros_like(codes)
        r, c = np.nonzero(keep)
        packed[r, np.cumsum(keep, axis=1)[keep] - 1] = codes[keep]
        codes = packed
    return np.ascontiguousarray(codes).view(f"U{3 * k - 1}").reshape(lead)


@overload
def format_cards(cards: Sequence[int], style: str = "ascii") -> str: ...


@overload
def format_cards(cards: Any, style: str = "ascii") -> Any: ...


def format_cards(cards: Any, style: str = "ascii") -> Any:
    """Format card ids: a 1-D sequence or array as one space-separated string; an array of hands
    ``(..., k)`` (or nested lists) as a numpy string array of the leading shape, vectorised.

    >>> format_cards([50, 46, 52])
    'Ah Kh W'
    >>> format_cards(parse_cards("2c 10d"), style="unicode")
    '2♣ T♦'
    >>> format_cards(np.array([[51, 47], [52, 0]])).tolist()
    ['As Ks', 'W 2c']
    """
    _suits_for(style)  # checked even when there are no cards
    if isinstance(cards, str):
        raise TypeError("format_cards expects card ids, not a str (parse it with parse_cards)")
    if isinstance(cards, np.ndarray) and cards.ndim >= 2:
        return _format_rows(cards, style)
    if isinstance(cards, (list, tuple)) and cards and all(isinstance(c, (list, tuple, np.ndarray)) for c in cards):
        try:
            array = np.asarray(cards)
        except ValueError:
            raise ValueError("format_cards expects hands of equal size, nested evenly") from None
        if array.ndim < 2 or array.dtype.kind not in "iu":
            raise ValueError(f"format_cards expects integer card ids nested evenly, got {shown(cards)}")
        return _format_rows(array, style)
    if isinstance(cards, np.ndarray) and cards.ndim == 1 and cards.dtype.kind in "iu":
        return str(_format_rows(cards, style)) if cards.size else ""
    if isinstance(cards, np.ndarray) and cards.ndim != 1:
        raise ValueError(f"format_cards expects a 1-D array of card ids, got shape {cards.shape}")
    if not isinstance(cards, Iterable):
        raise TypeError(f"format_cards expects a sequence of card ids, got {type(cards).__name__}: {shown(cards)} "
                        f"(format_card formats one)")
    out = []
    for i, card in enumerate(cards):
        try:
            out.append(format_card(card, style))
        except ValueError as err:
            raise ValueError(f"position {i}: {err}") from None
    return " ".join(out)
