"""What a strength means: its category, its name, a sentence describing it, in every game.

Strengths are ``uint16``, higher is stronger in every game.  In the standard high game natural
hands are 1..7462 (7462 the royal flush, and ``7463 - s`` the Cactus Kev / treys / phevaluator
rank) and five of a kind 7463..7475 (deuces to aces); the other games' scales are in
``docs/rules.md`` ("Strength scales").  0 is never a valid strength.

One strength (an int, a numpy integer or a 0-d integer array) takes a short way through
:func:`category` and :func:`describe`: the category from a plain array of the game, the sentence
from a cache of the sentences already written; anything else, and any strength outside the
game's scale, the general way (which names the problem).
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from typing import Any, overload

import numpy as np
import numpy.typing as npt
from numpy.typing import NDArray

from ._input import integer_leaves
from .cards import integer_text, quoted
from .constants import (ACE, CATEGORIES, FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, HIGH_CARD, MAX_STRENGTH,
                        NATURAL_STRENGTHS, NO_CARD, ONE_PAIR, RANK_CHARS, RANK_NAMES, RANK_PLURALS, STRAIGHT,
                        STRAIGHT_FLUSH, THREE_OF_A_KIND, TWO_PAIR)
from .tables import TableSet
from .variants import (ACE_FIVE_WORDS, BADUGI_WORDS, DEUCE_SEVEN_WORDS, HIGH_WORDS, THREE_CARD_WORDS, VariantLike,
                       get_variant)

__all__ = ["CATEGORY_NAMES", "MAX_STRENGTH", "NATURAL_STRENGTHS", "category", "category_name", "category_names",
           "describe"]

#: Category names of the standard high game (see :func:`category_names` for the others).
CATEGORY_NAMES: tuple[str, ...] = CATEGORIES["high"]


def _scale(variant: VariantLike) -> TableSet:
    """The table set whose strengths ``variant`` names (Omaha: the high game's)."""
    return get_variant(variant).tables


def _strength_array(strengths, tables: TableSet) -> np.ndarray:
    """Strengths as an integer array, each checked against the game's scale."""
    if isinstance(strengths, (bool, np.bool_)) or (isinstance(strengths, numbers.Number)
                                                   and not isinstance(strengths, numbers.Integral)):
        raise TypeError(f"a strength is an integer, got {strengths!r}")
    if isinstance(strengths, (str, bytes)):
        raise TypeError(f"a strength is an integer, got the string {quoted(strengths)}")
    top = tables.n_strengths
    if isinstance(strengths, numbers.Integral) and not 0 <= int(strengths) < 2**63:
        raise ValueError(f"strength {integer_text(strengths)} is not a valid {tables.name} strength (1..{top})")
    array = integer_leaves(strengths, "strengths", "a strength is an integer, got {value!r}")  # bounded: cycles, depth
    if array.dtype.kind not in "iu":
        raise TypeError(f"strengths must be integers, got dtype {array.dtype}")
    bad = (array < 1) | (array > top)
    if bad.any():
        where = tuple(int(i) for i in np.unravel_index(int(np.argmax(bad)), array.shape)) if array.ndim else ()
        raise invalid_strength(int(array[where]), where, tables)
    return array


def invalid_strength(value: int, index: tuple[int, ...], tables: TableSet) -> ValueError:
    """The error for strength ``value`` at ``index`` of an array, outside the game's scale.

    >>> from pokerlut.tables import load_table_set
    >>> invalid_strength(0, (2,), load_table_set("high"))
    ValueError('strength 0 at index (2,) is not a valid high strength (1..7475)')
    """
    top = tables.n_strengths
    return ValueError(f"strength {value} at index {index} is not a valid {tables.name} strength (1..{top})")


#: Per variant argument: the game's category of every strength and its largest strength.
_CATEGORIES: dict = {}
#: Per (strength, variant argument): the sentence :func:`describe` wrote for it.
_SENTENCES: dict = {}


def _plain_strength(strength) -> int | None:
    """One strength given plainly (an int, a numpy integer, a 0-d integer array) as an int; else None."""
    kind = type(strength)
    if kind is int:
        return strength
    if (kind is np.ndarray and strength.ndim == 0 and strength.dtype.kind in "iu") or isinstance(strength, np.integer):
        return int(strength)
    return None


def _one_strength(strength, tables: TableSet, what: str) -> int:
    """One strength as an int: a 0-d integer, else a TypeError/ValueError."""
    array = _strength_array(strength, tables)
    if array.ndim:
        raise TypeError(f"{what} takes one strength (an integer), got an array of shape {array.shape}; use "
                        f"pokerlut.category for arrays")
    return int(array)


def category_names(variant: VariantLike = "high") -> tuple[str, ...]:
    """The category names of a game, weakest first (a category number indexes them).

    >>> category_names("eight-or-better")
    ('No low', 'Eight low', 'Seven low', 'Six low', 'Five low')
    """
    return CATEGORIES[_scale(variant).name]


def category(strengths: npt.ArrayLike, variant: VariantLike = "high") -> NDArray[np.uint8]:
    """Category of each strength (uint8): in the high game 0 high card ... 8 straight flush,
    9 five of a kind; in every game the index into :func:`category_names`.

    >>> int(category(7462)), CATEGORY_NAMES[int(category(7462))]
    (8, 'Straight flush')
    >>> category_names("short-deck")[int(category(1404, "short-deck"))]
    'Straight flush'
    """
    s = _plain_strength(strengths)
    if s is not None and type(variant) is str:
        known = _CATEGORIES.get(variant)
        if known is None:
            tables = _scale(variant)
            known = _CATEGORIES[variant] = (np.ascontiguousarray(tables.hand_values[:, 0]), tables.n_strengths)
        if 0 < s <= known[1]:
            return known[0][s]
    tables = _scale(variant)
    return tables.hand_values[_strength_array(strengths, tables), 0]


@overload
def category_name(strength: int | np.integer[Any], variant: VariantLike = "high") -> str: ...


@overload
def category_name(strength: Sequence[Any], variant: VariantLike = "high") -> NDArray[np.str_]: ...


@overload
def category_name(strength: npt.ArrayLike, variant: VariantLike = "high") -> str | NDArray[np.str_]: ...


def category_name(strength: npt.ArrayLike, variant: VariantLike = "high") -> str | NDArray[np.str_]:
    """Name of the category of a strength; of an array (or list) of strengths, a numpy string array
    of their names, of the same shape.

    >>> category_name(1), category_name(57, "eight-or-better")
    ('High card', 'Five low')
    >>> category_name([7462, 1]).tolist()
    ['Straight flush', 'High card']
    """
    names = category_names(variant)
    if _plain_strength(strength) is None and not isinstance(strength, numbers.Number):
        array = _strength_array(strength, _scale(variant))
        if array.ndim:
            return np.array(names, dtype=str)[category(array, variant)]
    return names[int(category(_one_strength(strength, _scale(variant), "category_name"), variant))]


def _ranks_words(ranks) -> str:
    return "-".join(RANK_CHARS[r] for r in ranks)


def _low_words(ranks) -> str:
    """Ranks most significant first, the ace written as the low card it is in ace-to-five."""
    return "-".join("A" if r == ACE else RANK_CHARS[r] for r in ranks)


def _kickers(ranks: list[int]) -> str:
    """`` (Q-T kickers)``, `` (K kicker)``, or nothing (a 3-card row's trips)."""
    if not ranks:
        return ""
    return f" ({_ranks_words(ranks)} kicker{'s' if len(ranks) > 1 else ''})"


_HIGH = CATEGORIES["high"]
#: The low categories that read as a low ("Eight low", "Seven-five-four-three-two low"): ace-to-five's
#: no pair and eight-or-better's qualifying lows; and eight-or-better's "no qualifying low".
_NO_LOW, *_QUALIFIED = CATEGORIES["eight-or-better"]
_LOW_NAMES = (CATEGORIES["ace-five-low"][-1], *_QUALIFIED)


def _describe_high(name: str, r: list[int], royal: bool = True) -> str:
    if name in (_HIGH[HIGH_CARD], _HIGH[FLUSH]):
        return f"{name}, {RANK_NAMES[r[0]]}-high ({_ranks_words(r)})"
    if name == _HIGH[ONE_PAIR]:
        return f"{name}, {RANK_PLURALS[r[0]]}{_kickers(r[1:4])}"
    if name == _HIGH[TWO_PAIR]:
        return f"{name}, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[1]]} ({RANK_NAMES[r[2]]} kicker)"
    if name == _HIGH[THREE_OF_A_KIND]:
        return f"{name}, {RANK_PLURALS[r[0]]}{_kickers(r[1:3])}"
    if name == _HIGH[STRAIGHT]:
        return f"{name}, {RANK_NAMES[r[0]]}-high"
    if name == _HIGH[FULL_HOUSE]:
        return f"{name}, {RANK_PLURALS[r[0]]} full of {RANK_PLURALS[r[1]]}"
    if name == _HIGH[FOUR_OF_A_KIND]:
        return f"{name}, {RANK_PLURALS[r[0]]} ({RANK_NAMES[r[1]]} kicker)"
    if name == _HIGH[STRAIGHT_FLUSH]:
        return "Royal flush" if r[0] == ACE and royal else f"{name}, {RANK_NAMES[r[0]]}-high"
    return f"{name}, {RANK_PLURALS[r[0]]}"


def _describe_ace_five(name: str, r: list[int]) -> str:
    if name in _LOW_NAMES:
        return f"{_low_words(r)} low"
    if name == _NO_LOW:
        return name
    kickers = f" ({_low_words(r[1:])} kicker{'s' if len(r) > 2 else ''})" if len(r) > 1 else ""
    if name == _HIGH[TWO_PAIR]:
        return f"{name}, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[1]]} ({_low_words(r[2:])} kicker)"
    if name == _HIGH[FULL_HOUSE]:
        return f"{name}, {RANK_PLURALS[r[0]]} full of {RANK_PLURALS[r[1]]}"
    return f"{name}, {RANK_PLURALS[r[0]]}{kickers}"


def _describe_deuce_seven(name: str, r: list[int]) -> str:
    if name == _HIGH[HIGH_CARD]:
        return f"{RANK_NAMES[r[0]].capitalize()}-{RANK_NAMES[r[1]]} low ({_ranks_words(r)})"
    return _describe_high(name, r)


#: How each :attr:`~pokerlut.variants.Variant.describe_style` words a category name and the ranks of a strength.
_STYLES = {
    HIGH_WORDS: _describe_high,
    THREE_CARD_WORDS: lambda name, r: _describe_high(name, r, royal=False),  # three cards: no royal flush
    ACE_FIVE_WORDS: _describe_ace_five,
    DEUCE_SEVEN_WORDS: _describe_deuce_seven,
    BADUGI_WORDS: lambda name, r: f"{name}, {_low_words(r)}",
}


@overload
def describe(strength: int | np.integer[Any], variant: VariantLike = "high") -> str: ...


@overload
def describe(strength: Sequence[Any], variant: VariantLike = "high") -> NDArray[np.str_]: ...


@overload
def describe(strength: npt.ArrayLike, variant: VariantLike = "high") -> str | NDArray[np.str_]: ...


def describe(strength: npt.ArrayLike, variant: VariantLike = "high") -> str | NDArray[np.str_]:
    """A sentence naming the hand of a strength, distinct for every strength of the game; for an
    array (or list) of strengths, a numpy string array of their sentences, of the same shape
    (each distinct strength described once).

    >>> describe(7462), describe(1)
    ('Royal flush', 'High card, seven-high (7-5-4-3-2)')
    >>> describe(7462, "deuce-seven-low"), describe(56, "eight-or-better"), describe(1, "eight-or-better")
    ('Seven-five low (7-5-4-3-2)', '6-4-3-2-A low', 'No low')
    >>> describe(1092, "badugi"), describe(741, "three-card-poker"), describe(4014, "ofc")
    ('Badugi, 4-3-2-A', 'Straight flush, ace-high', 'One pair, queens (K kicker)')
    >>> import pokerlut
    >>> describe(pokerlut.evaluate(["As Ks Qs Js Ts", "2c 2d 7h 7s 9c"])).tolist()
    ['Royal flush', 'Two pair, sevens and twos (nine kicker)']
    """
    plain = _plain_strength(strength)
    if plain is not None and type(variant) is str:
        sentence = _SENTENCES.get((plain, variant))
        if sentence is None:
            sentence = _SENTENCES[plain, variant] = _sentence(strength, variant)  # raises for a bad one
        return sentence
    if plain is None and not isinstance(strength, numbers.Number):
        array = _strength_array(strength, _scale(variant))  # every strength checked, the first bad one named
        if array.ndim:
            distinct, inverse = np.unique(array, return_inverse=True)
            sentences = np.array([describe(int(s), variant) if type(variant) is str else _sentence(int(s), variant)
                                  for s in distinct.tolist()], dtype=str)
            return sentences[inverse.reshape(array.shape)] if sentences.size else np.zeros(array.shape, "U1")
    return _sentence(strength, variant)


def _sentence(strength, variant: VariantLike) -> str:
    tables = _scale(variant)
    s = _one_strength(strength, tables, "describe")
    cat, *ranks = (int(x) for x in tables.hand_values[s])
    name = CATEGORIES[tables.name][cat]
    r = [x for x in ranks if x != NO_CARD]
    return _STYLES[get_variant(variant).describe_style](name, r)
