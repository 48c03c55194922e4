"""
Omaha: hands, a showdown, equities
==================================

Omaha uses exactly two of the hole cards and three of the board; ranges have their own notation
(``AA**``, ``ds`` for double-suited).

Extras: none.
"""

import pokerlut

hl = pokerlut.evaluate_omaha("Ah 2c Kd Kh", "3h 4d 8s Ks Qc", variant="omaha-hilo")
print(pokerlut.describe(int(hl.high)), "/", pokerlut.describe(int(hl.low), "eight-or-better"))

# %%
# Exact equity of two Omaha hands on a flop, then a hand against a range.

print(pokerlut.equity(["As Ks Ad Kd", "Qh Jh Th 9h"], board="Ah 7c 2d", variant="omaha"))
rng = pokerlut.parse_range("AA**, KKQQds:2", variant="omaha", blocked="Ah 7c 2d Qh Jh Th 9h")
print(len(rng), "hands in the range")
r = pokerlut.equity(["Qh Jh Th 9h", "AA**, KKQQds:2"], board="Ah 7c 2d", variant="omaha")
print(r.method, r.n, r.equity.round(4))
