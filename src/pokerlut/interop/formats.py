"""The peers' card formats: treys / deuces ints, phevaluator ids and strings, ``eval7.Card``,
``pokerkit.Card`` and pokerkit text, each way; and the formats by name."""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from ..cards import shown
from ..constants import N_NATURAL
from .read import (NAMES, check_range, frozen, id_of_text, import_peer, integer_array, join_last_axis,
                   natural_ids, objects_to_ids, pick, at_position)

if TYPE_CHECKING:
    from numpy.typing import ArrayLike, NDArray

__all__ = ["FORMATS", "ALIASES", "to_treys", "from_treys", "to_phevaluator", "to_phevaluator_strings",
           "from_phevaluator", "to_eval7", "from_eval7", "to_pokerkit", "to_pokerkit_strings", "from_pokerkit",
           "to_format", "from_format", "eval7_cards", "pokerkit_cards"]

#: Canonical format names accepted by :func:`to_format` and :func:`from_format`.
FORMATS: tuple[str, ...] = (
    "cactus_kev", "phevaluator", "phevaluator_str", "eval7", "pokerkit", "pokerkit_str",
)  # fmt: skip
#: Other names for the formats.
ALIASES: dict[str, str] = {"treys": "cactus_kev", "deuces": "cactus_kev"}

_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_TREYS_SUIT_BITS = (8, 4, 2, 1)  # treys/deuces: clubs 8, diamonds 4, hearts 2, spades 1


def _treys_int(card: int) -> int:
    rank, suit = divmod(card, 4)
    return (1 << rank << 16) | (_TREYS_SUIT_BITS[suit] << 12) | (rank << 8) | _PRIMES[rank]



_TO_TREYS = frozen(np.array([_treys_int(c) for c in range(N_NATURAL)], dtype=np.int64))
_TREYS_ORDER = np.argsort(_TO_TREYS)
_TREYS_SORTED = frozen(_TO_TREYS[_TREYS_ORDER])
_TREYS_IDS = frozen(_TREYS_ORDER.astype(np.uint8))


# --------------------------------------------------------------------------- treys / deuces


def to_treys(hands: Any) -> NDArray[np.int64]:
    """treys / deuces card ints (``Card.new("As")``) for pokerlut cards; the shape is kept.

    ``hands`` is anything :func:`pokerlut.evaluate` accepts: ids, nested lists, card strings.
    Pass ``.tolist()`` of a row to treys, e.g. ``Evaluator().evaluate(row[:2], row[2:])``.

    >>> to_treys("As Kd 2c").tolist()
    [268442665, 134236965, 98306]
    >>> to_treys([[51, 45], [0, 1]]).shape
    (2, 2)
    """
    return _TO_TREYS[natural_ids(hands, "treys")]


def from_treys(values: ArrayLike) -> NDArray[np.uint8]:
    """pokerlut card ids (uint8, same shape) for treys / deuces card ints.

    A value that is not one of the 52 treys card ints is a ``ValueError`` naming its position.

    >>> from_treys([268442665, 134236965, 98306]).tolist()
    [51, 45, 0]
    """
    arr = integer_array(values, "treys card")
    pos = np.minimum(np.searchsorted(_TREYS_SORTED, arr), 51)
    bad = _TREYS_SORTED[pos] != arr
    if bad.any():
        index = tuple(int(i) for i in np.argwhere(bad)[0])
        raise ValueError(
            f"treys card{at_position(index)} is {int(arr[index])}, which is not a treys/deuces card int "
            f"(Card.new('As') == {_TO_TREYS[51]}, Card.new('2c') == {_TO_TREYS[0]})"
        )
    return np.asarray(_TREYS_IDS[pos])


# --------------------------------------------------------------------------- phevaluator

_PH_EXPECTED = "a phevaluator card: an id 0..51 (4 * rank + suit), a string like 'As' or 'Td', or a phevaluator.Card"


def _phevaluator_id(value: Any) -> int:
    if isinstance(value, str):
        return id_of_text(value, _PH_EXPECTED)
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        card = int(value)
    elif type(value).__module__.startswith("phevaluator") and hasattr(value, "id_"):
        card = operator.index(value.id_)
    else:
        raise TypeError(f"{shown(value)} ({type(value).__name__}) is not {_PH_EXPECTED}")
    if not 0 <= card < N_NATURAL:
        raise ValueError(f"{card} is not a card id; expected {_PH_EXPECTED}")
    return card


