"""Card removal by folded ranges ("bunching"): how often a player holds each combo of its range
when one or two earlier players folded hands drawn from their fold ranges
(:func:`bunched_frequencies`), and a heads-up equity on a board given such folds
(:func:`bunched_equity`, exact or Monte Carlo, with the difference to the plain answer).

The folders' cards are not known, but not dealt to anyone else either: a deal of the folders' hands
and the player's combo counts with the product of their weights when no two of them share a card
(nor a board or dead card).  A combo's bunched weight is its weight times the folders' weight that
fits beside it, summed over every conflict-free deal of the folders' hands: exact, by matrices of
which combos fit together (one or two folders).  The plain answer (card removal by the board and
dead cards alone) is the combo's weight.

>>> b = bunched_frequencies("AA, 76s", ["A2s+, K9s+, ATo+, KJo+, 22+"])
>>> s = b.shares()
>>> round(s["AA"][0], 4), round(s["AA"][1], 4)      # plain, bunched: the folder's aces remove AA
(0.6, 0.5397)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..equities.deal import card_mask, combo_masks
from ..ranges import Range, as_range, combo_cells
from ..ranges.cells import class_labels
from ..ranges.grid import RangeLike
from ..ranges.tokens import card_set
from ..typing import CardsLike

__all__ = ["BunchedRange", "bunched_frequencies", "BunchedEquity", "bunched_equity", "MAX_FOLDERS",
           "EXACT_FOLDER_DEALS"]

#: Folders counted exactly (a matrix product per folder beyond the first).
MAX_FOLDERS = 2


@dataclass(frozen=True)
class BunchedRange:
    """The player's ``combos`` (n, 2) after card removal by the board and dead cards, their plain
    ``weights`` and their ``bunched`` weights (relative: each sums as it likes; :meth:`shares`
    normalises)."""

    combos: np.ndarray
    weights: np.ndarray
    bunched: np.ndarray

    def shares(self) -> dict[str, tuple[float, float]]:
        """Per starting-hand class the range holds: its share of the range, plain and bunched.

        >>> b = bunched_frequencies("AA, KK", ["AK"])
        >>> {k: tuple(round(x, 3) for x in v) for k, v in sorted(b.shares().items())}
        {'AA': (0.5, 0.5), 'KK': (0.5, 0.5)}
        """
        rows, cols = combo_cells(self.combos)
        labels = class_labels()[rows, cols]
        plain = self.weights / self.weights.sum()
        bunched = self.bunched / self.bunched.sum()
        out: dict[str, tuple[float, float]] = {}
        for label in dict.fromkeys(labels.tolist()):
            sel = labels == label
            out[str(label)] = (float(plain[sel].sum()), float(bunched[sel].sum()))
        return out


def _live(rng: Range, blocked: np.uint64) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    masks = combo_masks(np.ascontiguousarray(rng.combos))
    keep = (masks & blocked) == 0
    return rng.combos[keep], rng.weights[keep], masks[keep]


def bunched_frequencies(range_: RangeLike, folders: Sequence[RangeLike], board: CardsLike = "",
                        dead: CardsLike = "") -> BunchedRange:
    """The player's combo weights given that the ``folders`` folded hands of their ranges.

    Parameters
    ----------
    range_
        The player's range (text or :class:`~pokerlut.Range`).
    folders
        One or two fold ranges.
    board, dead
        Known cards no hand holds.

    Returns
    -------
    BunchedRange

    Raises
    ------
    ValueError
        More than :data:`MAX_FOLDERS` folders, none, or no deal in which everyone's hand fits.

    Examples
    --------
    >>> b = bunched_frequencies("AKo", ["AA"])
    >>> float(b.bunched.sum() / b.weights.sum())   # each AK blocks 3 of the 6 AA combos
    3.0
    """
    if isinstance(folders, (str, Range)) or not 1 <= len(folders) <= MAX_FOLDERS:
        raise ValueError(f"folders is a list of 1 to {MAX_FOLDERS} fold ranges")
    blocked = card_mask(np.array(sorted(card_set(board, "board") | card_set(dead, "dead cards")), dtype=np.int64))
    combos, weights, masks = _live(as_range(range_), blocked)
    sides = [_live(as_range(f), blocked) for f in folders]
    if len(combos) == 0 or any(len(s[0]) == 0 for s in sides):
        raise ValueError("a range has no combo left beside the board and dead cards")
    fits0 = ((masks[:, None] & sides[0][2][None, :]) == 0).astype(np.float64)  # player x folder 0
    if len(sides) == 1:
        bunched = weights * (fits0 @ sides[0][1])
    else:
        fits1 = ((masks[:, None] & sides[1][2][None, :]) == 0).astype(np.float64)  # player x folder 1
        between = ((sides[0][2][:, None] & sides[1][2][None, :]) == 0).astype(np.float64)  # folder 0 x 1
        bunched = weights * np.einsum("if,fg,ig->i", fits0 * sides[0][1], between, fits1 * sides[1][1])
    if not (bunched > 0).any():
        raise ValueError("no deal fits: every combo of the range shares a card with every deal of the folders")
    return BunchedRange(combos.copy(), weights.copy(), bunched)


@dataclass(frozen=True)
class BunchedEquity:
    """Heads-up equity given folded ranges: ``equity`` (2,) with the folders' cards drawn from their
    ranges, ``plain`` (2,) without them, ``difference`` (``equity - plain``), ``std_error`` (2,; 0
    when exact), ``method`` (``"exact"``: every deal of the folders' hands; ``"monte carlo"``:
    ``n`` of them drawn by weight), ``n``."""

    equity: np.ndarray
    plain: np.ndarray
    std_error: np.ndarray
    method: str
    n: int

    @property
    def difference(self) -> np.ndarray:
        """How much the folds move each player's equity."""
        return self.equity - self.plain


