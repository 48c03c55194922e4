"""Finding and loading the generated lookup tables (read-only; building them is ``pokerlut.tablegen``).

The tables live in the repository's top-level ``tables/`` folder, one sub-folder per table set
(``tables/high``, ``tables/short-deck``, ...), and travel inside the wheel as ``pokerlut/tables``.
The folder is ``$POKERLUT_TABLES`` when that is set (it must then exist), else the one next to the
installed package, else the source checkout's (an editable install).

Nothing in a folder is trusted because its own manifest agrees with it (the kernels index the
tables without bounds checks).  A set is loaded only if its manifest is valid JSON of the expected
form; every file a regular file (:func:`read_regular_file`: a FIFO or a device is refused without
being waited on or read) of the size the manifest gives, of the manifest's sha256, whose ``.npy``
header gives the manifest's shape and dtype; and every table follows the contract of
:mod:`pokerlut.layout` (:func:`load_table_set` lists what is checked).  Anything else is a
``ValueError`` naming the file and what is wrong.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import os
import re
import stat
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

import numpy as np

from . import config, layout
from ._messages import shown
from .constants import (BADUGI_CARDS, CATEGORIES, HAND_SIZES, MAX_STRENGTH, N_NATURAL, N_RANKS, N_SUITS,
                        NATURAL_STRENGTHS, NO_CARD, THREE_CARDS, WILD)
from .layout import FLUSH_CARDS
from .table_records import RankTables

MANIFEST = "manifest.json"
#: The standard high game's table set (the default; its strengths are ``1..MAX_STRENGTH``).
HIGH = "high"
_SET_NAME = re.compile(r"[a-z0-9][a-z0-9-]*")
ENVIRONMENT_VARIABLE = "POKERLUT_TABLES"
REGENERATE = "python scripts/generate_tables.py"


def tables_dir() -> Path:
    """The folder holding the table sets.

    >>> (tables_dir() / "high" / "manifest.json").exists()
    True
    """
    chosen = os.environ.get(ENVIRONMENT_VARIABLE)
    if chosen:
        folder = Path(chosen)
        if not folder.is_dir():
            raise FileNotFoundError(f"{ENVIRONMENT_VARIABLE}={chosen!r} names no folder; point it at a folder of "
                                    f"table sets (one sub-folder per game, as '{REGENERATE} --out DIR' writes) "
                                    f"or unset it")
        return folder
    here = Path(__file__).resolve().parent
    candidates = [here / "tables", here.parents[1] / "tables"]
    for folder in candidates:
        if (folder / HIGH / MANIFEST).is_file():
            return folder
    searched = ", ".join(str(c) for c in candidates)
    raise FileNotFoundError(f"pokerlut's lookup tables were not found (looked in {searched}); reinstall pokerlut "
                            f"or run {REGENERATE}")


@dataclass(frozen=True, eq=False)
class TableSet:
    """The tables of one game, by file stem (read-only arrays), as :mod:`pokerlut.layout` lays out."""

    name: str
    arrays: Mapping[str, np.ndarray]

    def __getitem__(self, stem: str) -> np.ndarray:
        return self.arrays[stem]

    @property
    def hand_values(self) -> np.ndarray:
        """Per strength: category, then the ranks naming the hand (255 where unused)."""
        return self.arrays[layout.HAND_VALUES_TABLE]

    @property
    def n_strengths(self) -> int:
        """The largest strength of the game."""
        return len(self.hand_values) - 1

    @cached_property
    def simd_fits(self) -> bool:
        """Whether the game's cards have the standard constants the SIMD key computes."""
        return layout.standard_cards(self.arrays[layout.CARD_TABLE])

    @property
    def subset_rare(self) -> bool:
        """Whether rows of 6 or 7 cards with five of a suit are ranked subset by subset."""
        return bool(self.arrays[layout.RULES_TABLE][layout.RULE_SUBSET_RARE])

    @property
    def cards(self) -> np.ndarray:
        """The card constants of every uint8 id (:mod:`pokerlut.layout`)."""
        return self.arrays[layout.CARD_TABLE]

    @property
    def suit_sets(self) -> bool:
        """Whether the game's hands are keyed by their suits' rank masks (badugi), not rank sums."""
        return layout.SUIT_KEYS_TABLE in self.arrays

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """The hand sizes the tables rank (one table of values each).

        >>> load_table_set("high").hand_sizes, load_table_set("badugi").hand_sizes
        ((5, 6, 7), (4,))
        """
        return tuple(n for n in range(1, 8) if layout.values_name(n) in self.arrays)

    @property
    def deals_wild(self) -> bool:
        """Whether the card table takes the wild card (only the high game's does)."""
        return bool(self.arrays[layout.RULES_TABLE][layout.RULE_WILD])

    def rank_tables(self, n_cards: int) -> RankTables:
        """The tables the ranking kernels take for hands of ``n_cards`` cards (5, 6 or 7; 3 in the
        games of three-card rows).

        >>> load_table_set("high").rank_tables(7).values.dtype.name
        'uint16'
        """
        a = self.arrays
        five = 5 if layout.bases_name(5) in a else n_cards  # the 5-card hash, for rows ranked subset by subset
        return RankTables(a[layout.CARD_TABLE], a[layout.bases_name(n_cards)], a[layout.values_name(n_cards)],
                          a[layout.FLUSH_TABLE], a[layout.bases_name(five)], a[layout.values_name(five)],
                          self.subset_rare)

    @cached_property
    def natural(self) -> "TableSet":
        """These tables with the wild card refused (poisoned in the card table), for a game that
        ranks by them but deals no wild card (seven-card stud on the high game's tables).

        >>> t = load_table_set("high").natural
        >>> t.name, t.deals_wild, int(t.cards[52]) == 1 << layout.POISON_SHIFT
        ('high', False, True)
        """
        if not self.deals_wild:
            return self
        cards = self.cards.copy()
        for offset in (0, layout.FIRST_CARD):
            cards[offset + WILD] = np.uint64(1 << layout.POISON_SHIFT)
        rules = self.arrays[layout.RULES_TABLE].copy()
        rules[layout.RULE_WILD] = 0
        for array in (cards, rules):
            array.flags.writeable = False
        return TableSet(self.name, MappingProxyType({**self.arrays, layout.CARD_TABLE: cards,
                                                     layout.RULES_TABLE: rules}))