def to_phevaluator(hands: Any) -> NDArray[np.int64]:
    """phevaluator card ids for pokerlut cards (the same numbers: ``4 * rank + suit``, suits c d h s).

    Returned as an ``int64`` array of the same shape; a row's ``.tolist()`` goes straight into
    ``phevaluator.evaluate_cards(*row)`` or ``evaluate_7cards(*row)``.

    >>> to_phevaluator("As Kd 2c").tolist()
    [51, 45, 0]
    """
    return np.array(natural_ids(hands, "phevaluator"), dtype=np.int64)


def to_phevaluator_strings(hands: Any) -> Any:
    """phevaluator card strings (``"As"``, ``"Td"``) for pokerlut cards, as nested lists.

    A hand of shape ``(k,)`` gives a list of ``k`` strings, ``(N, k)`` a list of lists; a single
    card id gives one string.

    >>> to_phevaluator_strings("As Kd 10c")
    ['As', 'Kd', 'Tc']
    >>> to_phevaluator_strings([[51, 45], [0, 1]])
    [['As', 'Kd'], ['2c', '2d']]
    """
    return NAMES[natural_ids(hands, "phevaluator")].tolist()


def from_phevaluator(values: Any) -> NDArray[np.uint8]:
    """pokerlut card ids (uint8, same shape) for phevaluator cards: ids, strings or ``phevaluator.Card``.

    Elements may be integer ids 0..51, two-character strings (``"As"``, ``"td"``: letter case is
    ignored) or ``phevaluator.Card`` objects, mixed freely.  An unknown card is a ``ValueError``,
    an element of another type a ``TypeError``; both name the position.

    >>> from_phevaluator([51, "Kd", "2c"]).tolist()
    [51, 45, 0]
    >>> from_phevaluator([["As", "Ks"], ["2c", "2d"]]).shape
    (2, 2)
    """
    if isinstance(values, np.ndarray) and values.dtype.kind in "iu":
        check_range(values, "phevaluator card", 0, 51, "a card id 0..51")
        return values.astype(np.uint8)
    return objects_to_ids(values, _phevaluator_id, "phevaluator card")


# --------------------------------------------------------------------------- eval7

_EVAL7_EXPECTED = "an eval7.Card, or a string like 'As' or 'Td'"


@lru_cache(maxsize=1)
def eval7_cards() -> np.ndarray:
    eval7 = import_peer("eval7")
    return frozen(np.array([eval7.Card(name) for name in NAMES.tolist()], dtype=object))


def _eval7_id(value: Any) -> int:
    if isinstance(value, str):
        return id_of_text(value, _EVAL7_EXPECTED)
    if type(value).__module__.startswith("eval7") and hasattr(value, "rank") and hasattr(value, "suit"):
        rank, suit = operator.index(value.rank), operator.index(value.suit)
        if 0 <= rank <= 12 and 0 <= suit <= 3:
            return 4 * rank + suit
        raise ValueError(f"{shown(value)} has rank {rank} and suit {suit}; expected 0..12 and 0..3")
    raise TypeError(f"{shown(value)} ({type(value).__name__}) is not {_EVAL7_EXPECTED}")


def to_eval7(hands: Any) -> Any:
    """``eval7.Card`` objects for pokerlut cards, as nested lists (shape ``(N, k)`` -> N lists of k).

    Each row goes straight into ``eval7.evaluate(row)``.  Needs eval7 (``pip install
    'pokerlut[bench]'``); without it a :class:`PeerNotInstalledError` is raised.

    >>> import eval7  # doctest: +SKIP
    >>> to_eval7("As Kd")  # doctest: +SKIP
    [Card("As"), Card("Kd")]
    >>> rows = to_eval7([[51, 47, 43, 39, 35], [0, 4, 8, 12, 17]])  # doctest: +SKIP
    >>> [eval7.handtype(eval7.evaluate(row)) for row in rows]  # doctest: +SKIP
    ['Straight Flush', 'Straight']
    """
    ids = natural_ids(hands, "eval7")  # bad input is reported before a missing peer
    return pick(eval7_cards(), ids)


