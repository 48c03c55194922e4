"""
Wild cards: jokers and deuces wild
==================================

The wild card is id 52 (``W`` in text); a hand may hold any number of them. A wild card stands for
the best card not already in the hand, except in five of a kind. "Deuces wild" is the same thing with
the deuces relabelled to 52 first.

Extras: none.
"""

import numpy as np

import pokerlut

hands = ["As W Qs Js Ts", "W W W W 2c", "Ah W 9h 5h 2h", "7c 7d W W 2s"]
for hand, strength in zip(hands, pokerlut.evaluate(hands)):
    print(f"{hand:<16} {int(strength):5d}  {pokerlut.describe(strength)}")

# %%
# Deuces wild: relabel the four deuces (ids 0-3) to the wild card and rank as usual.

deal = np.array([pokerlut.parse_cards(h) for h in ("2c 2d Kh Ks 9c", "2s 7h 8h 9h Th", "Ah Ad Ac 2h 5c")])
wild = np.where(deal < 4, pokerlut.WILD, deal).astype(np.uint8)
for cards, strength in zip(deal, pokerlut.evaluate(wild)):
    print(f"{pokerlut.format_cards(cards):<16} {pokerlut.describe(strength)}")

# %%
# The categories of random hands of which about 10% hold a joker, beside those without one.

hands = pokerlut.random_hands(200_000, 5, wild_fraction=0.1, seed=4)
has_wild = (hands == pokerlut.WILD).any(axis=1)
names = pokerlut.category_names()
counts = [np.bincount(pokerlut.category(pokerlut.evaluate(hands[rows])), minlength=len(names)) for rows in
          (~has_wild, has_wild)]
print(f"{'':<16} {'natural':>9} {'with a joker':>13}")
for name, natural, wild in zip(names, *counts):
    print(f"{name:<16} {natural / counts[0].sum():9.4f} {wild / counts[1].sum():13.4f}")
