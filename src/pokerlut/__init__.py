"""pokerlut: exact poker hand ranking from lookup tables, for numpy batches, wild cards included.

>>> import pokerlut
>>> s = pokerlut.evaluate(["As Ks Qs Js Ts", "2c 2d W 9h 9s"])
>>> [pokerlut.describe(x) for x in s]
['Royal flush', 'Full house, nines full of twos']

``import pokerlut`` loads nothing heavy: each public name is imported from its module the first
time it is used (PEP 562), so the command line's ``--help`` and ``--version`` and a program that
only needs part of pokerlut do not pay for numba and the rest.

>>> pokerlut.WILD
52
>>> pokerlut.tables.__name__  # a submodule, imported as a name of the package is
'pokerlut.tables'
>>> pokerlut.no_such_name
Traceback (most recent call last):
...
AttributeError: module 'pokerlut' has no attribute 'no_such_name'
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING, Any

from ._lazy import lazy_attributes

__version__ = "0.1.0"

#: The subpackages and modules offered as attributes of the package.
_MODULES = ("analytics", "boards", "course", "interop", "iso", "jit", "videopoker")

#: Every other public name, by the module that defines it (grouped as ``__all__``).
_NAMES = {
    # ranking hands
    "evaluate": "evaluate",
    "CATEGORY_NAMES": "strength", "category": "strength", "category_name": "strength",
    "category_names": "strength", "describe": "strength",
    "MAX_STRENGTH": "constants", "NATURAL_STRENGTHS": "constants", "WILD": "constants",
    "category_counts": "enumeration", "strength_histogram": "enumeration",
    "random_hands": "sampling",
    # cards and the course numbering
    "format_card": "cards", "format_cards": "cards", "parse_card": "cards", "parse_cards": "cards",
    "from_course": "course", "to_course_strings": "course",
    # showdowns
    "BestFive": "showdown", "HiLoShowdown": "showdown", "OmahaBestFive": "showdown", "Showdown": "showdown",
    "best_five": "showdown", "compare": "showdown", "made_cards": "showdown", "omaha_best_five": "showdown",
    "showdown": "showdown",
    # the games
    "VARIANTS": "variants", "Variant": "variants", "get_variant": "variants",
    "HiLo": "omaha", "evaluate_omaha": "omaha",
    # equity and ranges
    "BatchEquityResult": "equities", "EquityResult": "equities", "equity": "equities", "equity_batch": "equities",
    "FoldedEquity": "equities.folded", "folded_equity": "equities.folded", "folded_range": "equities.folded",
    "Range": "ranges", "parse_range": "ranges",
    # boards and draws
    "board_texture": "boards", "draws": "boards", "made_hand": "boards", "outs": "boards",
    "range_breakdown": "boards",
    # analytics
    "all_flops": "analytics", "equity_distribution": "analytics", "flop_subset": "analytics",
    # the poker-AI toolkit
    "ehs": "abstraction", "ehs2": "abstraction", "equity_histogram": "abstraction", "hand_strength": "abstraction",
    "potential": "abstraction", "preflop_equity": "abstraction", "street_table": "abstraction",
    # threads, compiling and the machine
    "PARALLEL_MIN_HANDS": "_threads", "get_num_threads": "_threads", "set_num_threads": "_threads",
    "CompileNotice": "_notice", "kernel_info": "warmup", "warmup": "warmup",
}

__all__ = [
    # ranking hands
    "evaluate", "describe", "category", "category_name", "category_names", "CATEGORY_NAMES",
    "MAX_STRENGTH", "NATURAL_STRENGTHS", "WILD", "category_counts", "strength_histogram", "random_hands",
    # cards and the course numbering
    "parse_card", "parse_cards", "format_card", "format_cards", "course", "from_course", "to_course_strings",
    # showdowns
    "best_five", "BestFive", "made_cards", "compare", "showdown", "Showdown", "HiLoShowdown",
    "omaha_best_five", "OmahaBestFive",
    # the games
    "VARIANTS", "Variant", "get_variant", "HiLo", "evaluate_omaha",
    # equity and ranges
    "equity", "EquityResult", "equity_batch", "BatchEquityResult", "folded_equity", "folded_range",
    "FoldedEquity", "Range", "parse_range",
    # boards and draws
    "boards", "board_texture", "draws", "made_hand", "outs", "range_breakdown",
    # analytics
    "analytics", "all_flops", "equity_distribution", "flop_subset",
    # the poker-AI toolkit
    "iso", "hand_strength", "ehs", "ehs2", "equity_histogram", "potential", "street_table", "preflop_equity",
    # video poker, other formats, numba
    "videopoker", "interop", "jit",
    # threads, compiling and the machine
    "get_num_threads", "set_num_threads", "PARALLEL_MIN_HANDS", "warmup", "kernel_info", "CompileNotice",
]

if TYPE_CHECKING:  # what type checkers and editors see: the names, as the imports below give them
    from . import analytics, boards, course, interop, iso, jit, videopoker
    from ._notice import CompileNotice
    from .analytics import all_flops, equity_distribution, flop_subset
    from ._threads import PARALLEL_MIN_HANDS, get_num_threads, set_num_threads
    from .abstraction import ehs, ehs2, equity_histogram, hand_strength, potential, preflop_equity, street_table
    from .boards import board_texture, made_hand, range_breakdown
    from .boards.draws import draws  # from their modules: mypy takes the package's name for the submodule
    from .boards.outs import outs
    from .cards import format_card, format_cards, parse_card, parse_cards
    from .constants import MAX_STRENGTH, NATURAL_STRENGTHS, WILD
    from .course import from_course, to_course_strings
    from .enumeration import category_counts, strength_histogram
    from .equities import BatchEquityResult, EquityResult, equity, equity_batch
    from .equities.folded import FoldedEquity, folded_equity, folded_range
    from .evaluate import evaluate
    from .omaha import HiLo, evaluate_omaha
    from .ranges import Range, parse_range
    from .sampling import random_hands
    from .showdown import (BestFive, HiLoShowdown, OmahaBestFive, Showdown, best_five, compare, made_cards,
                           omaha_best_five, showdown)
    from .strength import CATEGORY_NAMES, category, category_name, category_names, describe
    from .variants import VARIANTS, Variant, get_variant
    from .warmup import kernel_info, warmup


#: A public name is imported from its module on first use and kept (PEP 562); any submodule, as
#: ``pokerlut.tables``, is an attribute too.
__getattr__, __dir__ = lazy_attributes(__name__, _NAMES, __all__, modules=_MODULES, any_submodule=True)


class _Package(types.ModuleType):
    """The package's module type: importing a submodule whose name is also a public function
    (``pokerlut.evaluate``, ``pokerlut.showdown``, ``pokerlut.warmup``) binds the function, not
    the module, as the package's attribute, whichever is imported first."""

    def __setattr__(self, name: str, value: Any) -> None:
        if (isinstance(value, types.ModuleType) and _NAMES.get(name) == name
                and value.__name__ == f"{__name__}.{name}"):
            if not hasattr(value, name):  # still being imported: __getattr__ finds the function later
                return
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

if sys.modules.get("numba") is not None:  # already imported, so cheap: an unsupported numba is refused now, and
    # the fork hooks that keep a child from inheriting numba's compiler lock held are registered before the
    # caller's own threads compile (else when the first kernel loads)
    from .kernels import cache as _cache  # noqa: E402,F401