def from_eval7(cards: Any) -> NDArray[np.uint8]:
    """pokerlut card ids (uint8, same shape) for ``eval7.Card`` objects (or eval7 strings ``"As"``).

    >>> import eval7  # doctest: +SKIP
    >>> from_eval7([eval7.Card("As"), eval7.Card("Kd")]).tolist()  # doctest: +SKIP
    [51, 45]
    >>> from_eval7(to_eval7([[51, 45], [0, 1]])).tolist()  # doctest: +SKIP
    [[51, 45], [0, 1]]
    >>> from_eval7(["As", "Kd"]).tolist()
    [51, 45]
    """
    return objects_to_ids(cards, _eval7_id, "eval7 card")


# --------------------------------------------------------------------------- pokerkit

_PK_EXPECTED = "a pokerkit.Card, or pokerkit card text like 'As', 'Td' or '10d'"


@lru_cache(maxsize=1)
def pokerkit_cards() -> np.ndarray:
    pokerkit = import_peer("pokerkit")
    cards = [pokerkit.Card(pokerkit.Rank(name[0]), pokerkit.Suit(name[1])) for name in NAMES.tolist()]
    return frozen(np.array(cards, dtype=object))


def _pokerkit_id(value: Any) -> int:
    if isinstance(value, str):
        ids = _pokerkit_text(value)
        if len(ids) != 1:
            raise ValueError(f"{value!r} holds {len(ids)} cards, not one")
        return ids[0]
    if type(value).__module__.startswith("pokerkit") and hasattr(value, "rank") and hasattr(value, "suit"):
        text = f"{getattr(value.rank, 'value', value.rank)}{getattr(value.suit, 'value', value.suit)}"
        if "?" in text:
            raise ValueError(f"{shown(value)} is an unknown (face-down) card, which has no pokerlut id")
        return id_of_text(text, _PK_EXPECTED)
    raise TypeError(f"{shown(value)} ({type(value).__name__}) is not {_PK_EXPECTED}")


def _pokerkit_text(text: str) -> list[int]:
    """Card ids in a pokerkit string: pairs of rank + suit, '10' for T, spaces and commas allowed."""
    ids = []
    for word in text.replace("10", "T").replace(",", " ").split():
        if len(word) % 2:
            raise ValueError(f"cannot split {word!r} (in {text!r}) into two-character cards; expected {_PK_EXPECTED}")
        ids.extend(id_of_text(word[i : i + 2], _PK_EXPECTED) for i in range(0, len(word), 2))
    return ids


def to_pokerkit(hands: Any) -> Any:
    """``pokerkit.Card`` objects for pokerlut cards, as nested lists (shape ``(N, k)`` -> N lists of k).

    Each row goes straight into ``pokerkit.StandardHighHand.from_game(row)``.  Needs pokerkit
    (``pip install 'pokerlut[bench]'``; pokerkit itself needs Python 3.11+); without it a
    :class:`PeerNotInstalledError` is raised.

    >>> import pokerkit  # doctest: +SKIP
    >>> to_pokerkit("As Kd")  # doctest: +SKIP
    [As, Kd]
    >>> pokerkit.StandardHighHand.from_game(to_pokerkit("Ah Kh Qh Jh Th 2c 2d")).entry.label  # doctest: +SKIP
    <Label.STRAIGHT_FLUSH: 'Straight flush'>
    """
    ids = natural_ids(hands, "pokerkit")  # bad input is reported before a missing peer
    return pick(pokerkit_cards(), ids)


def to_pokerkit_strings(hands: Any) -> Any:
    """pokerkit card text, one string per hand: ``(k,)`` -> ``"AsKsQsJsTs"``, ``(N, k)`` -> N strings.

    pokerkit parses these wherever it takes cards (``StandardHighHand.from_game("AsKs...")``).
    A single card id gives one card's text.  Needs no pokerkit.

    >>> to_pokerkit_strings("As Ks Qs Js 10s")
    'AsKsQsJsTs'
    >>> to_pokerkit_strings([[51, 45], [0, 1]])
    ['AsKd', '2c2d']
    """
    return join_last_axis(NAMES[natural_ids(hands, "pokerkit")])


