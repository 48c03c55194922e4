"""Hold'em equity of one deal: every board enumerated, or Monte Carlo, for hands and weighted ranges.

The engines of :func:`pokerlut.equity` for the games of two hole cards (every best-five game).
They take a checked :class:`~pokerlut.equities.deal.Deal`; :mod:`pokerlut.equities.plan` decides
which runs.

Weights: each combination of combos counts with the product of its combos' weights, exactly as
a weighted average over conflict-free deals; Monte Carlo draws combos by weight and redraws a
combination that holds a card twice, which samples the same distribution.

Ranges that rarely fit together make redraws the work (nine players of ``AA,KK,QQ,JJ,TT`` with the
ace of hearts dead fit once in about 90,000 draws).  Two promises hold whatever the rate:

* **Ctrl-C within about a second**: a chunk is advanced by slices of work (:data:`SLICE_WORK`,
  counting every draw), not of trials, and the next slice goes on with the same stream, so the
  counts of a seed do not depend on how the work was cut.
* **A bounded run**: a first batch of draws of the first chunk (:func:`check_draws`, the same for
  a seed) estimates the rate, and a run that would need more than ``max_draws`` draws
  (:func:`default_max_draws`) is refused up front, saying the rate, the draws, the time it would
  take here and what to do; a run whose draws pass the limit anyway stops with the same error.

Rejection is kept rather than a sampler that never redraws (dealing the players one after the
other, each from the combos the others left, is not the same distribution unless each deal is
reweighted, and reweighted trials would no longer count as plain trials): every answer stays an
exact sample of the weighted conflict-free deals, and what is refused is said up front.

>>> from pokerlut.equities.deal import parse_deal
>>> r = holdem_equity(parse_deal(["AsAd", "KK"], "Ks 7h 2c"), exact=None)
>>> r.method, r.n
('exact', 2970)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from .. import _threads, config
from .._notice import progress_bar
from ..cards import format_cards, shown
from ..layout import rank_keys
from ..kernels import equity as K
from ..kernels.equity_exact import exact_scratch
from ..kernels.registry import exact_kernel, mc_kernel
from ..table_records import EquityTables, RankTables
from ..variants import Variant, get_variant
from . import plan, registry, runouts, sweep
from .deal import Deal, ImpossibleDeal, combo_masks, parse_deal, raise_if_unfit
from .results import EquityResult, fractions

__all__ = ["holdem_equity", "run_exact", "MonteCarloInput", "MonteCarloRun", "mc_input", "run_chunks", "run_sliced",
           "check_draws", "default_max_draws", "mc_result", "BINOM", "alias_table"]

#: What one Monte Carlo trial of one player costs, in lookups (the draws and the settling).
_TRIAL_LOOKUPS = 2
#: ``SLICE_WORK`` (the work, about lookups: a combo drawn is one, a deal counted two per player, a
#: Monte Carlo chunk advances in one kernel call) and ``PROBE_WORK`` are
#: :data:`pokerlut.config.BLOCK_WORK`, read at call time: a fraction of a second, so Ctrl-C is
#: answered within about a second however rarely the players' combos fit together.

BINOM = np.array([[math.comb(n, k) for k in range(6)] for n in range(18)], dtype=np.int64)


def _tables(variant: Variant) -> RankTables:
    """The 7-card tables the equity kernels take."""
    return variant.tables.rank_tables(7)


# --------------------------------------------------------------------------- exact


def run_exact(holes, boards, board_of, dead_masks, variant: Variant, progress: bool = False, desc: str = "boards",
              boards_per_deal: int = 1, bar_per_deal: int | None = None) -> np.ndarray:
    """Counts (T, P, 3) for every deal ``t``: holes ``holes[t]`` (P, 2) on the known board
    ``boards[board_of[t]]`` with the dead cards ``dead_masks[board_of[t]]``, every completion
    enumerated; a progress bar counting ``bar_per_deal`` (default ``boards_per_deal``) per deal."""
    n_deals, n_players = holes.shape[:2]
    bar_per_deal = boards_per_deal if bar_per_deal is None else bar_per_deal
    per_deal = plan.board_work(boards.shape[1], boards_per_deal) * n_players
    kernel = exact_kernel(boards.shape[1] == 0)
    tables = _tables(variant)
    exact_tables = EquityTables(tables, BINOM, rank_keys(tables.cards))
    out = np.zeros((n_deals, n_players, 3), dtype=np.int64)
    scratch = [exact_scratch(n_players) for _ in range(_threads.n_chunks())]

    def piece(lo: int, hi: int, slot: int) -> None:
        kernel(holes[lo:hi], boards, board_of[lo:hi], dead_masks, out[lo:hi], scratch[slot], exact_tables)

    bar = progress_bar(n_deals * bar_per_deal, desc, progress and n_deals > 1, unit_scale=True)
    _threads.run_blocks(piece, n_deals, cost=per_deal, parallel=None if n_deals > 1 else False, bar=bar,
                        bar_per_item=bar_per_deal)
    if bar is not None:
        bar.close()
    return out


# --------------------------------------------------------------------------- Monte Carlo


@dataclass(eq=False)
class MonteCarloInput:
    """What the Monte Carlo kernel draws from: the players' combos (their segments ``offsets``),
    alias tables of their weights, the known boards and the excluded cards, per scenario."""

    combos: np.ndarray  # (M, 2) uint8
    prob: np.ndarray  # (M,) float64, alias-method keep probabilities within each player's segment
    alias: np.ndarray  # (M,) int64, alias-method fallback combo (absolute index)
    offsets: np.ndarray  # (S, P + 1) int64
    boards: np.ndarray  # (S, b) uint8
    dead_masks: np.ndarray  # (S,) uint64: dead cards and the cards outside the deck
    variant: str = "high"
    #: (S, P) uint8: the player holds any two cards of the deck (its range is every combo left, equally
    #: weighted), so it is dealt from the deck with the board; None: no such player
    dealt: np.ndarray | None = None

    def dealt_flags(self) -> np.ndarray:
        """``dealt``, or zeros when there are none."""
        if self.dealt is not None:
            return self.dealt
        return np.zeros(self.offsets.shape[:1] + (self.offsets.shape[1] - 1,), np.uint8)


def alias_table(weights: np.ndarray, offset: int) -> tuple[np.ndarray, np.ndarray]:
    """Walker/Vose alias tables: draw slot i uniformly, keep it with probability prob[i], else
    take alias[i]; indices are shifted by ``offset`` (the segment's start).

    >>> prob, alias = alias_table(np.array([1.0, 3.0]), 0)
    >>> prob.tolist(), alias.tolist()
    ([0.5, 1.0], [1, 1])
    """
    n = len(weights)
    prob = np.ones(n)
    alias = np.arange(n, dtype=np.int64)
    if np.all(weights == weights[0]):  # every slot keeps itself
        return prob, alias + offset
    with np.errstate(under="ignore"):
        relative = weights / weights.max()  # n / sum stays finite whatever the scale (1e-310: inf)
    scaled = relative * (n / relative.sum())
    small = [i for i in range(n) if scaled[i] < 1.0]
    large = [i for i in range(n) if scaled[i] >= 1.0]
    while small and large:
        s = small.pop()
        g = large.pop()
        prob[s] = scaled[s]
        alias[s] = g
        scaled[g] = scaled[g] + scaled[s] - 1.0
        (small if scaled[g] < 1.0 else large).append(g)
    return prob, alias + offset


def mc_input(deal: Deal) -> MonteCarloInput:
    """The Monte Carlo kernel's input for one deal."""
    single = np.uint64(0)
    for r in deal.ranges:  # one-combo ranges are dealt as fixed hands: they must not overlap
        if len(r) == 1:
            m = combo_masks(r.combos)[0]
            if single & m:
                raise ImpossibleDeal("the players' ranges never fit together: every combination shares a card")
            single |= m
    combos = np.concatenate([r.combos for r in deal.ranges]).astype(np.uint8)
    offsets = np.cumsum([0] + [len(r) for r in deal.ranges]).astype(np.int64)
    tables = [alias_table(r.weights, int(offsets[i])) for i, r in enumerate(deal.ranges)]
    prob = np.concatenate([t[0] for t in tables])
    alias = np.concatenate([t[1] for t in tables])
    fixed = sum(2 for r in deal.ranges if len(r) == 1)
    left = deal.variant.deck_size - len(deal.board) - len(deal.dead) - fixed
    dealt = np.array([[len(r) > 1 and len(r) == math.comb(left, 2) and bool(np.all(r.weights == r.weights[0]))
                       for r in deal.ranges]], dtype=np.uint8)
    return MonteCarloInput(np.ascontiguousarray(combos), prob, alias, offsets[None, :], deal.board[None, :].copy(),
                           np.array([deal.excluded], dtype=np.uint64), deal.variant.name, dealt)


class MonteCarloRun:
    """The chunks of one Monte Carlo run as they advance: each chunk's trials left, its stream's
    state (first its seed), its deals drawn (conflicting ones included) and its counts (C, P, 4).
    :meth:`advance` runs some chunks a budget of work further; the counts of a chunk run in many
    steps are those of one uninterrupted run."""

    def __init__(self, mc: MonteCarloInput, scenario: np.ndarray, trials: np.ndarray, seeds: np.ndarray) -> None:
        self.mc = mc
        self.scenario = np.ascontiguousarray(scenario, dtype=np.int64)
        self.trials = np.array(trials, dtype=np.int64)
        self.left = self.trials.copy()
        self.states = np.array(seeds, dtype=np.uint64)
        self.draws = np.zeros(len(self.left), dtype=np.int64)
        self.n_players = mc.offsets.shape[1] - 1
        self.out = np.zeros((len(self.left), self.n_players, 4), dtype=np.int64)
        #: about what a trial costs, in units of work (for cutting blocks; the kernel counts the real work)
        self.trial_cost = self.n_players * (_TRIAL_LOOKUPS + 1)
        self.failed = np.zeros(len(self.left), dtype=np.int64)
        self.tables = _tables(get_variant(mc.variant))
        self.kernel = mc_kernel()
        self.chunks = K.MonteCarloChunks(self.left, self.states, self.draws, self.out, self.failed)
        self.deals = K.MonteCarloDeals(mc.combos, mc.prob, mc.alias, mc.offsets, mc.dealt_flags(), mc.boards,
                                       mc.dead_masks)

    def advance(self, chunks: np.ndarray, budget: int) -> int:
        """Run each chunk of ``chunks`` (indices) about ``budget`` units of work further (a combo
        drawn is one, a deal counted two per player); returns the trials counted."""
        chunks = np.ascontiguousarray(chunks, dtype=np.int64)
        before = int(self.left[chunks].sum())
        self.kernel(chunks, np.int64(budget), self.scenario, self.chunks, self.deals, K.mc_scratch(self.n_players),
                    self.tables)
        return before - int(self.left[chunks].sum())

    def raise_if_failed(self) -> None:
        """:class:`ImpossibleDeal` when a chunk met ``MAX_ATTEMPTS`` conflicting draws in a row."""
        if self.failed.any():
            raise ImpossibleDeal("the players' ranges almost never fit together without sharing a card "
                                 f"({K.MAX_ATTEMPTS:,} draws in a row conflicted); narrow them or use exact=True")


def default_max_draws(samples: int) -> int:
    """The draws a Monte Carlo run of ``samples`` trials may take when ``max_draws=None``:
    ``max(MAX_DRAWS, MAX_DRAWS_PER_SAMPLE * samples)``.

    >>> default_max_draws(1_000_000) == config.MAX_DRAWS, default_max_draws(10**9) // 10**9
    (True, 100)
    """
    return max(config.MAX_DRAWS, config.MAX_DRAWS_PER_SAMPLE * int(samples))


def _too_many_draws(samples: int, draws: int, counted: int, seconds: float, max_draws: int,
                    fit_draws: int) -> ValueError:
    """The refusal of a run of ``samples`` trials whose deals would take more than ``max_draws``
    draws, from a first ``draws`` draws that gave ``counted`` deals in ``seconds``; fewer samples are
    offered that ``fit_draws`` draws would give."""
    if counted:
        rate = f"{counted:,} of {draws:,} draws of the players' combos fit together (1 in {draws / counted:,.0f})"
        needed = samples * draws / counted
        fits = int(fit_draws * counted / draws)
    else:
        rate = f"none of {draws:,} draws of the players' combos fit together (fewer than 1 in {draws:,})"
        needed = samples * draws
        fits = fit_draws // draws
    minutes = needed * seconds / max(draws, 1) / 60 / max(1, _threads.get_num_threads())
    fewer = f"fewer samples (at most about {fits:,})" if fits else "fewer samples"
    return ValueError(
        f"Monte Carlo refused: the players' ranges rarely fit together without sharing a card: {rate}; "
        f"{samples:,} samples would take about {needed:.3g} draws (about {minutes:,.3g} minutes here), more than "
        f"max_draws ({max_draws:,}). Pass {fewer}, a larger max_draws to run it anyway, or narrower ranges")


def check_draws(run: MonteCarloRun, samples: int, max_draws: int, fit_draws: int | None = None) -> None:
    """Estimate how often the players' combos fit together from a first batch of draws of the run's
    first chunk (advanced in place: the run goes on from there) and refuse, with a ``ValueError``
    saying the rate, the draws and the time it would take, a run of ``samples`` trials that would
    need more than ``max_draws`` draws (suggesting as many samples as ``fit_draws``, default
    ``max_draws``, would give).  The batch depends on the seed alone: so does the refusal."""
    if not len(run.left):
        return
    first = np.zeros(1, np.int64)
    budget, spent, start = config.PROBE_WORK_FIRST, 0, time.perf_counter()
    while run.left[0] and spent < config.BLOCK_WORK and run.trials[0] - run.left[0] < config.PROBE_TRIALS:
        run.advance(first, budget)
        run.raise_if_failed()
        spent += budget
        budget *= 2
    if not run.left[0]:
        return
    draws = int(run.draws[0])
    counted = int(run.trials[0] - run.left[0])
    if samples * draws / max(counted, 1) > max_draws:
        raise _too_many_draws(samples, draws, counted, time.perf_counter() - start, max_draws,
                              max_draws if fit_draws is None else fit_draws)


def run_chunks(mc: MonteCarloInput, scenario: np.ndarray, trials: np.ndarray, seeds: np.ndarray,
               progress: bool = False, max_draws: int | None = None, samples: int | None = None,
               fit_draws: int | None = None) -> np.ndarray:
    """Counts (C, P, 4) of the given chunks (the unit of work :mod:`pokerlut.dask` ships), run by
    :func:`run_sliced` (``max_draws``, ``samples`` and ``fit_draws`` as there)."""
    run = MonteCarloRun(mc, scenario, trials, seeds)
    run_sliced(run, progress, max_draws, samples, fit_draws)
    return run.out


def run_sliced(run, progress: bool = False, max_draws: int | None = None, samples: int | None = None,
               fit_draws: int | None = None) -> None:
    """Every chunk of ``run`` (a :class:`MonteCarloRun`, or a run of another game with its
    ``left``, ``trials``, ``draws``, ``trial_cost``, ``advance`` and ``raise_if_failed``) to the end,
    each advanced a slice of work at a time (:data:`SLICE_WORK`: a fraction of a second, however
    rarely the combos fit together), on the threads, with a progress bar counting trials and
    Ctrl-C answered between blocks.  With ``max_draws`` the run is refused up front
    (:func:`check_draws`, ``samples`` being the run's trials, ``fit_draws`` as there) or stopped
    with the same ``ValueError`` as soon as its draws pass ``max_draws``."""
    total = int(np.sum(run.trials))
    samples = total if samples is None else samples
    fit_draws = max_draws if fit_draws is None else fit_draws
    bar = progress_bar(total, "trials", progress, unit_scale=True)
    start = time.perf_counter()
    try:
        if max_draws is not None:
            check_draws(run, samples, max_draws, fit_draws)
            if bar is not None:
                bar.update(total - int(run.left.sum()))

        def piece(lo: int, hi: int, slot: int) -> int:
            return run.advance(todo[lo:hi], config.BLOCK_WORK)

        def after_block(lo: int, hi: int, counted: list) -> None:
            run.raise_if_failed()
            if bar is not None:
                bar.update(sum(counted))
            if max_draws is not None and int(run.draws.sum()) > max_draws:
                draws = int(run.draws.sum())
                raise _too_many_draws(samples, draws, total - int(run.left.sum()), time.perf_counter() - start,
                                      max_draws, fit_draws)

        while True:
            todo = np.flatnonzero(run.left)
            if not len(todo):
                break
            cost = np.minimum(run.left[todo] * float(run.trial_cost), config.BLOCK_WORK)
            _threads.run_blocks(piece, len(todo), cost=cost, after_block=after_block)
    finally:
        if bar is not None:
            bar.close()
    run.raise_if_failed()


def mc_result(deal: Deal, counts: np.ndarray, n: int, seed: int, seconds: float) -> EquityResult:
    """The result of ``n`` Monte Carlo trials counted as ``counts`` (P, 4)."""
    win, tie, equity, se = fractions(counts, n, sampled=True)
    return EquityResult(deal.labels, win, tie, equity, n, "monte carlo", se, seed, format_cards(deal.board),
                        format_cards(deal.dead), seconds, engine="monte carlo")


# --------------------------------------------------------------------------- the engine


METHODS = (None, "sweep", "enumerate", "runouts")


def from_preflop_tables(deal: Deal) -> EquityResult | None:
    """The answer of the exact preflop tables (:func:`pokerlut.abstraction.preflop_lookup`) for a
    heads-up deal of the high game with no board and no dead card whose ranges are whole classes,
    each with one weight; else ``None``."""
    if deal.variant.name != "high" or len(deal.board) or len(deal.dead):
        return None
    from ..abstraction.preflop import preflop_lookup  # the preflop tables' module, only for a preflop deal

    start = time.perf_counter()
    hit = preflop_lookup(deal.ranges[0], deal.ranges[1])
    if hit is None:
        return None
    return EquityResult(deal.labels, hit.win, hit.tie, hit.equity, hit.n, "exact", np.zeros(2), None, "", "",
                        time.perf_counter() - start, engine="preflop tables")


def runouts_cheapest(deal: Deal, method: str | None, exact: bool | None) -> bool:
    """Whether the runouts engine (:mod:`pokerlut.equities.runouts`) answers a heads-up exact deal:
    asked for by ``method``, or with ``method=None`` on a known board when its work
    (:func:`~pokerlut.equities.runouts.runouts_work`) is at most the sort's (with a range) and
    enumeration's, each with its fixed cost per call (:data:`~pokerlut.equities.runouts.CALL_LOOKUPS`),
    and within ``EXACT_BUDGET`` unless ``exact=True``."""
    if method is not None or not len(deal.board):
        return method == "runouts"
    work = runouts.runouts_work(deal)
    if exact is not True and work > config.EXACT_BUDGET:
        return False
    others = [sweep.enumerate_work(deal) + runouts.CALL_LOOKUPS["enumerate"]]
    if any(len(r) > 1 for r in deal.ranges):
        others.append(sweep.sweep_work(deal) + runouts.CALL_LOOKUPS["sweep"])
    return work <= min(others)


def holdem_equity(deal: Deal, *, exact: bool | None = None, samples: int = plan.DEFAULT_SAMPLES, seed=None,
                  progress: bool = False, per_combo: bool = False, method: str | None = None,
                  max_draws: int | None = None) -> EquityResult:
    """Equity of a checked Hold'em deal: exact or Monte Carlo as :mod:`pokerlut.equities.plan` says.

    Heads-up with a range (or with ``per_combo``), the exact engine is the sort
    (:mod:`pokerlut.equities.sweep`) unless enumerating the pairs of combos costs less (a hand
    against a range preflop); otherwise every combination of combos is enumerated.
    On a known board, small ranges go runout by runout (:mod:`pokerlut.equities.runouts`) when that
    costs less than both (:func:`runouts_cheapest`).  ``method="sweep"`` / ``"enumerate"`` /
    ``"runouts"`` chooses the exact engine.  Monte Carlo takes at most
    ``max_draws`` draws of the players' combos (``None``: :func:`default_max_draws`), refused up front
    when a first batch of draws says it would need more (:func:`check_draws`)."""
    if method not in METHODS:
        raise ValueError(f"method must be None, 'sweep', 'enumerate' or 'runouts', got {shown(method)}")
    heads_up = len(deal.players) == sweep.SWEEP_PLAYERS
    masks = [combo_masks(r.combos) for r in deal.ranges] if heads_up else None  # shared by the checks and engines
    raise_if_unfit(deal, masks=masks)
    if (per_combo or method in ("sweep", "runouts")) and not heads_up:
        raise ValueError(f"per-combo equities, the sorting engine and the runouts engine are heads-up; this deal "
                         f"has {len(deal.players)} players")
    if method == "runouts" and (exact is False or not len(deal.board)):
        raise ValueError("method='runouts' is exact and needs a known board: pass exact=None or True and a board")
    if per_combo and (exact is False or method in ("enumerate", "runouts")):
        raise ValueError("per-combo equities are exact: they need exact=None or True and method=None or 'sweep'")
    ranged = any(len(r) > 1 for r in deal.ranges)
    if heads_up and ranged and exact is not False and method is None and not per_combo:
        answered = from_preflop_tables(deal)
        if answered is not None:
            return answered
    if heads_up and exact is not False and not per_combo and runouts_cheapest(deal, method, exact):
        return runouts.runouts_equity(deal, progress=progress, masks=masks)
    if heads_up and exact is not False and method != "enumerate" and (ranged or per_combo or method == "sweep"):
        work = sweep.sweep_work(deal, both=per_combo)
        cheaper = per_combo or method == "sweep" or work <= sweep.enumerate_work(deal)
        if cheaper and (exact is True or work <= config.EXACT_BUDGET or method == "sweep"):
            loss = sweep.precision_loss(deal, per_combo)
            if loss <= sweep.MAX_PRECISION_LOSS:
                return sweep.sweep_equity(deal, per_combo=per_combo, progress=progress)
            if per_combo or method == "sweep":  # the sort's sums would keep too few digits: refuse, never guess
                raise ValueError(
                    f"the sorting engine cannot answer this deal precisely: a combo meets about {loss:.1e} times "
                    f"less opponent weight than the opponent's whole range (its heavy combos share cards with it), "
                    f"and the sort's sums would keep only the digits of that part; "
                    + ("per-combo equities need the sort" if per_combo else "use method='enumerate' or None"))
        if per_combo:
            raise ValueError(f"per-combo equities rank every combo on every board: {work:,} lookups here, more "
                             f"than EXACT_BUDGET ({config.EXACT_BUDGET:,}); pass exact=True to run them anyway")
    start = time.perf_counter()
    use_exact = plan.plan_exact(deal, exact)
    p = len(deal.players)
    if use_exact:
        holes, weights = plan.combinations(deal.ranges)
        if len(holes) == 0:
            raise ImpossibleDeal("the players' ranges never fit together: every combination shares a card")
        classes, class_weights = plan.suit_classes(holes, weights, deal.board, deal.dead)
        work = len(classes) * plan.board_work(len(deal.board), deal.n_boards) * p
        use_exact = exact is True or work <= config.EXACT_BUDGET
    if use_exact:
        counts = run_exact(classes, deal.board[None, :].copy(), np.zeros(len(classes), np.int64),
                           np.array([deal.excluded], dtype=np.uint64), deal.variant, progress, "boards",
                           deal.n_boards)
        if class_weights.dtype == np.int64:  # every weight 1: exact integer sums
            total = np.einsum("t,tpk->pk", class_weights, counts).astype(np.float64)
        else:
            total = np.einsum("t,tpk->pk", class_weights, counts.astype(np.float64))
        win, tie, equity, se = fractions(total, float(weights.sum() * deal.n_boards))
        return EquityResult(deal.labels, win, tie, equity, len(holes) * deal.n_boards, "exact", se, None,
                            format_cards(deal.board), format_cards(deal.dead), time.perf_counter() - start,
                            engine="enumerate")
    entropy = plan.entropy(seed)
    trials, seeds = plan.chunk_plan(samples, entropy)
    limit = default_max_draws(samples) if max_draws is None else max_draws
    fit = config.MAX_DRAWS if max_draws is None else max_draws
    counts = run_chunks(mc_input(deal), np.zeros(len(trials), np.int64), trials, seeds, progress, limit, int(samples),
                        fit).sum(axis=0)
    return mc_result(deal, counts, int(samples), entropy, time.perf_counter() - start)


#: Tunables once defined here, now in :mod:`pokerlut.config` (read there at call time): old name -> config name.
_FROM_CONFIG = {"PROBE_TRIALS": "PROBE_TRIALS", "PROBE_WORK_FIRST": "PROBE_WORK_FIRST", "SLICE_WORK": "BLOCK_WORK",
                "PROBE_WORK": "BLOCK_WORK"}


def run_holdem(deal: Deal, question: registry.Question) -> EquityResult:
    """:func:`holdem_equity` as the registry runs it (:mod:`pokerlut.equities.registry`)."""
    return holdem_equity(deal, exact=question.exact, samples=question.samples, seed=question.seed,
                         progress=question.progress, per_combo=question.per_combo, method=question.method,
                         max_draws=question.max_draws)


#: The Hold'em games' deal reader and engines (:mod:`pokerlut.equities.registry`).
registry.register_deal("holdem", parse_deal)
registry.register_engine("holdem", registry.Engine("holdem", run_holdem, registry.HOLDEM_OPTIONS))


def __getattr__(name: str):
    """The old names of the tunables now in :mod:`pokerlut.config`, read there."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