# --------------------------------------------------------------------------- reading files

_FILE_NAME = re.compile(r"[a-z][a-z0-9_]*\.npy")
_SHA256 = re.compile(r"[0-9a-f]{64}")
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def _fix() -> str:
    return f"regenerate the tables with '{REGENERATE}' or reinstall pokerlut"


def _not_regular(path: Path, mode: int) -> ValueError:
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    return ValueError(f"{path} is {kind}, not a regular file; a table file must be a regular file (a link to one "
                      f"is fine)")


def regular_file_size(path: Path | str) -> int:
    """The size of ``path``, which must be a regular file (or a link to one): a FIFO, a device or a
    folder is a ``ValueError`` naming it, found without reading it or waiting on it.

    >>> regular_file_size(tables_dir() / "high" / MANIFEST) > 0
    True
    >>> regular_file_size("/dev/null")
    Traceback (most recent call last):
    ...
    ValueError: /dev/null is a character device, not a regular file; a table file must be a regular file (a link to one is fine)
    """
    fd = os.open(path, _OPEN_FLAGS)
    try:
        info = os.fstat(fd)
    finally:
        os.close(fd)
    if not stat.S_ISREG(info.st_mode):
        raise _not_regular(Path(path), info.st_mode)
    return info.st_size


def read_regular_file(path: Path, *, size: int | None = None, limit: int = config.MAX_TABLE_BYTES) -> bytes:
    """The bytes of ``path``, which must be a regular file (a link to one is fine) of exactly
    ``size`` bytes (when given) and at most ``limit``.  The file is opened without blocking and
    checked on the open descriptor (``fstat``) before a byte is read, so a FIFO never hangs the
    loader, a link to ``/dev/zero`` is never read, and a file swapped after the check is not the
    one read."""
    fd = os.open(path, _OPEN_FLAGS)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _not_regular(path, info.st_mode)
        if size is not None and info.st_size != size:
            raise ValueError(f"{path} has {info.st_size} bytes, its manifest says {size}; {_fix()}")
        if info.st_size > limit:
            raise ValueError(f"{path} has {info.st_size} bytes, more than pokerlut reads for it ({limit}); {_fix()}")
        chunks, left = [], info.st_size + 1  # one byte more: a file that grows while read is refused
        while left > 0:
            chunk = os.read(fd, left)
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) != info.st_size:
        raise ValueError(f"{path} changed while it was read ({info.st_size} bytes, then {len(data)}); {_fix()}")
    return data


