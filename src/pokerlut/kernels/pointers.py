"""Raw data pointers of arrays, for code that is inlined into functions numba compiles with its
runtime (NRT) on, as users' ``@njit`` functions are.

In such a function every array taken out of a tuple, and every array passed to a call, costs an
atomic reference-count update unless numba can prove it useless, and a hand loop whose rare branch
calls a function with arrays ran about 40 times slower than the same loop without the runtime
(measured on 10^7 random 7-card hands).  A pointer is no runtime object: the per-hand primitives
of :mod:`.primitives` index a pointer exactly as they index an array, so passing pointers costs
nothing, while the caller's arrays (kept alive by the caller) own the memory.

* :func:`table_pointers`: every array of a tuple of tables as its data pointer, other fields as
  they are (a named tuple keeps its field names).
* :func:`row_pointer`: ``(pointer, length)`` of a 1-D C-contiguous uint8 array of card ids; any
  other argument is a :class:`JitTypeError` naming what was passed, since only bytes keep every
  card id inside the 512-entry card table; :func:`card_row` makes one whose error names the
  function and argument (``pokerlut.jit.rank: cards must be ...``).
* :class:`JitTypeError`: an argument of a type ``pokerlut.jit`` does not take, raised when the
  user's function compiles.  A plain ``TypeError``, not numba's ``TypingError``: numba wraps its
  own errors in a report of its type inference (a kilobyte, pokerlut's sentence in the middle),
  and passes any other error on as it is, so the user reads pokerlut's one line.
* :func:`address_pointer`: the typed pointer at an address; :func:`address_array` the 1-D array
  there (owned by no runtime object), of the very type a kernel's table has, so that a C entry
  point handed the tables' addresses calls the kernels' compiled primitives.
* :func:`address_of` and :func:`call_address`: a pointer as an integer, and a call of the C
  function ``PyObject *f(long long)`` at an address (CPython's ``PyLong_FromLongLong``, for the
  entry point called as a Python builtin).
* :func:`scratch`: a small stack buffer of uint64, in the entry block of the function compiled;
  :func:`stack_array` the same as a 1-D array (owned by no runtime object), for a kernel that
  takes an output array, in functions that may not allocate.
"""

from __future__ import annotations

import llvmlite.ir as ir
from numba.core import cgutils, errors, types
from numba.extending import intrinsic

__all__ = ["JitTypeError", "card_row", "table_pointers", "row_pointer", "address_pointer", "address_array",
           "address_of", "call_address", "scratch", "stack_array"]


class JitTypeError(TypeError):
    """An argument of a type ``pokerlut.jit`` does not take (cards that are no 1-D C-contiguous uint8
    array, tables that are not :func:`pokerlut.jit.tables`'), raised when the function calling it
    compiles: one line naming the function, the argument, the type expected and the type given."""


def cards_type_text(what: str, given) -> str:
    """The one sentence for cards of another type (``given``: the numba type passed).

    >>> cards_type_text("pokerlut.jit.rank: cards", types.Array(types.float64, 1, "C"))
    'pokerlut.jit.rank: cards must be a 1-D C-contiguous uint8 array of card ids (a row hands[i] of a C-contiguous (N, k) uint8 array is one), got array(float64, 1d, C); convert with np.ascontiguousarray(cards, dtype=np.uint8)'
    """
    name = what.rpartition(": ")[2] if ": " in what else "cards"
    return (f"{what} must be a 1-D C-contiguous uint8 array of card ids (a row hands[i] of a C-contiguous "
            f"(N, k) uint8 array is one), got {given}; convert with np.ascontiguousarray({name}, dtype=np.uint8)")


@intrinsic
def table_pointers(typingctx, tables):
    """``tables`` (a tuple) with each array replaced by its data pointer (no reference is taken)."""
    if not isinstance(tables, types.BaseTuple):
        raise JitTypeError(f"pokerlut.jit: the first argument is the tables of a game, what pokerlut.jit.tables() "
                           f"returns, got {tables}")
    fields = [types.CPointer(ty.dtype) if isinstance(ty, types.Array) else ty for ty in tables.types]
    if isinstance(tables, types.BaseNamedTuple):  # the same field names, read as pointers
        sig = types.NamedTuple(fields, tables.instance_class)(tables)
    else:
        sig = types.Tuple(fields)(tables)

    def codegen(context, builder, signature, args):
        values = []
        for i, ty in enumerate(signature.args[0].types):
            value = builder.extract_value(args[0], i)
            if isinstance(ty, types.Array):
                value = context.make_array(ty)(context, builder, value).data
            values.append(value)
        return context.make_tuple(builder, signature.return_type, values)

    return sig, codegen


def is_card_row(ty) -> bool:
    """Whether numba type ``ty`` is a 1-D C-contiguous uint8 array."""
    return isinstance(ty, types.Array) and ty.ndim == 1 and ty.dtype == types.uint8 and ty.layout == "C"


