"""Arrays of card text read in one compiled pass (:mod:`pokerlut.kernels.text`): numpy ``U``/``S``/object
arrays, lists, pandas columns (string, object, categorical, Arrow-backed); and :func:`parse_cards`, the
public reader of one string or many."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Callable

import numpy as np

from ._messages import quoted, shown
from ._notice import compile_notice
from .card_checks import named
from .card_notation import parse_one_text, text_tables, unreadable_text
from .kernels.text import parse_spans, parse_text, utf8_code_points

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["LONG_TEXT", "KERNEL_TEXT", "is_text_array", "text_array", "text_hands", "parse_cards"]

#: The widest the ids of texts laid end to end are made in one pass (a list, an object array, an
#: Arrow column); a text of more cards is read again on its own, so that one long string does not
#: widen the ids of every other.
LONG_TEXT = 256
#: One string longer than this is read by the compiled pass rather than the regular expression.
KERNEL_TEXT = 2048


def _decoded(texts: np.ndarray, what: str) -> np.ndarray:
    """A bytes (``S``) array as text: ASCII as it is, anything else decoded as UTF-8."""
    if not texts.size or not (texts.view(np.uint8) >= 0x80).any():
        return texts
    flat = texts.reshape(-1)
    try:
        return np.char.decode(flat, "utf-8").reshape(texts.shape)
    except UnicodeDecodeError:
        for i, raw in enumerate(flat.tolist()):
            try:
                raw.decode("utf-8")
            except UnicodeDecodeError:
                index = tuple(int(j) for j in np.unravel_index(i, texts.shape))
                raise ValueError(f"{named(index, what)}: {quoted(raw)} is not UTF-8 text") from None
        raise  # pragma: no cover - np.char.decode and bytes.decode agree


def _parse_fixed(texts: np.ndarray) -> tuple[np.ndarray, np.ndarray, int, int]:
    """A flat ``U`` (or ASCII ``S``) array read by the kernel: ``(ids (n, cap), counts, first bad
    element or -1, the character it stops at)``; element ``e`` holds ``ids[e, :counts[e]]``."""
    kind = texts.dtype.kind
    texts = np.ascontiguousarray(texts.reshape(-1), dtype=texts.dtype.newbyteorder("="))
    n = texts.shape[0]
    width = texts.dtype.itemsize // (4 if kind == "U" else 1)
    counts = np.zeros(n, np.int64)
    out = np.empty((n, max(width, 1)), np.uint8)
    if width == 0 or n == 0:
        return out[:, :0], counts, -1, 0
    codes = texts.view(np.uint32 if kind == "U" else np.uint8)
    bad_at = np.zeros(1, np.int64)
    with compile_notice("card text"):
        bad = parse_text(codes, width, *text_tables(), out, counts, bad_at)
    return out, counts, int(bad), int(bad_at[0])


def _arrow_strings(values: Any) -> Any:
    """The pyarrow ``ChunkedArray`` of an Arrow-backed string column with no missing value: a
    pandas column or array of ``StringDtype("pyarrow")`` (pandas 3's default ``str`` where pyarrow
    is installed) or ``ArrowDtype`` of a string type, or a pyarrow string array itself; else
    None.  Duck-typed: pyarrow is imported only for values that are already Arrow's."""
    dtype = getattr(values, "dtype", None)
    if getattr(dtype, "storage", None) == "pyarrow" or getattr(dtype, "pyarrow_dtype", None) is not None:
        arrow = getattr(getattr(values, "array", values), "__arrow_array__", None)
        if arrow is None:
            return None
        chunks = arrow()
    elif type(values).__module__.startswith("pyarrow") and hasattr(values, "type") and hasattr(values, "null_count"):
        chunks = values
    else:
        return None
    import pyarrow as pa

    if isinstance(chunks, pa.Array):
        chunks = pa.chunked_array([chunks])
    if not isinstance(chunks, pa.ChunkedArray) or chunks.null_count:  # a missing value: the general way names it
        return None
    if not (pa.types.is_string(chunks.type) or pa.types.is_large_string(chunks.type)):
        return None
    return chunks