def _manifest_problem(manifest) -> str | None:
    """What is wrong with a parsed manifest (``None``: nothing)."""
    if not isinstance(manifest, dict):
        return f"is a JSON {type(manifest).__name__}, not an object"
    files = manifest.get("files")
    if not isinstance(files, dict) or not files:
        return "has no \"files\" object naming the table files"
    for name, info in files.items():
        if not _FILE_NAME.fullmatch(name):
            return f"lists a file {name[:80]!r}, which is not the name of a table file (like 'values7.npy')"
        if not isinstance(info, dict):
            return f"describes {name} by a JSON {type(info).__name__}, not an object"
        for key, kind in (("sha256", str), ("bytes", int), ("shape", list), ("dtype", str)):
            if not isinstance(info.get(key), kind) or isinstance(info.get(key), bool):
                return f"has no {kind.__name__} {key!r} for {name}"
        if not _SHA256.fullmatch(info["sha256"]):
            return f"gives {name} a 'sha256' that is not 64 hex digits"
        if not 0 < info["bytes"] <= config.MAX_TABLE_BYTES:
            return f"gives {name} {info['bytes']} bytes (a table file has 1..{config.MAX_TABLE_BYTES})"
        shape = info["shape"]
        if not 0 < len(shape) <= 2 or not all(isinstance(d, int) and not isinstance(d, bool) and 0 < d <= config.MAX_TABLE_BYTES
                                               for d in shape):
            return f"gives {name} the shape {str(shape)[:80]}, not one or two positive sizes"
    return None


def _read_manifest(root: Path, name: str) -> dict[str, dict]:
    path = root / MANIFEST
    try:
        raw = read_regular_file(path, limit=config.MAX_MANIFEST_BYTES)
    except FileNotFoundError:
        raise FileNotFoundError(f"no table set {name!r}: {path} does not exist; {_fix()}") from None
    except ValueError as e:
        raise ValueError(f"table manifest {e}") from None
    try:
        manifest = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        raise ValueError(f"table manifest {path} is not valid JSON ({str(e)[:120]}); {_fix()}") from None
    problem = _manifest_problem(manifest)
    if problem:
        raise ValueError(f"table manifest {path} {problem}; {_fix()}")
    return manifest["files"]


_HEADER_READERS = {(1, 0): np.lib.format.read_array_header_1_0, (2, 0): np.lib.format.read_array_header_2_0}


def _parse_npy(path: Path, data: bytes, info: dict) -> np.ndarray:
    """The array of a ``.npy`` file's bytes, whose header must give the manifest's shape and dtype
    and whose data must fill the rest of the file exactly (read-only, no copy)."""
    buffer = io.BytesIO(data)
    try:
        version = np.lib.format.read_magic(buffer)
        if version not in _HEADER_READERS:
            raise ValueError(f"format version {version} is not one numpy.save writes for tables")
        shape, fortran, dtype = _HEADER_READERS[version](buffer)
    except (ValueError, TypeError, SyntaxError, KeyError, EOFError) as e:
        raise ValueError(f"table {path} is not a .npy file numpy can read ({str(e)[:120]}); {_fix()}") from None
    if not dtype.isnative:
        raise ValueError(f"table {path} holds {dtype.str} data, not in this machine's byte order; {_fix()}")
    if fortran or dtype.hasobject or list(shape) != info["shape"] or str(dtype) != info["dtype"]:
        raise ValueError(f"table {path} holds {'Fortran-order ' if fortran else ''}{dtype.str} {shape}, its manifest "
                         f"says {info['dtype']} {tuple(info['shape'])}; {_fix()}")
    count = math.prod(shape)
    offset = buffer.tell()
    if offset + count * dtype.itemsize != len(data):
        raise ValueError(f"table {path} has {len(data) - offset} bytes of data, {dtype} {shape} needs "
                         f"{count * dtype.itemsize} (truncated, or bytes after the array); {_fix()}")
    array = np.frombuffer(data, dtype=dtype, count=count, offset=offset).reshape(shape)
    if not array.flags.aligned:
        array = array.copy()
    array.flags.writeable = False
    return array


