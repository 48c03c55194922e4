"""Interop with the peer evaluators: their card formats, and the Cactus Kev rank.

pokerlut's card id is ``4 * rank + suit`` (rank 0 = deuce .. 12 = ace, suits c, d, h, s = 0..3,
``52`` for the wild card).  The peers write cards as:

* ``"cactus_kev"`` (also ``"treys"``, ``"deuces"``): treys / deuces ``Card.new("As")`` ints (prime,
  rank, suit bit and rank bit packed in 32 bits): :func:`to_treys` / :func:`from_treys`;
* ``"phevaluator"``: phevaluator card ids, the same numbers as pokerlut's: :func:`to_phevaluator` /
  :func:`from_phevaluator`;
* ``"phevaluator_str"``: phevaluator's two-character strings ``"As"``: :func:`to_phevaluator_strings` /
  :func:`from_phevaluator`;
* ``"eval7"``: ``eval7.Card`` objects: :func:`to_eval7` / :func:`from_eval7`;
* ``"pokerkit"``: ``pokerkit.Card`` objects: :func:`to_pokerkit` / :func:`from_pokerkit`;
* ``"pokerkit_str"``: pokerkit card text, one string per hand, ``"AsKsQsJsTs"``:
  :func:`to_pokerkit_strings` / :func:`from_pokerkit`.

:func:`to_format` and :func:`from_format` take the format name.  The ``to_*`` functions accept
whatever :func:`pokerlut.evaluate` accepts (an integer array of any shape, nested lists, card
strings) and keep its shape: integer formats come back as ``int64`` arrays, object and string formats
as nested lists.  The ``from_*`` functions return ``uint8`` pokerlut ids of the same shape.  No
peer has a wild card, so converting a hand that holds one (``52``) is a ``ValueError``.

Hand strengths: pokerlut's natural strengths ``1..7462`` map one to one onto the Cactus Kev rank
that treys, deuces and phevaluator return (``1`` = royal flush .. ``7462`` = 7-5-4-3-2 offsuit):
:func:`to_cactus_kev` and :func:`from_cactus_kev`.

The peers stay optional: this module imports none of them.  Only :func:`to_eval7` and
:func:`to_pokerkit` need theirs, imported on first use; a missing one raises
:class:`PeerNotInstalledError` (an ``ImportError``) that says to ``pip install 'pokerlut[bench]'``.

>>> import pokerlut
>>> from pokerlut import interop
>>> interop.to_treys("As Kd").tolist()
[268442665, 134236965]
>>> interop.from_treys([268442665, 134236965]).tolist()
[51, 45]
>>> s = pokerlut.evaluate(["As Ks Qs Js Ts", "7c 5d 4h 3s 2c"])
>>> interop.to_cactus_kev(s).tolist()
[1, 7462]
"""

from __future__ import annotations

import importlib
import operator
import sys
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from ._input import card_array
from .cards import WILD

if TYPE_CHECKING:
    from numpy.typing import ArrayLike, NDArray

__all__ = [
    "ALIASES",
    "BENCH_EXTRA_HINT",
    "FORMATS",
    "PeerNotInstalledError",
    "from_cactus_kev",
    "from_eval7",
    "from_format",
    "from_phevaluator",
    "from_pokerkit",
    "from_treys",
    "import_peer",
    "to_cactus_kev",
    "to_eval7",
    "to_format",
    "to_phevaluator",
    "to_phevaluator_strings",
    "to_pokerkit",
    "to_pokerkit_strings",
    "to_treys",
]

#: The install command for the optional peer evaluators.
BENCH_EXTRA_HINT = "pip install 'pokerlut[bench]'"

#: Canonical format names accepted by :func:`to_format` and :func:`from_format`.
FORMATS: tuple[str, ...] = (
    "cactus_kev", "phevaluator", "phevaluator_str", "eval7", "pokerkit", "pokerkit_str",
)  # fmt: skip
#: Other names for the formats.
ALIASES: dict[str, str] = {"treys": "cactus_kev", "deuces": "cactus_kev"}

#: Number of distinct natural 5-card hand values; the Cactus Kev rank runs 1..N_RANKS.
N_RANKS = 7462

_RANK_CHARS = "23456789TJQKA"
_SUIT_CHARS = "cdhs"
_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_TREYS_SUIT_BITS = (8, 4, 2, 1)  # treys/deuces: clubs 8, diamonds 4, hearts 2, spades 1


def _treys_int(card: int) -> int:
    rank, suit = divmod(card, 4)
    return (1 << rank << 16) | (_TREYS_SUIT_BITS[suit] << 12) | (rank << 8) | _PRIMES[rank]


