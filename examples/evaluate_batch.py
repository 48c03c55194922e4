"""
Rank a batch of hands
=====================

Rank a million random 7-card hands in one call, count the hands of each category and draw the
counts. ``evaluate`` takes a ``uint8`` array of card ids of shape ``(N, 7)`` and returns one
``uint16`` strength per hand, higher for the stronger hand.

Extras: plot (matplotlib).
"""

import matplotlib.pyplot as plt
import numpy as np

import pokerlut

hands = pokerlut.random_hands(1_000_000, 7, seed=1)
strengths = pokerlut.evaluate(hands)
counts = np.bincount(pokerlut.category(strengths), minlength=len(pokerlut.CATEGORY_NAMES))

for name, count in zip(pokerlut.CATEGORY_NAMES, counts):
    print(f"{name:<16} {count / len(hands):8.4%}")
print("the strongest:", pokerlut.format_cards(hands[strengths.argmax()]), "-", pokerlut.describe(strengths.max()))

# %%
# The share of each category, on a log scale: one pair and two pair dominate seven-card hands.

fig, ax = plt.subplots(figsize=(7, 3.5))
ax.barh(pokerlut.CATEGORY_NAMES[: len(counts)], counts / len(hands))
ax.set_xscale("log")
ax.set_xlabel("share of 1,000,000 random 7-card hands")
fig.tight_layout()
