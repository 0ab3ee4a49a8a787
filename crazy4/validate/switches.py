"""The tie rules every game's rule set has, as candidate rule sets for the inference, and the
odds a log paid (:func:`most_paid`)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from crazy4.rules.ruleset import TIE_RULES, RuleSet
from crazy4.validate.infer import Variant

Rules = TypeVar("Rules", bound=RuleSet)

_TIES = {"push": "ties push", "player": "the player wins ties", "dealer": "the dealer wins ties"}


def tie_switches(rules: Rules) -> list[tuple[Variant, Rules]]:
    """The rule set with each other tie rule, each with its variant (the qualifier and Play
    against a dealer who does not qualify are edits of :mod:`crazy4.validate.rulesearch`).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> [v.difference for v, _ in tie_switches(load_rules("crazy4-standard"))]
    ['ties = player (the player wins ties), not push', 'ties = dealer (the dealer wins ties), \
not push']
    """
    dealer = rules.dealer
    found: list[tuple[Variant, Rules]] = []
    for ties in TIE_RULES:
        if ties != dealer.ties:
            what = _TIES.get(ties, ties)
            settled = "the dealer's" if ties == "dealer" else ties
            variant = Variant(
                f"ties = {ties} ({what}), not {dealer.ties}", f"ties settled as {settled}"
            )
            found.append((variant, replace(rules, dealer=replace(dealer, ties=ties))))
    return found


def odds_of_net(net: float) -> Fraction | None:
    """Odds a winning net per unit stands for (limited to a denominator of 100); None for a
    net that is no win.

    Examples
    --------
    >>> odds_of_net(1.5), odds_of_net(-1.0), odds_of_net(0.0)
    (Fraction(3, 2), None, None)
    """
    if not net > 0:
        return None
    return Fraction(net).limit_denominator(100)


def most_paid(observed: npt.NDArray[np.float64]) -> Fraction | None:
    """The odds of the net per unit the log paid most often (to 6 places; the smallest of
    equals), None where that is no win (:func:`odds_of_net`).

    Examples
    --------
    >>> most_paid(np.array([1.0, 1.5, 1.5, -1.0])), most_paid(np.array([-1.0, -1.0, 2.0]))
    (Fraction(3, 2), None)
    """
    values, counts = np.unique(np.round(observed, 6), return_counts=True)
    return odds_of_net(float(values[np.argmax(counts)]))
