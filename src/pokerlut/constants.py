"""Every fact the package shares, written once: cards, hands, strengths, categories, deals.

Everything else imports these; nothing re-types them.  The rules behind them are in
``docs/rules.md``.

>>> WILD, NO_CARD, N_NATURAL, card(12, 3), rank_of(51), suit_of(51)
(52, 255, 52, 51, 12, 3)
>>> NATURAL_STRENGTHS, MAX_STRENGTH, CATEGORIES["high"][FLUSH]
(7462, 7475, 'Flush')
"""

from __future__ import annotations

# --------------------------------------------------------------------------- cards

#: Ranks per suit (deuce .. ace) and suits (clubs, diamonds, hearts, spades); a card id is
#: ``4 * rank + suit`` (``docs/rules.md``, "Cards").
N_RANKS = 13
N_SUITS = 4
DEUCE = 0
ACE = 12
#: Natural cards: ids ``0 .. N_NATURAL - 1``.
N_NATURAL = N_RANKS * N_SUITS
#: The wild card (joker).
WILD = 52
#: Padding for "no card here" in fixed-width card arrays (``made_cards``, video-poker holds).
NO_CARD = 255
#: Rank and suit letters, deuce first and clubs first: a card's text is ``RANK_CHARS[r] + SUIT_CHARS[s]``.
RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES: tuple[str, ...] = (
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)  # fmt: skip
RANK_PLURALS: tuple[str, ...] = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
    "nines", "tens", "jacks", "queens", "kings", "aces",
)  # fmt: skip


def card(rank: int, suit: int) -> int:
    """The id of the card of ``rank`` (0 = deuce .. 12 = ace) and ``suit`` (0 = c .. 3 = s).

    >>> card(0, 0), card(ACE, 3)
    (0, 51)
    """
    return N_SUITS * rank + suit


def rank_of(card_id: int) -> int:
    """The rank of a natural card id.

    >>> rank_of(card(9, 2))
    9
    """
    return card_id // N_SUITS


def suit_of(card_id: int) -> int:
    """The suit of a natural card id.

    >>> suit_of(card(9, 2))
    2
    """
    return card_id % N_SUITS


# --------------------------------------------------------------------------- hands and strengths

#: Hand sizes ranked as the best five of k (each has tables of its own).
HAND_SIZES = (5, 6, 7)
#: The hand sizes of the games ranked whole: badugi's four cards, three-card poker's three, the
#: rows of open-face Chinese poker (a 3-card top row, 5-card middle and bottom rows).
BADUGI_CARDS = 4
THREE_CARDS = 3
OFC_ROW_SIZES = (3, 5)
#: The cards of a hand the ladders rank: the best five.
FIVE_CARDS = 5
#: Seven-card stud: the cards each player ends with.
STUD_CARDS = 7
#: Video poker: the fewest cards a hold keeps toward a royal, a straight or a flush to be named a draw to it.
MIN_DRAW_CARDS = 2
#: The most cards one hand may hold (Hold'em: 2 hole + 5 board).
MAX_HAND_CARDS = 7
#: The strength no hand has: the kernels write it for a row they reject.
NO_STRENGTH = 0
#: Distinct natural 5-card hand values of the standard high game (``7463 - s`` is the Cactus Kev rank).
NATURAL_STRENGTHS = 7462
#: Five of a kind of rank ``r`` (only with wild cards) is ``FIVE_OF_A_KIND_BASE + r``.
FIVE_OF_A_KIND_BASE = NATURAL_STRENGTHS + 1
MAX_STRENGTH = FIVE_OF_A_KIND_BASE + ACE

#: Category numbers of the standard high game, weakest first.
(HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND,
 STRAIGHT_FLUSH, FIVE_OF_A_KIND) = range(10)

#: Category names of every table set, weakest first: category ``i`` of a strength is
#: ``hand_values[strength, 0]`` and its name ``CATEGORIES[table_set][i]``.  Category numbers grow
#: with strength in every game (the low games included: their best category comes last).
CATEGORIES: dict[str, tuple[str, ...]] = {
    "high": ("High card", "One pair", "Two pair", "Three of a kind", "Straight", "Flush", "Full house",
             "Four of a kind", "Straight flush", "Five of a kind"),
    "short-deck": ("High card", "One pair", "Two pair", "Straight", "Three of a kind", "Full house", "Flush",
                   "Four of a kind", "Straight flush"),
    "short-deck-straight-over-trips": ("High card", "One pair", "Two pair", "Three of a kind", "Straight",
                                       "Full house", "Flush", "Four of a kind", "Straight flush"),
    "ace-five-low": ("Four of a kind", "Full house", "Three of a kind", "Two pair", "One pair", "No pair"),
    "eight-or-better": ("No low", "Eight low", "Seven low", "Six low", "Five low"),
    "deuce-seven-low": ("Straight flush", "Four of a kind", "Full house", "Flush", "Straight", "Three of a kind",
                        "Two pair", "One pair", "High card"),
    # open-face Chinese poker rows: 3-card top rows and 5-card rows on one scale (the high game's
    # categories without five of a kind; a top row is high card, one pair or three of a kind)
    "ofc": ("High card", "One pair", "Two pair", "Three of a kind", "Straight", "Flush", "Full house",
            "Four of a kind", "Straight flush"),
    "three-card-poker": ("High card", "One pair", "Flush", "Straight", "Three of a kind", "Straight flush"),
    "badugi": ("One-card hand", "Two-card hand", "Three-card hand", "Badugi"),
}
#: How many of the best five are "made" per high category (``docs/rules.md``, "Best five and made
#: cards"): the single highest card, the pair, both pairs, the trips, all five, all five, all five,
#: the quads, all five, all five.
MADE_COUNTS = (1, 2, 4, 3, 5, 5, 5, 4, 5, 5)

