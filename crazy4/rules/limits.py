"""The ``[limits]`` section of a rule file: a table's bet limits and its cap on a round's payout.

Format (every key is checked; an unknown key is an error)::

    [limits]                          # optional
    minimum_bet = 3                   # dollars (default 1)
    maximum_bet = 100
    aggregate_payout_cap = 25000      # the most paid on one hand (all bets together)
    play_payout_cap = 5000            # the most the Play bet (a Raise) wins on one hand;
                                      # only where the game's engine applies it

Any game whose engine applies the cap reads them with :func:`read_limits`; the others refuse
the section as unknown, so a cap they would not apply is never silently accepted.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from crazy4.core.money import dollars
from crazy4.core.paytables import parse_odds
from crazy4.errors import InputError
from crazy4.rules.sections import Section, optional_section


@dataclass(frozen=True)
class Limits:
    """Table limits in dollars.

    Attributes
    ----------
    minimum_bet, maximum_bet : Fraction
    aggregate_payout_cap : Fraction or None
        The most the table pays on one hand, all bets included (None: no cap).
    play_payout_cap : Fraction or None
        The most the Play bet wins on one hand (None: no cap of its own).
    """

    minimum_bet: Fraction
    maximum_bet: Fraction
    aggregate_payout_cap: Fraction | None
    play_payout_cap: Fraction | None = None

    @property
    def capped(self) -> bool:
        """Whether any payout is capped."""
        return self.aggregate_payout_cap is not None or self.play_payout_cap is not None


def _amount(section: Section, key: str) -> Fraction | None:
    """A positive dollar amount (``None`` when absent)."""
    value = section.raw(key, required=False)
    if value is None:
        return None
    amount = parse_odds(value, where=f"{section.where}: key {key!r}")
    if amount <= 0:
        raise InputError(f"{section.where}: key {key!r} must be positive, got {value!r}")
    return amount


def _limits(section: Section, play_cap: bool) -> Limits:
    minimum = _amount(section, "minimum_bet") or Fraction(1)
    maximum = _amount(section, "maximum_bet")
    if maximum is None:
        raise InputError(f"{section.where}: missing key 'maximum_bet'")
    if maximum < minimum:
        raise InputError(f"{section.where}: 'maximum_bet' is below 'minimum_bet'")
    caps = ["aggregate_payout_cap", *(["play_payout_cap"] if play_cap else [])]
    amounts = [_amount(section, key) for key in caps]
    for key, cap in zip(caps, amounts, strict=True):
        if cap is not None and cap < minimum:
            raise InputError(
                f"{section.where}: key {key!r} is {dollars(cap)}, below 'minimum_bet' "
                f"{dollars(minimum)}: not even an even-money win at the minimum bet could be "
                "paid in full"
            )
    return Limits(minimum, maximum, *amounts)


def read_limits(top: Section, play_cap: bool = False) -> Limits | None:
    """The optional ``[limits]`` section (module docstring); None when absent. With
    ``play_cap``, the game's engine applies ``play_payout_cap`` too (else the key is unknown).

    Raises
    ------
    InputError
        Naming the file, the section and the key.

    Examples
    --------
    >>> read_limits(Section({"limits": {"maximum_bet": 100}}, "x.toml"))  # doctest: +ELLIPSIS
    Limits(minimum_bet=Fraction(1, 1), maximum_bet=Fraction(100, 1), aggregate_payout_cap=None, ...)
    >>> read_limits(Section({"limits": {"maximum_bet": 9, "play_payout_cap": 5}}, "x.toml"),
    ...             play_cap=True)  # doctest: +ELLIPSIS
    Limits(..., aggregate_payout_cap=None, play_payout_cap=Fraction(5, 1))
    >>> read_limits(Section({"limits": {"maximum_bet": 9, "play_payout_cap": 5}}, "x.toml"))
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: x.toml [limits]: unknown key 'play_payout_cap'
    >>> read_limits(Section({"limits": {"minimum_bet": 5, "maximum_bet": 2}}, "x.toml"))
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: x.toml [limits]: 'maximum_bet' is below 'minimum_bet'
    >>> read_limits(Section({}, "x.toml")) is None
    True
    """
    return optional_section(top, "limits", lambda section: _limits(section, play_cap))
