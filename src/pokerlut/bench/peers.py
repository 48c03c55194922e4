"""Side-by-side comparison with the peer evaluators: speed, and agreement on every hand timed.

``pokerlut bench --peers`` and ``python benchmarks/compare_peers.py`` run
:func:`pokerlut.bench.report.run`.  For 7- and
5-card hands it

1. draws seeded random hands (:func:`pokerlut.random_hands`), the same hands for every row;
2. converts them to each installed peer's card format with :mod:`pokerlut.interop`, outside the
   timed part (eval7 ``Card`` lists, phevaluator ids, treys ints, pokerkit ``Card`` tuples);
3. times each peer through its fastest public call, driven by ``list(map(call, ...))`` (the least
   Python overhead a caller can get), pokerlut's batch API on one thread and on all of numba's
   threads, and a *ceiling kernel*: the least work a table evaluator can do per hand, so every
   rate also reads as a fraction of what the machine allows;
4. checks every peer against pokerlut on every hand it timed: equal Cactus Kev rank
   (``7463 - strength``) for treys and phevaluator, the same ordering of all the hands for eval7
   and pokerkit, whose values are on scales of their own; any disagreement is printed with the
   hands involved and makes :func:`main` return 1;
5. (:mod:`.report`) prints a markdown table: hands/s, how many times faster pokerlut (one thread) is, the share of
   the ceiling, the agreement, plus the machine, the library versions and the command.

Pure-Python peers too slow for the whole batch (treys, pokerkit) are timed on its first hands
only; the table marks them and scales their time to the full batch.

The peers are optional (``pip install 'pokerlut[bench]'``); one that is missing gets a "not
installed" row.  Importing this module imports no peer.

>>> from pokerlut.bench import peers
>>> sorted(peers.PEERS)
['eval7', 'phevaluator', 'pokerkit', 'treys']
>>> result = peers.compare(7, 2_000, peers=(), repeat=1, parallel=False)
>>> [row.label for row in result.rows]
['ceiling kernel (1 thread)', 'pokerlut (1 thread)', 'pokerlut (1 thread, validated)']
>>> result.ok
True
"""

from __future__ import annotations

import gc
import importlib.metadata
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .. import interop
from .._threads import get_num_threads
from ..cards import format_cards, shown
from ..constants import FIVE_CARDS, MAX_HAND_CARDS, NATURAL_STRENGTHS
from ..evaluate import evaluate
from ..sampling import random_hands
from ..strength import describe
from . import ceiling
from .peerlist import DEFAULT_HANDS, DEFAULT_REPEAT, DEFAULT_SEED, MAX_RUNS, MIN_TIME, PEERS, TIME_BUDGET, Peer

__all__ = [
    "DEFAULT_HANDS",
    "DEFAULT_REPEAT",
    "DEFAULT_SEED",
    "PEERS",
    "Comparison",
    "Peer",
    "Row",
    "check_agreement",
    "compare",
    "peer_version",
]

EXAMPLES_SHOWN = 5

# --------------------------------------------------------------------------- results


@dataclass
class Row:
    """One line of the table.

    ``seconds`` is the best time for ``hands`` hands (0 when the row did not run); ``status`` is
    ``"ok"``, ``"not installed"`` or ``"error"``; ``disagreements`` is None where there was nothing
    to check (the ceiling, pokerlut itself, rows that did not run).

    >>> Row("eval7", "`eval7.evaluate(cards)`", hands=1_000, seconds=0.5).rate
    2000.0
    """

    label: str
    call: str
    threads: int = 1
    hands: int = 0
    seconds: float = 0.0
    status: str = "ok"
    agreement: str = ""
    disagreements: int | None = None
    scaled: bool = False
    kind: str = ""  # "ceiling", "pokerlut", "peer"
    message: str = ""

    @property
    def rate(self) -> float:
        """Hands per second (0.0 when the row did not run)."""
        return self.hands / self.seconds if self.seconds > 0 else 0.0


