"""Suit-isomorphism indexing of hands dealt in rounds: the kernels behind :mod:`pokerlut.iso`.

A hand is dealt in ``R`` rounds (Hold'em by street: the hole cards, the flop, the turn, the
river).  Its class under the 24 permutations of the suits is the multiset of its four *suit
patterns*; a suit's pattern is which of its ranks came in which round.  Per suit:

* ``cfg``: how many cards of the suit each round dealt, four bits a round, round 0 highest;
* ``idx``: the pattern's number among the patterns of that ``cfg``, a mixed radix with round 0
  most significant, digit ``r`` the colex rank of round ``r``'s ranks among the ranks the earlier
  rounds left (so ``idx`` orders patterns as the rank masks of the rounds, compared in turn).

The kernel sorts the four keys ``cfg << 40 | idx`` descending (a sorting network); the sorted
``cfg`` codes are the hand's *configuration*, found through a perfect multiply-shift hash;
within a configuration, the suits of equal ``cfg`` form a multiset of ``idx`` (ranked as
combinations with repetition), and the groups are digits of a mixed radix.  The index is the
configuration's offset plus that number: dense in ``0 .. count - 1`` (the construction of the
hand-isomorphism indexer of Waugh, 2013).

Hold'em streets are numbered **board first** (``street_rows``): the board's class by the
construction above (its rounds alone), then the hole cards' class on that board (``hole_part``:
which blocks of identical board suits they land in, and their ranks among the ranks the board left
free), so that the classes of one board class are consecutive.

The tables (built in :mod:`pokerlut.iso`, passed in as arguments) are small: colex ranks of the
8,192 rank masks, binomials, the hash and, per configuration, its offset, the stride and
"members left in the group" of each sorted position; for streets the hole classes' segments per
board shape and the board classes' offsets.  Four kernels serve every indexer, a ``spec`` array
saying how many columns and rounds a call has; they are in three modules, by job, and every name
of theirs is re-exported here:

* :mod:`.iso_index`: the suit keys, the configuration hash, the tables' layout, the ``spec``, and
  ``index_rows`` (an :class:`pokerlut.iso.Indexer`'s index);
* :mod:`.iso_streets`: streets board first, the board's frame, the hole part, the flop table, and
  ``street_rows``;
* :mod:`.iso_unindex`: the canonical hands, ``unindex_rows`` and ``street_unindex_rows``.

:func:`make_iso_kernel` compiles one of the four by name.
"""

from __future__ import annotations

from .compile import compile_kernel
from .iso_index import (BINOM_AT, BINOM_ROW, CARD_BITS, COLEX_AT, CONFIG_ROW, HASH_AT, MAX_ROUNDS,  # noqa: F401
                        PEXT_AT, SPEC_CHECKED, SPEC_FIRST, SPEC_ROUND_OF, SPEC_ROUNDS, SPEC_SECOND, SPEC_SIZE,
                        SPEC_TOP_GROUP, U64, bad_masks, compressed, config_row, deal_masks, index_of_masks,
                        index_rows, multiset_term, ordered, sort4, sorted_index, suit_bit, suit_key)
from .iso_streets import (FLOP_BOARDS, FLOP_POSITIONS_SHIFT, FLOP_SEGMENT_SHIFT, FLOP_STARTS_SHIFT,  # noqa: F401
                          FREE_AT, N_PAIRS, OFFSET_BLOCK_BITS, PAIR_WORD, PAIRS, PAIRS_FIRST, PAIRS_SECOND,
                          SEGMENT_ROW, START_WORD, board_frame, board_keys, board_keys_call, equal_word, flop_loop,
                          flop_number, hole_part, nonzero, street_loop, street_rows)
from .iso_unindex import (UNCONFIG_ROW, colex_unrank, nth_free, spread, street_unindex_rows,  # noqa: F401
                          unindex_rows, unrank_multiset, waugh_masks, write_cards)

#: The kernels :func:`make_iso_kernel` compiles, by name.
KERNELS = {"index_rows": index_rows, "street_rows": street_rows, "unindex_rows": unindex_rows,
           "street_unindex_rows": street_unindex_rows}


def make_iso_kernel(name: str):
    """Compile one of the kernels by name (``index_rows``, ``street_rows``, ``unindex_rows``,
    ``street_unindex_rows``): one compiled kernel serves every street and indexer."""
    return compile_kernel(KERNELS[name], f"iso_{name}")
