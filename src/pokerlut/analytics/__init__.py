"""Range analytics: a question on every flop at once (:mod:`.flops`), subsets of flops that stand
for them all (:mod:`.subsets`), equity distributions (:mod:`.distribution`), and pictures of an all-flops report (:mod:`.pictures`).

>>> all_flops(["AA", "KK"], classes=False).group
24
"""

from .distribution import EquityDistribution, distribution_plot, equity_distribution
from .flops import AllFlops, all_flops, flop_classes
from .subsets import FlopSubset, canonical_flops, flop_subset

__all__ = ["EquityDistribution", "distribution_plot", "equity_distribution", "AllFlops", "all_flops", "flop_classes", "FlopSubset", "canonical_flops", "flop_subset"]
