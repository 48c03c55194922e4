"""Facts about cards that every module shares, each written once.

>>> WILD, NO_CARD, N_NATURAL
(52, 255, 52)
"""

from __future__ import annotations

#: Ranks per suit (deuce .. ace) and suits (clubs, diamonds, hearts, spades); a card id is
#: ``4 * rank + suit`` (``docs/rules.md``, "Cards").
N_RANKS = 13
N_SUITS = 4
ACE = 12
#: Natural cards: ids ``0 .. N_NATURAL - 1``.
N_NATURAL = N_RANKS * N_SUITS
#: The wild card (joker).
WILD = 52
#: Padding for "no card here" in fixed-width card arrays (``made_cards``, video-poker holds).
NO_CARD = 255
#: The strength no hand has: the kernels write it for a row they reject.
NO_STRENGTH = 0
#: The most cards one hand may hold (Hold'em: 2 hole + 5 board).
MAX_HAND_CARDS = 7
