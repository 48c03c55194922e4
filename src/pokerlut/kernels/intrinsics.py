"""LLVM intrinsics numba does not expose: a branch hint, popcount, count-trailing-zeros, a prefetch.

The branch hint matters: without it LLVM lays the rare path of a ranking loop inline and reloads
the table pointers from the stack on every hand; with it the hot loop keeps them in registers.
"""

from __future__ import annotations

import llvmlite.ir as ir
from numba import types
from numba.extending import intrinsic


@intrinsic
def unlikely(typingctx, condition):
    """``condition``, with a hint to LLVM that it is almost always false."""
    sig = types.boolean(types.boolean)

    def codegen(context, builder, signature, args):
        fnty = ir.FunctionType(ir.IntType(1), [ir.IntType(1), ir.IntType(1)])
        expect = builder.module.declare_intrinsic("llvm.expect", [ir.IntType(1)], fnty)
        return builder.call(expect, [args[0], ir.Constant(ir.IntType(1), 0)])

    return sig, codegen


@intrinsic
def popcount(typingctx, x):
    """Number of set bits of a uint64."""
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return sig, codegen


@intrinsic
def trailing_zeros(typingctx, x):
    """Index of the lowest set bit of a non-zero uint64."""
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return sig, codegen


@intrinsic
def prefetch(typingctx, array, index):
    """Ask the CPU to bring ``array[index]``'s cache line in (a read, kept in every cache level);
    no load, no fault whatever the index."""
    sig = types.void(array, index)

    def codegen(context, builder, signature, args):
        ary = context.make_array(signature.args[0])(context, builder, args[0])
        address = builder.gep(ary.data, [args[1]])
        i8p = ir.IntType(8).as_pointer()
        fnty = ir.FunctionType(ir.VoidType(), [i8p, ir.IntType(32), ir.IntType(32), ir.IntType(32)])
        fn = builder.module.declare_intrinsic("llvm.prefetch", [i8p], fnty)
        builder.call(fn, [builder.bitcast(address, i8p), ir.Constant(ir.IntType(32), 0),
                          ir.Constant(ir.IntType(32), 3), ir.Constant(ir.IntType(32), 1)])
        return context.get_dummy_value()

    return sig, codegen


@intrinsic
def opaque(typingctx, x):
    """``x`` (a uint64) unchanged, through an empty inline-assembly statement LLVM cannot see into:
    a mask built by arithmetic stays arithmetic.  Without it LLVM recognizes ``0 - (a < b)`` and the
    AND/XOR blend built from it as a select and may lay it out as a branch, which mispredicts
    half the time when the comparison is a coin flip (the suit-class kernels)."""
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.asm(ir.FunctionType(ir.IntType(64), [ir.IntType(64)]), "", "=r,0", [args[0]], False)

    return sig, codegen
