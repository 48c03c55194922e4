"""Range analytics: a question on every flop at once (:mod:`.flops`) and subsets of flops that stand
for them all (:mod:`.subsets`).

>>> all_flops(["AA", "KK"], classes=False).group
24
"""

from .flops import AllFlops, all_flops, flop_classes
from .subsets import FlopSubset, canonical_flops, flop_subset

__all__ = ["AllFlops", "all_flops", "flop_classes", "FlopSubset", "canonical_flops", "flop_subset"]
