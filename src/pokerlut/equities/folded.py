"""Equity after earlier players folded: their cards are not dealt to the others, but drawn from the
ranges they fold ("card removal", or bunching).

:func:`folded_equity` takes the players still in (Hold'em hands or ranges, as :func:`pokerlut.equity`
does) and one range per player who folded.  A deal is one hand for each folder and each player,
no card twice, counted with the product of their weights, and a board from the cards left:

* **exact**: every conflict-free combination of the folders' hands (those with the same cards
  merged), each with the weight of the players' hands that fit beside it, and the players'
  exact equity with those cards dead;
* **Monte Carlo**: each trial draws every folder's and every player's hand by weight (a trial
  whose hands share a card is drawn again whole), then the board.

The answer carries the plain one (the same question with nobody folded) and the difference.
:func:`folded_range` gives a player's hand frequencies the same way: his range with each combo's
weight times the weight of the folders' hands that fit beside it.

>>> r = folded_equity(["AhKh", "QdQc"], folded=["AA,KK,AK"], board="7s 4d 2c 9h", exact=True)  # 6 outs or fewer
>>> r.method, [round(float(x), 4) for x in r.equity], [round(float(x), 4) for x in r.plain.equity]
('exact', [0.0952, 0.9048], [0.1364, 0.8636])
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np
from numpy.typing import NDArray

from .. import _seeds, config
from .._records import same_fields
from ..constants import BOARD_CARDS, N_NATURAL
from ..evaluate import evaluate
from ..ranges import Range, parse_range
from .._input import deal_cards
from ..typing import CardsLike, SeedLike
from ..variants import BEST_FIVE_VARIANTS, VariantLike, get_variant
from . import plan
from .deal import ImpossibleDeal, PlayersLike, combo_masks, parse_deal
from .holdem import holdem_equity
from .results import EquityResult

__all__ = ["FoldedEquity", "folded_equity", "folded_range", "MAX_FOLD_DEALS", "FOLD_EXACT_LIMIT"]

#: ``MAX_FOLD_DEALS`` and ``FOLD_EXACT_LIMIT`` live in :mod:`pokerlut.config`, read at call time.
_FROM_CONFIG = {"MAX_FOLD_DEALS": "MAX_FOLD_DEALS", "FOLD_EXACT_LIMIT": "FOLD_EXACT_LIMIT"}
#: Monte Carlo trials drawn per numpy batch.
_BATCH = 1 << 15
#: Batches in a row without one deal whose hands fit together before Monte Carlo gives up.
_MAX_EMPTY_BATCHES = 20


@dataclass(eq=False)
class FoldedEquity:
    """Per player still in (in the order given): ``win``, ``tie``, ``equity`` with the folders' cards
    drawn from their ranges; ``std_error`` (Monte Carlo; zeros when exact); ``n`` trials, or
    combinations of the folders' hands enumerated; ``plain`` the same question with nobody folded
    (:func:`pokerlut.equity`) and ``difference`` ``equity - plain.equity``."""

    players: list[str]
    folded: list[str]
    win: NDArray[np.float64]
    tie: NDArray[np.float64]
    equity: NDArray[np.float64]
    std_error: NDArray[np.float64]
    n: int
    method: str
    plain: EquityResult
    seconds: float = field(default=0.0, compare=False)  #: how long the run took (not compared)
    seed: int | None = None  #: the entropy that reproduces a Monte Carlo run

    __eq__ = same_fields

    @property
    def difference(self) -> NDArray[np.float64]:
        return self.equity - self.plain.equity


def _fold_range(spec, i: int, known: np.ndarray) -> Range:
    rng = spec if isinstance(spec, Range) else parse_range(spec) if isinstance(spec, str) else None
    if rng is None:
        raise TypeError(f"folded range {i} must be range text or a Range, got {type(spec).__name__}")
    live = rng.blocked(known)
    if len(live) == 0:
        raise ValueError(f"folded range {i} ({spec if isinstance(spec, str) else 'a Range'}) has no combo left by "
                         f"the known cards")
    return live


def _players_mass(ranges: list[Range], taken: int) -> float:
    """Total weight of the conflict-free combinations of the players' combos that avoid the cards
    ``taken`` (a bit mask)."""
    masks, weights = None, None
    for rng in ranges:
        m = combo_masks(rng.combos)
        ok = (m & np.uint64(taken)) == 0
        m, w = m[ok], np.asarray(rng.weights, np.float64)[ok]
        if masks is None:
            masks, weights = m, w
            continue
        fit = (masks[:, None] & m[None, :]) == 0
        a, b = np.nonzero(fit)
        masks, weights = masks[a] | m[b], weights[a] * w[b]
    return float(weights.sum())


def folded_equity(players: PlayersLike, folded: Sequence[str | Range], board: CardsLike = "", dead: CardsLike = "",
                  *, exact: bool | None = None, samples: int = 200_000, seed: SeedLike = None,
                  variant: VariantLike = "high") -> FoldedEquity:
    """Equity of the players still in when the players before them folded the ranges ``folded``.

    Parameters
    ----------
    players, board, dead, variant
        As for :func:`pokerlut.equity` (the Hold'em games: hands or ranges).
    folded
        One range per player who folded (``"22+,A2s+,KTo+"``, a :class:`~pokerlut.Range`): the
        hands he could have folded, with their weights.
    exact
        ``None``: exact when the folders' combinations times the boards left are at most
        :data:`FOLD_EXACT_LIMIT` (and at most two players are still in), else Monte Carlo;
        ``True`` / ``False`` force either (exact: at most :data:`MAX_FOLD_DEALS` combinations, two
        players in, or any number holding fixed hands).
    samples, seed
        Monte Carlo trials and seed (:func:`pokerlut.equity`); the plain answer is run with them too.

    Returns
    -------
    FoldedEquity

    Examples
    --------
    >>> r = folded_equity(["AsKd", "7h7c"], folded=["AA,KK,QQ,AK"] * 3, exact=False, samples=20_000, seed=1)
    >>> r.method, r.n, bool(r.difference[0] < 0)
    ('monte carlo', 20000, True)
    """
    start = time.perf_counter()
    exact = plan.check_exact(exact)
    samples = plan.check_samples(samples)
    _seeds.check_seed(seed)
    v = get_variant(variant)
    if v.name not in BEST_FIVE_VARIANTS:
        raise ValueError(f"folded_equity takes the Hold'em games, not {v.name}")
    if isinstance(folded, (str, Range)) or not isinstance(folded, Sequence):
        raise TypeError("folded is a list of ranges, one per player who folded, e.g. ['22+,AJs+']")
    deal = parse_deal(players, board, dead, v)
    known = deal.fixed
    folds = [_fold_range(f, i, known) for i, f in enumerate(folded)]
    n_players = len(deal.players)
    plain = _equity(players, board, dead, exact, samples, seed, v)
    fold_labels = [f if isinstance(f, str) else "range" for f in folded]
    if not folds:
        return FoldedEquity(deal.labels, [], plain.win, plain.tie, plain.equity, plain.std_error, plain.n, plain.method,
                            plain, time.perf_counter() - start)
    fixed_hands = all(p.hole is not None for p in deal.players)
    exact_possible = n_players == 2 or fixed_hands
    if exact is True and not exact_possible:
        raise ValueError("exact=True folded equity takes two players still in, or players holding fixed hands")
    use_exact = exact is True
    if exact is None and exact_possible:
        bound = math.prod(len(f) for f in folds)
        left = deal.n_left - 2 * len(folds)
        use_exact = bound <= config.MAX_FOLD_DEALS and bound * math.comb(left, BOARD_CARDS - len(deal.board)) \
            <= config.FOLD_EXACT_LIMIT
    if use_exact:
        win, tie, eq, n = _exact(deal, folds, players, board, dead, v)
        return FoldedEquity(deal.labels, fold_labels, win, tie, eq, np.zeros(n_players), n, "exact", plain,
                            time.perf_counter() - start)
    entropy = plan.entropy(seed)
    win, tie, eq, se = _monte_carlo(deal, folds, samples, entropy, v)
    return FoldedEquity(deal.labels, fold_labels, win, tie, eq, se, samples, "monte carlo", plain,
                        time.perf_counter() - start, entropy)


def _equity(players, board, dead, exact, samples, seed, v) -> EquityResult:
    """What :func:`pokerlut.equity` answers for a Hold'em game."""
    return holdem_equity(parse_deal(players, board, dead, v), exact=exact, samples=samples or plan.DEFAULT_SAMPLES,
                         seed=seed, progress=False, per_combo=False, method=None)


def _exact(deal, folds, players, board, dead, v):
    holes, weights = plan.combinations(folds)
    if len(holes) == 0:
        raise ImpossibleDeal("the folders' ranges never fit together: every combination shares a card")
    if len(holes) > config.MAX_FOLD_DEALS:
        raise ValueError(f"exact=True would enumerate {len(holes):,} combinations of the folders' hands (more than "
                         f"MAX_FOLD_DEALS = {config.MAX_FOLD_DEALS:,}); use Monte Carlo (exact=False)")
    cards = np.sort(holes.reshape(len(holes), -1), axis=1)
    unique, inverse = np.unique(cards, axis=0, return_inverse=True)
    merged = np.bincount(inverse.ravel(), weights=weights, minlength=len(unique))
    base_dead = [int(c) for c in deal.dead]
    ranges = [p.range for p in deal.players]
    total = np.zeros(3 * len(deal.players))
    mass_sum = 0.0
    for cards_of, w in zip(unique, merged):
        taken = 0
        for c in cards_of:
            taken |= 1 << int(c)
        mass = w * _players_mass(ranges, taken)
        if mass == 0:
            continue
        r = _equity(players, board, base_dead + [int(c) for c in cards_of], True, None, None, v)
        total += mass * np.concatenate([r.win, r.tie, r.equity])
        mass_sum += mass
    if mass_sum == 0:
        raise ImpossibleDeal("the folders' ranges never fit beside each other and the players' hands")
    win, tie, eq = np.split(total / mass_sum, 3)
    return win, tie, eq, len(unique)


def _draw(rng: np.random.Generator, source: Range, size: int) -> np.ndarray:
    w = np.asarray(source.weights, np.float64)
    return source.combos[rng.choice(len(w), size=size, p=w / w.sum())]


def _monte_carlo(deal, folds, samples, entropy, v):
    rng = np.random.default_rng(entropy)
    sources = folds + [p.range for p in deal.players]
    n_players = len(deal.players)
    n_known = len(deal.board)
    blocked = np.zeros(N_NATURAL, bool)
    blocked[np.concatenate([deal.board, deal.dead]).astype(np.intp)] = True
    outside = np.array([c not in set(v.deck) for c in range(N_NATURAL)])
    blocked |= outside
    sums = np.zeros((3, n_players))
    squares = np.zeros(n_players)
    done = 0
    empty = 0
    while done < samples:
        size = min(_BATCH, samples - done)
        hands = np.stack([_draw(rng, s, 2 * size) for s in sources], axis=1)  # (2B, S, 2): drawn twice over
        flat = np.sort(hands.reshape(len(hands), -1), axis=1)
        ok = (np.diff(flat, axis=1) != 0).all(axis=1)
        hands = hands[ok][:size]
        b = len(hands)
        if b == 0:
            empty += 1
            if empty >= _MAX_EMPTY_BATCHES:
                raise ImpossibleDeal(f"the folders' and the players' hands almost never fit together without sharing "
                                     f"a card (none of {2 * size * empty:,} draws did); narrow the ranges")
            continue
        empty = 0
        keys = rng.random((b, N_NATURAL))
        keys[:, blocked] = 2.0
        keys[np.arange(b)[:, None], hands.reshape(b, -1).astype(np.intp)] = 2.0
        missing = BOARD_CARDS - n_known
        fill = np.argpartition(keys, missing, axis=1)[:, :missing] if missing else np.zeros((b, 0), np.intp)
        boards = np.concatenate([np.broadcast_to(deal.board, (b, n_known)), fill], axis=1).astype(np.uint8)
        players = hands[:, len(folds):]  # (B, P, 2)
        sevens = np.concatenate([players, np.broadcast_to(boards[:, None, :], (b, n_players, BOARD_CARDS))], axis=2)
        strengths = evaluate(sevens, variant=v, check=False).astype(np.int64)
        best = strengths.max(axis=1, keepdims=True)
        winners = strengths == best
        k = winners.sum(axis=1, keepdims=True)
        share = winners / k
        sums[0] += (winners & (k == 1)).sum(axis=0)
        sums[1] += (winners & (k > 1)).sum(axis=0)
        sums[2] += share.sum(axis=0)
        squares += (share ** 2).sum(axis=0)
        done += b
    win, tie, eq = sums / samples
    se = np.sqrt(np.maximum(squares / samples - eq ** 2, 0.0) / max(samples - 1, 1))
    return win, tie, eq, se


def folded_range(player: str | Range, folded: Sequence[str | Range], board: CardsLike = "",
                 dead: CardsLike = "") -> Range:
    """A player's range once earlier players folded the ranges ``folded``: each of its combos (those
    the board and dead cards leave) weighted by its own weight times the total weight of the
    combinations of the folders' hands that share no card with it or with each other, scaled so
    that the weights sum as the plain range's do.  Exact (at most :data:`MAX_FOLD_DEALS`
    combinations of the folders' hands).

    >>> plain = parse_range("random", blocked="7s 4d 2c")
    >>> r = folded_range("random", ["AA,KK,AK"], board="7s 4d 2c")
    >>> def aces(rng):                               # the share of hands holding an ace
    ...     return round(float(rng.weights[(rng.combos // 4 == 12).any(axis=1)].sum() / rng.weights.sum()), 4)
    >>> aces(plain), aces(r)
    (0.1582, 0.1247)
    """
    known = np.concatenate([deal_cards(board, 'the board'), deal_cards(dead, 'the dead cards')]).astype(np.uint8)
    base = (player if isinstance(player, Range) else parse_range(player)).blocked(known)
    if len(base) == 0:
        raise ValueError("the player's range has no combo left by the board and the dead cards")
    folds = [_fold_range(f, i, known) for i, f in enumerate(folded)]
    if not folds:
        return base
    holes, weights = plan.combinations(folds)
    if len(holes) > config.MAX_FOLD_DEALS:
        raise ValueError(f"{len(holes):,} combinations of the folders' hands: more than MAX_FOLD_DEALS = "
                         f"{config.MAX_FOLD_DEALS:,}")
    fold_masks = np.zeros(len(holes), np.uint64)
    for f in range(holes.shape[1]):
        fold_masks |= combo_masks(holes[:, f])
    mine = combo_masks(base.combos)
    fit = np.zeros(len(base))
    for lo in range(0, len(mine), 256):
        free = (mine[lo:lo + 256, None] & fold_masks[None, :]) == 0
        fit[lo:lo + 256] = free.astype(np.float64) @ weights
    new = np.asarray(base.weights, np.float64) * fit
    if not (new > 0).any():
        raise ImpossibleDeal("no combo of the player's range fits beside the folders' hands")
    keep = new > 0
    scale = float(np.sum(base.weights)) / float(new.sum())
    return Range(base.combos[keep], new[keep] * scale)


def __getattr__(name: str):
    """The old names of the tunables now in :mod:`pokerlut.config` (read there, at call time)."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
