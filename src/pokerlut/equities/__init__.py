"""Equity: :func:`equity` reads a deal once (:mod:`.deal`) and hands it to the engine of its game.

* :mod:`.holdem`: Hold'em (every best-five game), exact or Monte Carlo, hands and weighted ranges;
* :mod:`.omaha`: Omaha and Omaha hi-lo;
* :mod:`.stud`: seven-card stud, stud hi-lo and razz (known and unknown cards per player, no board);
* :mod:`.batch`: many independent questions in one call (:func:`equity_batch`);
* :mod:`.grid`: every starting-hand class against opponents (:func:`class_equity`);
* :mod:`.plan`: exact or sampled, budgets, seeded chunks; :mod:`.results`: what comes back.

>>> r = equity(["AhKh", "QdQc"], exact=True)       # every one of the 1,712,304 boards
>>> r.method, r.n, [round(float(x), 4) for x in r.equity]
('exact', 1712304, [0.4621, 0.5379])
>>> r = equity(["AsAd", "KK"], board="Ks 7h 2c")   # a hand against a range, on a flop
>>> r.method, r.n
('exact', 2970)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import config
from .._lazy import lazy_attributes
from .._notice import noticed
from ..typing import CardsLike, SeedLike
from ..variants import VariantLike, get_variant
from . import plan, registry
from .deal import Deal, ImpossibleDeal, PlayersLike, parse_deal
from .holdem import holdem_equity  # noqa: F401  (imported: each engine module registers its reader and engines)
from .omaha import omaha_equity  # noqa: F401
from ..constants import DEFAULT_SAMPLES
from .results import BatchEquityResult, EquityResult
from .stud import stud_equity  # noqa: F401

if TYPE_CHECKING:
    from .batch import equity_batch
    from .grid import EquityGrid, class_equity

__all__ = ["equity", "equity_batch", "class_equity", "EquityResult", "BatchEquityResult", "EquityGrid",
           "ImpossibleDeal", "Deal", "parse_deal", "EXACT_BUDGET", "MAX_DEALS", "CHUNK_TRIALS", "DEFAULT_SAMPLES",
           "MAX_SAMPLES", "MAX_DRAWS", "MAX_DRAWS_PER_SAMPLE"]


@noticed("equity")
def equity(players: PlayersLike, board: CardsLike = "", dead: CardsLike = "", *, exact: bool | None = None,
           samples: int = DEFAULT_SAMPLES, seed: SeedLike = None, progress: bool = False,
           variant: VariantLike = "high", per_combo: bool = False,
           method: str | None = None, max_draws: int | None = None) -> EquityResult:
    """Equity of 2 to 9 players on a board of 0, 3, 4 or 5 cards with optional dead cards.

    Parameters
    ----------
    players
        In the Hold'em games (every ``variant`` but Omaha) each player is two hole cards
        (``"AhKh"``, ``[50, 46]``) or a range (``"TT+, AKs"``, :func:`pokerlut.parse_range`, a
        :class:`~pokerlut.Range`), and plays the best five of seven by the game's ranking.  In
        ``"omaha"`` / ``"omaha-hilo"`` each player is 4, 5 or 6 hole cards, an Omaha range or
        ``"random"`` (Monte Carlo, but exact with ``exact=True`` for a 4-card hand against
        ``"random"`` preflop in Omaha high: :mod:`pokerlut.equities.omaha_random`).  In
        ``"stud"``, ``"stud-hilo"`` and ``"razz"`` each player is the cards known of his seven
        (``"As Ad 7c"``: the other four unknown) or ``(known cards, number unknown)``, with no
        board (:mod:`pokerlut.equities.stud`).
    board, dead
        Known board cards (0, 3, 4 or 5) and dead cards, as text or ids.
    exact
        ``None`` enumerates when the work fits the budget (:mod:`pokerlut.equities.plan`), else
        samples; ``True`` / ``False`` force either.
    samples
        Monte Carlo trials, an integer from 1 to ``MAX_SAMPLES`` (``None``: ``DEFAULT_SAMPLES``).
    seed
        ``None``, an integer >= 0, a ``numpy.random.SeedSequence`` or a ``numpy.random.Generator``
        (:mod:`pokerlut._seeds`); anything else is a ``TypeError``.
    progress
        A progress bar on stderr for long runs.
    variant
        The game (:mod:`pokerlut.variants`).
    per_combo
        Heads-up, exact: also the equity of every combo of each player against the other player's
        range (``result.combos``, :class:`pokerlut.equities.sweep.ComboEquity`).
    method
        The exact engine: ``"sweep"`` (heads-up: rank every combo of both ranges once per board,
        sort, count against the whole opposing range), ``"enumerate"`` (every combination of combos,
        every board), ``"runouts"`` (heads-up on a known board: every runout once, each live combo
        ranked on it, every pair of combos compared; :mod:`pokerlut.equities.runouts`) or ``None``:
        heads-up, whichever costs fewer lookups (:func:`pokerlut.equities.sweep.sweep_work`,
        :func:`~pokerlut.equities.sweep.enumerate_work`,
        :func:`~pokerlut.equities.runouts.runouts_work`), else ``"enumerate"``; ``result.engine`` says
        which ran.
    max_draws
        Monte Carlo with ranges (Hold'em and Omaha): the most draws of the players' combos the run may take
        (a deal whose combos share a card is drawn again, so ranges that rarely fit together take
        many draws a trial).  ``None``: ``max(MAX_DRAWS, MAX_DRAWS_PER_SAMPLE * samples)``, about a
        minute of one core.  A first batch of draws (the same for a seed) estimates the rate at
        which the combos fit; a run that would need more is refused up front with a ``ValueError``
        saying the rate, the draws and the time it would take and what to do (fewer samples, a
        larger ``max_draws``, narrower ranges), and a run whose draws pass the limit anyway stops
        with the same error.  Rejection keeps every answer exactly distributed as the weighted
        conflict-free deals; the limit only decides whether to run.  Whatever the rate, the work
        goes in slices of a fraction of a second, so Ctrl-C is answered within about a second.

    Returns
    -------
    EquityResult
        Per player ``win``, ``tie`` and ``equity``; ``n``, ``method``, ``std_error``, ``seed``; in
        the hi-lo games also ``high_share``, ``low_share``, ``high_share_no_low`` and ``scoop``.

    Raises
    ------
    ValueError
        Before computing anything: a card dealt twice, a card outside the game's deck, a range every
        combo of which is blocked, a malformed range (or a :class:`Range` whose fields
        :meth:`Range.validated` refuses), or more cards than the deck holds; a Monte Carlo run
        that would need more than ``max_draws`` draws (see there).
    ImpossibleDeal
        (a ``ValueError``) Before computing anything: the players' ranges cannot all be dealt at once.

    Examples
    --------
    >>> r = equity(["7c 2d", "8h 3s", "9h 4s"], board="Ac Ad As Ah Kd")   # a three-way chop
    >>> r.equity.tolist()
    [0.3333333333333333, 0.3333333333333333, 0.3333333333333333]
    """
    question = registry.check_question(exact, samples, seed, progress, per_combo, method, max_draws)
    return registry.answer(players, board, dead, get_variant(variant), question)


#: The budgets and limits exported here by their old names: :mod:`pokerlut.config` holds them.
_FROM_CONFIG = {name: name for name in ("EXACT_BUDGET", "MAX_DEALS", "CHUNK_TRIALS", "MAX_SAMPLES", "MAX_DRAWS",
                                        "MAX_DRAWS_PER_SAMPLE")}


#: The engines for many questions at once, imported on first use (PEP 562): one equity needs neither.
_lazy_getattr, __dir__ = lazy_attributes(__name__, {"equity_batch": "batch", "EquityGrid": "grid",
                                                    "class_equity": "grid"}, __all__, any_submodule=True)


def __getattr__(name: str):
    """``pokerlut.equities.EXACT_BUDGET`` and the other limits: read from :mod:`pokerlut.config` now;
    ``equity_batch``, ``class_equity`` and ``EquityGrid`` imported on first use."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    return _lazy_getattr(name)
