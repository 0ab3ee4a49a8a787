"""The rule switches every game's rule set has (ties, Play against a dealer who does not
qualify, the qualifier), as candidate rule sets for the inference."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from crazy4.core.ranking import (
    strength_of_description,
)
from crazy4.rules.ruleset import PLAY_WHEN_NOT_QUALIFIED, TIE_RULES, RuleSet
from crazy4.validate.infer import Variant

Rules = TypeVar("Rules", bound=RuleSet)

#: The qualifiers tried besides the rule set's own.
QUALIFIERS = ("none", "J high", "Q high", "K high", "A high", "pair", "pair of 6s")

_TIES = {"push": "ties push", "player": "the player wins ties", "dealer": "the dealer wins ties"}
_NOT_QUALIFIED = {
    "wins": "Play wins 1:1 when the dealer does not qualify",
    "compared": "Play is compared with a dealer hand that does not qualify",
}


def dealer_switches(rules: Rules, qualifiers: bool = True) -> list[tuple[Variant, Rules]]:
    """The rule set with one ``[dealer]`` switch changed, each with its variant (the
    qualifiers of :data:`QUALIFIERS` too with ``qualifiers``; and Play against a dealer who
    does not qualify).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> [v.difference for v, _ in dealer_switches(load_rules("crazy4-standard"))][:3]
    ['ties = player (the player wins ties), not push', 'ties = dealer (the dealer wins ties), \
not push', 'play_when_not_qualified = compared (Play is compared with a dealer hand that does \
not qualify), not wins']
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
    for rule in PLAY_WHEN_NOT_QUALIFIED if qualifiers else ():
        if rule != dealer.play_when_not_qualified:
            text = _NOT_QUALIFIED.get(rule, rule)
            variant = Variant(
                f"play_when_not_qualified = {rule} ({text}), not {dealer.play_when_not_qualified}",
                f"Play against a dealer who does not qualify settled as {rule}",
            )
            changed = replace(dealer, play_when_not_qualified=rule)
            found.append((variant, replace(rules, dealer=changed)))
    for qualifier in QUALIFIERS if qualifiers else ():
        strength = strength_of_description(qualifier)
        if strength != dealer.qualifier_strength:
            variant = Variant(
                f"the dealer qualifies with {qualifier}, not {dealer.qualifier}",
                f"dealer qualified from {qualifier}, not {dealer.qualifier}",
            )
            changed = replace(dealer, qualifier=qualifier, qualifier_strength=strength)
            found.append((variant, replace(rules, dealer=changed)))
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
