"""
A range against a range on a flop
=================================

Ranges in PokerStove/Equilab notation; the sweep engine answers exactly, and ``per_combo=True``
gives every combo's equity.

Extras: none.
"""

import pokerlut

rng = pokerlut.parse_range("TT+, AKs", blocked="Qs 7h 2c")
print(len(rng), "combos of TT+, AKs are left on Qs 7h 2c")

r = pokerlut.equity(["TT+, AKs", "random"], board="Qs 7h 2c", per_combo=True)
print(r.method, r.engine, r.equity.round(4))
print(r.combos[0].table(top=8))

# %%
# A weighted range: half the weight on the kings, and a three-way pot.

r = pokerlut.equity(["AA, 0.5(KK), AKs", "TT+, AKs", "random"], board="Qs 7h 2c")
print(r)