def _load_file(root: Path, name: str, info: dict) -> np.ndarray:
    path = root / name
    try:
        data = read_regular_file(path, size=info["bytes"])
    except FileNotFoundError:
        raise FileNotFoundError(f"table file {name} is missing from {root}; {_fix()}") from None
    except ValueError as e:
        raise ValueError(f"table {e}") from None
    if hashlib.sha256(data).hexdigest() != info["sha256"]:
        raise ValueError(f"table {path} does not match its manifest checksum; {_fix()}")
    return _parse_npy(path, data, info)


# --------------------------------------------------------------------------- the layout contract, checked
#
# Every table is checked on load against pokerlut.layout, so that no bytes whatsoever make a kernel
# read outside a table (the kernels index without bounds checks): each table's dtype and shape,
# every row base of a hash within its values, every card constant one the layout's recipe makes,
# every value a strength of the game's scale.  Vectorized numpy: 0.1-0.4 ms per set (measured).


class _Broken(Exception):
    """A table breaks the layout: ``stem`` names it, ``problem`` says how."""

    def __init__(self, stem: str, problem: str):
        super().__init__(stem, problem)
        self.stem, self.problem = stem, problem


def _table(a: Mapping[str, np.ndarray], stem: str, dtype, shape: tuple | None = None, ndim: int = 1) -> np.ndarray:
    """``a[stem]``, which must have ``dtype`` and ``shape`` (or ``ndim`` dimensions, none empty)."""
    array = a[stem]
    want = np.dtype(dtype)
    if array.dtype != want:
        raise _Broken(stem, f"has dtype {array.dtype}, the layout's is {want}")
    if shape is not None and array.shape != shape:
        raise _Broken(stem, f"has shape {array.shape}, the layout's is {shape}")
    if array.ndim != ndim or array.size == 0:
        raise _Broken(stem, f"has shape {array.shape}, the layout's has {ndim} dimension(s) and entries")
    return array


def _at_most(a: Mapping[str, np.ndarray], stem: str, top: int, what: str, bottom: int = 0) -> None:
    array = a[stem]
    lo, hi = int(array.min()), int(array.max())
    if lo < bottom or hi > top:
        bad = int(np.flatnonzero((array.reshape(-1) < bottom) | (array.reshape(-1) > top))[0])
        raise _Broken(stem, f"holds {array.reshape(-1)[bad]} at entry {bad}, outside {bottom}..{top} ({what})")


def _exact_stems(a: Mapping[str, np.ndarray], stems: set[str], what: str) -> None:
    missing, extra = sorted(stems - set(a)), sorted(set(a) - stems)
    if missing:
        raise _Broken(missing[0], f"is missing from the manifest ({what} has {', '.join(sorted(stems))})")
    if extra:
        raise _Broken(extra[0], f"is no table of {what} ({', '.join(sorted(stems))})")


def _multisets(n_cards: int, n_ranks: int, wild: bool) -> int:
    """How many rank multisets of ``n_cards`` cards a deck of ``n_ranks`` ranks (four cards each)
    holds, and with the wild card any number of wild cards among them.

    >>> _multisets(5, N_RANKS, False), _multisets(7, N_RANKS, True)
    (6175, 76155)
    """
    ways = [1] + [0] * n_cards  # ways[k]: multisets of k natural cards over the ranks so far
    for _ in range(n_ranks):
        ways = [sum(ways[k - j] for j in range(min(k, N_SUITS) + 1)) for k in range(n_cards + 1)]
    return sum(ways) if wild else ways[n_cards]


