"""pokerlut: exact poker hand ranking from lookup tables, for numpy batches, wild cards included.

>>> import pokerlut
>>> s = pokerlut.evaluate(["As Ks Qs Js Ts", "2c 2d W 9h 9s"])
>>> [pokerlut.describe(x) for x in s]
['Royal flush', 'Full house, nines full of twos']

``import pokerlut`` loads nothing heavy: each public name is imported from its module the first
time it is used (PEP 562), so the command line's ``--help`` and ``--version`` and a program that
only needs part of pokerlut do not pay for numba and the rest.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: The subpackages and modules offered as attributes of the package.
_MODULES = ("analytics", "boards", "course", "interop", "iso", "jit", "videopoker")

#: Every other public name, by the module that defines it.
_NAMES = {
    "CompileNotice": "_notice",
    "all_flops": "analytics", "equity_distribution": "analytics", "flop_subset": "analytics",
    "OmahaBestFive": "showdown", "omaha_best_five": "showdown",
    "FoldedEquity": "equities.folded", "folded_equity": "equities.folded", "folded_range": "equities.folded",
    "PARALLEL_MIN_HANDS": "_threads", "get_num_threads": "_threads", "set_num_threads": "_threads",
    "ehs": "abstraction", "ehs2": "abstraction", "equity_histogram": "abstraction", "hand_strength": "abstraction",
    "potential": "abstraction", "preflop_equity": "abstraction", "street_table": "abstraction",
    "board_texture": "boards", "draws": "boards", "made_hand": "boards", "outs": "boards",
    "range_breakdown": "boards",
    "format_card": "cards", "format_cards": "cards", "parse_card": "cards", "parse_cards": "cards",
    "MAX_STRENGTH": "constants", "NATURAL_STRENGTHS": "constants", "WILD": "constants",
    "from_course": "course", "to_course_strings": "course",
    "category_counts": "enumeration", "strength_histogram": "enumeration",
    "BatchEquityResult": "equities", "EquityResult": "equities", "equity": "equities", "equity_batch": "equities",
    "evaluate": "evaluate",
    "HiLo": "omaha", "evaluate_omaha": "omaha",
    "Range": "ranges", "parse_range": "ranges",
    "random_hands": "sampling",
    "BestFive": "showdown", "HiLoShowdown": "showdown", "Showdown": "showdown", "best_five": "showdown",
    "compare": "showdown", "made_cards": "showdown", "showdown": "showdown",
    "CATEGORY_NAMES": "strength", "category": "strength", "category_name": "strength",
    "category_names": "strength", "describe": "strength",
    "VARIANTS": "variants", "Variant": "variants", "get_variant": "variants",
    "kernel_info": "warmup", "warmup": "warmup",
}

__all__ = [
    "CompileNotice",
    "all_flops", "equity_distribution", "flop_subset", "analytics",
    "iso", "hand_strength", "ehs", "ehs2", "equity_histogram", "potential", "street_table", "preflop_equity",
    "HiLo",
    "HiLoShowdown",
    "VARIANTS",
    "Variant",
    "category_names",
    "evaluate_omaha",
    "get_num_threads",
    "get_variant",
    "kernel_info",
    "warmup",
    "set_num_threads",
    "BatchEquityResult",
    "EquityResult",
    "Range",
    "equity",
    "equity_batch",
    "parse_range",
    "BestFive",
    "Showdown",
    "best_five",
    "category_counts",
    "compare",
    "course",
    "interop",
    "jit",
    "made_cards",
    "showdown",
    "strength_histogram",
    "CATEGORY_NAMES",
    "MAX_STRENGTH",
    "NATURAL_STRENGTHS",
    "PARALLEL_MIN_HANDS",
    "WILD",
    "category",
    "category_name",
    "describe",
    "evaluate",
    "format_card",
    "format_cards",
    "from_course",
    "parse_card",
    "parse_cards",
    "random_hands",
    "to_course_strings",
    "videopoker",
    "boards",
    "board_texture",
    "draws",
    "made_hand",
    "outs",
    "range_breakdown",
    "OmahaBestFive", "omaha_best_five",
    "FoldedEquity", "folded_equity", "folded_range",
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


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use and kept (PEP 562).

    >>> import pokerlut
    >>> pokerlut.WILD
    52
    >>> pokerlut.tables.__name__  # a submodule, imported as a name of the package is
    'pokerlut.tables'
    >>> pokerlut.no_such_name
    Traceback (most recent call last):
    ...
    AttributeError: module 'pokerlut' has no attribute 'no_such_name'
    """
    if name in _MODULES:
        return importlib.import_module(f".{name}", __name__)  # the import binds it here
    module = _NAMES.get(name)
    if module is None:
        if not name.startswith("__") and importlib.util.find_spec(f"{__name__}.{name}") is not None:
            return importlib.import_module(f".{name}", __name__)  # any submodule, as ``pokerlut.tables``
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public names with the module's own, as ``dir(pokerlut)`` and completion show them."""
    return sorted(set(globals()) | set(__all__))


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