def _frozen(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)
    return array


_NAMES = _frozen(np.array([r + s for r in _RANK_CHARS for s in _SUIT_CHARS]))  # id -> "As"
_TO_TREYS = _frozen(np.array([_treys_int(c) for c in range(52)], dtype=np.int64))
_TREYS_ORDER = np.argsort(_TO_TREYS)
_TREYS_SORTED = _frozen(_TO_TREYS[_TREYS_ORDER])
_TREYS_IDS = _frozen(_TREYS_ORDER.astype(np.uint8))

# Two-character card strings, any letter case: "As", "as", "AS", "aS" -> 51.
_ID_OF_TEXT: dict[str, int] = {}
for _card, _name in enumerate(_NAMES.tolist()):
    for _r in {_name[0], _name[0].lower()}:
        for _s in (_name[1], _name[1].upper()):
            _ID_OF_TEXT[_r + _s] = _card
del _card, _name, _r, _s


class PeerNotInstalledError(ImportError):
    """A peer evaluator that a conversion or a benchmark needs is not installed.

    ``peer`` is the package's import name; the message says how to install it.

    >>> error = PeerNotInstalledError("eval7")
    >>> error.peer, isinstance(error, ImportError)
    ('eval7', True)
    >>> print(error)
    eval7 is not installed: install the peer evaluators with pip install 'pokerlut[bench]' (or pip install eval7)
    """

    def __init__(self, peer: str, reason: str = "") -> None:
        message = f"{peer} is not installed: install the peer evaluators with {BENCH_EXTRA_HINT} (or pip install {peer})"
        if peer == "pokerkit" and sys.version_info < (3, 11):
            message += "; pokerkit needs Python 3.11 or newer"
        if reason:
            message += f" [{reason}]"
        super().__init__(message, name=peer)
        self.peer = peer


def import_peer(name: str) -> Any:
    """Import a peer evaluator's package by name, or raise :class:`PeerNotInstalledError`.

    >>> import_peer("numpy").__name__
    'numpy'
    >>> import_peer("no_such_peer_package")
    Traceback (most recent call last):
        ...
    pokerlut.interop.PeerNotInstalledError: no_such_peer_package is not installed: install the peer evaluators with pip install 'pokerlut[bench]' (or pip install no_such_peer_package) [No module named 'no_such_peer_package']
    """
    if not isinstance(name, str) or not name:
        raise TypeError(f"import_peer takes a module name (a non-empty str), got {_show(name)}")
    try:
        return importlib.import_module(name)
    except ImportError as error:
        raise PeerNotInstalledError(name, str(error)) from error


# --------------------------------------------------------------------------- helpers


def _where(index: tuple[int, ...]) -> str:
    if not index:
        return ""
    return f" at position {index[0] if len(index) == 1 else index}"


def _show(value: Any) -> str:
    text = repr(value.item() if isinstance(value, np.generic) else value)
    return text if len(text) <= 60 else text[:57] + "..."


def _integer_array(values: Any, what: str) -> np.ndarray:
    """values as an integer numpy array (shape kept); a TypeError for anything not integer."""
    arr = values if isinstance(values, np.ndarray) else None
    if arr is None:
        objects = np.asarray(values, dtype=object)
        flat = objects.ravel().tolist()
        for i, value in enumerate(flat):
            if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
                index = tuple(int(j) for j in np.unravel_index(i, objects.shape))
                raise TypeError(f"{what}{_where(index)} is {_show(value)} ({type(value).__name__}); expected an integer")
        try:
            arr = np.array(flat, dtype=np.int64).reshape(objects.shape)
        except OverflowError:
            i = next(i for i, value in enumerate(flat) if not -2**63 <= value < 2**63)
            index = tuple(int(j) for j in np.unravel_index(i, objects.shape))
            raise ValueError(f"{what}{_where(index)} is {_show(flat[i])}, far outside any valid {what}") from None
    elif arr.dtype.kind not in "iu":
        raise TypeError(f"{what}s must be integers, got an array of dtype {arr.dtype}")
    return _as_int64(arr, what)


def _as_int64(arr: np.ndarray, what: str) -> np.ndarray:
    """Integers as native int64, so that arithmetic on them cannot wrap (uint8 ``7463 - s``) and
    any byte order works; a uint64 beyond int64 is a ``ValueError`` naming it."""
    if arr.dtype.kind == "u" and arr.dtype.itemsize == 8:
        huge = arr > np.iinfo(np.int64).max
        if huge.any():
            index = tuple(int(i) for i in np.argwhere(huge)[0])
            raise ValueError(f"{what}{_where(index)} is {int(arr[index])}, far outside any valid {what}")
    return arr.astype(np.int64)