def from_pokerkit(cards: Any) -> NDArray[np.uint8]:
    """pokerlut card ids (uint8) for pokerkit cards: ``pokerkit.Card`` objects or pokerkit text.

    * a string is one hand in pokerkit's notation (``"AsKsQsJsTs"``, ``"As Ks, Qs"``, ``10`` for
      T; letter case is ignored) and gives a 1-D array;
    * a sequence of strings: one hand each, giving ``(N, k)`` (all hands the same size), unless
      every string holds one card, which makes one hand;
    * nested sequences of ``pokerkit.Card`` (or one-card strings): the same shape.

    Unknown (``??``) cards and bad text are a ``ValueError``, other types a ``TypeError``.

    >>> from_pokerkit("AsKd2c").tolist()
    [51, 45, 0]
    >>> from_pokerkit(["AsKd", "2c2d"]).tolist()
    [[51, 45], [0, 1]]
    >>> from_pokerkit(["As", "Kd"]).tolist()
    [51, 45]
    """
    if isinstance(cards, str):
        return np.array(_pokerkit_text(cards), dtype=np.uint8)
    if isinstance(cards, Sequence) and cards and all(isinstance(c, str) for c in cards):
        hands = []
        for i, text in enumerate(cards):
            try:
                hands.append(_pokerkit_text(text))
            except ValueError as error:
                raise ValueError(f"pokerkit hand {i}: {error}") from None
        if all(len(hand) == 1 for hand in hands):
            return np.array([hand[0] for hand in hands], dtype=np.uint8)
        for i, hand in enumerate(hands):
            if len(hand) != len(hands[0]):
                raise ValueError(
                    f"pokerkit hand {i} ({cards[i]!r}) holds {len(hand)} card(s) but hand 0 ({cards[0]!r}) "
                    f"holds {len(hands[0])}: all hands must be the same size"
                )
        return np.array(hands, dtype=np.uint8)
    return objects_to_ids(cards, _pokerkit_id, "pokerkit card")


# --------------------------------------------------------------------------- by name

_TO: dict[str, Callable[[Any], Any]] = {
    "cactus_kev": to_treys,
    "phevaluator": to_phevaluator,
    "phevaluator_str": to_phevaluator_strings,
    "eval7": to_eval7,
    "pokerkit": to_pokerkit,
    "pokerkit_str": to_pokerkit_strings,
}
_FROM: dict[str, Callable[[Any], NDArray[np.uint8]]] = {
    "cactus_kev": from_treys,
    "phevaluator": from_phevaluator,
    "phevaluator_str": from_phevaluator,
    "eval7": from_eval7,
    "pokerkit": from_pokerkit,
    "pokerkit_str": from_pokerkit,
}


def _canonical(fmt: str) -> str:
    if not isinstance(fmt, str):
        raise TypeError(f"the format must be a str naming it, got {type(fmt).__name__}: {shown(fmt)}")
    key = ALIASES.get(fmt.lower(), fmt.lower())
    if key not in _TO:
        names = ", ".join(repr(name) for name in (*FORMATS, *ALIASES))
        raise ValueError(f"unknown card format {fmt!r}; expected one of {names}")
    return key


def to_format(hands: Any, fmt: str) -> Any:
    """Convert pokerlut cards to a peer's format, by name (see :data:`FORMATS` and :data:`ALIASES`).

    >>> to_format("As Kd", "treys").tolist(), to_format("As Kd", "pokerkit_str")
    ([268442665, 134236965], 'AsKd')
    >>> to_format("As", "pokereval")
    Traceback (most recent call last):
        ...
    ValueError: unknown card format 'pokereval'; expected one of 'cactus_kev', 'phevaluator', 'phevaluator_str', 'eval7', 'pokerkit', 'pokerkit_str', 'treys', 'deuces'
    """
    return _TO[_canonical(fmt)](hands)


def from_format(values: Any, fmt: str) -> NDArray[np.uint8]:
    """Convert cards in a peer's format, named as in :func:`to_format`, to pokerlut ids (uint8).

    >>> from_format([268442665, 134236965], "deuces").tolist()
    [51, 45]
    >>> from_format(["As", "Kd"], "phevaluator_str").tolist()
    [51, 45]
    """
    return _FROM[_canonical(fmt)](values)