#: Folder deals enumerated when ``exact`` is ``None`` before drawing ``samples`` of them instead.
EXACT_FOLDER_DEALS = 400


def _folder_deals(sides: list, limit: int) -> tuple[np.ndarray, np.ndarray] | None:
    """Every conflict-free deal of the folders' hands (masks, weights), or ``None`` above ``limit``."""
    if np.prod([len(s[0]) for s in sides], dtype=np.float64) > limit * 50:
        return None
    masks, weights = sides[0][2].copy(), sides[0][1].copy()
    for s in sides[1:]:
        fit = (masks[:, None] & s[2][None, :]) == 0
        i, j = np.nonzero(fit)
        masks, weights = masks[i] | s[2][j], weights[i] * s[1][j]
    return (masks, weights) if len(masks) <= limit else None


def _draw_folder_deals(sides: list, n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` conflict-free deals of the folders' hands drawn by weight (a conflicting draw is redrawn)."""
    out = np.zeros(n, dtype=np.uint64)
    filled = 0
    for _ in range(1000):
        m = 2 * (n - filled) + 16
        masks = np.zeros(m, dtype=np.uint64)
        ok = np.ones(m, dtype=bool)
        for s in sides:
            pick = s[2][rng.choice(len(s[1]), size=m, p=s[1] / s[1].sum())]
            ok &= (masks & pick) == 0
            masks |= pick
        got = masks[ok][:n - filled]
        out[filled:filled + len(got)] = got
        filled += len(got)
        if filled == n:
            return out
    raise ValueError("the folders' ranges almost never fit together: cannot draw their hands")


def _cards_of(mask: int) -> list[int]:
    return [c for c in range(52) if (int(mask) >> c) & 1]


def bunched_equity(players: Sequence[RangeLike], folders: Sequence[RangeLike], board: CardsLike, dead: CardsLike = "",
                   *, exact: bool | None = None, samples: int = 200, seed: int | None = None) -> BunchedEquity:
    """Heads-up equity on a board when earlier players folded hands of the ``folders``' ranges.

    Each deal of the folders' hands ``f`` counts with its weight times the weight of the players'
    deals that fit beside it (``Z(f)``); on it the equity is exact (:func:`pokerlut.equity`, the
    folders' cards dead).  Exact: every deal of the folders' hands (``exact=None`` when there are
    at most :data:`EXACT_FOLDER_DEALS`); Monte Carlo: ``samples`` deals drawn by weight, averaged
    with weights ``Z(f)`` (a ratio estimate, with its standard error).

    Parameters
    ----------
    players
        Two ranges (text or :class:`~pokerlut.Range`).
    folders
        One or two fold ranges.
    board
        3, 4 or 5 board cards (each deal of the folders' hands is one exact equity on it).
    dead
        Dead cards.
    exact, samples, seed
        Enumerate or draw the folders' hands (``None``: enumerate when few); draws and their seed.

    Returns
    -------
    BunchedEquity

    Examples
    --------
    >>> r = bunched_equity(["AA, 76s", "KK, QQ"], ["AKs, AQs"], "Kd 7c 2h")
    >>> r.method, [round(float(x), 4) for x in r.difference]
    ('exact', [-0.0808, 0.0808])
    """
    from ..equities import equity

    if isinstance(folders, (str, Range)) or not 1 <= len(folders) <= MAX_FOLDERS:
        raise ValueError(f"folders is a list of 1 to {MAX_FOLDERS} fold ranges")
    if isinstance(players, (str, Range)) or len(players) != 2:
        raise ValueError("bunched_equity is heads-up: two player ranges")
    if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)) or samples < 2:
        raise ValueError(f"samples is an integer >= 2, got {samples!r}")
    board_cards = card_set(board, "board")
    if len(board_cards) < 3:
        raise ValueError("bunched_equity needs a board of 3, 4 or 5 cards")
    known = sorted(board_cards | card_set(dead, "dead cards"))
    blocked = card_mask(np.array(known, dtype=np.int64))
    ranges = [as_range(p) for p in players]
    sides = [_live(as_range(f), blocked) for f in folders]
    active = [_live(r, blocked) for r in ranges]
    plain = equity(list(ranges), sorted(board_cards), sorted(card_set(dead, "dead cards")), method="sweep").equity
    deals = None if exact is False else _folder_deals(sides, EXACT_FOLDER_DEALS if exact is None else 10**7)
    if exact is True and deals is None:
        raise ValueError("too many deals of the folders' hands to enumerate: use exact=None or False")
    method = "exact" if deals is not None else "monte carlo"
    if deals is None:
        masks = _draw_folder_deals(sides, int(samples), np.random.default_rng(seed))
        weights = np.ones(len(masks))
    else:
        masks, weights = deals
    values, z = [], []
    (_, w0, m0), (_, w1, m1) = active
    for mask, weight in zip(masks, weights):
        k0, k1 = (m0 & mask) == 0, (m1 & mask) == 0
        fit = ((m0[k0][:, None] & m1[k1][None, :]) == 0).astype(np.float64)
        zf = float(w0[k0] @ fit @ w1[k1])
        if zf <= 0:
            continue
        e = equity([Range(r.combos, r.weights) for r in ranges], sorted(board_cards),
                   sorted(card_set(dead, "dead cards")) + _cards_of(mask), method="sweep").equity
        values.append(e)
        z.append(weight * zf)
    if not z:
        raise ValueError("no deal fits: the players' and folders' ranges never fit together")
    v, zz = np.array(values), np.array(z)
    mean = zz @ v / zz.sum()
    se = np.zeros(2)
    if method == "monte carlo":  # the ratio estimate's standard error
        r = zz[:, None] * (v - mean)
        se = np.sqrt((r ** 2).sum(axis=0) / (len(zz) * (len(zz) - 1))) / zz.mean()
    return BunchedEquity(mean, np.asarray(plain), se, method, len(zz))
