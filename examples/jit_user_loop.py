"""
pokerlut inside your own numba loop
===================================

``pokerlut.jit`` functions are called from your own ``@numba.njit`` code, once per hand. Here a
loop deals a board once and adds each player's two cards to it (what rollouts do), for the all-in
equity of two hands when the deck holds a joker, which no equity calculator offers.

Extras: none.
"""

import numba
import numpy as np

import pokerlut
from pokerlut import jit


@numba.njit
def joker_equity(tables, hole_a, hole_b, trials, seed):
    np.random.seed(seed)
    deck = np.empty(53, np.uint8)
    n = 0
    for card in range(53):                       # 52 naturals and the joker (id 52), less the holes
        if card not in (hole_a[0], hole_a[1], hole_b[0], hole_b[1]):
            deck[n] = card
            n += 1
    score = 0.0
    for _ in range(trials):
        for j in range(5):                       # the board: a partial Fisher-Yates shuffle
            k = j + np.random.randint(n - j)
            deck[j], deck[k] = deck[k], deck[j]
        board = jit.hand(tables, deck[:5])       # the board's partial hand, once
        a = jit.value(tables, jit.add(tables, jit.add(tables, board, hole_a[0]), hole_a[1]))
        b = jit.value(tables, jit.add(tables, jit.add(tables, board, hole_b[0]), hole_b[1]))
        score += 1.0 if a > b else 0.5 if a == b else 0.0
    return score / trials


a, b = pokerlut.parse_cards("Ah Kh"), pokerlut.parse_cards("Qd Qc")
print(f"AhKh vs QdQc with a joker in the deck: {joker_equity(jit.tables(), a, b, 1_000_000, 1):.4f}")
print(f"without the joker, exactly:           {pokerlut.equity(['AhKh', 'QdQc']).equity[0]:.4f}")

# %%
# ``jit.rank`` ranks a row of cards exactly as ``pokerlut.evaluate`` does.


@numba.njit
def strongest(tables, hands):
    best, where = 0, -1
    for i in range(hands.shape[0]):
        s = jit.rank(tables, hands[i])
        if s > best:
            best, where = s, i
    return where, best


hands = pokerlut.random_hands(100_000, 7, seed=3)
where, best = strongest(jit.tables(), hands)
print(pokerlut.format_cards(hands[where]), "-", pokerlut.describe(best), best == pokerlut.evaluate(hands).max())
