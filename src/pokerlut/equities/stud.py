"""Seven-card stud equity: stud high, stud hi-lo (eight or better) and razz, from any street.

Reached through :func:`pokerlut.equity` with ``variant="stud"``, ``"stud-hilo"`` or ``"razz"``
(or called as :func:`stud_equity`).  Stud has no board: each player ends with seven cards of his
own, and the caller gives, per player, the cards he knows (up cards, and the down cards he can
see: his own) and how many are unknown.  Every other card the caller has seen (folded up cards)
is dead.  A player is written:

* ``"As Ad 7c"``: the known cards; the rest of the seven are unknown (here 4);
* ``("Kh", 6)``: the known cards and the number of unknown cards, which must make seven.

Unknown cards are any of the cards no one holds and no one has folded, all equally likely.
Every deal is enumerated when the deals times the players with unknown cards are at most
:data:`EXACT_BUDGET` (late streets), else Monte Carlo samples them (seeded chunks, as the other
engines).  In hi-lo ``equity`` is the average share of the pot (half to the high, half to the
best eight-or-better low, the whole to the high when no one has a low), ``win`` the share of
scoops.

>>> r = stud_equity(["As Ad 7c 9h 2d 3s", ("Kh Ks Qd 8c", 3)], dead="Ac 7d", exact=True)   # sixth street
>>> r.method, r.n, [round(float(x), 4) for x in r.equity]
('exact', 365560, [0.5161, 0.4839])
"""

from __future__ import annotations

import math
import numbers
import time
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from .. import _threads, config
from .._input import check_deal, deal_cards, natural_card_table
from .._notice import progress_bar
from ..cards import format_cards, shown
from ..constants import STUD_CARDS, WILD
from ..kernels.omaha_equity import COUNT_COLUMNS
from ..kernels.registry import stud_exact_kernel, stud_mc_kernel
from ..kernels.stud import stud_exact_scratch
from ..table_records import HiLoTables
from ..variants import VARIANTS, Variant, VariantLike, get_variant
from . import plan, registry
from .deal import card_mask, check_deck, check_seats
from .results import SHARE_UNIT, EquityResult, fractions, hilo_sides

__all__ = ["stud_equity", "StudPlayer", "StudDeal", "read_players", "read_stud_deal", "run_stud", "STUD_DEAL",
           "EXACT_BUDGET", "MAX_EXACT"]

#: ``EXACT_BUDGET`` and ``MAX_EXACT`` here are :data:`pokerlut.config.STUD_EXACT_BUDGET` and
#: :data:`pokerlut.config.STUD_MAX_EXACT`, read at call time.
_FROM_CONFIG = {"EXACT_BUDGET": "STUD_EXACT_BUDGET", "MAX_EXACT": "STUD_MAX_EXACT"}
#: What settling one deal costs per player, in lookups (one 7-card key and lookup; two in hi-lo).
_PLAYER_LOOKUPS = 2


@dataclass(frozen=True, eq=False)
class StudPlayer:
    """One stud player: the known cards (uint8), how many of his seven are unknown, and the label
    the result shows (``"AsAd7c +4"``)."""

    known: np.ndarray
    unknown: int
    label: str


@dataclass(frozen=True, eq=False)
class StudDeal:
    """A checked stud deal: the game, its players and the dead cards."""

    variant: Variant
    players: list[StudPlayer]
    dead: np.ndarray


def _read_player(value, index: int, v: Variant) -> StudPlayer:
    name = f"player {index}"
    count = None
    if isinstance(value, tuple) and len(value) == 2 and not isinstance(value[0], numbers.Integral):
        value, count = value
        if isinstance(count, (bool, np.bool_)) or not isinstance(count, numbers.Integral):
            raise TypeError(f"{name}: the number of unknown cards is an integer, got {shown(count)}")
        count = int(count)
    known = deal_cards(value, name)
    seven = v.rule.hole_sizes[-1]
    if len(known) > seven:
        raise ValueError(f"{name}: {v.rule.hole_size_text(len(known), v.name)} known cards")
    unknown = seven - len(known)
    if count is not None and count != unknown:
        raise ValueError(f"{name}: {v.rule.game(v.name)} hand ends with {seven} {v.rule.hole_unit}, but {len(known)} "
                         f"known and {count} unknown make {len(known) + count}")
    label = (format_cards(known).replace(" ", "") if known.max(initial=0) <= WILD else str(known.tolist()))
    return StudPlayer(known, unknown, (label or "-") + (f" +{unknown}" if unknown else ""))


