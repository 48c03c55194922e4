"""numba kernel that finds the five cards behind each hand's strength, and what each wild is.

For a hand of k cards the caller ranks every 5-card subset (``subset_values``, one column per
subset) and the kernel keeps one whose value equals the hand's strength (the one with the fewest
wild cards, then the first).  The
strength's row of ``hand_values`` (category and tie-break ranks) gives the five ranks the hand
plays as, most significant first; the subset's natural cards fill those slots and each wild
takes the missing rank, with a suit chosen so the substitute is legal (see :func:`pick_suit`).
"""

from __future__ import annotations

import numba as nb
import numpy as np

WILD = 52
NO_CARD = 255
FLUSH, STRAIGHT, STRAIGHT_FLUSH, FIVE_KIND = 5, 4, 8, 9


@nb.njit(inline="always", nogil=True, cache=True)
def target_ranks(row, ranks):
    """Fill ``ranks`` (5) with the ranks a hand of ``hand_values`` row ``row`` plays as."""
    category = row[0]
    if category == STRAIGHT or category == STRAIGHT_FLUSH:
        top = row[1]
        for j in range(5):
            ranks[j] = top - j if top - j >= 0 else 12  # the wheel's ace plays low
        return
    if category == FIVE_KIND:
        for j in range(5):
            ranks[j] = row[1]
        return
    # groups: (size, how many groups) per category, tie-break ranks give one rank per group
    if category == 7:
        sizes = (4, 1, 0, 0, 0)
    elif category == 6:
        sizes = (3, 2, 0, 0, 0)
    elif category == 3:
        sizes = (3, 1, 1, 0, 0)
    elif category == 2:
        sizes = (2, 2, 1, 0, 0)
    elif category == 1:
        sizes = (2, 1, 1, 1, 0)
    else:
        sizes = (1, 1, 1, 1, 1)
    j = 0
    for g in range(5):
        for _ in range(sizes[g]):
            ranks[j] = row[1 + g]
            j += 1


@nb.njit(inline="always", nogil=True, cache=True)
def pick_suit(rank, hand, used, avoid_suit, free_choice):
    """A suit for a wild standing for ``rank``.

    Never a natural card of the chosen five or another wild's substitute (``used``, a 64-bit card
    mask) unless ``free_choice`` (five of a kind, the one exception); preferably not a card held
    elsewhere in the whole ``hand`` either, and not ``avoid_suit`` (so a straight or a set of
    distinct ranks does not turn into a flush)."""
    best, best_score = -1, -1
    for suit in range(4):
        card = 4 * rank + suit
        bit = np.uint64(1) << np.uint64(card)
        if (used & bit) and not free_choice:
            continue
        score = 0
        if not (used & bit):
            score += 4
        if not (hand & bit):
            score += 2
        if suit != avoid_suit:
            score += 1
        if score > best_score:
            best, best_score = suit, score
    return best


@nb.njit(nogil=True, cache=True)
def best_five_rows(hands, strengths, subsets, subset_values, hand_values, five, plays_as):
    """For each row: the chosen five cards (``five``, wilds as 52) and the card each plays as."""
    ranks = np.empty(5, dtype=np.intp)
    for i in range(hands.shape[0]):
        # the subset that makes the strength, with the fewest wilds
        chosen, chosen_wilds = -1, 6
        for s in range(subsets.shape[0]):
            c = subsets[s]
            if subset_values[i, s] == strengths[i]:
                wilds = 0
                for j in range(5):
                    if hands[i, c[j]] == WILD:
                        wilds += 1
                if wilds < chosen_wilds:
                    chosen, chosen_wilds = s, wilds
        hand_mask = np.uint64(0)
        for j in range(hands.shape[1]):
            if hands[i, j] != WILD:
                hand_mask |= np.uint64(1) << np.uint64(hands[i, j])
        row = hand_values[strengths[i]]
        target_ranks(row, ranks)
        category = row[0]
        # naturals of the subset fill the slots of their rank, most significant slot first
        taken = 0  # bit per slot filled by a natural card
        used = np.uint64(0)
        flush_suit = -1
        for j in range(5):
            five[i, j] = NO_CARD
        for j in range(5):
            card = hands[i, subsets[chosen, j]]
            if card == WILD:
                continue
            flush_suit = card & 3
            used |= np.uint64(1) << np.uint64(card)
            for slot in range(5):
                if five[i, slot] == NO_CARD and ranks[slot] == card >> 2:
                    five[i, slot] = card
                    plays_as[i, slot] = card
                    taken |= 1 << slot
                    break
        # wilds take the remaining slots
        suited = category == FLUSH or category == STRAIGHT_FLUSH
        for slot in range(5):
            if taken >> slot & 1:
                continue
            if suited:
                suit = flush_suit
            else:
                suit = pick_suit(ranks[slot], hand_mask, used, flush_suit, category == FIVE_KIND)
            card = 4 * ranks[slot] + suit
            five[i, slot] = WILD
            plays_as[i, slot] = card
            used |= np.uint64(1) << np.uint64(card)
