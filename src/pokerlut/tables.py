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

Finding and reading the files is :mod:`pokerlut.table_files`, the layout's contract
:mod:`pokerlut.table_checks`; both are re-exported here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

import numpy as np

from . import config, layout
from ._messages import shown
from .constants import WILD
from .table_checks import BrokenTable, check_table_set
from .table_files import (ENVIRONMENT_VARIABLE, HIGH, MANIFEST, REGENERATE, load_table_file,  # noqa: F401 (re-exported)
                          read_manifest, read_regular_file, regenerate_advice, regular_file_size, tables_dir)
from .table_records import RankTables

_SET_NAME = re.compile(r"[a-z0-9][a-z0-9-]*")


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
    files = read_manifest(root, name)
    arrays = {n.removesuffix(".npy"): load_table_file(root, n, info) for n, info in files.items()}
    try:
        check_table_set(name, arrays, lambda set_name: load_table_set(set_name, folder).n_strengths)
    except BrokenTable as e:
        raise ValueError(f"table {root / (e.stem + '.npy')} breaks the table layout (pokerlut.layout): {e.problem}; "
                         f"{regenerate_advice()}") from None
    return TableSet(name, MappingProxyType(arrays))


#: Tunables once defined here, now in :mod:`pokerlut.config` (read there at call time): old name -> config name.
_FROM_CONFIG = {"MAX_MANIFEST_BYTES": "MAX_MANIFEST_BYTES", "MAX_TABLE_BYTES": "MAX_TABLE_BYTES"}


def __getattr__(name: str):
    """The old names of the tunables now in :mod:`pokerlut.config`, read there."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