def read_players(players, dead, v: Variant) -> tuple[list[StudPlayer], np.ndarray]:
    """The players and dead cards of a stud deal, checked together (see the module doc)."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise TypeError("players is a list of stud hands, e.g. ['As Ad 7c', ('Kh', 6)]")
    check_seats(len(players))
    parsed = [_read_player(p, i, v) for i, p in enumerate(players)]
    dead_cards = deal_cards(dead, "the dead cards")
    groups = [("dead card", dead_cards)] + [(f"player {i}'s card", p.known) for i, p in enumerate(parsed)]
    check_deal(groups, natural_card_table(v.tables.cards), "equity calculations", v.describe_deck())
    check_deck(v, len(parsed), v.rule.hole_sizes[-1], len(dead_cards))
    return parsed, dead_cards


def _tables(v: Variant) -> HiLoTables:
    """The kernels' tables: the game's 7-card tables, then the low side's (hi-lo; else the same)."""
    return HiLoTables(v.tables.rank_tables(STUD_CARDS), (v.low_tables or v.tables).rank_tables(STUD_CARDS))


def read_stud_deal(players, board, dead, v: Variant) -> StudDeal:
    """The deal reader of the stud games (:mod:`pokerlut.equities.registry`): no board, the players
    and dead cards checked together (see the module doc)."""
    board_cards = deal_cards(board, "the board")
    if len(board_cards) not in v.rule.board_sizes:
        raise ValueError(v.rule.board_size_text(len(board_cards), v.name))
    parsed, dead_cards = read_players(players, dead, v)
    return StudDeal(v, parsed, dead_cards)


def stud_equity(players, dead="", *, board="", exact: bool | None = None, samples: int = plan.DEFAULT_SAMPLES,
                seed=None, progress: bool = False, variant: VariantLike = "stud") -> EquityResult:
    """Equity of a seven-card stud deal (stud, stud hi-lo or razz); see the module doc.

    Parameters
    ----------
    players
        2 to 7 players, each known cards (``"As Ad 7c"``) or ``(known cards, number unknown)``.
    dead
        Cards no player can receive (folded up cards, burnt cards seen).
    board
        Must be empty: stud has no board.
    exact, samples, seed, progress
        As for :func:`pokerlut.equity`.
    variant
        ``"stud"``, ``"stud-hilo"`` or ``"razz"``.

    Examples
    --------
    >>> r = stud_equity(["2c 3d 4h 5s 7c 9d Kh", "Ac 2d 3h 4s 6c 8d Qh"], variant="razz")   # every card known
    >>> r.method, r.n, r.equity.tolist()
    ('exact', 1, [0.0, 1.0])
    """
    question = registry.check_question(exact, samples, seed, progress)
    v = get_variant(variant)
    if registry.reader_of(v) is not STUD_DEAL:
        games = ", ".join(name for name, game in VARIANTS.items() if registry.reader_of(game) is STUD_DEAL)
        raise ValueError(f"stud_equity is for the stud games ({games}), not {v.name!r}")
    return registry.answer(players, board, dead, v, question)


