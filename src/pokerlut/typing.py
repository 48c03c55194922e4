"""The types of pokerlut's arguments, written once: what a function that takes hands, cards or a
board accepts.

pokerlut is typed (it ships ``py.typed``): results are annotated numpy arrays (``NDArray[np.uint16]``
for strengths) and result classes, and every argument that holds cards is one of these aliases.

- :data:`HandsLike`: hands, shape ``(..., k)``: an integer array of card ids (``4 * rank + suit``,
  52 for a wild card), nested lists of ids, card strings (``"As Ks Qs Js Ts"``, a list of them),
  or anything numpy turns into such an array (a pandas column of them).
- :data:`CardsLike`: the cards of one board, dead cards or one hand: the same forms, one hand's
  worth (``"Qs 7h 2c"``, ``[43, 22, 0]``).
- :data:`SeedLike`: a random seed: an integer >= 0, a ``numpy.random.SeedSequence`` or
  ``Generator``, or ``None`` (fresh entropy, reported in the result).

>>> from pokerlut.typing import HandsLike
>>> def strongest(hands: HandsLike) -> int:
...     import pokerlut
...     return int(pokerlut.evaluate(hands).max())
>>> strongest(["As Ks Qs Js Ts", "2c 3d 4h 5s 7c"])
7462
"""

from __future__ import annotations

from typing import Any, TypeAlias, Union

import numpy as np
import numpy.typing as npt

__all__ = ["HandsLike", "CardsLike", "Strengths", "SeedLike"]

#: Hands, shape ``(..., k)``: card ids, nested lists of them, card strings, or any array-like of
#: them (see the module doc).
HandsLike: TypeAlias = npt.ArrayLike
#: The cards of one board, dead cards or one hand: card ids or card text.
CardsLike: TypeAlias = npt.ArrayLike
#: What :func:`pokerlut.evaluate` returns: ``uint16`` strengths, higher is stronger.
Strengths: TypeAlias = npt.NDArray[np.uint16]
#: A random seed (see the module doc).
SeedLike: TypeAlias = Union[int, np.integer[Any], np.random.SeedSequence, np.random.Generator, None]