def card_row(what: str):
    """The intrinsic ``(data pointer, length)`` of a 1-D C-contiguous uint8 array, any other type a
    :class:`JitTypeError` naming ``what`` (``"pokerlut.jit.rank: cards"``)."""

    @intrinsic
    def row_pointer(typingctx, row):
        if not is_card_row(row):
            raise JitTypeError(cards_type_text(what, row))
        sig = types.Tuple((types.CPointer(types.uint8), types.intp))(row)

        def codegen(context, builder, signature, args):
            array = context.make_array(signature.args[0])(context, builder, args[0])
            length = builder.extract_value(array.shape, 0)
            return context.make_tuple(builder, signature.return_type, [array.data, length])

        return sig, codegen

    return row_pointer


#: ``(data pointer, length)`` of a 1-D C-contiguous uint8 array (see :func:`card_row`).
row_pointer = card_row("pokerlut.jit: the cards of a hand")


@intrinsic
def address_pointer(typingctx, address, dtype):
    """The pointer to ``dtype`` (a numpy scalar type) at the integer ``address``."""
    if not isinstance(address, types.Integer) or not isinstance(dtype, types.NumberClass):
        raise errors.TypingError("address_pointer needs an integer address and a numpy scalar type")
    pointer_type = types.CPointer(dtype.instance_type)
    sig = pointer_type(address, dtype)

    def codegen(context, builder, signature, args):
        return builder.inttoptr(args[0], context.get_value_type(pointer_type))

    return sig, codegen


@intrinsic
def address_array(typingctx, address, length, dtype, readonly):
    """The 1-D C-contiguous array of ``length`` elements of ``dtype`` at ``address`` (an integer or a
    pointer), read-only when ``readonly`` (a literal bool) says so.  Nothing owns it: the memory
    must outlive the function compiled."""
    if not (isinstance(address, (types.Integer, types.CPointer)) and isinstance(length, types.Integer)
            and isinstance(dtype, types.NumberClass) and isinstance(readonly, types.BooleanLiteral)):
        raise errors.TypingError("address_array needs an address, a length, a numpy scalar type and a literal bool")
    array_type = types.Array(dtype.instance_type, 1, "C", readonly=readonly.literal_value)
    sig = array_type(address, length, dtype, readonly)

    def codegen(context, builder, signature, args):
        item = context.get_data_type(array_type.dtype)
        if isinstance(signature.args[0], types.CPointer):
            data = builder.bitcast(args[0], item.as_pointer())
        else:
            data = builder.inttoptr(args[0], item.as_pointer())
        array = context.make_array(array_type)(context, builder)
        itemsize = context.get_constant(types.intp, context.get_abi_sizeof(item))
        size = context.cast(builder, args[1], signature.args[1], types.intp)
        context.populate_array(array, data=data, shape=[size], strides=[itemsize], itemsize=itemsize, meminfo=None)
        return array._getvalue()

    return sig, codegen


@intrinsic
def address_of(typingctx, pointer):
    """The address held by a ``voidptr`` (or any pointer), as a uint64."""
    if not isinstance(pointer, (types.RawPointer, types.CPointer)):
        raise errors.TypingError("address_of needs a pointer")
    sig = types.uint64(pointer)

    def codegen(context, builder, signature, args):
        return builder.ptrtoint(args[0], ir.IntType(64))

    return sig, codegen


@intrinsic
def call_address(typingctx, address, value):
    """Call the C function ``void *f(long long)`` at ``address`` with ``value``; its result as a voidptr."""
    if not isinstance(address, types.Integer) or not isinstance(value, types.Integer):
        raise errors.TypingError("call_address needs an integer address and an integer value")
    sig = types.voidptr(address, value)

    def codegen(context, builder, signature, args):
        fnty = ir.FunctionType(ir.IntType(8).as_pointer(), [ir.IntType(64)])
        function = builder.inttoptr(args[0], fnty.as_pointer())
        return builder.call(function, [context.cast(builder, args[1], signature.args[1], types.int64)])

    return sig, codegen


@intrinsic
def scratch(typingctx, size):
    """A stack buffer of ``size`` (a literal integer) uint64, as a pointer."""
    if not isinstance(size, types.IntegerLiteral):
        raise errors.TypingError("scratch needs a literal size")
    n = size.literal_value
    sig = types.CPointer(types.uint64)(size)

    def codegen(context, builder, signature, args):
        return cgutils.alloca_once(builder, ir.IntType(64), size=n)

    return sig, codegen


@intrinsic
def stack_array(typingctx, size, dtype):
    """A 1-D C-contiguous array of ``size`` (a literal integer) elements of ``dtype`` (a numpy
    scalar type) on the stack, uninitialised; valid until the function compiled returns."""
    if not isinstance(size, types.IntegerLiteral) or not isinstance(dtype, types.NumberClass):
        raise errors.TypingError("stack_array needs a literal size and a numpy scalar type")
    n = size.literal_value
    array_type = types.Array(dtype.instance_type, 1, "C")
    sig = array_type(size, dtype)

    def codegen(context, builder, signature, args):
        item = context.get_data_type(array_type.dtype)
        data = cgutils.alloca_once(builder, item, size=n)
        array = context.make_array(array_type)(context, builder)
        itemsize = context.get_constant(types.intp, context.get_abi_sizeof(item))
        context.populate_array(array, data=data, shape=[context.get_constant(types.intp, n)], strides=[itemsize],
                               itemsize=itemsize, meminfo=None)
        return array._getvalue()

    return sig, codegen
