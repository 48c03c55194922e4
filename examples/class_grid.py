"""
The 13x13 grid of starting hands
================================

``pokerlut.plot`` draws a range on the grid of the 169 starting-hand classes (pairs on the
diagonal, suited above, offsuit below) and each class's equity against a range. Each function draws
into the axes it is given (``ax=``), or into a figure of its own that it returns.

Extras: plot (matplotlib).
"""

import matplotlib.pyplot as plt

from pokerlut import plot

fig, ax = plt.subplots(figsize=(9, 7.6))
plot.range_grid("22+, A2s+, K9s+, QTs+, JTs, ATo+, KJo+", ax=ax)

# %%
# Every class's equity against "TT+, AKs" on a flop, exactly; the numbers come back with the figure.

fig, ax = plt.subplots(figsize=(9, 7.6))
fig, grid = plot.equity_grid("TT+, AKs", board="Qs 7h 2c", ax=ax)
print(grid.method, f"AA {grid.at('AA'):.4f}  QQ {grid.at('QQ'):.4f}  72o {grid.at('72o'):.4f}")
