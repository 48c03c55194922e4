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
with tables built from the same notation), tens of millions of cards a second.
:func:`text_array` is that array path, shared with the evaluator's input
(:mod:`pokerlut._input`).

The work is in four modules, re-exported here: the notation (:mod:`pokerlut.card_notation`), arrays
of card text (:mod:`pokerlut.card_text`), formatting (:mod:`pokerlut.card_format`) and the checks
every function taking cards shares (:mod:`pokerlut.card_checks`).
"""

from __future__ import annotations

from ._messages import error_text, integer_text, quoted, shown  # noqa: F401 (re-exported)
from .card_checks import integer_or_none, named, refuse_masked, unmasked  # noqa: F401 (re-exported)
from .card_format import format_card, format_cards
from .card_notation import WILD_WORDS, parse_card
from .card_text import KERNEL_TEXT, LONG_TEXT, is_text_array, parse_cards, text_array, text_hands  # noqa: F401
from .constants import RANK_CHARS, RANK_NAMES, RANK_PLURALS, SUIT_CHARS, SUIT_SYMBOLS, WILD

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