def _check_hash(a: Mapping[str, np.ndarray], n_cards: int, top: int, keys: int) -> np.ndarray:
    """The row-displacement hash of ``n_cards`` cards: every key whatever indexes inside it, and it
    holds ``keys`` values (one per key of the game, 0 elsewhere)."""
    bases = _table(a, layout.bases_name(n_cards), layout.BASES_DTYPE, (layout.N_ROWS,))
    values = _table(a, layout.values_name(n_cards), layout.VALUE_DTYPE)
    if int(bases.max()) + layout.COLUMN_MASK >= len(values):
        row = int(bases.argmax())
        raise _Broken(layout.bases_name(n_cards), f"row {row} has base {int(bases[row])}: with the row's "
                                                  f"{layout.COLUMN_MASK + 1} columns it reads past the {len(values)} "
                                                  f"entries of {layout.values_name(n_cards)}")
    _at_most(a, layout.values_name(n_cards), top, "the game's strengths")
    if np.count_nonzero(values) != keys:
        raise _Broken(layout.values_name(n_cards), f"holds {np.count_nonzero(values)} values; the game has {keys} "
                                                   f"hands of {n_cards} cards to rank (one per rank multiset)")
    return values


def _check_hand_values(a: Mapping[str, np.ndarray], name: str) -> int:
    """The ``hand_values`` table; the game's number of strengths."""
    hv = _table(a, layout.HAND_VALUES_TABLE, layout.HAND_VALUES_DTYPE, ndim=2)
    stem = layout.HAND_VALUES_TABLE
    if hv.shape[1] != layout.HAND_VALUES_COLUMNS or hv.shape[0] < 2:
        raise _Broken(stem, f"has shape {hv.shape}, the layout's is (strengths + 1, {layout.HAND_VALUES_COLUMNS})")
    if (hv[0] != NO_CARD).any():
        raise _Broken(stem, f"row 0 (no hand) is not all {NO_CARD}")
    categories, ranks = hv[1:, 0], hv[1:, 1:]
    n_categories = len(CATEGORIES[name]) if name in CATEGORIES else NO_CARD
    if int(categories.max()) >= n_categories or (np.diff(categories.astype(np.int16)) < 0).any():
        raise _Broken(stem, f"its categories are not 0..{n_categories - 1} growing with strength")
    if ((ranks >= N_RANKS) & (ranks != NO_CARD)).any():
        raise _Broken(stem, f"holds a rank outside 0..{N_RANKS - 1} (and {NO_CARD}, unused)")
    n = hv.shape[0] - 1
    if name == HIGH and n != MAX_STRENGTH:
        raise _Broken(stem, f"has {n} strengths; the high game has {MAX_STRENGTH}")
    return n


def _check_coverage(a: Mapping[str, np.ndarray], stems: list[str], n: int) -> None:
    """Every strength 1..n is some hand's: some entry of these tables holds it."""
    seen = np.zeros(n + 1, dtype=bool)
    for stem in stems:
        seen[a[stem].reshape(-1)] = True
    if not seen[1:].all():
        raise _Broken(layout.HAND_VALUES_TABLE, f"names strength {int(np.flatnonzero(~seen[1:])[0]) + 1}, which no "
                                                f"entry of {', '.join(stems)} holds")


def _check_rules(a: Mapping[str, np.ndarray]) -> np.ndarray:
    rules = _table(a, layout.RULES_TABLE, layout.RULES_DTYPE, (layout.N_RULES,))
    if (rules > 1).any():
        raise _Broken(layout.RULES_TABLE, f"holds {rules.tolist()}; every flag is 0 or 1")
    if rules[layout.RULE_SUBSET_RARE] and rules[layout.RULE_WILD]:
        raise _Broken(layout.RULES_TABLE, "ranks subset by subset and deals the wild card; no game does both")
    return rules


