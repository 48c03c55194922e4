"""Video poker: pay-table classes with wild cards, the best hold of any hand, exact game returns.

Games (``docs/rules.md``, "Video poker pay classes"): ``"jacks-or-better"`` (52 cards); the bonus
family, which pays four of a kind by its rank and in the double-double games by its kicker:
``"bonus-poker"``, ``"bonus-poker-deluxe"``, ``"double-bonus"``, ``"double-double-bonus"``,
``"triple-double-bonus"``; ``"deuces-wild"`` (52 cards, the four deuces wild) and
``"deuces-wild-bonus"`` (five of a kind paid by its rank); ``"joker-poker"`` (kings or better, 53
cards with one joker, ``W`` = id 52).  Each ships its standard full-pay table, per coin at the
five-coin bet, and accepts a user's (:func:`make_paytable`).

* :func:`classify` -- pay class and payout of final hands (vectorized);
* :func:`hold_values` -- the exact expected payout of all 32 holds of dealt hands, best first;
  :func:`best_hold` -- just the best (vectorized);
* :func:`game_return` -- the exact return under optimal play, every deal analysed;
* :func:`strategy_chart` -- the ranked list of hold patterns that plays a game, from the exact
  hold values (:func:`hold_pattern` names the pattern of a hold).

>>> from pokerlut import videopoker as vp
>>> vp.best_hold("Jh Jd 4s 7c Qh", "jacks-or-better").cards.tolist()
[38, 37, 255, 255, 255]
>>> vp.classify("W Kh Kd 7c 3s", "joker-poker").names.item()
'Three of a kind'
>>> vp.classify("Ac Ad Ah As 3c", "double-double-bonus").names.item()
'Four aces with 2-4'
>>> "jacks-or-better" in vp.GAMES
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_attributes

if TYPE_CHECKING:
    from .analysis import (BestHold, Classification, GameReturn, HoldValues, best_hold, classify, game_return,
                           hold_values)
    from .games import GAMES, Game, PayTable, get_game, make_paytable
    from .strategy import ChartLine, StrategyChart, hold_pattern, strategy_chart

#: Each public name by the module that defines it: imported on first use (PEP 562), so that the
#: games and their pay tables (:mod:`.games`) are read without compiling or loading the kernels.
_NAMES = {
    **dict.fromkeys(("BestHold", "Classification", "GameReturn", "HoldValues", "best_hold", "classify",
                     "game_return", "hold_values"), "analysis"),
    **dict.fromkeys(("GAMES", "Game", "PayTable", "get_game", "make_paytable"), "games"),
    **dict.fromkeys(("ChartLine", "StrategyChart", "hold_pattern", "strategy_chart"), "strategy"),
}

__all__ = [
    # the games and their pay tables
    "GAMES", "Game", "PayTable", "get_game", "make_paytable",
    # pay classes, holds and returns
    "classify", "Classification", "hold_values", "HoldValues", "best_hold", "BestHold", "game_return",
    "GameReturn",
    # strategy charts
    "strategy_chart", "StrategyChart", "ChartLine", "hold_pattern",
]


#: Each name imported from its module on first use and kept (PEP 562).
__getattr__, __dir__ = lazy_attributes(__name__, _NAMES, __all__)
