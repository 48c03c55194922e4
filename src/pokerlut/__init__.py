"""pokerlut: exact poker hand ranking from lookup tables, for numpy batches, wild cards included.

>>> import pokerlut
>>> s = pokerlut.evaluate(["As Ks Qs Js Ts", "2c 2d W 9h 9s"])
>>> [pokerlut.describe(x) for x in s]
['Royal flush', 'Full house, nines full of twos']
"""

from . import boards, course, interop, iso, jit, videopoker
from ._notice import CompileNotice
from ._threads import PARALLEL_MIN_HANDS, get_num_threads, set_num_threads
from .abstraction import ehs, ehs2, equity_histogram, hand_strength, potential, preflop_equity, street_table
from .boards import board_texture, draws, made_hand, outs, range_breakdown
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

__version__ = "0.1.0"

__all__ = [
    "CompileNotice",
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
    "OmahaBestFive", "omaha_best_five", "FoldedEquity", "folded_equity", "folded_range",
]
