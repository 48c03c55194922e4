"""Compute every lookup table, write them as ``.npy`` files with a manifest, or check them.

Run it as ``python scripts/generate_tables.py [--variant NAME ...] [--out DIR] [--check]``.  The
output is deterministic: the same generator version writes the same bytes, which ``--check`` (and
the test suite) verifies against the committed ``tables/`` folder, one sub-folder per table set.

One table set per ladder (:mod:`pokerlut.tablegen.ladders`), laid out as :mod:`pokerlut.layout`
states (``tables/README.md`` has the sizes):

``cards``        (512,) uint64: the card constant of every uint8 id, then of every first card.
``bases{k}``     (N_ROWS,) uint32, and ``values{k}`` uint16, for k = 5, 6, 7: the row-displacement
                 hash of every rank multiset of k cards (the wild card as a fourteenth rank where
                 the game has one), holding the best 5-card value of the multiset, flushes ignored.
``flush``        ((w + 1) * 8192,) uint16: ``[(wilds << 13) | rank mask]``, the best 5-card value
                 the naturals of one suit and ``wilds`` wild cards make (flush or better), for 5 to
                 7 cards in all; 0 elsewhere.  ``w`` is 7 in the wild game, else 0.
``hand_values``  (n + 1, 6) uint8: per strength, its category and the ranks that name it, most
                 significant first (255 where unused); row 0 is unused.
``rules``        (3,) uint8: the game's flags (:data:`pokerlut.layout.RULES_TABLE`).

Values come from the ladders (first principles), never from the evaluator.  Before writing, every
key is looked up through its hash, and every 6- and 7-card entry (hash and flush table) is checked
against the best of its 5-card subsets looked up in the 5-card tables.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import sys
import tempfile
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import numpy as np

from .. import layout
from ..constants import BADUGI_CARDS, NO_CARD, N_RANKS, THREE_CARDS, WILD
from .badugi import BadugiLadder
from .ladders import LADDERS, Ladder
from .omaha import build_omaha_tables
from .row_hash import build_row_hash

GENERATOR_VERSION = "3"
MANIFEST = "manifest.json"
WILD_SYMBOL = N_RANKS  # the wild card as a fourteenth rank in rank multisets


def card_table(ladder: Ladder) -> np.ndarray:
    """The card constants of every uint8 id, then of every id as a hand's first card."""
    deck = {4 * r + s for r in ladder.ranks for s in range(4)}
    table = np.zeros(layout.CARD_TABLE_SIZE, dtype=np.uint64)
    for card in range(layout.CARD_IDS):
        wild = card == WILD and ladder.wild
        poison = not wild and card not in deck
        table[card] = layout.card_constant(card, wild=wild, poison=poison, suits=ladder.flushes)
    start = layout.suit_counters_start(ladder.flush_cards) if ladder.flushes else 0
    table[layout.FIRST_CARD:] = table[:layout.CARD_IDS] + np.uint64(start)
    return table


def _symbols(ladder: Ladder) -> tuple[int, ...]:
    return ladder.ranks + ((WILD_SYMBOL,) if ladder.wild else ())


def multisets(ladder: Ladder, n_cards: int) -> list[tuple[int, ...]]:
    """Every multiset of ``n_cards`` symbols (ranks of the deck, and the wild card where the game
    has one), no rank more than four times, as sorted tuples."""
    return [m for m in combinations_with_replacement(_symbols(ladder), n_cards)
            if all(m.count(r) <= 4 for r in ladder.ranks)]


