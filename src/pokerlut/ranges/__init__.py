"""Hand ranges: parsing (:mod:`.parse`; Omaha ranges :mod:`.omaha`), the 13x13 grid of starting-hand classes (:mod:`.grid`),
and what a range makes on a board (:mod:`.board`).  Each name is imported from its module on first
use (PEP 562): reading a range does not load the ranking of boards.

>>> from pokerlut.ranges import class_labels, parse_range
>>> len(parse_range("TT+, AKs")), str(class_labels()[0, 1])
(34, 'AKs')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_attributes

if TYPE_CHECKING:
    from .board import RangeStrengths, range_strengths
    from .grid import (N_CLASSES, RANKS, RangeGrid, as_range, cell_of, class_labels, class_sizes, class_weights,
                       combo_cells)
    from .omaha import OmahaRange, parse_omaha_range
    from .parse import ALL_COMBOS, MAX_WEIGHT, Range, parse_range

#: Each public name by the module that defines it.
_NAMES = {
    **dict.fromkeys(("RangeStrengths", "range_strengths"), "board"),
    **dict.fromkeys(("N_CLASSES", "RANKS", "RangeGrid", "as_range", "cell_of", "class_labels", "class_sizes",
                     "class_weights", "combo_cells"), "grid"),
    **dict.fromkeys(("OmahaRange", "parse_omaha_range"), "omaha"),
    **dict.fromkeys(("ALL_COMBOS", "MAX_WEIGHT", "Range", "parse_range"), "parse"),
}

__all__ = [
    # reading ranges
    "parse_range", "Range", "ALL_COMBOS", "MAX_WEIGHT", "parse_omaha_range", "OmahaRange",
    # the 13x13 grid of starting-hand classes
    "RangeGrid", "N_CLASSES", "RANKS", "as_range", "cell_of", "class_labels", "class_sizes", "class_weights",
    "combo_cells",
    # what a range makes on a board
    "range_strengths", "RangeStrengths",
]

__getattr__, __dir__ = lazy_attributes(__name__, _NAMES, __all__, any_submodule=True)
