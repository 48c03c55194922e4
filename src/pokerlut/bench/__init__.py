"""Measuring pokerlut: the reference ceiling kernel (:mod:`.ceiling`) every speed figure is a ratio
to, and the side-by-side comparison with the peer evaluators (:mod:`.peers`).

Nothing in the runtime imports this package; ``pokerlut bench`` and ``benchmarks/`` do.
"""
