"""Finding and loading the generated lookup tables (read-only; building them is ``pokerlut.tablegen``).

The tables live in the repository's top-level ``tables/`` folder, one sub-folder per table set
(``tables/high``, ``tables/short-deck``, ...), and travel inside the wheel as ``pokerlut/tables``.
The folder is ``$POKERLUT_TABLES`` when that is set (it must then exist), else the one next to the
installed package, else the source checkout's (an editable install).  Every file is checked against
its manifest's sha256 when loaded, so a truncated or edited table is an error, not a wrong rank.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping, NamedTuple

import numpy as np

from . import layout
from .constants import WILD

MANIFEST = "manifest.json"
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
        if (folder / "high" / MANIFEST).is_file():
            return folder
    searched = ", ".join(str(c) for c in candidates)
    raise FileNotFoundError(f"pokerlut's lookup tables were not found (looked in {searched}); reinstall pokerlut "
                            f"or run {REGENERATE}")


class RankTables(NamedTuple):
    """The tables the ranking kernels take, in their argument order (``*tables`` passes them)."""

    cards: np.ndarray  #: (512,) uint64 card constants (:mod:`pokerlut.layout`)
    bases: np.ndarray  #: (N_ROWS,) uint32 row bases of the k-card hash
    values: np.ndarray  #: uint16 values of the k-card hash
    flush: np.ndarray  #: uint16 flush table
    bases5: np.ndarray  #: the 5-card hash, for rows ranked subset by subset
    values5: np.ndarray
    subset_rare: bool  #: 6/7-card rows with five of a suit are ranked subset by subset


@dataclass(frozen=True)
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


def _load_file(root: Path, name: str, info: dict) -> np.ndarray:
    path = root / name
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise FileNotFoundError(f"table file {name} is missing from {root}; regenerate the tables with "
                                f"'{REGENERATE}' or reinstall pokerlut") from None
    if hashlib.sha256(data).hexdigest() != info["sha256"]:
        raise ValueError(f"table {path} does not match its manifest checksum; regenerate the tables with "
                         f"'{REGENERATE}' or reinstall pokerlut")
    array = np.load(path, allow_pickle=False)
    array.flags.writeable = False
    return array


@lru_cache(maxsize=None)
def load_table_set(name: str = "high", folder: str | None = None) -> TableSet:
    """The verified, read-only tables of the table set ``name``.

    >>> load_table_set("high")["cards"].shape
    (512,)
    """
    root = (Path(folder) if folder is not None else tables_dir()) / name
    manifest_path = root / MANIFEST
    if not manifest_path.is_file():
        raise FileNotFoundError(f"no table set {name!r}: {manifest_path} does not exist; regenerate the tables with "
                                f"'{REGENERATE}' or reinstall pokerlut")
    manifest = json.loads(manifest_path.read_text())
    arrays = {n.removesuffix(".npy"): _load_file(root, n, info) for n, info in manifest["files"].items()}
    return TableSet(name, MappingProxyType(arrays))