@dataclass
class Comparison:
    """Everything one comparison measured, for one hand size.

    >>> c = compare(5, 1_000, peers=(), repeat=1)
    >>> c.cards, c.n_hands, c.ok, c.pokerlut_rate > 0
    (5, 1000, True, True)
    """

    cards: int
    n_hands: int
    seed: int
    rows: list[Row] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when every row that ran agreed with pokerlut and no peer failed."""
        return not self.failures

    def _rate(self, kind: str, threads: int) -> float:
        for row in self.rows:
            if row.kind == kind and row.threads == threads and row.status == "ok":
                return row.rate
        return 0.0

    @property
    def pokerlut_rate(self) -> float:
        """pokerlut's one-thread rate, the reference for the speed-up column."""
        return self._rate("pokerlut", 1)

    def ceiling_rate(self, threads: int) -> float:
        """The ceiling kernel's rate on ``threads`` threads (0.0 if it did not run)."""
        return self._rate("ceiling", threads)


# --------------------------------------------------------------------------- agreement


def check_agreement(hands: np.ndarray, strengths: np.ndarray, values: np.ndarray, kind: str,
                    name: str = "peer") -> tuple[int, list[str]]:
    """Compare a peer's values with pokerlut's strengths on the same hands.

    ``kind="cactus_kev"``: every value must equal ``7463 - strength``; the count is of hands that
    differ.  ``kind="order"`` (higher is stronger): the hands, sorted by pokerlut's strength, must
    be sorted by the peer's value too, with ties in exactly the same places; the count is of
    neighbouring pairs (in pokerlut's order, ties broken by the peer's value) that the peer orders
    differently, which is zero exactly when the two orders agree on every pair of hands.
    Returns the count and up to five examples, each naming the hands.

    >>> h = np.array([[51, 47, 43, 39, 35], [0, 5, 10, 15, 21]], dtype=np.uint8)
    >>> s = evaluate(h)
    >>> check_agreement(h, s, 7463 - s.astype(np.int64), "cactus_kev")
    (0, [])
    >>> check_agreement(h, s, np.array([10, 20]), "order")[0]
    1
    """
    strengths = np.asarray(strengths).astype(np.int64)
    values = np.asarray(values).astype(np.int64)
    if values.shape != strengths.shape:
        return len(strengths), [f"{name} returned {values.shape[0]} values for {strengths.shape[0]} hands"]
    examples = []
    if kind == "cactus_kev":
        bad = np.flatnonzero(values != (NATURAL_STRENGTHS + 1) - strengths)
        for i in bad[:EXAMPLES_SHOWN].tolist():
            examples.append(
                f"hand {i} {format_cards(hands[i])}: pokerlut {describe(int(strengths[i]))} (strength "
                f"{strengths[i]}, Cactus Kev rank {NATURAL_STRENGTHS + 1 - strengths[i]}), {name} says rank {values[i]}"
            )
        return int(bad.size), examples
    if kind != "order":
        raise ValueError(f"unknown agreement kind {kind!r}; expected 'cactus_kev' or 'order'")
    order = np.lexsort((values, strengths))
    s, v = strengths[order], values[order]
    same = s[1:] == s[:-1]
    bad_pairs = np.flatnonzero(np.where(same, v[1:] != v[:-1], v[1:] <= v[:-1]))
    for p in bad_pairs[:EXAMPLES_SHOWN].tolist():
        a, b = int(order[p]), int(order[p + 1])
        relation = "ties" if same[p] else "is weaker than"
        examples.append(
            f"pokerlut: hand {a} {format_cards(hands[a])} ({describe(int(strengths[a]))}) {relation} hand {b} "
            f"{format_cards(hands[b])} ({describe(int(strengths[b]))}); {name} values them {values[a]} and {values[b]}"
        )
    return int(bad_pairs.size), examples


# --------------------------------------------------------------------------- timing