def _parse_arrow(chunks: Any) -> tuple[np.ndarray, np.ndarray, int, int]:
    """An Arrow string array read by the kernel from its own buffers (offsets and UTF-8 bytes, no
    Python string made), as :func:`_parse_fixed` reads an array."""
    import pyarrow as pa

    n = len(chunks)
    parts = []
    for chunk in chunks.chunks:
        _, offsets_buffer, data_buffer = chunk.buffers()
        kind = np.int64 if pa.types.is_large_string(chunk.type) else np.int32
        offsets = np.frombuffer(offsets_buffer, kind)[chunk.offset:chunk.offset + len(chunk) + 1] if len(chunk) \
            else np.zeros(1, kind)
        data = np.frombuffer(data_buffer, np.uint8) if data_buffer is not None else np.zeros(0, np.uint8)
        used = data[offsets[0]:offsets[-1]] if len(chunk) else data[:0]
        if (used >= 0x80).any():  # not ASCII: the code points, decoded once
            codes = np.empty(max(int(used.shape[0]), 1), np.uint32)
            code_offsets = np.empty(len(chunk) + 1, np.int64)
            with compile_notice("card text"):
                utf8_code_points(data, offsets, codes, code_offsets)
            data, offsets = codes, code_offsets
        parts.append((data, offsets, len(chunk)))
    if len(parts) <= 1:
        return _parse_spans(*parts[0][:2]) if parts else _parse_fixed(np.zeros(0, "U1"))
    read = [_parse_spans(data, offsets) for data, offsets, _ in parts]
    out = np.zeros((n, max(ids.shape[1] for ids, _, _, _ in read)), np.uint8)
    counts = np.zeros(n, np.int64)
    bad, bad_at, start = -1, 0, 0
    for ids, part_counts, part_bad, part_at in read:
        length = part_counts.shape[0]
        out[start:start + length, :ids.shape[1]] = ids
        counts[start:start + length] = part_counts
        if part_bad >= 0 and bad < 0:
            bad, bad_at = start + part_bad, part_at
        start += length
    return out, counts, bad, bad_at


def _parse_strings(items: list) -> tuple[np.ndarray, np.ndarray, int, int]:
    """Python strings read as :func:`_parse_fixed` reads an array, laid end to end (their code
    points, or their bytes when all are ASCII): no fixed width for a long string to widen, and a
    trailing zero character is kept (a numpy string array would drop it)."""
    if not items:
        return _parse_fixed(np.zeros(0, "U1"))
    offsets = np.zeros(len(items) + 1, np.int64)
    np.cumsum(np.fromiter(map(len, items), np.int64, len(items)), out=offsets[1:])
    joined = "".join(items)
    if joined.isascii():
        codes = np.frombuffer(joined.encode("ascii"), np.uint8)
    else:
        codes = np.frombuffer(joined.encode("utf-32-le", "surrogatepass"), np.uint32)
    return _parse_spans(codes, offsets)


def _parse_spans(codes: np.ndarray, offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray, int, int]:
    """Texts laid end to end (text ``e``: ``codes[offsets[e]:offsets[e + 1]]``) read by the kernel,
    as :func:`_parse_fixed` reads an array.  The ids are at most :data:`LONG_TEXT` wide in the
    pass over every text; a text of more cards is read again, alone, into a wider array."""
    n = offsets.shape[0] - 1
    cap = max(1, min(int(np.diff(offsets).max(initial=0)), LONG_TEXT))
    out = np.empty((n, cap), np.uint8)
    counts = np.zeros(n, np.int64)
    at = np.zeros(1, np.int64)
    tables = text_tables()
    with compile_notice("card text"):
        bad = int(parse_spans(codes, offsets, *tables, out, counts, at))
    over = np.flatnonzero(counts > cap)
    if over.size:
        wide = np.zeros((n, int(counts.max())), np.uint8)
        wide[:, :cap] = out
        for e in over.tolist():
            parse_spans(codes, offsets[e:e + 2], *tables, wide[e:e + 1], np.zeros(1, np.int64), np.zeros(1, np.int64))
        out = wide
    return out, counts, bad, int(at[0])


def _bad_text(text: str, pos: int, counts: np.ndarray, bad: int, shape: tuple[int, ...], what: str,
              concatenated: bool = False) -> ValueError:
    """The error for element ``bad``: ``hand 3, position 2: cannot read a card ...``.  When every
    other element holds one card, the elements are the cards of hands along the last axis, and the
    position is the element's index there; else it counts the cards of the element read before."""
    message = unreadable_text(text, pos)
    index = tuple(int(i) for i in np.unravel_index(bad, shape)) if shape else ()
    n = counts.shape[0]
    if not concatenated and n > 1 and counts[bad] == 0 and np.count_nonzero(counts == 1) == n - 1:
        return ValueError(f"{named(index[:-1], what)}, position {index[-1]}: {message}")
    return ValueError(f"{named(index, what)}, position {int(counts[bad])}: {message}")


