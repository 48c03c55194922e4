"""
Hand strength and a small street abstraction
============================================

Hand strength (now), EHS and EHS² (over every turn and river) and the equity histogram of a few flop
hands, and the suit-isomorphism index that buckets hands of the same suit class together.

Extras: plot (matplotlib).
"""

import matplotlib.pyplot as plt

import pokerlut
from pokerlut import iso

board = "Qh 7h 2c"
holes = ["Ah Kh", "Qs Qd", "Ac Qc", "8h 9h"]
for hole in holes:
    print(f"{hole}: HS {float(pokerlut.hand_strength(hole, board)):.3f}  EHS {float(pokerlut.ehs(hole, board)):.3f}"
          f"  EHS2 {float(pokerlut.ehs2(hole, board)):.3f}  class {int(iso.index(hole, board))} of {iso.count(3):,}")

# %%
# The equity histograms (10 bins over the 1,081 turn and river cards) tell a made hand from a draw
# of the same EHS.

fig, ax = plt.subplots(figsize=(7, 3.5))
for hole in holes:
    ax.plot(pokerlut.equity_histogram(hole, board), marker="o", label=hole)
ax.set_xlabel("equity bin on the river (0-10% ... 90-100%)")
ax.set_ylabel("share of run-outs")
ax.legend()
fig.tight_layout()
