"""
What a range makes on a board, drawn
====================================

The made-hand classes and draws of a range on a flop, and the distribution of its strengths.

Extras: plot (matplotlib).
"""

import matplotlib.pyplot as plt

import pokerlut
from pokerlut import plot

b = pokerlut.range_breakdown("TT+, AKs, KQs, JTs", "Qs Jh 2c")
print(f"overpairs {b.share('overpair'):.3f}, sets {b.share('set'):.3f}, top pairs {b.share('top pair'):.3f}, "
      f"gutshots {b.share('gutshot'):.3f}")
fig, ax = plt.subplots(figsize=(8, 4.5))
plot.board_classes(b, ax=ax)
fig.tight_layout()

# %%
# The strengths of the same range on that flop, by category.

fig, ax = plt.subplots(figsize=(8, 4.5))
plot.strength_distribution("TT+, AKs, KQs, JTs", "Qs Jh 2c", ax=ax)
fig.tight_layout()
