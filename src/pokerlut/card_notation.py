"""The card notation: the spellings of ranks, suits and the wild card, one string read by a regular
expression, and the same notation as the tables the compiled text pass reads."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from ._messages import quoted, shown
from .constants import RANK_CHARS, SUIT_CHARS, SUIT_SYMBOLS, WILD
from .kernels.text import SEPARATOR, SUIT_SHIFT, WILD_START

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["WILD_WORDS", "CARD_RE", "ACCEPTED_FORMS", "unreadable_text", "parse_one_text", "text_tables", "parse_card"]


_WHITE_SUIT_SYMBOLS = "♧♢♡♤"
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
CARD_RE = re.compile(
    r"(?P<wild>" + "|".join(map(re.escape, WILD_WORDS)) + r")"
    r"|(?P<rank>1[0-3]|[1-9]|[tjqka])"
    r"(?P<suit>[" + SUIT_CHARS + SUIT_SYMBOLS + _WHITE_SUIT_SYMBOLS + r"])\ufe0f?",
    re.IGNORECASE | re.ASCII,
)
_SEPARATORS_RE = re.compile(r"[\s,]*")
_WORD_RE = re.compile(r"[^\s,]+")


#: The accepted spellings, said in every error about card text.
ACCEPTED_FORMS = (
    "accepted forms: rank 2-9, T, 10, J, Q, K, A (or course rank 1-13: 1 = A, 11 = J, "
    "12 = Q, 13 = K) followed by a suit c, d, h, s or ♣ ♦ ♥ ♠ (♧ ♢ ♡ ♤), e.g. 'As', 'Td', "
    "'10d', 'A♠', '13S'; a wild card as 'W', 'Jk', '*' or 'joker'; several cards separated "
    "by spaces or commas, or concatenated ('AhKh')"
)


def _card_from_match(match: re.Match[str]) -> int:
    if match.group("wild"):
        return WILD
    return 4 * _RANK_OF[match.group("rank").lower()] + _SUIT_OF[match.group("suit").lower()]


def _skip_separators(text: str, pos: int) -> int:
    match = _SEPARATORS_RE.match(text, pos)
    return match.end() if match else pos


def unreadable_text(text: str, pos: int) -> str:
    """The one sentence for card text that does not read at character ``pos``.

    >>> unreadable_text("As Kx", 3).split(";")[0]
    "cannot read a card at character 3 of 'As Kx': 'Kx' does not start with a card"
    """
    word = _WORD_RE.match(text, pos)
    return (f"cannot read a card at character {pos} of {quoted(text)}: "
            f"{quoted(word.group() if word else text[pos:])} does not start with a card; {ACCEPTED_FORMS}")


def _regex_read(text: str) -> tuple[list[int], int]:
    """One string by the regular expression: its cards, and the character a bad card starts at
    (-1 if none)."""
    cards: list[int] = []
    pos = _skip_separators(text, 0)
    while pos < len(text):
        match = CARD_RE.match(text, pos)
        if match is None:
            return cards, pos
        cards.append(_card_from_match(match))
        pos = _skip_separators(text, match.end())
    return cards, -1


def parse_one_text(text: str) -> NDArray[np.uint8]:
    """One string by the regular expression: the ids, or the one ``ValueError`` for bad text.

    >>> parse_one_text("As, Kd").tolist()
    [51, 45]
    """
    cards, bad_at = _regex_read(text)
    if bad_at >= 0:
        raise ValueError(unreadable_text(text, bad_at))
    return np.array(cards, dtype=np.uint8)




@lru_cache(maxsize=1)
def text_tables() -> tuple[np.ndarray, ...]:
    """The notation as the tables :func:`pokerlut.kernels.text.parse_text` reads: per code point
    (up to U+3000, the last whitespace) its one-character rank, suit and separator bits; the
    wild words; the ranks written ``10``..``13``.

    >>> info, wild, wild_len, pair_rank = text_tables()
    >>> wild_len.tolist(), pair_rank.tolist()
    ([5, 2, 1, 1], [8, 9, 10, 11])
    """
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
    match = CARD_RE.fullmatch(token.strip())
    if match is None:
        raise ValueError(f"not a card: {quoted(token)}; {ACCEPTED_FORMS}")
    return _card_from_match(match)