def _counts(multiset: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    return tuple(multiset.count(r) for r in range(N_RANKS)), multiset.count(WILD_SYMBOL)


def _key(multiset: tuple[int, ...]) -> int:
    counts, wilds = _counts(multiset)
    return layout.rank_key([r for r in multiset if r != WILD_SYMBOL], wilds)


def hash_values(ladder: Ladder) -> dict[int, dict[tuple[int, ...], int]]:
    """Per hand size, the value (flushes ignored) of every multiset: the ranked sizes' values from
    the ladder (5 cards in the best-five games), each larger multiset the best of the multisets one
    card smaller."""
    by_size: dict[int, dict[tuple[int, ...], int]] = {}
    for n in ladder.sizes:
        if n in ladder.ranked_sizes:
            by_size[n] = {m: ladder.nonflush_strength(*_counts(m)) for m in multisets(ladder, n)}
            continue
        smaller = by_size[n - 1]
        by_size[n] = {m: max(smaller[m[:i] + m[i + 1:]] for i in range(n)) for m in multisets(ladder, n)}
    return by_size


def flush_table(ladder: Ladder) -> np.ndarray:
    """``[(wilds << 13) | mask]``: best value of one suit's naturals (``mask``) plus ``wilds`` wild
    cards, flush or better, for every hand size of the game that holds a flush (5 to 7 cards in the
    best-five games, 3 in three-card poker); a bigger hand is the best of the hands one card
    smaller."""
    max_wilds = layout.MAX_WILDS if ladder.wild else 0
    table = np.zeros((max_wilds + 1) << layout.FLUSH_WILD_SHIFT, dtype=np.uint16)
    if not ladder.flushes:
        return table
    for total in (n for n in ladder.sizes if n >= ladder.flush_cards):
        for wilds in range(0, min(max_wilds, total) + 1):
            for ranks in combinations(ladder.ranks, total - wilds):
                mask = sum(1 << r for r in ranks)
                if total == ladder.flush_cards:
                    value = ladder.flush_strength(mask, wilds)
                else:
                    smaller = [table[(wilds << layout.FLUSH_WILD_SHIFT) | (mask & ~(1 << r))] for r in ranks]
                    if wilds:
                        smaller.append(table[((wilds - 1) << layout.FLUSH_WILD_SHIFT) | mask])
                    value = max(smaller)
                table[(wilds << layout.FLUSH_WILD_SHIFT) | mask] = value
    return table


def hand_values_table(ladder: Ladder) -> np.ndarray:
    table = np.full((ladder.n_strengths + 1, layout.HAND_VALUES_COLUMNS), NO_CARD, dtype=np.uint8)
    for strength in range(1, ladder.n_strengths + 1):
        hand = ladder.hand_class(strength)
        table[strength, 0] = hand.category
        table[strength, 1:1 + len(hand.ranks)] = hand.ranks
    return table


def _lookup(tables: dict[str, np.ndarray], n_cards: int, keys: np.ndarray) -> np.ndarray:
    """Vectorized hash lookup of rank keys (the kernels' arithmetic, on numpy arrays)."""
    bases = tables[layout.bases_name(n_cards)].astype(np.int64)
    index = (keys & layout.COLUMN_MASK) + bases[(keys >> layout.ROW_SHIFT) & layout.ROW_MASK]
    return tables[layout.values_name(n_cards)][index]


def verify_against_five_card_tables(ladder: Ladder, tables: dict[str, np.ndarray]) -> None:
    """Check every 6- and 7-card entry (hash and flush table) against the best of its 5-card subsets
    looked up in the 5-card tables (the sizes a ladder ranks directly have nothing to check)."""
    symbol_keys = np.array([layout.RANK_MULTIPLIERS[r] for r in range(N_RANKS)] + [layout.WILD_MULTIPLIER])
    for n_cards in (n for n in ladder.sizes if n not in ladder.ranked_sizes):
        sets = np.array(multisets(ladder, n_cards), dtype=np.int64)
        subsets = np.array(list(combinations(range(n_cards), 5)))
        sub_keys = symbol_keys[sets[:, subsets]].sum(axis=2)
        expected = _lookup(tables, 5, sub_keys).max(axis=1)
        stored = _lookup(tables, n_cards, symbol_keys[sets].sum(axis=1))
        bad = np.flatnonzero(stored != expected)
        if bad.size:
            raise AssertionError(f"{ladder.name}: {n_cards}-card entry of {sets[bad[0]].tolist()} is not the best "
                                 f"of its 5-card subsets")
    flush = tables[layout.FLUSH_TABLE]
    for index in np.flatnonzero(flush):
        wilds, mask = divmod(int(index), 1 << layout.FLUSH_WILD_SHIFT)
        ranks = [r for r in range(N_RANKS) if mask >> r & 1]
        if len(ranks) + wilds == ladder.flush_cards:
            continue
        best = max(int(flush[((5 - size) << layout.FLUSH_WILD_SHIFT) | sum(1 << r for r in used)])
                   for size in range(max(0, 5 - wilds), min(5, len(ranks)) + 1)
                   for used in combinations(ranks, size))
        if flush[index] != best:
            raise AssertionError(f"{ladder.name}: flush[{wilds}, {mask:#x}] is not the best of its 5-card subsets")


def build_badugi_tables(ladder: BadugiLadder) -> dict[str, np.ndarray]:
    """Badugi's tables (:mod:`pokerlut.tablegen.badugi`): suit-set card constants, ``suit_keys``,
    the strengths by sum of suit keys, ``hand_values`` and the flags; checked hand by hand."""
    tables = {layout.CARD_TABLE: ladder.card_table(), layout.SUIT_KEYS_TABLE: ladder.suit_keys,
              layout.HAND_VALUES_TABLE: hand_values_table(ladder), layout.RULES_TABLE: np.zeros(layout.N_RULES, dtype=layout.RULES_DTYPE),
              layout.values_name(BADUGI_CARDS): ladder.value_table()}
    ladder.verify(tables)
    return tables


def build_table_set(ladder: Ladder | BadugiLadder) -> dict[str, np.ndarray]:
    """Every table of one ladder, by file stem."""
    if isinstance(ladder, BadugiLadder):
        return build_badugi_tables(ladder)
    rules = np.zeros(layout.N_RULES, dtype=layout.RULES_DTYPE)
    rules[[layout.RULE_SUBSET_RARE, layout.RULE_WILD, layout.RULE_FLUSHES]] = (ladder.subset_rare, ladder.wild,
                                                                               ladder.flushes)
    tables = {layout.CARD_TABLE: card_table(ladder), layout.FLUSH_TABLE: flush_table(ladder),
              layout.HAND_VALUES_TABLE: hand_values_table(ladder), layout.RULES_TABLE: rules}
    for n_cards, entries in hash_values(ladder).items():
        keys = [_key(m) for m in entries]
        strengths = list(entries.values())
        if n_cards == ladder.flush_cards == THREE_CARDS and ladder.flushes:  # flushes of three: keys of their own
            # (layout.THREE_CARD_FLUSH_KEY: the kernels add it to a flush's rank key)
            for ranks in combinations(ladder.ranks, 3):
                keys.append(layout.rank_key(ranks) + layout.THREE_CARD_FLUSH_KEY)
                strengths.append(ladder.flush_strength(sum(1 << r for r in ranks), 0))
        bases, values = build_row_hash(np.array(keys, dtype=np.int64), np.array(strengths, dtype=np.uint16))
        tables[layout.bases_name(n_cards)] = bases
        tables[layout.values_name(n_cards)] = values
    verify_against_five_card_tables(ladder, tables)
    return tables


def _npy_bytes(array: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    np.save(buffer, np.ascontiguousarray(array), allow_pickle=False)
    return buffer.getvalue()


def write_table_set(out_dir: Path, tables: dict[str, np.ndarray], version: str = GENERATOR_VERSION,
                    generator: str | None = None) -> dict:
    """Write one table set and its manifest into ``out_dir``; return the manifest.  A table set
    made by another generator (``scripts/generate_preflop_tables.py``) passes its own ``version``
    and names itself in ``generator``: this module's ``--check`` leaves such a set alone."""
    out_dir.mkdir(parents=True, exist_ok=True)
    files = {}
    for name in sorted(tables):
        data = _npy_bytes(tables[name])
        (out_dir / f"{name}.npy").write_bytes(data)
        files[f"{name}.npy"] = {"shape": list(tables[name].shape), "dtype": str(tables[name].dtype),
                                "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    manifest = {"generator_version": version, "files": files}
    if generator is not None:
        manifest["generator"] = generator
    (out_dir / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    return manifest


#: Table sets that are not one ladder's (built by a function of their own), by name.
OTHER_TABLE_SETS = {layout.OMAHA_TABLE_SET: build_omaha_tables}


def table_set_names() -> list[str]:
    """Every table set the generator writes: one per ladder, then the others."""
    return [*LADDERS, *OTHER_TABLE_SETS]


def build_named_table_set(name: str) -> dict[str, np.ndarray]:
    """The tables of the table set ``name``."""
    if name in OTHER_TABLE_SETS:
        return OTHER_TABLE_SETS[name]()
    return build_table_set(LADDERS[name])


def write_tables(out_dir: Path, variants: list[str] | None = None) -> dict[str, dict]:
    """Build and write the table sets of ``variants`` (default: all) under ``out_dir/<name>/``."""
    manifests = {}
    for name in variants or table_set_names():
        manifests[name] = write_table_set(out_dir / name, build_named_table_set(name))
    return manifests


def other_generator(folder: Path) -> str | None:
    """The generator a table set's manifest names when it is not this module (else None)."""
    try:
        manifest = json.loads((folder / MANIFEST).read_text())
    except (FileNotFoundError, ValueError):
        return None
    return manifest.get("generator") if isinstance(manifest, dict) else None


def compare_dirs(expected: Path, actual: Path) -> list[str]:
    """Differences between two table folders, file by file (empty when byte-identical).  A table set
    of ``actual`` that another generator made (:func:`other_generator`) and ``expected`` lacks is
    not this module's to compare."""
    problems = []
    names = sorted({p.name for p in expected.iterdir()} | {p.name for p in actual.iterdir()})
    for name in names:
        if name == "README.md":
            continue
        if not (expected / name).exists() and (actual / name).is_dir() and other_generator(actual / name):
            continue
        a, b = expected / name, actual / name
        if a.is_dir() or b.is_dir():
            if a.is_dir() and b.is_dir():
                problems += [f"{name}/{p}" for p in compare_dirs(a, b)]
            else:
                problems.append(f"{name}/: only in {'regenerated' if b.exists() else 'committed'} tables")
        elif not a.exists() or not b.exists():
            problems.append(f"{name}: only in {'regenerated' if b.exists() else 'committed'} tables")
        elif a.read_bytes() != b.read_bytes():
            problems.append(f"{name}: bytes differ from a fresh generation")
    return problems


def check_tables(committed: Path, variants: list[str] | None = None) -> list[str]:
    """Regenerate into a temporary folder and compare with ``committed`` (the given variants only,
    or every variant and nothing else)."""
    with tempfile.TemporaryDirectory() as tmp:
        write_tables(Path(tmp), variants)
        if variants:
            return [p for name in variants for p in
                    (compare_dirs(Path(tmp) / name, committed / name) if (committed / name).is_dir()
                     else [f"{name}/: only in regenerated tables"])]
        return compare_dirs(Path(tmp), committed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Generate pokerlut's lookup tables.")
    default_out = Path(__file__).resolve().parents[3] / "tables"
    parser.add_argument("--out", type=Path, default=default_out, help=f"output folder (default {default_out})")
    parser.add_argument("--variant", action="append", choices=sorted(table_set_names()), metavar="NAME",
                        help=f"only this table set (repeatable; default all: {', '.join(table_set_names())})")
    parser.add_argument("--check", action="store_true", help="regenerate in a temporary folder and compare with --out")
    args = parser.parse_args(argv)
    if args.check:
        problems = check_tables(args.out, args.variant)
        for p in problems:
            print(p, file=sys.stderr)
        print("tables match" if not problems else f"{len(problems)} table file(s) differ")
        return 1 if problems else 0
    for name, manifest in write_tables(args.out, args.variant).items():
        for file, info in manifest["files"].items():
            print(f"{name + '/' + file:32s} {str(tuple(info['shape'])):14s} {info['dtype']:7s} {info['bytes']:8d} bytes")
    return 0
