"""A collision-free perfect hash over 64-bit integer keys (hash and displace).

Lookup, as the kernels do it, for a key ``k`` (all arithmetic on uint64, wrapping):

    h      = k * multiplier
    bucket = h >> bucket_shift                       # the top ``bucket_bits`` bits
    slot   = ((h >> slot_shift) & slot_mask) ^ displacement[bucket]

``slot`` indexes a value table of ``2**slot_bits`` entries.  The builder finds, for every bucket,
the smallest displacement that sends all of its keys to free slots; XOR with a value below
``2**slot_bits`` permutes the slots, so every displacement is tried.  If some bucket finds no
displacement the next multiplier from a fixed sequence is tried, so a build is deterministic.
The cost of a lookup is one multiply, two shifts, a mask, an XOR and two table loads.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

MASK64 = (1 << 64) - 1


@dataclass(frozen=True)
class PerfectHash:
    multiplier: int
    bucket_bits: int
    slot_bits: int
    displacement: np.ndarray  # uint16 or uint32, one per bucket

    @property
    def bucket_shift(self) -> int:
        return 64 - self.bucket_bits

    @property
    def slot_shift(self) -> int:
        return 64 - self.bucket_bits - self.slot_bits

    @property
    def slot_mask(self) -> int:
        return (1 << self.slot_bits) - 1

    @classmethod
    def from_tables(cls, params: np.ndarray, displacement: np.ndarray) -> "PerfectHash":
        """Rebuild from the ``params`` and ``displacement`` arrays the generator writes."""
        multiplier, bucket_shift, slot_shift, _ = (int(x) for x in params)
        return cls(multiplier, 64 - bucket_shift, bucket_shift - slot_shift, displacement)

    def params(self) -> np.ndarray:
        """``[multiplier, bucket_shift, slot_shift, slot_mask]`` as uint64, the kernels' arguments."""
        return np.array([self.multiplier, self.bucket_shift, self.slot_shift, self.slot_mask], dtype=np.uint64)

    def slot(self, key: int) -> int:
        """The slot of one key, in plain Python integers (the reference for the kernels)."""
        h = (key * self.multiplier) & MASK64
        return ((h >> self.slot_shift) & self.slot_mask) ^ int(self.displacement[h >> self.bucket_shift])

    def slots(self, keys: np.ndarray) -> np.ndarray:
        """Slots of many keys (uint64 array), vectorized."""
        h = np.asarray(keys, dtype=np.uint64) * np.uint64(self.multiplier)
        bucket = h >> np.uint64(self.bucket_shift)
        base = (h >> np.uint64(self.slot_shift)) & np.uint64(self.slot_mask)
        return (base ^ self.displacement[bucket].astype(np.uint64)).astype(np.int64)


def _multipliers(seed: int):
    """A fixed sequence of odd 64-bit multipliers (splitmix64), so builds are reproducible."""
    state = seed & MASK64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        z ^= z >> 31
        yield z | 1


def _try_build(keys: np.ndarray, multiplier: int, bucket_bits: int, slot_bits: int) -> np.ndarray | None:
    n_slots = 1 << slot_bits
    h = keys * np.uint64(multiplier)
    buckets = (h >> np.uint64(64 - bucket_bits)).astype(np.int64)
    base = ((h >> np.uint64(64 - bucket_bits - slot_bits)) & np.uint64(n_slots - 1)).astype(np.int64)
    members: dict[int, list[int]] = {}
    for b, s in zip(buckets.tolist(), base.tolist()):
        members.setdefault(b, []).append(s)
    displacement = np.zeros(1 << bucket_bits, dtype=np.uint32)
    used = np.zeros(n_slots, dtype=bool)
    candidates = np.arange(n_slots, dtype=np.int64)
    # largest buckets first, ties by bucket number: deterministic
    for b in sorted(members, key=lambda b: (-len(members[b]), b)):
        bases = np.array(members[b], dtype=np.int64)
        if len(set(bases.tolist())) != len(bases):
            return None  # two keys of one bucket share a base slot: no displacement separates them
        # for every displacement d at once: are all slots base ^ d free?
        free = np.ones(n_slots, dtype=bool)
        for s in bases:
            free &= ~used[candidates ^ s]
        good = np.flatnonzero(free)
        if good.size == 0:
            return None
        d = int(good[0])
        displacement[b] = d
        used[bases ^ d] = True
    return displacement


def build_perfect_hash(keys, slot_bits: int, bucket_bits: int, seed: int = 1, max_tries: int = 1000) -> PerfectHash:
    """Build and verify a perfect hash of ``keys`` (distinct non-negative ints below 2**63).

    >>> ph = build_perfect_hash([2 * 3 * 5 * 7 * 11, 2 * 2 * 3 * 3 * 5], slot_bits=4, bucket_bits=2)
    >>> len({ph.slot(2310), ph.slot(180)})
    2
    """
    keys = np.asarray(sorted(set(int(k) for k in keys)), dtype=np.uint64)
    if len(keys) > (1 << slot_bits):
        raise ValueError(f"{len(keys)} keys do not fit in {1 << slot_bits} slots")
    multipliers = _multipliers(seed)
    for _ in range(max_tries):
        multiplier = next(multipliers)
        displacement = _try_build(keys, multiplier, bucket_bits, slot_bits)
        if displacement is None:
            continue
        dtype = np.uint16 if slot_bits <= 16 else np.uint32
        ph = PerfectHash(multiplier, bucket_bits, slot_bits, displacement.astype(dtype))
        verify_perfect_hash(ph, keys)
        return ph
    raise RuntimeError(f"no perfect hash found in {max_tries} tries; give it more slots or buckets")


def verify_perfect_hash(ph: PerfectHash, keys: np.ndarray) -> None:
    """Raise unless every key gets its own slot, checked both vectorized and key by key."""
    slots = ph.slots(keys)
    if len(np.unique(slots)) != len(keys):
        raise AssertionError("perfect hash has collisions")
    if slots.min() < 0 or slots.max() >= (1 << ph.slot_bits):
        raise AssertionError("perfect hash slot out of range")
    if any(ph.slot(int(k)) != s for k, s in zip(keys.tolist(), slots.tolist())):
        raise AssertionError("vectorized and scalar slots disagree")