def _check_range(arr: np.ndarray, what: str, lo: int, hi: int, expected: str) -> None:
    bad = (arr < lo) | (arr > hi)
    if bad.any():
        index = tuple(int(i) for i in np.argwhere(bad)[0])
        raise ValueError(f"{what}{_where(index)} is {int(arr[index])}; expected {expected}")


def _natural_ids(hands: Any, target: str) -> np.ndarray:
    """pokerlut card ids 0..51 (any shape, int64) from anything pokerlut.evaluate accepts, through
    the one input path (:func:`pokerlut._input.card_array`); a nested sequence or object array that
    it refuses is read element by element, so the error names the position and type."""
    try:
        arr = card_array(hands, "cards")
    except TypeError:
        if isinstance(hands, np.ndarray) and hands.dtype == object:
            hands = hands.tolist()
        elif not isinstance(hands, (list, tuple)):
            raise
        arr = _integer_array(hands, "card id")
    arr = _as_int64(arr, "card id")
    bad = (arr < 0) | (arr > 51)
    if bad.any():
        index = tuple(int(i) for i in np.argwhere(bad)[0])
        value = int(arr[index])
        if value == WILD:
            raise ValueError(
                f"card{_where(index)} is the wild card ({WILD}), which {target} has no equivalent for: "
                f"the peer evaluators rank natural cards only"
            )
        raise ValueError(f"card id{_where(index)} is {value}; expected a natural card id 0..51 (4 * rank + suit)")
    return arr


def _objects_to_ids(values: Any, one: Callable[[Any], int], what: str) -> NDArray[np.uint8]:
    """Apply ``one`` (object -> id 0..51, raising TypeError/ValueError) to every element."""
    objects = np.empty((), dtype=object)
    objects[()] = values  # a single object, unless values is a sequence (numpy would then iterate it)
    if isinstance(values, (list, tuple, np.ndarray)):
        try:
            objects = np.asarray(values, dtype=object)
        except ValueError as error:  # numpy >= 1.24: ragged nesting
            raise ValueError(f"{what}s must be nested evenly (every hand the same size): {error}") from None
    flat = objects.ravel().tolist()
    ids = np.empty(len(flat), dtype=np.uint8)
    for i, value in enumerate(flat):
        try:
            ids[i] = one(value)
        except (TypeError, ValueError) as error:
            index = tuple(int(j) for j in np.unravel_index(i, objects.shape))
            if isinstance(value, (list, tuple, np.ndarray)):
                raise ValueError(
                    f"{what}{_where(index)} is a sequence ({_show(value)}): the hands are not all the same "
                    f"size, or are nested deeper than the rest"
                ) from None
            raise type(error)(f"{what}{_where(index)}: {error}") from None
    return ids.reshape(objects.shape)


def _id_of_text(text: str, expected: str) -> int:
    try:
        return _ID_OF_TEXT[text]
    except KeyError:
        raise ValueError(f"{text!r} is not a card; expected {expected}") from None


def _pick(table: np.ndarray, ids: np.ndarray) -> Any:
    """table[ids] as nested lists (a single object for 0-d ids)."""
    picked = table[ids]
    return picked.tolist() if isinstance(picked, np.ndarray) else picked


def _join_last_axis(names: np.ndarray) -> Any:
    """Concatenate the card strings along the last axis: one string per hand (nested lists)."""
    if names.ndim == 0:
        return str(names)
    rows = ["".join(row) for row in names.reshape(int(np.prod(names.shape[:-1])), names.shape[-1]).tolist()]
    if names.ndim == 1:
        return rows[0]
    out = np.empty(len(rows), dtype=object)
    out[:] = rows
    return out.reshape(names.shape[:-1]).tolist()


# --------------------------------------------------------------------------- strengths


