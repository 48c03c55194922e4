"""What the peer formats share: reading ids out of anything :func:`pokerlut.evaluate` takes, the
card names, and importing a peer that may not be installed."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from .._input import at_position, card_array
from ..cards import shown
from ..constants import RANK_CHARS, SUIT_CHARS, WILD

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["BENCH_EXTRA_HINT", "PEER_PACKAGES", "PeerNotInstalledError", "import_peer", "NAMES", "ID_OF_TEXT", "frozen",
           "integer_array", "as_int64", "check_range", "natural_ids", "objects_to_ids", "id_of_text", "pick",
           "join_last_axis"]

#: The install command for the optional peer evaluators.
BENCH_EXTRA_HINT = "pip install 'pokerlut[bench]'"


def frozen(array: np.ndarray) -> np.ndarray:
    """``array``, made read-only."""
    array.setflags(write=False)
    return array


NAMES = frozen(np.array([r + s for r in RANK_CHARS for s in SUIT_CHARS]))  # id -> "As"

# Two-character card strings, any letter case: "As", "as", "AS", "aS" -> 51.
ID_OF_TEXT: dict[str, int] = {}
for _card, _name in enumerate(NAMES.tolist()):
    for _r in {_name[0], _name[0].lower()}:
        for _s in (_name[1], _name[1].upper()):
            ID_OF_TEXT[_r + _s] = _card
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


#: The peer evaluators' import names: the only modules :func:`import_peer` imports.
PEER_PACKAGES = ("eval7", "phevaluator", "pokerkit", "treys", "deuces")


def import_peer(name: str) -> Any:
    """Import a peer evaluator's package (one of :data:`PEER_PACKAGES`) by name, or raise
    :class:`PeerNotInstalledError`; any other name is a ``ValueError`` (importing a module runs
    its code: this imports nothing it does not know).

    >>> import_peer("os")
    Traceback (most recent call last):
        ...
    ValueError: import_peer imports only the peer evaluators (eval7, phevaluator, pokerkit, treys, deuces), not 'os'
    """
    if not isinstance(name, str) or not name:
        raise TypeError(f"import_peer takes a module name (a non-empty str), got {shown(name)}")
    if name not in PEER_PACKAGES:
        raise ValueError(f"import_peer imports only the peer evaluators ({', '.join(PEER_PACKAGES)}), not {shown(name)}")
    try:
        return importlib.import_module(name)
    except ImportError as error:
        raise PeerNotInstalledError(name, str(error)) from error


def integer_array(values: Any, what: str) -> np.ndarray:
    """values as an integer numpy array (shape kept); a TypeError for anything not integer."""
    arr = values if isinstance(values, np.ndarray) else None
    if arr is None:
        objects = np.asarray(values, dtype=object)
        flat = objects.ravel().tolist()
        for i, value in enumerate(flat):
            if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
                index = tuple(int(j) for j in np.unravel_index(i, objects.shape))
                raise TypeError(f"{what}{at_position(index)} is {shown(value)} ({type(value).__name__}); expected an integer")
        try:
            arr = np.array(flat, dtype=np.int64).reshape(objects.shape)
        except OverflowError:
            i = next(i for i, value in enumerate(flat) if not -2**63 <= value < 2**63)
            index = tuple(int(j) for j in np.unravel_index(i, objects.shape))
            raise ValueError(f"{what}{at_position(index)} is {shown(flat[i])}, far outside any valid {what}") from None
    elif arr.dtype.kind not in "iu":
        raise TypeError(f"{what}s must be integers, got an array of dtype {arr.dtype}")
    return as_int64(arr, what)


def as_int64(arr: np.ndarray, what: str) -> np.ndarray:
    """Integers as native int64, so that arithmetic on them cannot wrap (uint8 ``7463 - s``) and
    any byte order works; a uint64 beyond int64 is a ``ValueError`` naming it."""
    if arr.dtype.kind == "u" and arr.dtype.itemsize == 8:
        huge = arr > np.iinfo(np.int64).max
        if huge.any():
            index = tuple(int(i) for i in np.argwhere(huge)[0])
            raise ValueError(f"{what}{at_position(index)} is {int(arr[index])}, far outside any valid {what}")
    return arr.astype(np.int64)


def check_range(arr: np.ndarray, what: str, lo: int, hi: int, expected: str) -> None:
    bad = (arr < lo) | (arr > hi)
    if bad.any():
        index = tuple(int(i) for i in np.argwhere(bad)[0])
        raise ValueError(f"{what}{at_position(index)} is {int(arr[index])}; expected {expected}")


def natural_ids(hands: Any, target: str) -> np.ndarray:
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
        arr = integer_array(hands, "card id")
    arr = as_int64(arr, "card id")
    bad = (arr < 0) | (arr > 51)
    if bad.any():
        index = tuple(int(i) for i in np.argwhere(bad)[0])
        value = int(arr[index])
        if value == WILD:
            raise ValueError(
                f"card{at_position(index)} is the wild card ({WILD}), which {target} has no equivalent for: "
                f"the peer evaluators rank natural cards only"
            )
        raise ValueError(f"card id{at_position(index)} is {value}; expected a natural card id 0..51 (4 * rank + suit)")
    return arr


def objects_to_ids(values: Any, one: Callable[[Any], int], what: str) -> NDArray[np.uint8]:
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
                    f"{what}{at_position(index)} is a sequence ({shown(value)}): the hands are not all the same "
                    f"size, or are nested deeper than the rest"
                ) from None
            raise type(error)(f"{what}{at_position(index)}: {error}") from None
    return ids.reshape(objects.shape)


def id_of_text(text: str, expected: str) -> int:
    try:
        return ID_OF_TEXT[text]
    except KeyError:
        raise ValueError(f"{text!r} is not a card; expected {expected}") from None


def pick(table: np.ndarray, ids: np.ndarray) -> Any:
    """table[ids] as nested lists (a single object for 0-d ids)."""
    picked = table[ids]
    return picked.tolist() if isinstance(picked, np.ndarray) else picked


def join_last_axis(names: np.ndarray) -> Any:
    """Concatenate the card strings along the last axis: one string per hand (nested lists)."""
    if names.ndim == 0:
        return str(names)
    rows = ["".join(row) for row in names.reshape(int(np.prod(names.shape[:-1])), names.shape[-1]).tolist()]
    if names.ndim == 1:
        return rows[0]
    out = np.empty(len(rows), dtype=object)
    out[:] = rows
    return out.reshape(names.shape[:-1]).tolist()