def _time_best(fn: Callable[[], Any], repeat: int, budget: float = TIME_BUDGET) -> tuple[float, Any]:
    """Best wall time of several calls, and the last call's result.

    At least ``repeat`` calls, fewer once ``budget`` seconds are spent (but always one); a fast
    call is repeated until :data:`MIN_TIME` seconds are spent (at most :data:`MAX_RUNS` calls), so
    that a row timed in milliseconds is not at the mercy of one unlucky run on a busy machine.
    The garbage collector is off while timing, as in :mod:`timeit`.
    """
    best, spent, runs, result = float("inf"), 0.0, 0, None
    enabled = gc.isenabled()
    gc.disable()
    try:
        while True:
            result = None  # free the previous result before the next run
            start = time.perf_counter()
            result = fn()
            elapsed = time.perf_counter() - start
            best, spent, runs = min(best, elapsed), spent + elapsed, runs + 1
            if spent >= budget or runs >= MAX_RUNS or (runs >= repeat and spent >= MIN_TIME):
                break
    finally:
        if enabled:
            gc.enable()
    return best, result


def peer_version(name: str) -> str | None:
    """The installed version of a distribution, or None if it is not installed.

    >>> peer_version("numpy") is not None, peer_version("no-such-distribution")
    (True, None)
    """
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def _say(progress: Callable[[str], None] | None, message: str) -> None:
    if progress is not None:
        progress(message)


