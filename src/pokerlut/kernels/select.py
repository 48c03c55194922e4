"""Which five cards make each hand's strength, and what each wild card stands for.

Per row of ``n`` cards (5..7): the strength (as :mod:`.rank` ranks it), then every 5-card subset
ranked from the 5-card tables (its key is the row's key less the left-out cards), keeping the one
that makes the strength with the fewest wild cards, then the earliest positions (the subset whose
sorted positions come first).  The strength's ``hand_values`` row (category and ranks) gives the
five ranks the hand plays as, most significant first; the subset's natural cards fill their slots
(equal ranks in the order they sit in the row) and each wild card takes the missing rank, with a
suit chosen so the substitute is legal.
"""

from __future__ import annotations

import numpy as np

from ..constants import (FIVE_OF_A_KIND, FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, NO_CARD, ONE_PAIR, STRAIGHT,
                         STRAIGHT_FLUSH, THREE_OF_A_KIND, TWO_PAIR, WILD)
from ..layout import SLOW_FIELDS
from .compile import compile_kernel, jitted
from .primitives import hand_key, lookup, rare_value, subset_key, value_of, wild_count

_SLOW = np.uint64(SLOW_FIELDS)


@jitted()
def group_sizes(category):
    """How many cards each tie-break rank of a category stands for, most significant first."""
    if category == FOUR_OF_A_KIND:
        return 4, 1, 0, 0, 0
    if category == FULL_HOUSE:
        return 3, 2, 0, 0, 0
    if category == THREE_OF_A_KIND:
        return 3, 1, 1, 0, 0
    if category == TWO_PAIR:
        return 2, 2, 1, 0, 0
    if category == ONE_PAIR:
        return 2, 1, 1, 1, 0
    return 1, 1, 1, 1, 1


@jitted()
def slot_rank(row, slot):
    """The rank of slot ``slot`` (0 = most significant) of a hand whose ``hand_values`` row is ``row``."""
    category = row[0]
    if category == STRAIGHT or category == STRAIGHT_FLUSH:
        r = np.int64(row[1]) - slot
        return r if r >= 0 else np.int64(12)  # the wheel's ace plays low
    if category == FIVE_OF_A_KIND:
        return np.int64(row[1])
    sizes = group_sizes(category)
    start = 0
    for g in range(5):
        if slot < start + sizes[g]:
            return np.int64(row[1 + g])
        start += sizes[g]
    return np.int64(-1)


@jitted()
def pick_suit(rank, hand_bits, used_bits, avoid_suit, free_choice):
    """A suit for a wild card standing for ``rank``: never a card of the five already (``used_bits``)
    unless ``free_choice`` (five of a kind), preferably not a card held elsewhere in the hand, and
    not ``avoid_suit`` (so distinct ranks do not turn into a flush)."""
    best, best_score = -1, -1
    for suit in range(4):
        bit = np.uint64(1) << np.uint64(4 * rank + suit)
        if (used_bits & bit) and not free_choice:
            continue
        score = 0
        if not (used_bits & bit):
            score += 4
        if not (hand_bits & bit):
            score += 2
        if suit != avoid_suit:
            score += 1
        if score > best_score:
            best, best_score = suit, score
    return best


def make_select_kernel(n_cards: int):
    """Compile ``best_five{n}(flat, five, plays_as, strengths, tables..., hand_values)``: for each row,
    the five cards (wilds as 52), what each plays as, and the strength."""
    n = n_cards
    n64 = np.uint64(n_cards)
    no_card = np.uint8(NO_CARD)

    def kernel(flat, five, plays_as, strengths, cards, bases, values, flush, bases5, values5, hand_values):
        for i in range(strengths.shape[0]):
            b = n64 * np.uint64(i)
            key = hand_key(flat, b, n, cards)
            if (key & _SLOW) != 0:
                strength = rare_value(flat, b, n, key, cards, bases, values, flush, bases5, values5, False)
            else:
                strength = lookup(key, bases, values)
            strengths[i] = strength
            if strength == 0:  # a row holding an id the game does not deal (reached only unchecked)
                for slot in range(5):
                    five[i, slot] = no_card
                    plays_as[i, slot] = no_card
                continue
            # the subset making the strength: fewest wilds, then earliest positions
            chosen1, chosen2, chosen_wilds = n, n, 6
            for s1 in range(n + 1):
                for s2 in range(s1 + 1, n + 2):
                    if n == 5 and (s1 != 5 or s2 != 6):
                        continue
                    if n == 6 and (s1 == 6 or s2 != 7):
                        continue
                    if n == 7 and s2 > 6:
                        continue
                    k5 = subset_key(flat, b, n, s1, s2, key, cards)
                    if value_of(flat, b, n, s1, s2, k5, bases5, values5, flush) != strength:
                        continue
                    wilds = wild_count(k5)
                    # left-out positions later in the row leave earlier ones in: better
                    later = s1 > chosen1 or (s1 == chosen1 and s2 > chosen2)
                    if wilds < chosen_wilds or (wilds == chosen_wilds and later):
                        chosen1, chosen2, chosen_wilds = s1, s2, wilds
            row = hand_values[strength]
            category = row[0]
            hand_bits = np.uint64(0)
            for j in range(n):
                c = flat[b + np.uint64(j)]
                if c != WILD:
                    hand_bits |= np.uint64(1) << np.uint64(c)
            for slot in range(5):
                five[i, slot] = no_card
            used_bits = np.uint64(0)
            flush_suit = np.int64(-1)  # typed: pick_suit is not compiled again for a literal -1
            for j in range(n):  # natural cards fill the first free slot of their rank, in row order
                c = flat[b + np.uint64(j)]
                if j == chosen1 or j == chosen2 or c == WILD:
                    continue
                flush_suit = np.int64(c & 3)
                used_bits |= np.uint64(1) << np.uint64(c)
                for slot in range(5):
                    if five[i, slot] == no_card and slot_rank(row, slot) == np.int64(c >> 2):
                        five[i, slot] = c
                        plays_as[i, slot] = c
                        break
            suited = category == FLUSH or category == STRAIGHT_FLUSH
            for slot in range(5):  # wild cards take the remaining slots
                if five[i, slot] != no_card:
                    continue
                rank = slot_rank(row, slot)
                if suited:
                    suit = flush_suit
                else:
                    suit = pick_suit(rank, hand_bits, used_bits, flush_suit, category == FIVE_OF_A_KIND)
                card = np.uint64(4 * rank + suit)
                five[i, slot] = WILD
                plays_as[i, slot] = card
                used_bits |= np.uint64(1) << card

    return compile_kernel(kernel, f"best_five{n}")