def run_stud(deal: StudDeal, question: registry.Question) -> EquityResult:
    """The stud engine: every deal when the work fits :data:`EXACT_BUDGET`, else Monte Carlo."""
    start = time.perf_counter()
    exact, samples, seed, progress = question.exact, question.samples, question.seed, question.progress
    v, parsed, dead_cards = deal.variant, deal.players, deal.dead
    n = len(parsed)
    rows0 = np.zeros(STUD_CARDS * n, np.uint8)
    for p, player in enumerate(parsed):
        rows0[STUD_CARDS * p:STUD_CARDS * p + len(player.known)] = player.known
    known = np.array([len(p.known) for p in parsed], np.int64)
    unknown = np.array([p.unknown for p in parsed], np.int64)
    used = int(card_mask(np.concatenate([dead_cards, *(p.known for p in parsed)])))
    deck = np.array([c for c in v.deck if not used >> c & 1], dtype=np.uint8)
    levels = sorted((p for p in range(n) if unknown[p]), key=lambda p: -math.comb(len(deck), int(unknown[p])))
    n_deals, left = 1, len(deck)
    for p in levels:
        n_deals *= math.comb(left, int(unknown[p]))
        left -= int(unknown[p])
    work = n_deals * len(levels)
    if exact is True and work > config.STUD_MAX_EXACT:
        raise ValueError(f"exact=True would enumerate {n_deals:,} deals ({work:,} player-hands, more than "
                         f"MAX_EXACT = {config.STUD_MAX_EXACT:,}); use Monte Carlo (exact=False or None)")
    use_exact = exact is True or (exact is None and work <= config.STUD_EXACT_BUDGET)
    tables = _tables(v)
    hilo = v.rule.hilo
    pot = 2 * SHARE_UNIT if hilo else SHARE_UNIT
    lookups = n * _PLAYER_LOOKUPS * (2 if hilo else 1)
    labels = [p.label for p in parsed]
    if use_exact:
        players_of = np.array(levels, np.int64)
        unknown_of = unknown[players_of]
        n_items = math.comb(len(deck), int(unknown_of[0])) if len(levels) else 1
        per_item = n_deals // n_items
        slots = _threads.n_chunks() + 1
        out = np.zeros((slots, n, COUNT_COLUMNS), np.int64)

        def piece(lo: int, hi: int, slot: int) -> None:
            stud_exact_kernel()(rows0.copy(), n, players_of, known, unknown_of, deck, lo, hi, out[slot],
                                stud_exact_scratch(n, len(levels), len(deck)), hilo, False, tables)

        bar = progress_bar(n_items, "deals", progress and n_deals > 10**7, unit_scale=True)
        _threads.run_blocks(piece, n_items, cost=float(per_item * lookups), bar=bar)
        if bar is not None:
            bar.close()
        win, tie, equity, se = fractions(out.sum(axis=0), n_deals, pot)
        sides = hilo_sides(out.sum(axis=0), n_deals) if hilo else {}
        return EquityResult(labels, win, tie, equity, n_deals, "exact", se, None, "", format_cards(dead_cards),
                            time.perf_counter() - start, engine="stud", unit="deals", **sides)
    entropy = plan.entropy(seed)
    trials, seeds = plan.chunk_plan(samples, entropy)
    counts = np.zeros((len(trials), n, COUNT_COLUMNS), np.int64)

    def mc_piece(lo: int, hi: int, slot: int) -> None:
        stud_mc_kernel()(trials[lo:hi], seeds[lo:hi], rows0, n, known, unknown, deck, np.uint64(used), counts[lo:hi],
                         np.zeros(STUD_CARDS * n, np.uint8), np.zeros(n, np.uint16), np.zeros(n, np.uint16), hilo,
                         True, tables)

    bar = progress_bar(int(trials.sum()), "trials", progress, unit_scale=True)
    _threads.run_blocks(mc_piece, len(trials), cost=trials.astype(np.float64) * lookups, bar=bar, bar_per_item=trials)
    if bar is not None:
        bar.close()
    win, tie, equity, se = fractions(counts.sum(axis=0), float(samples), pot, sampled=True)
    sides = hilo_sides(counts.sum(axis=0), float(samples)) if hilo else {}
    return EquityResult(labels, win, tie, equity, int(samples), "monte carlo", se, entropy, "",
                        format_cards(dead_cards), time.perf_counter() - start, engine="monte carlo", unit="deals",
                        **sides)


#: The stud games' deal reader and its one engine, registered (:mod:`pokerlut.equities.registry`).
STUD_DEAL = registry.register_deal("stud", read_stud_deal)
registry.register_engine("stud", registry.Engine("stud", run_stud))


def __getattr__(name: str):
    """The old names of the tunables now in :mod:`pokerlut.config` (read there, at call time)."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
