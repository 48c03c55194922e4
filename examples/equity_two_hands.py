"""
Equity of two hands
===================

``equity`` enumerates every board when the work is small enough and runs Monte Carlo otherwise;
``r.method`` says which, and ``print(r)`` shows the table.

Extras: none.
"""

import pokerlut

r = pokerlut.equity(["AhKh", "QdQc"])          # preflop: every one of 1,712,304 boards
print(r)

# %%
# On a flop, and with a dead card.

print(pokerlut.equity(["AhKh", "QdQc"], board="Qs 7h 2c"))
print(pokerlut.equity(["AhKh", "QdQc"], board="Qs 7h 2c", dead="Qh").equity.round(4))

# %%
# Monte Carlo on request, seeded: the same seed gives the same counts on any number of threads.

r = pokerlut.equity(["AhKh", "QdQc"], exact=False, samples=200_000, seed=1)
print(r.method, r.n, r.equity.round(4), "+/-", r.std_error.round(4))
