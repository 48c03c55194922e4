"""
A showdown, in Hold'em and in Omaha hi-lo
=========================================

``showdown`` takes the players' hole cards and the board and gives each player's strength, the
winners and the share of the pot each takes; a batch of deals is one call.

Extras: none.
"""

import numpy as np

import pokerlut

r = pokerlut.showdown([["Ah", "2c"], ["Ad", "3c"], ["7s", "7d"]], "Kh Qd Js Tc 5s")
print("strengths", r.strengths.tolist())
print("winners  ", r.winners.tolist())
print("shares   ", r.shares.tolist())

# %%
# Omaha hi-lo: two of the four hole cards and three of the board, the pot split between the best
# high hand and the best qualifying low.

r = pokerlut.showdown([["Ah", "2h", "Kc", "Kd"], ["As", "2s", "Qc", "Qd"], ["9c", "9d", "Jh", "Th"]],
                      "3h 4d 8s Ks 9h", variant="omaha-hilo")
for player, (high, low, share) in enumerate(zip(r.high, r.low, r.shares)):
    print(f"player {player}: {pokerlut.describe(int(high)):<40} {pokerlut.describe(int(low), 'eight-or-better'):<16}"
          f" share {share:.2f}")

# %%
# A thousand deals at once: holes of shape (N, P, 2) and boards of shape (N, 5).

rng = np.random.default_rng(2)
deals = np.argsort(rng.random((1000, 52)), axis=1)[:, :9].astype(np.uint8)   # 9 distinct cards a deal
holes, boards = deals[:, :4].reshape(1000, 2, 2), deals[:, 4:]
batch = pokerlut.showdown(holes, boards)
print(f"player 0 takes {batch.shares[:, 0].mean():.3f} of the pots, ties in {(batch.winners.sum(1) > 1).mean():.3f}")
