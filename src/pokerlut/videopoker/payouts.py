"""Payouts as exact numbers: a payout's text read in bounded time, a number checked against the
largest payout a pay table may hold, a huge payout shown by its size (:mod:`pokerlut.videopoker.games`
re-exports them)."""

from __future__ import annotations

import math
import numbers
import re
from fractions import Fraction
from typing import Any

import numpy as np

from .._messages import shown

__all__ = ["MAX_PAY", "MAX_PAY_CHARS", "parse_pay", "as_pay"]


#: The largest payout per coin a pay table may hold.  :func:`~pokerlut.videopoker.game_return`
#: sums, over every deal, the best hold's value scaled to whole draws: up to about 2.5e21 times
#: the largest payout (C(53, 5) deals x 32 holds' inclusion-exclusion terms x C(53, 5) hands x the
#: draw counts' common multiple), which must stay below float64's 1.8e308; 1e250 leaves room.
MAX_PAY = 1e250
#: The same bound exactly: 10**250 (the float 1e250 is a little below it, so a payout written
#: ``1e250`` is allowed).
_PAY_LIMIT = Fraction(10) ** 250


#: The most characters of a payout written as text (``parse_pay``); ``0.000000000000000001`` is 20.
MAX_PAY_CHARS = 40
#: A payout as text: a decimal number with an optional exponent, or a fraction of two integers.
#: Every part is matched without backtracking that could cost more than the text's length.
_DECIMAL_RE = re.compile(r"([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?")
_FRACTION_RE = re.compile(r"([+-]?)(\d+)\s*/\s*(\d+)")
#: The exponents a payout's text may hold: beyond these the value is far outside 0..MAX_PAY (or
#: below any float) whatever its digits, and converting it exactly would take unbounded time.
_MAX_EXPONENT = 300


def parse_pay(text: str) -> Fraction:
    """A payout written as text (``"800"``, ``"2.5"``, ``"4000/5"``, ``"1e3"``) as an exact
    :class:`~fractions.Fraction`, in time bounded by :data:`MAX_PAY_CHARS`: a longer text, an
    exponent beyond 300 either way (checked before anything is converted), a value above
    :data:`MAX_PAY` or below 0 is a ``ValueError`` repeating the text.

    >>> parse_pay("4000/5"), parse_pay(" 2.5 "), parse_pay("1e3")
    (Fraction(800, 1), Fraction(5, 2), Fraction(1000, 1))
    >>> parse_pay("1e100000000")
    Traceback (most recent call last):
    ...
    ValueError: a payout must be at most 1e+250 per coin, got 1e100000000
    """
    if not isinstance(text, str):
        raise TypeError(f"a payout's text is a str, not {type(text).__name__}")
    body = text.strip()
    shown = body if len(body) <= MAX_PAY_CHARS else body[:MAX_PAY_CHARS] + f"... ({len(body):,} characters)"
    if len(body) > MAX_PAY_CHARS:
        raise ValueError(f"a payout is a number of at most {MAX_PAY_CHARS} characters, got {shown!r}")
    m = _DECIMAL_RE.fullmatch(body)
    if m and (m.group(2) or m.group(3)):
        sign, whole, part, exponent = m.groups()
        if exponent is not None and abs(int(exponent)) > _MAX_EXPONENT:
            digits = (whole + (part or "")).lstrip("0")
            if not digits:  # zero, whatever the exponent
                return Fraction(0)
            if sign == "-":
                raise ValueError(f"a payout must not be negative, got {shown}")
            if int(exponent) > 0:
                raise ValueError(f"a payout must be at most {MAX_PAY:g} per coin, got {shown}")
            raise ValueError(f"a payout's exponent must be from -{_MAX_EXPONENT} to {_MAX_EXPONENT}, got {shown}")
        value = Fraction(body)
    elif _FRACTION_RE.fullmatch(body):
        try:
            value = Fraction(body.replace(" ", ""))
        except ZeroDivisionError:
            raise ValueError(f"not a payout: {text!r} (a fraction's denominator must not be 0)") from None
    else:
        raise ValueError(f"not a payout: {shown!r} (write e.g. 800, 2.5 or 4000/5)")
    if value < 0:
        raise ValueError(f"a payout must not be negative, got {shown}")
    if value > _PAY_LIMIT:
        raise ValueError(f"a payout must be at most {MAX_PAY:g} per coin, got {shown}")
    return value


def _magnitude(pay: Fraction) -> str:
    """A huge payout (> 0) in scientific notation from its integer part, ``3.333e+259``: its digits
    when Python prints them quickly (up to 4,000), else from its size in bits (``about 1.000e+100000``:
    printing 10**100000000 would take long, and Python refuses beyond 4,300 digits).

    >>> _magnitude(Fraction(10**260, 3)), _magnitude(Fraction(10**100000))
    ('3.333e+259', 'about 1.000e+100000')
    """
    whole = pay.numerator // pay.denominator
    if whole.bit_length() < 13_000:
        digits = str(whole)
        return f"{digits[0]}.{digits[1:4].ljust(3, '0')}e+{len(digits) - 1}"
    shift = whole.bit_length() - 64
    exponent10 = math.log10(whole >> shift) + shift * math.log10(2)
    power, mantissa = int(exponent10), round(10 ** (exponent10 % 1), 3)
    if mantissa >= 10:
        power, mantissa = power + 1, mantissa / 10
    return f"about {mantissa:.3f}e+{power}"


def _show_pay(value: Any) -> str:
    """A payout as the user would write it: ``-1``, ``2.5``, ``3/4``, not ``Fraction(-1, 1)``; a
    number of more than 40 digits in scientific notation (:func:`_magnitude`)."""
    if isinstance(value, numbers.Rational) and not isinstance(value, (bool, np.bool_)):
        pay = Fraction(int(value.numerator), int(value.denominator))
        if abs(pay) >= 10**40:
            shown = _magnitude(abs(pay))
            return shown if pay > 0 else shown.replace("about ", "about -") if "about" in shown else "-" + shown
        if isinstance(value, Fraction):
            return str(value.numerator) if value.denominator == 1 else str(value)
    if isinstance(value, np.generic):
        value = value.item()
    return repr(value)


def as_pay(value: Any, what: str) -> Fraction:
    """A payout given as a number, exactly, for the class ``what``: a bool, a non-number, an infinite,
    negative or too large value is an error naming the class.

    >>> as_pay(2.5, "Flush"), as_pay(Fraction(4000, 5), "Royal flush")
    (Fraction(5, 2), Fraction(800, 1))
    >>> as_pay(-1, "Flush")
    Traceback (most recent call last):
    ...
    ValueError: the pay of Flush must not be negative, got -1
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Rational, numbers.Real)):
        raise TypeError(f"the pay of {what} must be a number, got {type(value).__name__}: {shown(value)}")
    if isinstance(value, numbers.Rational):
        pay = Fraction(int(value.numerator), int(value.denominator))
    else:
        x = float(value)
        if not math.isfinite(x):
            raise ValueError(f"the pay of {what} must be a finite number, got {_show_pay(value)}")
        pay = Fraction(x)
    if pay < 0:
        raise ValueError(f"the pay of {what} must not be negative, got {_show_pay(value)}")
    if pay > _PAY_LIMIT:
        pay_text = _show_pay(value)
        raise ValueError(f"the pay of {what} is {pay_text}, more than the largest payout allowed ({MAX_PAY:g} per "
                         f"coin; larger ones overflow the float64 sums of a game's return)")
    return pay

