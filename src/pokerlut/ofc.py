"""Open-face Chinese poker: scoring arranged hands (``docs/rules.md``, "Open-face Chinese poker").

Each player arranges 13 cards in three rows: the top row of 3 cards, the middle and the bottom
rows of 5.  A hand is given as its 13 cards in that order (``top[3] + middle[5] + bottom[5]``;
:func:`arrange` builds it from the three rows).  :func:`score` scores batches of deals of 2 or 3
players at once: the rows' strengths on the one open-face scale (``variant="ofc"``, where a 3-card
row and a 5-card row compare), fouls, royalties per row, the points each player wins or loses
against the others (a point a row, a scoop bonus, royalties), scoops and Fantasyland.

>>> r = score([arrange("Qc Qd 2h", "Ks Kd 9c 9d 3s", "Ah Kh Jh 7h 4h"),
...            arrange("Ac Kc 5d", "Td Th 8s 8c 2c", "6s 6h 6d 7c 7d")])
>>> r.fouls.tolist(), r.royalties.tolist(), r.points.tolist()   # two rows to one, royalties 11 to 6
([False, False], [[7, 0, 4], [0, 0, 6]], [6, -6])
>>> r.fantasyland.tolist()
[True, False]
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping, NamedTuple

import numpy as np
from numpy.typing import NDArray

from . import _threads
from ._input import card_array, deal_rows, raise_for_deals
from ._records import different_items, same_items
from .cards import integer_text, shown
from ._notice import compile_notice
from .constants import ACE, CATEGORIES, NO_CARD, RANK_CHARS
from .kernels.ofc import OFCOut
from .kernels.registry import ofc_kernel
from .table_records import OFCTables
from .typing import HandsLike
from .variants import get_variant

__all__ = ["Royalties", "STANDARD_ROYALTIES", "OFCScore", "score", "arrange", "ROW_NAMES", "ROW_SIZES",
           "SCOOP_BONUS", "royalty_arrays"]

#: The three rows, in the order a hand's 13 cards hold them, and their sizes.
ROW_NAMES = ("top", "middle", "bottom")
ROW_SIZES = (3, 5, 5)
HAND_CARDS = sum(ROW_SIZES)
#: Players in one deal.
PLAYERS = (2, 3)
#: Points for winning all three rows against one opponent, on top of the three row points.
SCOOP_BONUS = 3
ROYAL_FLUSH = "Royal flush"
_FIVE_CARD_CLASSES = CATEGORIES["ofc"] + (ROYAL_FLUSH,)
_VARIANT = "ofc"
#: Fantasyland (docs/rules.md): a pair of queens or better on top enters it; three of a kind on
#: top, a full house or better in the middle, or four of a kind or better on the bottom stays in it.
FANTASYLAND_TOP = "QQ"
STAY_TOP, STAY_MIDDLE, STAY_BOTTOM = "222", "Full house", "Four of a kind"


def _top_classes() -> tuple[str, ...]:
    """The top-row classes a royalty table may name: pairs ``"22"`` .. ``"AA"``, trips ``"222"`` .. ``"AAA"``."""
    return tuple(RANK_CHARS[r] * 2 for r in range(13)) + tuple(RANK_CHARS[r] * 3 for r in range(13))


TOP_CLASSES = _top_classes()


@dataclass(frozen=True)
class Royalties:
    """A royalty table: points per class, row by row; a class not named pays nothing.

    ``top`` names pairs and trips by their rank (``"66"``, ``"AA"``, ``"222"``, ``"AAA"``);
    ``middle`` and ``bottom`` name 5-card categories (``"Three of a kind"``, ``"Straight"``,
    ``"Flush"``, ``"Full house"``, ``"Four of a kind"``, ``"Straight flush"``, and also ``"High
    card"``, ``"One pair"``, ``"Two pair"``) and ``"Royal flush"`` (paid instead of the straight
    flush's royalty).  Points are integers >= 0.

    >>> Royalties(top={"AA": 10}).top["AA"], Royalties(top={"AA": 10}).middle
    (10, mappingproxy({}))
    >>> Royalties(middle={"Flush!": 8})
    Traceback (most recent call last):
    ...
    ValueError: royalties: the middle row has no class 'Flush!'; name one of: High card, One pair, Two pair, Three of a kind, Straight, Flush, Full house, Four of a kind, Straight flush, Royal flush
    """

    top: Mapping[str, int] = field(default_factory=dict)
    middle: Mapping[str, int] = field(default_factory=dict)
    bottom: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for row, classes in (("top", TOP_CLASSES), ("middle", _FIVE_CARD_CLASSES), ("bottom", _FIVE_CARD_CLASSES)):
            table = getattr(self, row)
            if not isinstance(table, Mapping):
                raise TypeError(f"royalties: the {row} row is a mapping of class names to points, got "
                                f"{type(table).__name__}")
            checked = {}
            listed = classes if row != "top" else ("22", "..", "AA", "222", "..", "AAA")
            for name, points in table.items():
                if name not in classes:
                    raise ValueError(f"royalties: the {row} row has no class {shown(name)}; name one of: "
                                     f"{', '.join(listed)}")
                if isinstance(points, (bool, np.bool_)) or not isinstance(points, numbers.Integral):
                    raise TypeError(f"royalties: {row} {shown(name)} pays an integer number of points, "
                                    f"got {shown(points)}")
                if not 0 <= int(points) <= _MAX_POINTS:
                    raise ValueError(f"royalties: {row} {shown(name)} pays {integer_text(points)} points; a royalty "
                                     f"is 0 to {_MAX_POINTS:,}")
                checked[name] = int(points)
            object.__setattr__(self, row, MappingProxyType(checked))


_MAX_POINTS = 1_000_000

#: The common royalty table (as most open-face and Pineapple rooms pay it).
STANDARD_ROYALTIES = Royalties(
    top={**{RANK_CHARS[r] * 2: r - 3 for r in range(4, 13)}, **{RANK_CHARS[r] * 3: r + 10 for r in range(13)}},
    middle={"Three of a kind": 2, "Straight": 4, "Flush": 8, "Full house": 12, "Four of a kind": 20,
            "Straight flush": 30, ROYAL_FLUSH: 50},
    bottom={"Straight": 2, "Flush": 4, "Full house": 6, "Four of a kind": 10, "Straight flush": 15, ROYAL_FLUSH: 25},
)


def _as_royalties(royalties) -> Royalties:
    if royalties is None:
        return STANDARD_ROYALTIES
    if isinstance(royalties, Royalties):
        return royalties
    if isinstance(royalties, Mapping):
        unknown = set(royalties) - set(ROW_NAMES)
        if unknown:
            raise ValueError(f"royalties: unknown row {sorted(unknown)[0]!r}; the rows are top, middle, bottom")
        return Royalties(**{row: royalties.get(row, {}) for row in ROW_NAMES})
    raise TypeError(f"royalties must be a Royalties, a mapping {{'top': ..., 'middle': ..., 'bottom': ...}} or None, "
                    f"got {type(royalties).__name__}")


@lru_cache(maxsize=None)
def _classes_by_strength() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per open-face strength: its category, its leading rank, and whether it is a 3-card row (a
    top row names 3 ranks as high card, 2 as a pair, 1 as trips; a 5-card row 5, 4 and 3)."""
    values = get_variant(_VARIANT).tables.hand_values
    category = values[:, 0].astype(np.int64)
    category[0] = 0  # strength 0 is no hand (its row is unused)
    named = (values[:, 1:] != NO_CARD).sum(axis=1)
    cats = CATEGORIES["ofc"]
    three = np.zeros(len(values), bool)
    for name, n in (("High card", 3), ("One pair", 2), ("Three of a kind", 1)):
        three |= (category == cats.index(name)) & (named == n)
    three[0] = False  # strength 0 is no hand
    return category, values[:, 1].astype(np.int64), three


def royalty_arrays(royalties: Royalties | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The royalty of every open-face strength, per row (top, middle, bottom): int32 arrays the
    kernel indexes by strength.

    >>> import pokerlut
    >>> top, middle, bottom = royalty_arrays()
    >>> s = int(pokerlut.evaluate("Qc Qd 7h", variant="ofc")), int(pokerlut.evaluate("As Ks Qs Js Ts", variant="ofc"))
    >>> int(top[s[0]]), int(middle[s[1]]), int(bottom[s[1]])
    (7, 50, 25)
    """
    r = _as_royalties(royalties)
    category, lead, three = _classes_by_strength()
    names = np.array(CATEGORIES["ofc"])[category]
    top = np.zeros(len(category), np.int32)
    pair, trips = CATEGORIES["ofc"].index("One pair"), CATEGORIES["ofc"].index("Three of a kind")
    for name, points in r.top.items():
        rank = RANK_CHARS.index(name[0])
        wanted = pair if len(name) == 2 else trips
        top[three & (category == wanted) & (lead == rank)] = points
    rows = []
    for table in (r.middle, r.bottom):
        arr = np.zeros(len(category), np.int32)
        for name, points in table.items():
            if name == ROYAL_FLUSH:
                arr[(names == "Straight flush") & (lead == ACE)] = points
            else:
                arr[(names == name) & ~three & ~((name == "Straight flush") & (lead == ACE))] = points
        arr[three] = 0
        rows.append(arr)
    return top, rows[0], rows[1]


@lru_cache(maxsize=None)
def _thresholds() -> np.ndarray:
    """The least strengths of Fantasyland entry (top) and stay (top, middle, bottom)."""
    category, lead, three = _classes_by_strength()
    cats = CATEGORIES["ofc"]
    strengths = np.arange(len(category))

    def least(mask):
        return int(strengths[mask].min())

    entry = least(three & (category == cats.index("One pair")) & (lead == RANK_CHARS.index(FANTASYLAND_TOP[0])))
    top = least(three & (category == cats.index("Three of a kind")))
    middle = least(~three & (category == cats.index(STAY_MIDDLE)))
    bottom = least(~three & (category == cats.index(STAY_BOTTOM)))
    return np.array([entry, top, middle, bottom], np.int64)


class OFCScore(NamedTuple):
    """The result of :func:`score`, per deal and player (``...`` is the batch shape)."""

    strengths: np.ndarray  #: (..., P, 3) uint16: top, middle, bottom on the open-face scale
    fouls: np.ndarray  #: (..., P) bool: the rows are not ordered bottom >= middle >= top
    royalties: np.ndarray  #: (..., P, 3) int32: each row's royalty (all 0 for a fouled hand)
    points: np.ndarray  #: (..., P) int64: points won (lost, negative) against all the others; the deal sums to 0
    scoops: np.ndarray  #: (..., P) int8: opponents scooped (all three rows won)
    fantasyland: np.ndarray  #: (..., P) bool: enters Fantasyland (queens or better on top, no foul)
    fantasyland_stay: np.ndarray  #: (..., P) bool: stays in Fantasyland (see docs/rules.md)

    __eq__ = same_items
    __ne__ = different_items

    @property
    def royalty_totals(self) -> np.ndarray:
        """(..., P) each hand's royalties summed over its rows."""
        return self.royalties.sum(axis=-1)


def arrange(top: HandsLike, middle: HandsLike, bottom: HandsLike) -> NDArray[np.uint8]:
    """A hand's 13 cards in scoring order from its three rows (each ``(..., k)``, ids or text).

    >>> arrange("Qc Qd 2h", "Ks Kd 9c 9d 3s", "Ah Kh Jh 7h 4h").shape
    (13,)
    """
    rows = []
    for name, row in zip(ROW_NAMES, (top, middle, bottom)):
        try:
            rows.append(card_array(row, f"the {name} row"))
        except ValueError as error:  # unreadable card text
            raise ValueError(f"the {name} row: {error}") from None
    for name, size, row in zip(ROW_NAMES, ROW_SIZES, rows):
        if row.ndim == 0 or row.shape[-1] != size:
            raise ValueError(f"the {name} row has {size} cards: shape (..., {size}), got {row.shape}")
    try:
        lead = np.broadcast_shapes(*(row.shape[:-1] for row in rows))
    except ValueError:
        raise ValueError(f"the rows' batch shapes {[r.shape[:-1] for r in rows]} do not match") from None
    return np.concatenate([np.broadcast_to(row, lead + row.shape[-1:]) for row in rows], axis=-1)


def _groups(n_players: int) -> list[tuple[str, int]]:
    return [(f"player {p}'s {name} card", size) for p in range(n_players) for name, size in zip(ROW_NAMES, ROW_SIZES)]


def score(hands: HandsLike, royalties: Royalties | None = None, *, scoop_bonus: int = SCOOP_BONUS, check: bool = True,
          parallel: bool | None = None) -> OFCScore:
    """Score open-face Chinese poker deals of 2 or 3 players.

    Parameters
    ----------
    hands
        ``(P, 13)`` one deal or ``(..., P, 13)`` a batch, P = 2 or 3: each player's top row (3
        cards), middle row (5) and bottom row (5), in that order (:func:`arrange`); ids or card text.
    royalties
        The royalty table: ``None`` for :data:`STANDARD_ROYALTIES`, a :class:`Royalties`, or a
        mapping ``{"top": {...}, "middle": {...}, "bottom": {...}}``.
    scoop_bonus
        Points for winning all three rows against an opponent, beside the three row points (3).
    check
        Reject a card dealt twice in a deal and ids that are no natural card, naming the deal,
        player, row and position; ``False`` skips it (a deal holding an id above 51 scores zeros).
    parallel
        As for :func:`pokerlut.evaluate`.

    Returns
    -------
    OFCScore
        Strengths, fouls, royalties, points, scoops and Fantasyland of every player.

    Examples
    --------
    >>> r = score([arrange("Ac Ad 5h", "Js 3d 4h 8c 9d", "7c 8d 9h Ts 2c"),   # aces over jack-high: a foul
    ...            arrange("Kc Qd 2h", "Kd Kh 3s 4d 7h", "Qs Qh Qc 8s 8h")])
    >>> r.fouls.tolist(), r.points.tolist(), r.scoops.tolist()
    ([True, False], [-12, 12], [0, 1])
    """
    if isinstance(scoop_bonus, (bool, np.bool_)) or not isinstance(scoop_bonus, numbers.Integral):
        raise TypeError(f"scoop_bonus must be an integer, got {shown(scoop_bonus)}")
    if not 0 <= int(scoop_bonus) <= _MAX_POINTS:
        raise ValueError(f"scoop_bonus must be from 0 to {_MAX_POINTS:,}, got {integer_text(scoop_bonus)}")
    if not isinstance(check, (bool, np.bool_)):
        raise TypeError(f"check must be True or False, got {shown(check)}")
    parallel = _threads.check_parallel(parallel)
    top_roy, middle_roy, bottom_roy = royalty_arrays(royalties)
    array = card_array(hands, "hands")
    if array.ndim < 2 or array.shape[-1] != HAND_CARDS or array.shape[-2] not in PLAYERS:
        raise ValueError(f"hands must have shape (..., players, 13) with 2 or 3 players, each hand its top row (3 "
                         f"cards), middle (5) and bottom (5); got shape {array.shape}")
    lead, n_players = array.shape[:-2], array.shape[-2]
    rows = array.reshape(-1, n_players * HAND_CARDS)
    n = len(rows)
    groups = _groups(n_players)
    rows = np.ascontiguousarray(deal_rows(rows, groups, lead if lead else None))
    tables = get_variant(_VARIANT).tables
    strengths = np.zeros(n * n_players * 3, np.uint16)
    fouls = np.zeros(n * n_players, np.uint8)
    royalty = np.zeros(n * n_players * 3, np.int32)
    points = np.zeros(n * n_players, np.int64)
    scoops = np.zeros(n * n_players, np.int8)
    fantasyland = np.zeros(n * n_players, np.uint8)
    stay = np.zeros(n * n_players, np.uint8)
    t3, t5 = tables.rank_tables(3), tables.rank_tables(5)
    kernel = ofc_kernel()
    flat = rows.reshape(-1)
    width = n_players * HAND_CARDS
    ofc_tables = OFCTables(t3, t5, top_roy, middle_roy, bottom_roy, np.int64(scoop_bonus), _thresholds())

    def piece(lo: int, hi: int, slot: int = 0) -> int:
        q0, q1 = lo * n_players, hi * n_players
        bad = np.zeros(1, np.int64)
        kernel(flat[width * lo:width * hi], n_players, bool(check),
               OFCOut(strengths[3 * q0:3 * q1], fouls[q0:q1], royalty[3 * q0:3 * q1], points[q0:q1], scoops[q0:q1],
                      fantasyland[q0:q1], stay[q0:q1]), ofc_tables, bad)
        return int(bad[0])

    def after_block(lo: int, hi: int, bad: list) -> None:
        if check and any(bad):
            raise_for_deals(rows[lo:hi], groups, tables.cards, "open-face Chinese poker", "the deck",
                            lead if lead else None)

    with compile_notice("games"):
        piece(0, 0)
    _threads.run_blocks(piece, n, cost=3 * n_players, parallel=parallel, after_block=after_block)
    shape = lead + (n_players,)
    return OFCScore(strengths.reshape(shape + (3,)), fouls.reshape(shape).astype(bool), royalty.reshape(shape + (3,)),
                    points.reshape(shape), scoops.reshape(shape), fantasyland.reshape(shape).astype(bool),
                    stay.reshape(shape).astype(bool))
