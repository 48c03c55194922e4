"""Measuring pokerlut: the reference ceiling kernel (:mod:`.ceiling`) every speed figure is a ratio
to, the side-by-side comparison with the peer evaluators (:mod:`.peers`), and the timing of a first
call in a fresh interpreter, numba's cache empty or filled (:mod:`.fresh`).

Nothing in the runtime imports this package; ``pokerlut bench`` and ``benchmarks/`` do.
"""
