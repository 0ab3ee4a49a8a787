"""Dollar amounts, exactly: read from rule files and options, printed for people."""

from __future__ import annotations

from fractions import Fraction

from crazy4.errors import InputError


def parse_money(value: object, where: str, *, positive: bool = False) -> Fraction:
    """A dollar amount from a rule file or the command line, exactly.

    Parameters
    ----------
    value : int, float or str
        ``5``, ``0.5``, ``"0.50"``, ``"1/2"``, ``"$20"``. A float is read by its shortest
        decimal text, so ``0.1`` is exactly 1/10.
    where : str
        Names the key or option in the error message.
    positive : bool
        Reject zero as well as negative amounts.

    Raises
    ------
    InputError
        On text that is not an amount, a negative (or zero, when ``positive``) amount.

    Examples
    --------
    >>> parse_money(0.5, "x"), parse_money("$20", "x"), parse_money("1/4", "x")
    (Fraction(1, 2), Fraction(20, 1), Fraction(1, 4))
    >>> parse_money(-1, "ante")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: ante: -1 is negative; expected an amount in dollars
    """
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise InputError(f"{where}: {value!r} is not an amount in dollars")
    text = repr(value) if isinstance(value, float) else str(value)
    text = text.strip().removeprefix("$")
    try:
        amount = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{where}: {value!r} is not an amount in dollars") from None
    if amount < 0:
        raise InputError(f"{where}: {value} is negative; expected an amount in dollars")
    if positive and amount == 0:
        raise InputError(f"{where}: must be more than $0")
    return amount


def dollars(amount: Fraction | int) -> str:
    """``$5``, ``$0.50``, ``$12.345...``: a dollar amount as text (exact when it has cents).

    Examples
    --------
    >>> dollars(Fraction(1, 2)), dollars(Fraction(20)), dollars(Fraction(1, 3))
    ('$0.50', '$20', '$0.3333')
    """
    value = Fraction(amount)
    sign = "-" if value < 0 else ""
    value = abs(value)
    if value.denominator == 1:
        return f"{sign}${value.numerator}"
    if (value * 100).denominator == 1:
        return f"{sign}${float(value):.2f}"
    return f"{sign}${float(value):.4f}"