@lru_cache(maxsize=None)
def _recipe(suit_sets: bool, suits: bool) -> np.ndarray:
    """Per uint8 id, the card constant the layout's recipe gives it when dealt (the wild card's at
    ``WILD``; ids above it get the poison constant)."""
    poison = 1 << layout.POISON_SHIFT
    if suit_sets:
        natural = [int(layout.suit_set_constant(c, poison=False)) for c in range(N_NATURAL)]
        wild = poison
    else:
        natural = [int(layout.card_constant(c, wild=False, poison=False, suits=suits)) for c in range(N_NATURAL)]
        wild = int(layout.card_constant(WILD, wild=True, poison=False, suits=suits))
    recipe = np.array(natural + [wild] + [poison] * (layout.CARD_IDS - WILD - 1), dtype=layout.CARD_DTYPE)
    recipe.flags.writeable = False
    return recipe


def _check_cards(a: Mapping[str, np.ndarray], *, suit_sets: bool, wild: bool, suits: bool, start: int) -> int:
    """Every id's constant is the recipe's (dealt) or the poison constant (not dealt): whole ranks
    of the natural cards dealt, the wild card as ``wild`` says, no id above it; every first card's
    constant the same plus ``start``.  So every key of up to seven cards keeps inside its fields.
    The number of ranks dealt."""
    stem = layout.CARD_TABLE
    cards = _table(a, stem, layout.CARD_DTYPE, (layout.CARD_TABLE_SIZE,))
    half = cards[:layout.CARD_IDS]
    recipe = _recipe(suit_sets, suits)
    poison = layout.CARD_DTYPE(1 << layout.POISON_SHIFT)
    dealt = half == recipe
    wrong = ~dealt & (half != poison)
    wrong[WILD] |= bool(dealt[WILD]) != wild and not suit_sets
    if wrong.any():
        c = int(np.flatnonzero(wrong)[0])
        raise _Broken(stem, f"gives id {c} the constant {int(half[c]):#x}, which the layout's recipe does not make "
                            f"(its is {int(recipe[c]):#x}, or {int(poison):#x} for an id the game does not deal)")
    by_rank = dealt[:N_NATURAL].reshape(N_RANKS, N_SUITS)
    if not (by_rank.all(axis=1) | ~by_rank.any(axis=1)).all() or not by_rank.any():
        raise _Broken(stem, "deals part of a rank, or no card at all (a deck is whole ranks of four suits)")
    if (cards[layout.FIRST_CARD:] - half != layout.CARD_DTYPE(start)).any():
        c = int(np.flatnonzero(cards[layout.FIRST_CARD:] - half != layout.CARD_DTYPE(start))[0])
        raise _Broken(stem, f"gives id {c} as a first card a constant that is not its own plus the suit counters' "
                            f"start {start:#x}")
    return int(by_rank.all(axis=1).sum())


def _check_rank_set(a: Mapping[str, np.ndarray], name: str) -> None:
    """A game of the best five of 5-7 cards, or of three-card rows (:mod:`pokerlut.layout`)."""
    sizes = [n for n in (THREE_CARDS, *HAND_SIZES) if layout.values_name(n) in a or layout.bases_name(n) in a]
    stems = {layout.CARD_TABLE, layout.FLUSH_TABLE, layout.HAND_VALUES_TABLE, layout.RULES_TABLE}
    stems |= {f(n) for n in sizes for f in (layout.bases_name, layout.values_name)}
    _exact_stems(a, stems, "a game's tables")
    if not sizes:
        raise _Broken(layout.values_name(HAND_SIZES[0]), "is missing: the set holds no hash of any hand size")
    if any(n > FLUSH_CARDS for n in sizes) and FLUSH_CARDS not in sizes:
        raise _Broken(layout.values_name(FLUSH_CARDS), "is missing: 6- and 7-card rows need the 5-card hash")
    rules = _check_rules(a)
    wild, suits = bool(rules[layout.RULE_WILD]), bool(rules[layout.RULE_FLUSHES])
    flush_cards = THREE_CARDS if sizes == [THREE_CARDS] else FLUSH_CARDS
    n_ranks = _check_cards(a, suit_sets=False, wild=wild, suits=suits,
                           start=layout.suit_counters_start(flush_cards) if suits else 0)
    n = _check_hand_values(a, name)
    # the wild field of a key counts the wild cards of up to seven (MAX_WILDS), and indexes the flush rows
    _table(a, layout.FLUSH_TABLE, layout.VALUE_DTYPE,
           (((layout.MAX_WILDS if wild else 0) + 1) << layout.FLUSH_WILD_SHIFT,))
    _at_most(a, layout.FLUSH_TABLE, n, "the game's strengths")
    for n_cards in sizes:  # three-card flushes are keys of their own where three cards make a flush
        flushes = math.comb(n_ranks, THREE_CARDS) if suits and flush_cards == n_cards == THREE_CARDS else 0
        _check_hash(a, n_cards, n, _multisets(n_cards, n_ranks, wild) + flushes)
    _check_coverage(a, [layout.values_name(k) for k in sizes] + [layout.FLUSH_TABLE], n)


