"""The progressive bet and its envy bonuses as frozen data (read by :mod:`.progressive`).

A progressive is a side bet of a fixed ``wager`` on the player's own cards: each pay line pays a
share of the meter (fed by ``contribution`` of every wager, back to ``reset`` once won) and/or a
fixed amount on top of the wager; an envy bonus pays when *another* seat holds a listed hand.
``scoring``: ``"five_cards"`` (five-card poker, :class:`crazy4.core.five_card.FiveCardCategory`)
or ``"best_four"`` (the best four, :class:`crazy4.core.ranking.HandCategory`). Amounts are exact
dollars (:class:`fractions.Fraction`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from crazy4.core.five_card import FiveCardCategory
from crazy4.core.ranking import HandCategory

#: How the pay lines rank the player's cards (see the module docstring).
SCORINGS = ("five_cards", "best_four")

#: The cards each scoring ranks: both read the player's five dealt cards.
SCORING_CARDS = {"five_cards": 5, "best_four": 5}


def scoring_mismatch(scoring: str, player_cards: int) -> str | None:
    """Why a game dealing ``player_cards`` cannot score a bet by ``scoring`` (None: it can):
    the player must be dealt the cards :data:`SCORING_CARDS` names.

    Examples
    --------
    >>> scoring_mismatch("five_cards", 5) is None
    True
    >>> scoring_mismatch("five_cards", 3)
    "'five_cards' scores the player's 5 dealt cards; this game deals the player 3"
    """
    cards = SCORING_CARDS[scoring]
    if cards == player_cards:
        return None
    return (
        f"{scoring!r} scores the player's {cards} dealt cards; this game deals the player "
        f"{player_cards}"
    )


def scoring_categories(scoring: str) -> type[enum.IntEnum]:
    """The category enum of a scoring, strongest member last.

    Examples
    --------
    >>> scoring_categories("five_cards").ROYAL_FLUSH.label
    'royal flush'
    >>> "FULL_HOUSE" in scoring_categories("best_four").__members__
    False
    """
    if scoring == "five_cards":
        return FiveCardCategory
    if scoring == "best_four":
        return HandCategory
    raise ValueError(f"unknown scoring {scoring!r}")


@dataclass(frozen=True)
class ProgressiveLine:
    """One pay line: ``meter_share`` of the meter plus ``fixed`` dollars for one category.

    Examples
    --------
    >>> line = ProgressiveLine("royal flush", 9, Fraction(1), Fraction(0))
    >>> line.payout(Fraction(25000))
    Fraction(25000, 1)
    """

    hand: str
    category: int
    meter_share: Fraction
    fixed: Fraction

    def payout(self, meter: Fraction) -> Fraction:
        """Dollars paid at meter ``meter``."""
        return self.meter_share * meter + self.fixed


@dataclass(frozen=True)
class EnvyLine:
    """An envy bonus: ``amount`` dollars when another seat holds ``hand``."""

    hand: str
    category: int
    amount: Fraction


@dataclass(frozen=True)
class ProgressiveBet:
    """A rule set's progressive bet.

    Attributes
    ----------
    wager : Fraction
        Dollars per bet.
    reset : Fraction
        The meter's value after it is won (the house seeds it).
    contribution : Fraction
        Share of every wager added to the meter (0 to 1).
    scoring : str
        ``"five_cards"`` or ``"best_four"`` (:data:`SCORINGS`).
    lines : tuple of ProgressiveLine
        Strongest hand first; a category is paid by at most one line.
    envy : tuple of EnvyLine
    seats : int
        Player seats at the table (the envy is tabulated for 0 to ``seats - 1`` other seats).
    meters : tuple of Fraction
        Meter values to tabulate (besides the reset and the break-even meters).
    illustrative : bool
        True when the amounts are not from a named source (the report says so).
    """

    wager: Fraction
    reset: Fraction
    contribution: Fraction
    scoring: str
    lines: tuple[ProgressiveLine, ...]
    envy: tuple[EnvyLine, ...]
    seats: int
    meters: tuple[Fraction, ...]
    illustrative: bool

    def line_for(self, category: int) -> ProgressiveLine | None:
        """The pay line of a category (None: the hand loses the wager)."""
        return next((line for line in self.lines if line.category == category), None)

    def envy_for(self, category: int) -> Fraction:
        """The envy bonus another seat's hand of ``category`` pays (0 when none)."""
        return sum((line.amount for line in self.envy if line.category == category), Fraction(0))