def to_cactus_kev(strength: ArrayLike) -> NDArray[np.uint16]:
    """The Cactus Kev / treys / deuces / phevaluator rank of pokerlut strengths: ``7463 - strength``.

    Rank 1 is the royal flush, 7462 the worst high card (7-5-4-3-2); the shape is kept (a scalar
    gives a 0-d array).  Only natural strengths ``1..7462`` have a rank: five of a kind (strengths
    7463..7475, made with wild cards) and 0 are a ``ValueError``; a non-integer a ``TypeError``.

    >>> import pokerlut
    >>> to_cactus_kev(pokerlut.evaluate(["As Ks Qs Js Ts", "Ac Ad Ah As Kc", "7c 5d 4h 3s 2c"])).tolist()
    [1, 11, 7462]
    >>> int(to_cactus_kev(7462))
    1
    """
    arr = _integer_array(strength, "strength")
    bad = (arr < 1) | (arr > N_RANKS)
    if bad.any():
        index = tuple(int(i) for i in np.argwhere(bad)[0])
        value = int(arr[index])
        if N_RANKS < value <= N_RANKS + 13:
            raise ValueError(
                f"strength{_where(index)} is {value}, five of a kind (made with wild cards), which has no "
                f"Cactus Kev rank; natural strengths are 1..{N_RANKS}"
            )
        raise ValueError(f"strength{_where(index)} is {value}; expected a natural pokerlut strength 1..{N_RANKS}")
    return np.asarray((N_RANKS + 1) - arr, dtype=np.uint16)


def from_cactus_kev(rank: ArrayLike) -> NDArray[np.uint16]:
    """pokerlut strengths of Cactus Kev / treys / deuces / phevaluator ranks: ``7463 - rank``.

    Ranks run 1 (royal flush) .. 7462 (7-5-4-3-2); the shape is kept.  A rank outside that range
    is a ``ValueError``, a non-integer a ``TypeError``.

    >>> import pokerlut
    >>> s = from_cactus_kev([1, 7462])
    >>> s.tolist(), pokerlut.describe(s[1])
    ([7462, 1], 'High card, seven-high (7-5-4-3-2)')
    """
    arr = _integer_array(rank, "Cactus Kev rank")
    _check_range(arr, "Cactus Kev rank", 1, N_RANKS, f"1..{N_RANKS} (1 = royal flush)")
    return np.asarray((N_RANKS + 1) - arr, dtype=np.uint16)


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
    return _TO_TREYS[_natural_ids(hands, "treys")]


def from_treys(values: ArrayLike) -> NDArray[np.uint8]:
    """pokerlut card ids (uint8, same shape) for treys / deuces card ints.

    A value that is not one of the 52 treys card ints is a ``ValueError`` naming its position.

    >>> from_treys([268442665, 134236965, 98306]).tolist()
    [51, 45, 0]
    """
    arr = _integer_array(values, "treys card")
    pos = np.minimum(np.searchsorted(_TREYS_SORTED, arr), 51)
    bad = _TREYS_SORTED[pos] != arr
    if bad.any():
        index = tuple(int(i) for i in np.argwhere(bad)[0])
        raise ValueError(
            f"treys card{_where(index)} is {int(arr[index])}, which is not a treys/deuces card int "
            f"(Card.new('As') == {_TO_TREYS[51]}, Card.new('2c') == {_TO_TREYS[0]})"
        )
    return np.asarray(_TREYS_IDS[pos])


# --------------------------------------------------------------------------- phevaluator

_PH_EXPECTED = "a phevaluator card: an id 0..51 (4 * rank + suit), a string like 'As' or 'Td', or a phevaluator.Card"


def _phevaluator_id(value: Any) -> int:
    if isinstance(value, str):
        return _id_of_text(value, _PH_EXPECTED)
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        card = int(value)
    elif type(value).__module__.startswith("phevaluator") and hasattr(value, "id_"):
        card = operator.index(value.id_)
    else:
        raise TypeError(f"{_show(value)} ({type(value).__name__}) is not {_PH_EXPECTED}")
    if not 0 <= card <= 51:
        raise ValueError(f"{card} is not a card id; expected {_PH_EXPECTED}")
    return card


def to_phevaluator(hands: Any) -> NDArray[np.int64]:
    """phevaluator card ids for pokerlut cards (the same numbers: ``4 * rank + suit``, suits c d h s).

    Returned as an ``int64`` array of the same shape; a row's ``.tolist()`` goes straight into
    ``phevaluator.evaluate_cards(*row)`` or ``evaluate_7cards(*row)``.

    >>> to_phevaluator("As Kd 2c").tolist()
    [51, 45, 0]
    """
    return np.array(_natural_ids(hands, "phevaluator"), dtype=np.int64)


