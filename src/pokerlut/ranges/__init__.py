"""Hand ranges: parsing (:mod:`.parse`; Omaha ranges :mod:`.omaha`), the 13x13 grid of starting-hand classes (:mod:`.grid`),
and what a range makes on a board (:mod:`.board`).

>>> len(parse_range("TT+, AKs")), str(class_labels()[0, 1])
(34, 'AKs')
"""

from .board import RangeStrengths, range_strengths
from .grid import (N_CLASSES, RANKS, RangeGrid, as_range, cell_of, class_labels, class_sizes, class_weights,
                   combo_cells)
from .omaha import OmahaRange, parse_omaha_range
from .parse import ALL_COMBOS, MAX_WEIGHT, Range, parse_range

__all__ = ["ALL_COMBOS", "MAX_WEIGHT", "N_CLASSES", "OmahaRange", "RANKS", "Range", "RangeGrid", "RangeStrengths",
           "as_range", "cell_of", "class_labels", "class_sizes", "class_weights", "combo_cells", "parse_omaha_range",
           "parse_range", "range_strengths"]
