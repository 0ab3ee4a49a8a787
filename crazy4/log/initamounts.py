"""How a log's amount columns read, told by their values (``crazy4 validate --init-mapping``):
a net (ever negative), a return (an even-money win shows twice the stake) or winnings."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

#: Names (lower case, no punctuation) that begin a column of the Ante and the Play together.
COMBINED_PREFIXES = ("anteplay", "anteandplay", "main", "basegame", "base")
#: The wagers that pay even money when they win.
EVEN_MONEY = ("ante", "play")


def is_combined(plain: str, endings: tuple[str, ...]) -> bool:
    """Whether a column name (lower case, no punctuation) is the Ante and Play together.

    Examples
    --------
    >>> is_combined("anteplaynet", ("net",)), is_combined("maincredit", ("credit",))
    (True, True)
    >>> is_combined("antenet", ("net",))
    False
    """
    return any(plain == prefix + end for prefix in COMBINED_PREFIXES for end in endings)


def amount_kind(
    amounts: npt.NDArray[np.float64], stakes: npt.NDArray[np.float64], even_money: bool
) -> str | None:
    """``"net"``, ``"return"`` or ``"winnings"`` as the values say, None when they do not
    tell (a side bet that never pays below its stake: the log's convention decides).

    Examples
    --------
    >>> stake = np.ones(4)
    >>> amount_kind(np.array([0, 1, 2, 0.0]), stake, True)
    'return'
    >>> amount_kind(np.array([0, 1, 1, 0.0]), stake, True)
    'winnings'
    >>> amount_kind(np.array([-1, 1, 0, 0.0]), stake, True), amount_kind(
    ...     np.array([0, 3, 0, 0.0]), stake, False)
    ('net', None)
    >>> amount_kind(np.array([0, 0.5, 0, 0.0]), stake, False)
    'winnings'
    """
    amounts, stakes = np.nan_to_num(amounts), np.nan_to_num(stakes)
    placed = stakes > 0
    if not placed.any() or (amounts < 0).any() or not (amounts[placed] == 0).any():
        return "net"
    paid = placed & (amounts > 0)
    ratio = amounts[paid] / stakes[paid]
    if not even_money:
        return "winnings" if (ratio < 1 - 1e-9).any() else None
    if np.isclose(ratio, 2.0).any():
        return "return"
    return "winnings" if ratio.size and np.isclose(ratio, 1.0).all() else None
