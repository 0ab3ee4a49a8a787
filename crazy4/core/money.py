"""Dollar amounts, exactly: read from rule files and options, printed for people."""

from __future__ import annotations

from fractions import Fraction

from crazy4.errors import InputError

#: The longest amount text read, and the largest power of ten an exponent may name: anything
#: beyond is refused before it is expanded (``"1e99999999"`` would build a 100-million-digit
#: integer before any limit could be compared with it).
MAX_AMOUNT_TEXT = 100
MAX_EXPONENT = 400


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
        On text that is not an amount, a negative (or zero, when ``positive``) amount, text of
        more than :data:`MAX_AMOUNT_TEXT` characters or an exponent beyond
        :data:`MAX_EXPONENT`.

    Examples
    --------
    >>> parse_money(0.5, "x"), parse_money("$20", "x"), parse_money("1/4", "x")
    (Fraction(1, 2), Fraction(20, 1), Fraction(1, 4))
    >>> parse_money(-1, "ante")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: ante: -1 is negative; expected an amount in dollars
    >>> parse_money("1e99999999", "--ante")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --ante: '1e99999999' is too large or too fine an amount in dollars
    """
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise InputError(f"{where}: {value!r} is not an amount in dollars")
    text = repr(value) if isinstance(value, float) else str(value)
    text = text.strip().removeprefix("$")
    if len(text) > MAX_AMOUNT_TEXT or _exponent_beyond_limit(text):
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:30] + "..."
        raise InputError(f"{where}: {shown} is too large or too fine an amount in dollars")
    try:
        amount = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{where}: {value!r} is not an amount in dollars") from None
    if amount < 0:
        raise InputError(f"{where}: {value} is negative; expected an amount in dollars")
    if positive and amount == 0:
        raise InputError(f"{where}: must be more than $0")
    return amount


def _exponent_beyond_limit(text: str) -> bool:
    """Whether ``text`` names a power of ten beyond :data:`MAX_EXPONENT` (read without
    expanding it; text that is not a number is left to :class:`fractions.Fraction`).

    Examples
    --------
    >>> [_exponent_beyond_limit(text) for text in ("2.5e3", "1E-999", "5")]
    [False, True, False]
    """
    for part in text.lower().split("/"):
        _, marker, exponent = part.partition("e")
        if not marker:
            continue
        digits = exponent.strip().lstrip("+-")
        if not (digits.isascii() and digits.isdigit()):
            continue  # not a number ('E²'): Fraction says so
        if len(digits) > 4 or int(digits) > MAX_EXPONENT:
            return True
    return False


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