def compare(
    cards: int = 7,
    hands: int = DEFAULT_HANDS,
    *,
    seed: int = DEFAULT_SEED,
    peers: Iterable[str] | None = None,
    peer_hands: dict[str, int] | None = None,
    repeat: int = DEFAULT_REPEAT,
    parallel: bool = True,
    progress: Callable[[str], None] | None = None,
) -> Comparison:
    """Time pokerlut, the ceiling kernel and the peers on the same ``hands`` random ``cards``-card
    hands, and check every peer's answers against pokerlut's.

    ``peers`` names the peers to run (default: all of :data:`PEERS`; missing ones get a "not
    installed" row).  ``peer_hands`` overrides a peer's batch cap (e.g. ``{"pokerkit": 2_000}``);
    a peer never times more than ``hands``.  Each row runs ``repeat`` times and keeps its best time
    (a slow row stops once it has taken :data:`TIME_BUDGET` seconds; a fast one repeats until
    :data:`MIN_TIME` seconds).  ``parallel`` adds the rows on all of numba's threads (when there is
    more than one).  ``progress`` is called with a line of text before each step.

    >>> c = compare(7, 1_000, peers=(), repeat=1, parallel=False)
    >>> [(row.label, row.hands) for row in c.rows]
    [('ceiling kernel (1 thread)', 1000), ('pokerlut (1 thread)', 1000), ('pokerlut (1 thread, validated)', 1000)]
    """
    if cards not in (FIVE_CARDS, MAX_HAND_CARDS):
        raise ValueError(f"cards must be {FIVE_CARDS} or {MAX_HAND_CARDS}, got {shown(cards)}")
    if hands < 1:
        raise ValueError(f"hands must be at least 1, got {shown(hands)}")
    names = list(PEERS) if peers is None else list(peers)
    for name in [*names, *(peer_hands or {})]:
        if name not in PEERS:
            raise ValueError(f"unknown peer {name!r}; expected one of {', '.join(PEERS)}")
    caps = {name: peer.max_hands for name, peer in PEERS.items()}
    caps.update(peer_hands or {})
    for name, cap in caps.items():
        if cap is not None and cap < 1:
            raise ValueError(f"the batch for {name} must be at least 1 hand, got {cap}")

    result = Comparison(cards, hands, seed)
    batch = random_hands(hands, cards, seed=seed)
    threads = get_num_threads()
    thread_counts = [1, threads] if parallel and threads > 1 else [1]

    tables = ceiling.ceiling_tables()
    out = np.empty(hands, dtype=np.uint16)
    for n in thread_counts:
        ceiling.run(batch[:16], out[:16], tables, n > 1)  # compile, or load from numba's cache
        _say(progress, f"{cards}-card: timing the ceiling kernel on {_thread_text(n)}")
        seconds, _ = _time_best(lambda: ceiling.run(batch, out, tables, n > 1), repeat)
        result.rows.append(Row(f"ceiling kernel ({_thread_text(n)})", f"{cards} byte reads, {cards + 1} table loads",
                               n, hands, seconds, agreement="n/a: not an evaluator", kind="ceiling"))

    reference = None
    # unchecked first: like the peers' calls it does not validate, and it is the speed-up reference
    for n, check in [(n, check) for n in thread_counts for check in (False, True)]:
        evaluate(batch[:16], parallel=n > 1, check=check)  # compile, or load from numba's cache
        _say(progress, f"{cards}-card: timing pokerlut on {_thread_text(n)}{', validated' if check else ''}")
        seconds, strengths = _time_best(lambda: evaluate(batch, parallel=n > 1, check=check), repeat)
        row = Row(f"pokerlut ({_thread_text(n)}{', validated' if check else ''})",
                  f"`pokerlut.evaluate(hands, check={check}, parallel={n > 1})`, uint8 (N, {cards})",
                  n, hands, seconds, kind="pokerlut")
        if reference is None:
            reference, row.agreement = strengths, "reference"
        else:
            row.disagreements = int(np.count_nonzero(strengths != reference))
            row.agreement = _agreement_text(row.disagreements, hands, "identical strengths")
            if row.disagreements:
                result.failures.append(f"pokerlut's {row.label} differs from its first row on "
                                       f"{row.disagreements:,} of {hands:,} hands")
        result.rows.append(row)

    for name in names:
        peer = PEERS[name]
        n_peer = min(hands, caps[name] or hands)
        row = Row(name, peer.call(cards), 1, n_peer, kind="peer", scaled=n_peer < hands)
        result.rows.append(row)
        try:
            module = interop.import_peer(name)
        except interop.PeerNotInstalledError as error:
            row.status, row.message = "not installed", str(error)
            row.agreement = "not installed"
            continue
        version = peer_version(peer.dist)
        row.label = f"{name} {version}" if version else name
        sub = batch[:n_peer]
        try:
            _say(progress, f"{cards}-card: converting {n_peer:,} hands for {name} (not timed)")
            timed = peer.prepare(module, sub)
            _say(progress, f"{cards}-card: timing {name} on {n_peer:,} hands")
            row.seconds, raw = _time_best(timed, repeat)
            del timed
            values = peer.values(raw)
            del raw
        except Exception as error:  # a peer that crashes must fail the run loudly, not vanish
            row.status, row.message = "error", f"{type(error).__name__}: {error}"
            row.agreement, row.seconds = f"**FAILED**: {row.message}", 0.0
            result.failures.append(f"{name} failed on {cards}-card hands: {row.message}")
            continue
        row.disagreements, examples = check_agreement(sub, reference[:n_peer], values, peer.kind, name)
        what = "equal Cactus Kev rank" if peer.kind == "cactus_kev" else "same order"
        row.agreement = _agreement_text(row.disagreements, n_peer, what, peer.kind)
        if row.disagreements:
            unit = "hands" if peer.kind == "cactus_kev" else "neighbouring pairs"
            result.failures.append(
                f"{name} disagrees with pokerlut on {row.disagreements:,} {unit} of {n_peer:,} {cards}-card hands "
                f"(seed {seed}):\n" + "\n".join(f"  - {example}" for example in examples)
            )
    return result


def _thread_text(n: int) -> str:
    return f"{n} thread" + ("s" if n != 1 else "")


def _agreement_text(bad: int, n: int, what: str, kind: str = "cactus_kev") -> str:
    if bad == 0:
        return f"yes: {what} on all {n:,}"
    unit = "hands differ" if kind == "cactus_kev" else "pairs out of order"
    return f"**NO: {bad:,} {unit}** (of {n:,})"