def _check_badugi_set(a: Mapping[str, np.ndarray], name: str) -> None:
    """Badugi's suit-set tables (:mod:`pokerlut.layout`)."""
    values = layout.values_name(BADUGI_CARDS)
    _exact_stems(a, {layout.CARD_TABLE, layout.SUIT_KEYS_TABLE, values, layout.HAND_VALUES_TABLE,
                     layout.RULES_TABLE}, "badugi's tables")
    if _check_rules(a).any():
        raise _Broken(layout.RULES_TABLE, "sets a flag; badugi's are all 0")
    _check_cards(a, suit_sets=True, wild=False, suits=False, start=0)
    n = _check_hand_values(a, name)
    _table(a, layout.SUIT_KEYS_TABLE, layout.SUIT_KEYS_DTYPE, (1 << layout.SUIT_SET_BITS,))
    if _table(a, values, layout.VALUE_DTYPE)[-1] != 0:
        raise _Broken(values, "does not end with 0, the value of every sum clamped to its last entry")
    _at_most(a, values, n, "the game's strengths")
    _check_coverage(a, [values], n)


def _check_omaha_set(a: Mapping[str, np.ndarray], folder: str | None) -> None:
    """The Omaha tables (:mod:`pokerlut.layout`, "Omaha"): every row offset, whatever the board's
    key, inside the values."""
    _exact_stems(a, {layout.OMAHA_BOARD_BASES, layout.OMAHA_BOARD_ROWS, layout.OMAHA_PAIRS, layout.OMAHA_FLUSH_ROWS,
                     layout.OMAHA_FLUSH_PAIRS, layout.OMAHA_LOW}, "the Omaha tables")
    columns = layout.OMAHA_PAIR_COLUMNS
    bases = _table(a, layout.OMAHA_BOARD_BASES, layout.OMAHA_ROW_DTYPE, (layout.N_ROWS,))
    rows = _table(a, layout.OMAHA_BOARD_ROWS, layout.OMAHA_ROW_DTYPE)
    if int(bases.max()) + layout.COLUMN_MASK >= len(rows):
        raise _Broken(layout.OMAHA_BOARD_BASES, f"row {int(bases.argmax())} has base {int(bases.max())}: it reads past "
                                                f"the {len(rows)} entries of {layout.OMAHA_BOARD_ROWS}")
    for rows_stem, values_stem, shape in ((layout.OMAHA_BOARD_ROWS, layout.OMAHA_PAIRS, None),
                                          (layout.OMAHA_FLUSH_ROWS, layout.OMAHA_FLUSH_PAIRS, (layout.OMAHA_BASES_AT,))):
        offsets = _table(a, rows_stem, layout.OMAHA_ROW_DTYPE, shape)
        values = _table(a, values_stem, layout.VALUE_DTYPE, ndim=2)
        if values.shape[1] != columns:
            raise _Broken(values_stem, f"has shape {values.shape}, the layout's is (rows, {columns})")
        if (offsets % columns != 0).any() or int(offsets.max()) // columns >= len(values):
            raise _Broken(rows_stem, f"holds an offset that is not the start of one of the {len(values)} rows of "
                                     f"{values_stem} ({columns} entries each)")
        _at_most(a, values_stem, NATURAL_STRENGTHS, "the high game's natural strengths")
    if a[layout.OMAHA_PAIRS].size + int(a[layout.OMAHA_FLUSH_ROWS].max()) >= 1 << 32:
        raise _Broken(layout.OMAHA_PAIRS, "is too large for the uint32 offsets of the flush rows")
    side = 1 << layout.OMAHA_LOW_RANKS
    _table(a, layout.OMAHA_LOW, layout.OMAHA_LOW_DTYPE, (side, side), ndim=2)
    low_scale = load_table_set(layout.OMAHA_LOW_SCALE, folder).n_strengths
    _at_most(a, layout.OMAHA_LOW, low_scale, f"the {layout.OMAHA_LOW_SCALE} scale; 1 is no low", bottom=1)