def _hands(ids: np.ndarray, counts: np.ndarray, bad: int, bad_at: int, shape: tuple[int, ...], what: str,
           text_at: Callable[[int], str]) -> NDArray[np.uint8]:
    """Parsed elements of an array of ``shape`` as one array: ``shape`` when every element holds
    one card (the cards of hands), ``shape + (k,)`` when every element holds ``k`` (one hand
    each); anything else is a ``ValueError`` naming the element."""
    if bad >= 0:
        raise _bad_text(text_at(bad), bad_at, counts, bad, shape, what)
    if counts.size == 0:
        return np.zeros(shape, np.uint8)
    if (counts == 1).all():
        return np.ascontiguousarray(ids[:, 0]).reshape(shape)
    k = int(counts[0])
    if (counts == k).all():
        return np.ascontiguousarray(ids[:, :k]).reshape(shape + (k,))
    i = int(np.flatnonzero(counts != k)[0])
    index_i = tuple(int(j) for j in np.unravel_index(i, shape))
    index_0 = tuple(0 for _ in shape)
    raise ValueError(
        f"{named(index_i, what)} ({quoted(text_at(i))}) has length {int(counts[i])}, but {named(index_0, what)} "
        f"({quoted(text_at(0))}) has length {k}: all {what}s must be the same size"
    )


def _categorical(values: Any) -> tuple[np.ndarray, Any] | None:
    """``(codes, categories)`` of a pandas Categorical or categorical Series (duck-typed: pandas
    is not imported here), else None."""
    if getattr(getattr(values, "dtype", None), "name", None) != "category":
        return None
    cat = getattr(values, "cat", values)
    codes, categories = getattr(cat, "codes", None), getattr(cat, "categories", None)
    if codes is None or categories is None:
        return None
    return np.asarray(codes), categories


def is_text_array(values: Any) -> bool:
    """Whether ``values`` is an array of card text that :func:`text_array` reads without looking
    at its elements: a numpy ``U``/``S`` array, a pandas categorical, a pandas string column with
    no missing value (Arrow-backed, as pandas 3's default ``str`` is with pyarrow installed, or of
    Python strings).

    >>> is_text_array(np.array(["As"])), is_text_array(np.array([51])), is_text_array(["As"])
    (True, False, False)
    """
    return ((isinstance(values, np.ndarray) and values.dtype.kind in "US") or _categorical(values) is not None
            or _arrow_strings(values) is not None or _python_strings(values))


def _python_strings(values: Any) -> bool:
    """Whether ``values`` is a pandas string column (or array) of Python storage with no missing
    value (pandas 3's default ``str`` without pyarrow): read as an object array of strings."""
    dtype = getattr(values, "dtype", None)
    if getattr(dtype, "storage", None) != "python" or getattr(dtype, "name", None) not in ("string", "str"):
        return False
    return not bool(values.isna().any())


def text_array(values: Any, what: str = "hand") -> NDArray[np.uint8]:
    """Card text of any shape as ids, in one compiled pass: a numpy ``U``/``S`` array, an object
    array or list of strings, a pandas column (string, object or categorical).  Every element one
    card: the ids have the shape of ``values`` (the cards of hands along the last axis); every
    element ``k`` cards: one more axis of ``k``.  A bad card, a missing value or an element holding
    another number of cards than the rest is a ``ValueError`` naming the element (as ``what``)
    and the position.

    >>> text_array(np.array(["As Ks Qs Js Ts", "2c 2d W 9h 9s"])).tolist()
    [[51, 47, 43, 39, 35], [0, 1, 52, 30, 31]]
    >>> text_array(np.array([["As", "Ks"], ["2c", "W"]])).tolist()
    [[51, 47], [0, 52]]
    >>> text_array(np.array(["As Ks", "Qs Jx"]))
    Traceback (most recent call last):
    ...
    ValueError: hand 1, position 1: cannot read a card at character 3 of 'Qs Jx': 'Jx' does not start with a card; accepted forms: rank 2-9, T, 10, J, Q, K, A (or course rank 1-13: 1 = A, 11 = J, 12 = Q, 13 = K) followed by a suit c, d, h, s or ♣ ♦ ♥ ♠ (♧ ♢ ♡ ♤), e.g. 'As', 'Td', '10d', 'A♠', '13S'; a wild card as 'W', 'Jk', '*' or 'joker'; several cards separated by spaces or commas, or concatenated ('AhKh')
    """
    categorical = _categorical(values)
    if categorical is not None:
        return _categories(*categorical, what)
    parsed, shape, text_at = _parsed(values, what)
    return _hands(*parsed, shape, what, text_at)


