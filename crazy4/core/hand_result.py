"""The entries of one hand's result (``crazy4 hand``) that every game reports the same way.

Each game counts the dealer's hands for one player hand and prices the decisions
(:class:`crazy4.core.decisions.DecisionPrices`, one row); these functions turn that row and the
rule set's side bets into the JSON-ready entries :mod:`crazy4.report.hand` prints.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

from crazy4.core.decisions import DECISIONS, DecisionPrices, decision_label

if TYPE_CHECKING:
    from crazy4.core.paytables import PayTable


class NamedPayTable(Protocol):
    """A bet paid on the player's own hand (a :class:`crazy4.rules.ruleset.SideBet`)."""

    @property
    def name(self) -> str:
        """The bet's name."""
        ...

    @property
    def table(self) -> PayTable:
        """Its pay table."""
        ...


class SideBetRules(Protocol):
    """What :func:`side_bet_outcomes` reads of a rule set (any
    :class:`crazy4.rules.ruleset.RuleSet`; declared here so that core/ needs nothing above it)."""

    @property
    def side_bets(self) -> Sequence[NamedPayTable]:
        """The bets on the player's own hand."""
        ...


def decision_evs(prices: DecisionPrices, row: int = 0) -> dict[str, dict[str, object] | None]:
    """Each decision's exact EV per unit of Ante for one row of prices, by label:
    ``{"exact": text, "value": float}``, None where not allowed.

    Examples
    --------
    >>> import numpy as np
    >>> from types import SimpleNamespace
    >>> prices = SimpleNamespace(ev=np.array([[-4, 2, 4, 6]]), denominator=4,
    ...                          allowed=np.array([[True, True, False, True]]))
    >>> evs = decision_evs(prices)
    >>> evs["fold"], evs["2x"]
    ({'exact': '-1', 'value': -1.0}, None)
    """
    evs: dict[str, dict[str, object] | None] = {}
    for code in range(len(DECISIONS)):
        label = decision_label(code)
        if not prices.allowed[row, code]:
            evs[label] = None
            continue
        exact = Fraction(int(prices.ev[row, code]), prices.denominator)
        evs[label] = {"exact": str(exact), "value": float(exact)}
    return evs


def exact_tie(prices: DecisionPrices, row: int = 0) -> list[str]:
    """The decisions tied exactly for best on one row of prices; empty when there is no tie.

    Examples
    --------
    >>> import numpy as np
    >>> from types import SimpleNamespace
    >>> exact_tie(SimpleNamespace(tied=np.array([[False, True, True, False]])))
    ['1x', '2x']
    >>> exact_tie(SimpleNamespace(tied=np.array([[False, True, False, False]])))
    []
    """
    tied = [decision_label(c) for c in range(len(DECISIONS)) if prices.tied[row, c]]
    return tied if len(tied) > 1 else []


def side_bet_outcomes(rules: SideBetRules, strength: int) -> dict[str, str]:
    """What each side bet does with a hand: ``"loses"`` or ``"pays <odds> to 1"``.

    Examples
    --------
    >>> from crazy4.core.ranking import strength_of_description
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("crazy4-standard")
    >>> side_bet_outcomes(rules, strength_of_description("pair of 2s")) == {
    ...     bet.name: "loses" for bet in rules.side_bets}
    True
    """
    side_bets = {}
    for bet in rules.side_bets:
        odds = bet.table.odds_of(strength)
        side_bets[bet.name] = "loses" if odds is None else f"pays {odds} to 1"
    return side_bets