def _check_preflop_set(a: Mapping[str, np.ndarray]) -> None:
    """The exact preflop tables (:mod:`pokerlut.layout`): counts that add up, board by board."""
    stems = (layout.PREFLOP_PAIRS, layout.PREFLOP_WINS, layout.PREFLOP_TIES)
    _exact_stems(a, set(stems), "the preflop tables")
    square = (layout.PREFLOP_CLASSES, layout.PREFLOP_CLASSES)
    pairs, wins, ties = (_table(a, stem, layout.PREFLOP_DTYPE, square, ndim=2) for stem in stems)
    _at_most(a, layout.PREFLOP_PAIRS, layout.PREFLOP_MAX_COMBOS ** 2, "pairs of combos of two classes", bottom=1)
    if not np.array_equal(pairs, pairs.T):
        raise _Broken(layout.PREFLOP_PAIRS, "is not symmetric")
    for stem in (layout.PREFLOP_WINS, layout.PREFLOP_TIES):
        _at_most(a, stem, layout.PREFLOP_MAX_COMBOS ** 2 * layout.PREFLOP_BOARDS, "boards", bottom=0)
    if not np.array_equal(ties, ties.T):
        raise _Broken(layout.PREFLOP_TIES, "is not symmetric")
    if not np.array_equal(wins + wins.T + ties, pairs * layout.PREFLOP_BOARDS):
        raise _Broken(layout.PREFLOP_WINS, "does not add up: wins[A, B] + wins[B, A] + ties[A, B] is not "
                                           f"pairs[A, B] x {layout.PREFLOP_BOARDS} boards")


def _check_table_set(name: str, arrays: Mapping[str, np.ndarray], folder: str | None = None) -> None:
    """Check the tables of the set ``name`` against :mod:`pokerlut.layout`; raises ``_Broken``."""
    if name == layout.OMAHA_TABLE_SET:
        _check_omaha_set(arrays, folder)
    elif name == layout.PREFLOP_TABLE_SET:
        _check_preflop_set(arrays)
    elif layout.SUIT_KEYS_TABLE in arrays:
        _check_badugi_set(arrays, name)
    else:
        _check_rank_set(arrays, name)


@lru_cache(maxsize=None)
def load_table_set(name: str = HIGH, folder: str | None = None) -> TableSet:
    """The verified, read-only tables of the table set ``name``: every file a regular file of the
    size and checksum its manifest gives, every table of the layout's dtype and shape, every index
    it holds inside the tables it points into, every value on the game's scale.  A table that fails
    is a ``ValueError`` naming the file and what is wrong.

    >>> load_table_set("high")["cards"].shape
    (512,)
    """
    if not isinstance(name, str) or not _SET_NAME.fullmatch(name):
        raise ValueError(f"{shown(name)} is not the name of a table set (like 'high' or 'short-deck')")
    root = (Path(folder) if folder is not None else tables_dir()) / name
    files = _read_manifest(root, name)
    arrays = {n.removesuffix(".npy"): _load_file(root, n, info) for n, info in files.items()}
    try:
        _check_table_set(name, arrays, folder)
    except _Broken as e:
        raise ValueError(f"table {root / (e.stem + '.npy')} breaks the table layout (pokerlut.layout): {e.problem}; "
                         f"{_fix()}") from None
    return TableSet(name, MappingProxyType(arrays))


#: Tunables once defined here, now in :mod:`pokerlut.config` (read there at call time): old name -> config name.
_FROM_CONFIG = {"MAX_MANIFEST_BYTES": "MAX_MANIFEST_BYTES", "MAX_TABLE_BYTES": "MAX_TABLE_BYTES"}


def __getattr__(name: str):
    """The old names of the tunables now in :mod:`pokerlut.config`, read there."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