def text_hands(values: Any, what: str = "hand") -> tuple[NDArray[np.uint8], NDArray[np.int64]] | None:
    """One hand of any size per element of 1-D card text (a list or tuple of strings, a numpy
    ``U``/``S``/object array, a pandas column): ``(ids, counts)``, hand ``e`` holding
    ``ids[e, :counts[e]]``; ``None`` for other input, or for text that does not read (which
    :func:`text_array` names).

    >>> ids, counts = text_hands(["As Ks Qs Js Ts", "2c 2d W 9h 9s 3c"])
    >>> counts.tolist(), ids[1, :counts[1]].tolist()
    ([5, 6], [0, 1, 52, 30, 31, 4])
    """
    categorical = _categorical(values)
    if categorical is not None:
        codes, categories = categorical
        if codes.ndim != 1 or (codes < 0).any():
            return None
        items = _strings(list(categories), (len(categories),), what)
        ids, counts, bad, _ = _parse_strings(items)
        codes = codes.astype(np.int64)
        if bad >= 0 and np.isin(np.flatnonzero([_fails(text) for text in items]), codes).any():
            return None
        return ids[codes], counts[codes]
    if isinstance(values, (list, tuple)):
        if not all(isinstance(x, (str, bytes)) for x in values):
            return None
    elif getattr(values, "ndim", None) != 1 and _arrow_strings(values) is None:  # arrays, columns
        return None
    try:
        (ids, counts, bad, _), _, _ = _parsed(values, what)
    except TypeError:  # not text
        return None
    return None if bad >= 0 else (ids, counts)


def _parsed(values: Any, what: str) -> tuple[tuple[np.ndarray, np.ndarray, int, int], tuple[int, ...],
                                             Callable[[int], str]]:
    """Card text read by the compiled pass: ``((ids, counts, first bad element, where it stops),
    shape, the text of element i)``; anything but text a ``TypeError``."""
    if isinstance(values, (list, tuple)):
        items = _strings(list(values), (len(values),), what)
        return _parse_strings(items), (len(items),), items.__getitem__
    chunks = _arrow_strings(values)
    if chunks is not None:
        return _parse_arrow(chunks), (len(chunks),), lambda i: chunks[i].as_py()
    array = values if isinstance(values, np.ndarray) else np.asarray(values)
    if array.dtype.kind == "S":
        array = _decoded(array, what)
    if array.dtype.kind in "US":
        flat = array.reshape(-1)
        return _parse_fixed(flat), array.shape, lambda i: _text_of(flat[i])
    if array.dtype.kind == "O":
        items = _strings(array.reshape(-1).tolist(), array.shape, what)
        return _parse_strings(items), array.shape, items.__getitem__
    raise TypeError(f"card text must be strings, got an array of dtype {array.dtype}")


def _text_of(value: Any) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)


def _strings(items: list, shape: tuple[int, ...], what: str) -> list:
    """``items`` as a list of str (bytes decoded); anything else a ``TypeError`` naming it."""
    kinds = set(map(type, items))
    if kinds <= {str}:
        return items
    if kinds <= {str, np.str_, bytes, np.bytes_}:
        return [x.decode("utf-8") if isinstance(x, bytes) else str(x) for x in items]
    i = next(i for i, x in enumerate(items) if not isinstance(x, (str, bytes)))
    index = tuple(int(j) for j in np.unravel_index(i, shape))
    value = items[i]
    missing = " (a missing value)" if value is None or value != value else ""
    raise TypeError(f"{named(index, what)} is {shown(value)} ({type(value).__name__}){missing}, not card text")


def _fails(text: str) -> bool:
    return _parse_strings([text])[2] >= 0


