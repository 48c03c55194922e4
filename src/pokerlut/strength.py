"""What a strength means: its category, its name, a sentence describing it.

Strengths are ``uint16``, higher is stronger: natural hands 1..7462 (7462 the royal flush, and
``7463 - s`` the Cactus Kev / treys / phevaluator rank), five of a kind 7463..7475 (deuces to
aces); 0 is never a valid strength.
"""

from __future__ import annotations

import numpy as np

from .cards import RANK_CHARS, RANK_NAMES, RANK_PLURALS
from .tables import load_table_set

NATURAL_STRENGTHS = 7462
MAX_STRENGTH = 7475

CATEGORY_NAMES: tuple[str, ...] = (
    "High card",
    "One pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Flush",
    "Full house",
    "Four of a kind",
    "Straight flush",
    "Five of a kind",
)
(HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND,
 STRAIGHT_FLUSH, FIVE_OF_A_KIND) = range(10)


def _strength_array(strengths) -> np.ndarray:
    array = np.asarray(strengths)
    if array.dtype.kind not in "iu":
        raise TypeError(f"strengths must be integers, got dtype {array.dtype}")
    bad = (array < 1) | (array > MAX_STRENGTH)
    if bad.any():
        where = np.unravel_index(int(np.argmax(bad)), array.shape) if array.ndim else ()
        value = int(array[where])
        raise ValueError(f"strength {value} at index {where} is not a valid strength (1..{MAX_STRENGTH})")
    return array


def category(strengths) -> np.ndarray:
    """Category 0..9 of each strength (0 high card ... 8 straight flush, 9 five of a kind).

    >>> int(category(7462)), CATEGORY_NAMES[int(category(7462))]
    (8, 'Straight flush')
    """
    array = _strength_array(strengths)
    return load_table_set("high").hand_values[array, 0]


def category_name(strength: int) -> str:
    """Name of the category of one strength.

    >>> category_name(1)
    'High card'
    """
    return CATEGORY_NAMES[int(category(strength))]


def _ranks_words(ranks) -> str:
    return "-".join(RANK_CHARS[r] for r in ranks)


def describe(strength: int) -> str:
    """A sentence naming the hand of a strength, distinct for every strength.

    >>> describe(7462)
    'Royal flush'
    >>> describe(1)
    'High card, seven-high (7-5-4-3-2)'
    """
    s = int(_strength_array(int(strength)))
    cat, *ranks = (int(x) for x in load_table_set("high").hand_values[s])
    name = CATEGORY_NAMES[cat]
    r = ranks
    if cat in (HIGH_CARD, FLUSH):
        return f"{name}, {RANK_NAMES[r[0]]}-high ({_ranks_words(r)})"
    if cat == ONE_PAIR:
        return f"{name}, {RANK_PLURALS[r[0]]} ({_ranks_words(r[1:4])} kickers)"
    if cat == TWO_PAIR:
        return f"{name}, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[1]]} ({RANK_NAMES[r[2]]} kicker)"
    if cat == THREE_OF_A_KIND:
        return f"{name}, {RANK_PLURALS[r[0]]} ({_ranks_words(r[1:3])} kickers)"
    if cat == STRAIGHT:
        return f"{name}, {RANK_NAMES[r[0]]}-high"
    if cat == FULL_HOUSE:
        return f"{name}, {RANK_PLURALS[r[0]]} full of {RANK_PLURALS[r[1]]}"
    if cat == FOUR_OF_A_KIND:
        return f"{name}, {RANK_PLURALS[r[0]]} ({RANK_NAMES[r[1]]} kicker)"
    if cat == STRAIGHT_FLUSH:
        return "Royal flush" if r[0] == 12 else f"{name}, {RANK_NAMES[r[0]]}-high"
    return f"{name}, {RANK_PLURALS[r[0]]}"