# --------------------------------------------------------------------------- deals

#: Players in one deal (equity, showdown of a game with a board).
MIN_PLAYERS = 2
MAX_PLAYERS = 9
#: Hole cards of a Hold'em hand, and the board sizes a Hold'em deal may be given with (0: preflop).
HOLDEM_HOLE = 2
BOARD_CARDS = 5
#: The board's size on the flop and on the turn (on the river it is ``BOARD_CARDS``).
FLOP_CARDS = 3
TURN_CARDS = 4
HOLDEM_BOARD_SIZES = (0, 3, 4, 5)
#: Omaha: hole cards per hand and the board sizes its hands are ranked on.
OMAHA_HOLE_SIZES = (4, 5, 6)
OMAHA_BOARD_SIZES = (3, 4, 5)
OMAHA_EQUITY_BOARD_SIZES = (0, 3, 4, 5)
#: Monte Carlo trials of an equity question when the call names none.
DEFAULT_SAMPLES = 1_000_000

# --------------------------------------------------------------------------- a hand on a board

#: Made-hand classes of a hand relative to its board, by id (``docs/rules.md``, "What a hand is on a
#: board"): the hand's category refined by what its hole cards add to the board's own cards.
MADE_CLASSES: tuple[str, ...] = (
    "plays the board", "high card", "underpair", "bottom pair", "middle pair", "top pair", "overpair",
    "bottom two pair", "top and bottom pair", "top two pair", "trips", "set", "straight", "flush",
    "full house", "quads", "straight flush",
)  # fmt: skip
(MADE_BOARD, MADE_HIGH_CARD, MADE_UNDERPAIR, MADE_BOTTOM_PAIR, MADE_MIDDLE_PAIR, MADE_TOP_PAIR, MADE_OVERPAIR,
 MADE_BOTTOM_TWO, MADE_TOP_AND_BOTTOM, MADE_TOP_TWO, MADE_TRIPS, MADE_SET, MADE_STRAIGHT, MADE_FLUSH,
 MADE_FULL_HOUSE, MADE_QUADS, MADE_STRAIGHT_FLUSH) = range(len(MADE_CLASSES))
#: Kicker classes of a pair or trips made with one hole card (and of a hand of high card).
KICKERS: tuple[str, ...] = ("no kicker", "top kicker", "good kicker", "weak kicker")
KICKER_NONE, KICKER_TOP, KICKER_GOOD, KICKER_WEAK = range(len(KICKERS))
#: A kicker with at most this many better possible kickers above it (ranks not on the board) is good.
GOOD_KICKER_PLACES = 2
#: Draws, one bit each (``1 << i`` is ``DRAWS[i]``); a hand may hold several.
DRAWS: tuple[str, ...] = (
    "flush draw", "nut flush draw", "backdoor flush draw", "open-ended straight draw", "double gutshot",
    "gutshot", "wrap", "backdoor straight draw", "combo draw", "overcards", "one overcard",
)  # fmt: skip
(DRAW_FLUSH, DRAW_NUT_FLUSH, DRAW_BACKDOOR_FLUSH, DRAW_OPEN_ENDED, DRAW_DOUBLE_GUTSHOT, DRAW_GUTSHOT, DRAW_WRAP,
 DRAW_BACKDOOR_STRAIGHT, DRAW_COMBO, DRAW_OVERCARDS, DRAW_ONE_OVERCARD) = (1 << i for i in range(len(DRAWS)))
#: Board textures: the suits (by the most cards of one suit) and the pairing (by the rank counts).
SUIT_TEXTURES: tuple[str, ...] = ("rainbow", "two-tone", "monotone", "three of a suit", "four of a suit")
RAINBOW, TWO_TONE, MONOTONE, THREE_OF_A_SUIT, FOUR_OF_A_SUIT = range(len(SUIT_TEXTURES))
PAIRINGS: tuple[str, ...] = ("unpaired", "paired", "two pair", "trips", "full house", "quads")
UNPAIRED, PAIRED, TWO_PAIRED, TRIPS_ON_BOARD, FULL_HOUSE_ON_BOARD, QUADS_ON_BOARD = range(len(PAIRINGS))
#: The board sizes a hand is classified on, and those it can still draw on (a card to come).
CLASS_BOARD_SIZES = (3, 4, 5)
DRAW_BOARD_SIZES = (3, 4)
