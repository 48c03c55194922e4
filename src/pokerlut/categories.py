"""Category names of every table set, weakest first: category ``i`` of a strength is
``hand_values[strength, 0]`` and its name ``CATEGORIES[table_set][i]``.

Category numbers grow with strength in every game (the low games included: their best category
comes last), so a better hand never has a smaller category.  The rules are in ``docs/rules.md``.

>>> CATEGORIES["high"][5], CATEGORIES["short-deck"][6], CATEGORIES["deuce-seven-low"][-1]
('Flush', 'Flush', 'High card')
"""

from __future__ import annotations

CATEGORIES: dict[str, tuple[str, ...]] = {
    "high": ("High card", "One pair", "Two pair", "Three of a kind", "Straight", "Flush", "Full house",
             "Four of a kind", "Straight flush", "Five of a kind"),
    "short-deck": ("High card", "One pair", "Two pair", "Straight", "Three of a kind", "Full house", "Flush",
                   "Four of a kind", "Straight flush"),
    "ace-five-low": ("Four of a kind", "Full house", "Three of a kind", "Two pair", "One pair", "No pair"),
    "eight-or-better": ("No low", "Eight low", "Seven low", "Six low", "Five low"),
    "deuce-seven-low": ("Straight flush", "Four of a kind", "Full house", "Flush", "Straight", "Three of a kind",
                        "Two pair", "One pair", "High card"),
}
