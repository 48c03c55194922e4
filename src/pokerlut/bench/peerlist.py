"""The peer evaluators pokerlut is timed beside (:data:`PEERS`) and the comparison's defaults.

Light on purpose: the command line lists the peers and the defaults in ``pokerlut bench --help``
without loading pokerlut's kernels; :mod:`.peers` runs the comparison.

>>> sorted(PEERS), DEFAULT_HANDS
(['eval7', 'phevaluator', 'pokerkit', 'treys'], 1000000)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..constants import FIVE_CARDS

__all__ = ["DEFAULT_HANDS", "DEFAULT_REPEAT", "DEFAULT_SEED", "MAX_RUNS", "MIN_TIME", "PEERS", "TIME_BUDGET", "Peer"]

DEFAULT_HANDS = 1_000_000
DEFAULT_SEED = 2026
DEFAULT_REPEAT = 3
#: A row stops repeating once its runs have taken this many seconds (it always runs once).
TIME_BUDGET = 2.0
#: ... and a fast row keeps repeating until it has taken this many seconds (at most MAX_RUNS runs).
MIN_TIME = 0.25
MAX_RUNS = 100

# --------------------------------------------------------------------------- peers


@dataclass(frozen=True)
class Peer:
    """How to time one peer evaluator.

    ``prepare(module, hands)`` converts a uint8 ``(N, k)`` batch outside the timed part and returns
    the zero-argument callable that is timed; ``values(result)`` turns what it returned into an
    integer array.  ``kind`` is ``"cactus_kev"`` (the value must equal ``7463 - strength``) or
    ``"order"`` (higher is stronger, on the peer's own scale: the hands' order must match).
    ``max_hands`` caps the batch of a slow peer (None: the full batch).

    >>> treys = PEERS["treys"]
    >>> treys.kind, treys.max_hands, treys.call(7)
    ('cactus_kev', 100000, '`treys.Evaluator().evaluate(hole, board)`, 2 + 5 ints')
    """

    name: str
    kind: str
    max_hands: int | None
    call: Callable[[int], str]
    prepare: Callable[[Any, np.ndarray], Callable[[], Any]]
    values: Callable[[Any], np.ndarray] = lambda result: np.asarray(result, dtype=np.int64)
    distribution: str = ""

    @property
    def dist(self) -> str:
        """The distribution name to ask for the version (the import name unless they differ).

        >>> PEERS["eval7"].dist
        'eval7'
        """
        return self.distribution or self.name


def _eval7_prepare(eval7: Any, hands: np.ndarray) -> Callable[[], Any]:
    from .. import interop

    rows = interop.to_eval7(hands)
    ev = eval7.evaluate
    return lambda: list(map(ev, rows))


def _phevaluator_prepare(phevaluator: Any, hands: np.ndarray) -> Callable[[], Any]:
    from .. import interop

    ev = getattr(phevaluator, f"evaluate_{hands.shape[1]}cards")
    columns = [column.tolist() for column in interop.to_phevaluator(hands).T]
    return lambda: list(map(ev, *columns))


def _treys_prepare(treys: Any, hands: np.ndarray) -> Callable[[], Any]:
    from .. import interop

    ev = treys.Evaluator()  # builds its lookup tables: not timed
    cards = interop.to_treys(hands)
    holes, boards = cards[:, :2].tolist(), cards[:, 2:].tolist()
    return lambda: list(map(ev.evaluate, holes, boards))


def _pokerkit_prepare(pokerkit: Any, hands: np.ndarray) -> Callable[[], Any]:
    from .. import interop

    rows = [tuple(row) for row in interop.to_pokerkit(hands)]
    hand_type = pokerkit.StandardHighHand
    make = hand_type if hands.shape[1] == FIVE_CARDS else hand_type.from_game
    return lambda: list(map(make, rows))


def _pokerkit_values(result: Any) -> np.ndarray:
    # The hand objects compare by their lookup entry, whose index grows with strength.
    return np.fromiter((hand.entry.index for hand in result), dtype=np.int64, count=len(result))


#: The peers, by import name, in table order.
PEERS: dict[str, Peer] = {
    "eval7": Peer(
        "eval7", "order", None,
        lambda k: f"`eval7.evaluate(cards)`, {k} `eval7.Card`",
        _eval7_prepare,
    ),
    "phevaluator": Peer(
        "phevaluator", "cactus_kev", None,
        lambda k: f"`phevaluator.evaluate_{k}cards(c1, ..., c{k})`, int ids",
        _phevaluator_prepare,
    ),
    "treys": Peer(
        "treys", "cactus_kev", 100_000,
        lambda k: f"`treys.Evaluator().evaluate(hole, board)`, 2 + {k - 2} ints",
        _treys_prepare,
    ),
    "pokerkit": Peer(
        "pokerkit", "order", 10_000,
        lambda k: ("`StandardHighHand(cards)`" if k == FIVE_CARDS else "`StandardHighHand.from_game(cards)`")
        + f", {k} `pokerkit.Card`",
        _pokerkit_prepare, _pokerkit_values,
    ),
}  # fmt: skip
