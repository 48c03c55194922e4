"""Card notation: parse and format cards.

Canonical card ids are small integers (``uint8`` in arrays)::

    card = 4 * rank + suit     rank 0 = deuce .. 12 = ace, suit 0 = c, 1 = d, 2 = h, 3 = s

so ``2c = 0`` and ``As = 51``; the wild card (joker) is ``52``.

Text notations accepted by :func:`parse_card` and :func:`parse_cards` (case-insensitive):

* rank ``2``-``9``, ``T``, ``10``, ``J``, ``Q``, ``K``, ``A`` followed by a suit ``c d h s`` or a
  symbol ``♣ ♦ ♥ ♠`` (also the white ``♧ ♢ ♡ ♤``): ``"As"``, ``"Td"``, ``"10d"``, ``"A♠"``;
* the course strings ``"1C"`` .. ``"13S"``: rank 1 = ace, 11 = J, 12 = Q, 13 = K;
* a wild card: ``"W"``, ``"Jk"``, ``"*"``, ``"joker"``.

The course deck's numbers 1..52 are converted by :mod:`pokerlut.course`.

This module is pure Python + numpy; of pokerlut it imports only :mod:`pokerlut.constants`.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from .constants import RANK_CHARS, RANK_NAMES, RANK_PLURALS, SUIT_CHARS, SUIT_SYMBOLS, WILD

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = [
    "WILD",
    "RANK_CHARS",
    "SUIT_CHARS",
    "SUIT_SYMBOLS",
    "RANK_NAMES",
    "RANK_PLURALS",
    "parse_card",
    "parse_cards",
    "format_card",
    "format_cards",
    "as_card_array",
]


_WHITE_SUIT_SYMBOLS = "♧♢♡♤"
_STYLES = {"ascii": SUIT_CHARS, "unicode": SUIT_SYMBOLS}

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
    r"(?P<wild>joker|jk|w|\*)"
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


# --------------------------------------------------------------------------- helpers


def shown(value: Any, limit: int = 60) -> str:
    """repr() of a value for a message, numpy scalars shown as the Python value they hold, cut to
    ``limit`` characters.

    >>> shown(np.int64(3)), shown("x" * 100)[-5:]
    ('3', 'xx...')
    """
    text = repr(value.item() if isinstance(value, np.generic) else value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


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


def _parse_text(text: str) -> NDArray[np.uint8]:
    cards: list[int] = []
    pos = _skip_separators(text, 0)
    while pos < len(text):
        match = _CARD_RE.match(text, pos)
        if match is None:
            word = _WORD_RE.match(text, pos)
            raise ValueError(
                f"cannot read a card at position {pos} of {text!r}: "
                f"{word.group() if word else text[pos:]!r} does not start with a card; {_ACCEPTED}"
            )
        cards.append(_card_from_match(match))
        pos = _skip_separators(text, match.end())
    return np.array(cards, dtype=np.uint8)


def _is_sequence(obj: Any) -> bool:
    return isinstance(obj, Sequence) and not isinstance(obj, (str, bytes, bytearray))


def _contains_str(obj: Any) -> bool:
    if isinstance(obj, str):
        return True
    return _is_sequence(obj) and any(_contains_str(item) for item in obj)


def _describe_shape(shape: tuple[int, ...]) -> str:
    return f"length {shape[0]}" if len(shape) == 1 else f"shape {shape}"


def _stack(rows: list[np.ndarray], what: str, sources: list[Any]) -> np.ndarray:
    """Stack equally shaped rows; a ValueError names the first row that differs from row 0."""
    for i, row in enumerate(rows):
        if row.shape != rows[0].shape:
            raise ValueError(
                f"{what} {i} ({shown(sources[i])}) has {_describe_shape(row.shape)}, "
                f"but {what} 0 ({shown(sources[0])}) has {_describe_shape(rows[0].shape)}: "
                f"all {what}s must be the same size"
            )
    return np.stack(rows)


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
        raise ValueError(f"not a card: {token!r}; {_ACCEPTED}")
    return _card_from_match(match)


def parse_cards(text: str | Sequence[str]) -> NDArray[np.uint8]:
    """Parse several cards into a 1-D uint8 array of ids.

    Cards may be separated by whitespace or commas, or concatenated: each card is read
    greedily as a wild word, else a rank (1-2 digits or a letter) and one suit char. A
    sequence of strings is parsed element by element and concatenated.

    >>> parse_cards("AhKh").tolist(), parse_cards("Ah, Kh").tolist()
    ([50, 46], [50, 46])
    >>> parse_cards("10dJdWAs").tolist()
    [33, 37, 52, 51]
    >>> parse_cards(["11C", "13C 3C"]).tolist()
    [36, 44, 4]
    """
    if isinstance(text, str):
        return _parse_text(text)
    if not (_is_sequence(text) or isinstance(text, np.ndarray)):
        raise TypeError(
            f"parse_cards expects a str or a sequence of str, got {type(text).__name__}"
        )
    parts = []
    for i, item in enumerate(text):
        if not isinstance(item, str):
            raise TypeError(
                f"parse_cards: element {i} is {shown(item)} ({type(item).__name__}), not a str"
            )
        try:
            parts.append(_parse_text(item))
        except ValueError as err:
            raise ValueError(f"element {i} of the sequence: {err}") from None
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.uint8)


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


def format_cards(cards: Iterable[int], style: str = "ascii") -> str:
    """Format card ids (a 1-D sequence or array) as one space-separated string.

    >>> format_cards([50, 46, 52])
    'Ah Kh W'
    >>> format_cards(parse_cards("2c 10d"), style="unicode")
    '2♣ T♦'
    """
    _suits_for(style)  # checked even when there are no cards
    if isinstance(cards, str):
        raise TypeError("format_cards expects card ids, not a str (parse it with parse_cards)")
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


def as_card_array(obj: Any) -> np.ndarray:
    """Turn what users pass to the evaluator into an integer numpy array.

    Integers are NOT range-checked here (the evaluator checks ranges, duplicates and shapes):

    * an ``np.ndarray`` is returned unchanged (no copy, whatever its dtype);
    * a ``str`` is parsed with :func:`parse_cards` (1-D);
    * a sequence of ``str``: if every element holds exactly one card, one hand (1-D);
      otherwise each element is one hand (2-D; all hands must have the same length);
    * nested sequences holding strings: each element is converted and the results stacked;
    * sequences of integers (or nested): ``np.asarray`` (an empty one gives uint8);
    * a sequence mixing ``str`` and other elements: TypeError;
    * anything else: ``np.asarray(obj)``.

    >>> as_card_array("As Ks").tolist()
    [51, 47]
    >>> as_card_array(["As", "Ks", "Qs", "Js", "Ts"]).shape
    (5,)
    >>> as_card_array(["As Ks Qs Js Ts", "2c 2d W 9h 9s"]).shape
    (2, 5)
    >>> as_card_array([[51, 47], [0, 52]]).tolist()
    [[51, 47], [0, 52]]
    """
    if isinstance(obj, np.ndarray):
        return obj
    if isinstance(obj, str):
        return parse_cards(obj)
    if not _is_sequence(obj):
        return np.asarray(obj)
    items = list(obj)
    is_str = [isinstance(item, str) for item in items]
    if any(is_str):
        if not all(is_str):
            i = is_str.index(False)
            raise TypeError(
                f"cannot mix card strings with other elements in one sequence: element {i} is "
                f"{shown(items[i])} ({type(items[i]).__name__})"
            )
        hands = []
        for i, item in enumerate(items):
            try:
                hands.append(_parse_text(item))
            except ValueError as err:
                raise ValueError(f"element {i} of the sequence: {err}") from None
        if all(len(hand) == 1 for hand in hands):
            return np.concatenate(hands)
        return _stack(hands, "hand", items)
    try:
        arr = np.asarray(obj)
    except ValueError:  # ragged: fine if it holds card strings (stacked below), else numpy's error
        if not _contains_str(items):
            raise
    else:
        if arr.dtype.kind not in "OUS" or not _contains_str(items):
            return arr.astype(np.uint8) if arr.size == 0 and arr.dtype.kind == "f" else arr
    for i, item in enumerate(items):
        if not (_is_sequence(item) or isinstance(item, np.ndarray)):
            raise TypeError(
                f"cannot mix card strings with other elements in one sequence: element {i} is "
                f"{shown(item)} ({type(item).__name__})"
            )
    return _stack([as_card_array(item) for item in items], "row", items)