def to_phevaluator_strings(hands: Any) -> Any:
    """phevaluator card strings (``"As"``, ``"Td"``) for pokerlut cards, as nested lists.

    A hand of shape ``(k,)`` gives a list of ``k`` strings, ``(N, k)`` a list of lists; a single
    card id gives one string.

    >>> to_phevaluator_strings("As Kd 10c")
    ['As', 'Kd', 'Tc']
    >>> to_phevaluator_strings([[51, 45], [0, 1]])
    [['As', 'Kd'], ['2c', '2d']]
    """
    return _NAMES[_natural_ids(hands, "phevaluator")].tolist()


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
        _check_range(values, "phevaluator card", 0, 51, "a card id 0..51")
        return values.astype(np.uint8)
    return _objects_to_ids(values, _phevaluator_id, "phevaluator card")


# --------------------------------------------------------------------------- eval7

_EVAL7_EXPECTED = "an eval7.Card, or a string like 'As' or 'Td'"


@lru_cache(maxsize=1)
def _eval7_cards() -> np.ndarray:
    eval7 = import_peer("eval7")
    return _frozen(np.array([eval7.Card(name) for name in _NAMES.tolist()], dtype=object))


def _eval7_id(value: Any) -> int:
    if isinstance(value, str):
        return _id_of_text(value, _EVAL7_EXPECTED)
    if type(value).__module__.startswith("eval7") and hasattr(value, "rank") and hasattr(value, "suit"):
        rank, suit = operator.index(value.rank), operator.index(value.suit)
        if 0 <= rank <= 12 and 0 <= suit <= 3:
            return 4 * rank + suit
        raise ValueError(f"{_show(value)} has rank {rank} and suit {suit}; expected 0..12 and 0..3")
    raise TypeError(f"{_show(value)} ({type(value).__name__}) is not {_EVAL7_EXPECTED}")


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
    ids = _natural_ids(hands, "eval7")  # bad input is reported before a missing peer
    return _pick(_eval7_cards(), ids)


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
    return _objects_to_ids(cards, _eval7_id, "eval7 card")


# --------------------------------------------------------------------------- pokerkit

_PK_EXPECTED = "a pokerkit.Card, or pokerkit card text like 'As', 'Td' or '10d'"


@lru_cache(maxsize=1)
def _pokerkit_cards() -> np.ndarray:
    pokerkit = import_peer("pokerkit")
    cards = [pokerkit.Card(pokerkit.Rank(name[0]), pokerkit.Suit(name[1])) for name in _NAMES.tolist()]
    return _frozen(np.array(cards, dtype=object))


def _pokerkit_id(value: Any) -> int:
    if isinstance(value, str):
        ids = _pokerkit_text(value)
        if len(ids) != 1:
            raise ValueError(f"{value!r} holds {len(ids)} cards, not one")
        return ids[0]
    if type(value).__module__.startswith("pokerkit") and hasattr(value, "rank") and hasattr(value, "suit"):
        text = f"{getattr(value.rank, 'value', value.rank)}{getattr(value.suit, 'value', value.suit)}"
        if "?" in text:
            raise ValueError(f"{_show(value)} is an unknown (face-down) card, which has no pokerlut id")
        return _id_of_text(text, _PK_EXPECTED)
    raise TypeError(f"{_show(value)} ({type(value).__name__}) is not {_PK_EXPECTED}")


def _pokerkit_text(text: str) -> list[int]:
    """Card ids in a pokerkit string: pairs of rank + suit, '10' for T, spaces and commas allowed."""
    ids = []
    for word in text.replace("10", "T").replace(",", " ").split():
        if len(word) % 2:
            raise ValueError(f"cannot split {word!r} (in {text!r}) into two-character cards; expected {_PK_EXPECTED}")
        ids.extend(_id_of_text(word[i : i + 2], _PK_EXPECTED) for i in range(0, len(word), 2))
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
    ids = _natural_ids(hands, "pokerkit")  # bad input is reported before a missing peer
    return _pick(_pokerkit_cards(), ids)


def to_pokerkit_strings(hands: Any) -> Any:
    """pokerkit card text, one string per hand: ``(k,)`` -> ``"AsKsQsJsTs"``, ``(N, k)`` -> N strings.

    pokerkit parses these wherever it takes cards (``StandardHighHand.from_game("AsKs...")``).
    A single card id gives one card's text.  Needs no pokerkit.

    >>> to_pokerkit_strings("As Ks Qs Js 10s")
    'AsKsQsJsTs'
    >>> to_pokerkit_strings([[51, 45], [0, 1]])
    ['AsKd', '2c2d']
    """
    return _join_last_axis(_NAMES[_natural_ids(hands, "pokerkit")])


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
    return _objects_to_ids(cards, _pokerkit_id, "pokerkit card")


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
        raise TypeError(f"the format must be a str naming it, got {type(fmt).__name__}: {_show(fmt)}")
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