def _categories(codes: np.ndarray, categories: Any, what: str) -> NDArray[np.uint8]:
    """A categorical column: each category read once, then picked by the codes."""
    labels = list(categories)
    shape = codes.shape
    codes = codes.reshape(-1).astype(np.int64)
    missing = np.flatnonzero(codes < 0)
    if missing.size:
        index = tuple(int(j) for j in np.unravel_index(int(missing[0]), shape))
        raise TypeError(f"{named(index, what)} is missing (NaN in a categorical), not card text")
    items = _strings(labels, (len(labels),), what)
    ids, counts, bad, _ = _parse_strings(items)
    row_counts = counts[codes]
    if bad >= 0:  # a bad category matters only if a row holds it
        failing = np.array([_fails(text) for text in items])
        rows = np.flatnonzero(failing[codes])
        if rows.size:
            row = int(rows[0])
            _, _, _, at = _parse_strings([items[int(codes[row])]])
            raise _bad_text(items[int(codes[row])], at, row_counts, row, shape, what)
    used = counts[np.bincount(codes, minlength=len(labels)) > 0]
    if used.size and (used == used[0]).all():  # every row the same size: pick from the categories' ids
        k = int(used[0])
        picked = np.ascontiguousarray(ids[:, :k])[codes]
        return picked.reshape(shape) if k == 1 else picked.reshape(shape + (k,))
    return _hands(ids[codes], row_counts, -1, 0, shape, what, lambda i: items[int(codes[i])])


# --------------------------------------------------------------------------- public API


def parse_cards(text: Any) -> NDArray[np.uint8]:
    """Parse cards into uint8 ids: one string to a 1-D array; an array of strings to an array.

    Cards may be separated by whitespace or commas, or concatenated: each card is read
    greedily as a wild word, else a rank (1-2 digits or a letter) and one suit char.

    * a ``str``: its cards, 1-D;
    * a list or tuple of strings: each parsed and concatenated, 1-D;
    * an array of strings (numpy ``U``/``S``/object, a pandas column or categorical, any shape):
      arrays in, arrays out, in one compiled pass.  Every element one card: the shape of the
      array; every element ``k`` cards: the shape plus an axis of ``k`` (a column of hands gives
      an ``(n, k)`` array).  Elements holding different numbers of cards are a ``ValueError``.

    >>> parse_cards("AhKh").tolist(), parse_cards("Ah, Kh").tolist()
    ([50, 46], [50, 46])
    >>> parse_cards("10dJdWAs").tolist()
    [33, 37, 52, 51]
    >>> parse_cards(["11C", "13C 3C"]).tolist()
    [36, 44, 4]
    >>> parse_cards(np.array(["As Ks Qs", "2c 2d W"])).tolist()
    [[51, 47, 43], [0, 1, 52]]
    """
    if isinstance(text, str):
        if len(text) > KERNEL_TEXT:
            ids, counts, bad, bad_at = _parse_fixed(np.array([text]))
            if bad >= 0:
                raise ValueError(unreadable_text(text, bad_at))
            return ids[0, :counts[0]].copy()
        return parse_one_text(text)
    if isinstance(text, (list, tuple)):
        items = list(text)
        for i, item in enumerate(items):
            if not isinstance(item, str):
                raise TypeError(f"parse_cards: element {i} is {shown(item)} ({type(item).__name__}), not a str")
        ids, counts, bad, bad_at = _parse_strings(items)
        if bad >= 0:
            raise _bad_text(items[bad], bad_at, counts, bad, (len(items),), "element", concatenated=True)
        return ids[np.arange(ids.shape[1]) < counts[:, None]]
    if isinstance(text, (bytes, bytearray)) or not (isinstance(text, (np.ndarray, Sequence))
                                                    or hasattr(text, "__array__")):
        raise TypeError(f"parse_cards expects a str, a sequence of str or an array of str, got {type(text).__name__}")
    if isinstance(text, np.ndarray) and text.dtype.kind not in "USO":
        raise TypeError(f"parse_cards expects card text, got an array of dtype {text.dtype} (card ids need no parsing)")
    if isinstance(text, np.ndarray) and text.dtype.kind == "O":
        flat = text.reshape(-1).tolist()
        for i, item in enumerate(flat):
            if not isinstance(item, (str, bytes)):
                index = tuple(int(j) for j in np.unravel_index(i, text.shape))
                raise TypeError(f"parse_cards: {named(index, 'element')} is {shown(item)} ({type(item).__name__}), "
                                f"not a str")
    if isinstance(text, Sequence) and not isinstance(text, np.ndarray):
        return parse_cards(list(text))
    return text_array(text, "element")
