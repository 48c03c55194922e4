"""Interop with the peer evaluators: their card formats, and the Cactus Kev rank.

pokerlut's card id is ``4 * rank + suit`` (rank 0 = deuce .. 12 = ace, suits c, d, h, s = 0..3,
``52`` for the wild card).  The peers write cards as:

* ``"cactus_kev"`` (also ``"treys"``, ``"deuces"``): treys / deuces ``Card.new("As")`` ints (prime,
  rank, suit bit and rank bit packed in 32 bits): :func:`to_treys` / :func:`from_treys`;
* ``"phevaluator"``: phevaluator card ids, the same numbers as pokerlut's: :func:`to_phevaluator` /
  :func:`from_phevaluator`;
* ``"phevaluator_str"``: phevaluator's two-character strings ``"As"``: :func:`to_phevaluator_strings` /
  :func:`from_phevaluator`;
* ``"eval7"``: ``eval7.Card`` objects: :func:`to_eval7` / :func:`from_eval7`;
* ``"pokerkit"``: ``pokerkit.Card`` objects: :func:`to_pokerkit` / :func:`from_pokerkit`;
* ``"pokerkit_str"``: pokerkit card text, one string per hand, ``"AsKsQsJsTs"``:
  :func:`to_pokerkit_strings` / :func:`from_pokerkit`.

:func:`to_format` and :func:`from_format` take the format name.  The ``to_*`` functions accept
whatever :func:`pokerlut.evaluate` accepts (an integer array of any shape, nested lists, card
strings) and keep its shape: integer formats come back as ``int64`` arrays, object and string formats
as nested lists.  The ``from_*`` functions return ``uint8`` pokerlut ids of the same shape.  No
peer has a wild card, so converting a hand that holds one (``52``) is a ``ValueError``.

Hand strengths: pokerlut's natural strengths ``1..7462`` map one to one onto the Cactus Kev rank
that treys, deuces and phevaluator return (``1`` = royal flush .. ``7462`` = 7-5-4-3-2 offsuit):
:func:`to_cactus_kev` and :func:`from_cactus_kev`.

The peers stay optional: this module imports none of them.  Only :func:`to_eval7` and
:func:`to_pokerkit` need theirs, imported on first use; a missing one raises
:class:`PeerNotInstalledError` (an ``ImportError``) that says to ``pip install 'pokerlut[bench]'``.

>>> import pokerlut
>>> from pokerlut import interop
>>> interop.to_treys("As Kd").tolist()
[268442665, 134236965]
>>> interop.from_treys([268442665, 134236965]).tolist()
[51, 45]
>>> s = pokerlut.evaluate(["As Ks Qs Js Ts", "7c 5d 4h 3s 2c"])
>>> interop.to_cactus_kev(s).tolist()
[1, 7462]
"""

from .formats import (ALIASES, FORMATS, from_eval7, from_format, from_phevaluator, from_pokerkit, from_treys,
                      to_eval7, to_format, to_phevaluator, to_phevaluator_strings, to_pokerkit, to_pokerkit_strings,
                      to_treys)
from .read import BENCH_EXTRA_HINT, PEER_PACKAGES, PeerNotInstalledError, import_peer
from .strengths import N_RANKS, from_cactus_kev, to_cactus_kev

__all__ = [
    "ALIASES",
    "FORMATS",
    "N_RANKS",
    "PEER_PACKAGES",
    "PeerNotInstalledError",
    "from_cactus_kev",
    "from_eval7",
    "from_format",
    "from_phevaluator",
    "from_pokerkit",
    "from_treys",
    "import_peer",
    "to_cactus_kev",
    "to_eval7",
    "to_format",
    "to_phevaluator",
    "to_phevaluator_strings",
    "to_pokerkit",
    "to_pokerkit_strings",
    "to_treys",
]
