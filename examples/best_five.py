"""
The best five cards, wild cards included
========================================

``best_five`` says which five cards make a hand's strength, and what each wild card stands for;
``made_cards`` keeps only the cards that count (the pair, both pairs, the trips...).

Extras: none.
"""

import numpy as np

import pokerlut

hands = ["Kh 2c W 9s Kd 7h Ks", "Ah Qh 9h 5h 2h 2c 2d", "As W W 7c 6d 3h 2s"]
best = pokerlut.best_five(hands)
for text, cards, plays_as, strength in zip(hands, best.cards, best.plays_as, pokerlut.evaluate(hands)):
    print(f"{text:<22} best five {pokerlut.format_cards(cards):<16} plays as {pokerlut.format_cards(plays_as):<16}"
          f" {pokerlut.describe(strength)}")

# %%
# The made cards, padded with 255 where a category counts fewer than five.

made = pokerlut.made_cards(["Qc Qd 7h 7s 3c Ah 2d", "9c 9d 9h Ks 2c 4d 6h"])
for row in made:
    print(pokerlut.format_cards(row[row != 255]))
print(np.asarray(made))
