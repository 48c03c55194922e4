"""What an equity engine returns: :class:`EquityResult` (one deal), :class:`BatchEquityResult`
(many), and the one conversion of the kernels' integer counts into fractions.

The kernels count per player ``k = 0`` deals won alone (in hi-lo: the whole pot), ``1`` deals
tied for the best hand (in hi-lo: part of the pot), ``2`` pot units won (a pot is ``pot`` units,
split evenly among the winners) and, sampled, ``3`` squared pot units.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from numpy.typing import NDArray

from .._records import same_fields
from ..kernels.equity import SHARE_UNIT
from ..kernels.omaha_equity import HIGH_HALF, HIGH_NO_LOW, LOW_HALF

if TYPE_CHECKING:
    import pandas

__all__ = ["EquityResult", "BatchEquityResult", "fractions", "SHARE_UNIT", "PANDAS_HINT", "ENGINES", "hilo_sides"]

#: Every engine a result names (``result.engine``), with what it does.
ENGINES: dict[str, str] = {
    "sweep": "exact, heads-up Hold'em ranges: every combo of both ranges ranked once per board, sorted, counted",
    "enumerate": "exact, Hold'em: every combination of the players' combos on every board",
    "runouts": "exact, heads-up Hold'em ranges on a board: each runout ranks every live combo once, pairs compared",
    "preflop tables": "exact, heads-up Hold'em preflop: read from the precomputed preflop equities",
    "omaha": "exact, Omaha and Omaha hi-lo: every combination of the players' hands on every board",
    "stud": "exact, seven-card stud, stud hi-lo and razz: every deal of the unknown cards",
    "monte carlo": "sampled, every game: seeded random boards (or deals), ``n`` trials",
}

#: How to get pandas, which only :meth:`EquityResult.to_frame` and :meth:`BatchEquityResult.to_frame` need.
PANDAS_HINT = "pip install pandas (or pip install 'pokerlut[pandas]')"


def _pandas():
    try:
        import pandas
    except ImportError as error:
        raise ImportError(f"to_frame needs pandas, which is not installed: {PANDAS_HINT}", name="pandas") from error
    return pandas


def _has_pandas() -> bool:
    try:
        import pandas  # noqa: F401 (only whether it imports)
    except ImportError:
        return False
    return True


def fractions(counts: np.ndarray, n: npt.ArrayLike, pot: int = SHARE_UNIT, sampled: bool = False
              ) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """``(win, tie, equity, std_error)`` of counts ``(..., P, 3 or 4)`` over ``n`` deals (a number,
    or an array broadcasting against ``(..., P)``); ``std_error`` is zeros unless ``sampled``.

    >>> counts = np.array([[3, 1, 3 * SHARE_UNIT + SHARE_UNIT // 2], [0, 1, SHARE_UNIT // 2]])
    >>> [x.tolist() for x in fractions(counts, 4)[:3]]
    [[0.75, 0.0], [0.25, 0.25], [0.875, 0.125]]
    """
    c = np.asarray(counts, dtype=np.float64)
    n = np.asarray(n, dtype=np.float64)
    win, tie, equity = c[..., 0] / n, c[..., 1] / n, c[..., 2] / (pot * n)
    if not sampled:
        return win, tie, equity, np.zeros(equity.shape)
    variance = np.maximum(c[..., 3] / float(pot) ** 2 / n - equity ** 2, 0.0)
    return win, tie, equity, np.sqrt(variance / np.maximum(n - 1, 1))


def hilo_sides(counts: np.ndarray, n: npt.ArrayLike) -> dict[str, NDArray[np.float64]]:
    """The sides of a hi-lo pot from the kernels' counts ``(..., P, 7)`` over ``n`` deals, as the
    :class:`EquityResult` fields ``high_share``, ``low_share``, ``high_share_no_low`` and ``scoop``
    (see there).

    >>> c = np.zeros((2, 7))
    >>> c[0, [0, 4, 6]] = 2, 3 * SHARE_UNIT, 2 * SHARE_UNIT  # 3 boards: A scoops two without a low, has the best high
    >>> c[1, 5] = SHARE_UNIT                                 # on the third, where B has the low
    >>> s = hilo_sides(c, 3)
    >>> s["high_share"].tolist(), s["low_share"].tolist(), s["high_share_no_low"].tolist()
    ([1.0, 0.0], [0.0, 0.3333333333333333], [0.6666666666666666, 0.0])
    """
    c = np.asarray(counts, dtype=np.float64)
    half = SHARE_UNIT * np.asarray(n, dtype=np.float64)
    return {"high_share": c[..., HIGH_HALF] / half, "low_share": c[..., LOW_HALF] / half,
            "high_share_no_low": c[..., HIGH_NO_LOW] / half, "scoop": c[..., 0] / (half / SHARE_UNIT)}


@dataclass(eq=False)
class EquityResult:
    """Per player (in the order given): ``win`` (alone), ``tie`` (shared best hand) and ``equity``
    (pot share, ties split evenly) as fractions; ``n`` boards enumerated (summed over every
    combination of combos) or trials run; ``method`` 'exact' or 'monte carlo' (``engine`` says which
    engine); ``std_error`` of each equity (Monte Carlo; zeros when exact); ``seed`` the entropy that
    reproduces the run; ``combos`` the per-combo equities when asked for.

    >>> r = EquityResult(["AhKh", "QdQc"], np.array([0.4, 0.5]), np.array([0.1, 0.1]), np.array([0.45, 0.55]),
    ...                  10, "exact", np.zeros(2))
    >>> print(r.table().splitlines()[1])
    AhKh     45.000%   40.000%   10.000%
    """

    players: list[str]
    win: NDArray[np.float64]
    tie: NDArray[np.float64]
    equity: NDArray[np.float64]
    n: int
    method: str
    std_error: NDArray[np.float64]
    seed: int | None = None
    board: str = ""
    dead: str = ""
    seconds: float = field(default=0.0, compare=False)
    #: Which engine ran: a key of :data:`ENGINES` (``"sweep"``, ``"enumerate"``, ``"runouts"``,
    #: ``"preflop tables"``, ``"omaha"``, ``"stud"`` or ``"monte carlo"``).
    engine: str = ""
    #: With ``per_combo=True``: per player, the equity of each of its combos
    #: (:class:`pokerlut.equities.sweep.ComboEquity`; a fixed hand is a range of one combo).
    combos: list[Any] | None = field(default=None, compare=False)
    unit: str = "boards"  #: what an exact run counts: boards (Hold'em, Omaha) or deals (stud)
    #: Hi-lo games (``None`` elsewhere), per player: the average share of the high half of the pot
    #: (1 when its high hand is best alone, 1/k when k tie), counted on every board.
    high_share: NDArray[np.float64] | None = None
    #: Hi-lo: the average share of the low half (1/k of it when k best qualifying lows tie; 0 on a
    #: board where no low qualifies).
    low_share: NDArray[np.float64] | None = None
    #: Hi-lo: the share of the high half won on the boards where no low qualifies, as a fraction
    #: of all boards (there the high hands take the low half too), so that ``equity ==
    #: (high_share + low_share + high_share_no_low) / 2``.
    high_share_no_low: NDArray[np.float64] | None = None
    #: Hi-lo: the share of boards where the player takes the whole pot alone (``win``).
    scoop: NDArray[np.float64] | None = None

    #: Field by field, arrays by value (NaN equal to NaN), the seconds a run took left out:
    #: ``r == r`` is ``True``, never an array or an error.
    __eq__ = same_fields
    __hash__ = None  # type: ignore[assignment]

    @property
    def boards(self) -> int:
        return self.n

    @property
    def trials(self) -> int:
        return self.n

    def table(self) -> str:
        width = max(6, *(len(p) for p in self.players))
        mc = self.method != "exact"
        head = f"{'player':<{width}}  {'equity':>8}  {'win':>8}  {'tie':>8}" + ("  std.err" if mc else "")
        lines = [head]
        for i, p in enumerate(self.players):
            line = f"{p:<{width}}  {self.equity[i]:8.3%}  {self.win[i]:8.3%}  {self.tie[i]:8.3%}"
            if mc:
                line += f"  {self.std_error[i]:7.3%}"
            lines.append(line)
        what = self.unit if not mc else "trials"
        tail = f"{self.method}, {self.n:,} {what}"
        if self.board:
            tail += f", board {self.board}"
        if self.dead:
            tail += f", dead {self.dead}"
        if mc:
            tail += f", seed {self.seed}"
        if self.seconds:
            tail += f", {self.seconds:.3f} s"
        return "\n".join(lines + [tail])

    def __str__(self) -> str:
        return self.table()

    def to_frame(self) -> pandas.DataFrame:
        """A pandas DataFrame, one row per player (in the order given), columns ``player``,
        ``equity``, ``win``, ``tie``, ``std_error`` (hi-lo: also ``high_share``, ``low_share``,
        ``high_share_no_low``, ``scoop``); ``n``, ``method`` and ``engine`` in
        ``frame.attrs``.  Needs pandas (an ``ImportError`` naming ``pip install pandas`` if it is
        missing).

        >>> r = EquityResult(["AhKh", "QdQc"], np.array([0.4, 0.5]), np.array([0.1, 0.1]), np.array([0.45, 0.55]),
        ...                  10, "exact", np.zeros(2))
        >>> r.to_frame().columns.tolist() if _has_pandas() else ['player', 'equity', 'win', 'tie', 'std_error']
        ['player', 'equity', 'win', 'tie', 'std_error']
        """
        columns = {"player": list(self.players), "equity": self.equity, "win": self.win, "tie": self.tie,
                   "std_error": self.std_error}
        if self.high_share is not None:  # hi-lo: the sides of the pot
            columns.update(high_share=self.high_share, low_share=self.low_share,
                           high_share_no_low=self.high_share_no_low, scoop=self.scoop)
        frame = _pandas().DataFrame(columns)
        frame.attrs.update(n=int(self.n), method=self.method, engine=self.engine, seed=self.seed)
        return frame


@dataclass(eq=False)
class BatchEquityResult:
    """Per scenario and player (N, P): win, tie, equity; ``n`` (N,) boards or trials per scenario;
    ``method`` how every scenario was answered, ``"exact"`` (every board enumerated) or
    ``"monte carlo"`` (``n`` trials each); ``std_error`` (N, P) (zeros when exact); ``seed`` the
    entropy that reproduces a Monte Carlo run; ``engine`` which engine ran (a key of
    :data:`ENGINES`: ``"enumerate"`` or ``"monte carlo"``).

    >>> print(BatchEquityResult(*[np.zeros((1, 2))] * 3, np.array([990]), "exact", np.zeros((1, 2))))
    1 equity questions, exact, 990 boards each
    """

    win: NDArray[np.float64]
    tie: NDArray[np.float64]
    equity: NDArray[np.float64]
    n: NDArray[np.int64]
    method: str
    std_error: NDArray[np.float64]
    seed: int | None = None
    engine: str = ""

    #: Field by field, arrays by value (NaN equal to NaN), the seconds a run took left out:
    #: ``r == r`` is ``True``, never an array or an error.
    __eq__ = same_fields
    __hash__ = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if not self.engine:  # one engine per method
            self.engine = "enumerate" if self.method == "exact" else "monte carlo"

    def to_frame(self) -> pandas.DataFrame:
        """A pandas DataFrame in long form, one row per scenario and player: columns
        ``scenario``, ``player`` (indices), ``equity``, ``win``, ``tie``, ``std_error``, ``n``;
        ``method`` and ``engine`` in ``frame.attrs``.  Pivot it for one row per scenario
        (``frame.pivot(index="scenario", columns="player", values="equity")``).  Needs pandas.

        >>> r = BatchEquityResult(*[np.full((2, 2), 0.5)] * 3, np.array([990, 990]), "exact", np.zeros((2, 2)))
        >>> r.to_frame().shape if _has_pandas() else (4, 7)
        (4, 7)
        """
        n_scenarios, n_players = self.equity.shape
        frame = _pandas().DataFrame({
            "scenario": np.repeat(np.arange(n_scenarios), n_players),
            "player": np.tile(np.arange(n_players), n_scenarios),
            "equity": self.equity.reshape(-1), "win": self.win.reshape(-1), "tie": self.tie.reshape(-1),
            "std_error": self.std_error.reshape(-1), "n": np.repeat(np.asarray(self.n), n_players)})
        frame.attrs.update(method=self.method, engine=self.engine, seed=self.seed)
        return frame

    def __str__(self) -> str:
        what = "boards" if self.method == "exact" else "trials"
        each = f", {int(self.n[0]):,} {what} each" if len(self.n) else ""
        seed = f", seed {self.seed}" if self.method != "exact" else ""
        return f"{len(self.n):,} equity questions, {self.method}{each}{seed}"
