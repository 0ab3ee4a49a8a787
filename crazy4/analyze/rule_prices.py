"""Any rule set priced exactly through its own game: what-if pricing's one engine.

A rule variant (a pay line changed, a switch flipped, a reading of an ambiguous rule) is a
rule set of its own: :func:`price_rules` analyzes it on its game's specification (the counts
from the table cache) and reads every bet's exact house edge off the ``bets`` table, and the
main bet's average total bet and element of risk, exactly when the game states what each
decision wagers (:func:`decision_wagers`).

Examples
--------
>>> import pandas as pd
>>> bets = pd.DataFrame({"bet": ["main", "side"], "ev_numerator": [-3, -1],
...                      "ev_denominator": [40, 10], "average_total_bet": [2.5, 1.0],
...                      "element_of_risk": [0.03, 0.1]})
>>> bet_edges(bets)
{'main': Fraction(3, 40), 'side': Fraction(1, 10)}
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from crazy4.analyze.analysis import analyze_spec
from crazy4.analyze.tables import bets_table, returns_table
from crazy4.core.decisions import DECISIONS
from crazy4.errors import InputError
from crazy4.spec.game import GameAnalysis, spec_of

if TYPE_CHECKING:
    import numpy.typing as npt
    import pandas as pd

    from crazy4.rules.ruleset import RuleSet


@dataclass(frozen=True)
class RulePrice:
    """A rule set's exact figures, read from its game's analysis.

    Attributes
    ----------
    house_edge, average_total_bet, element_of_risk : Fraction, float, float
        Of the main bet (``main_bet``), per unit of its base wager.
    exact_risk : tuple of Fraction, or None
        The average total bet and the element of risk as exact fractions, when the game
        states what each decision wagers.
    bet_edges : dict of str to Fraction
        Every bet's exact house edge, in the ``bets`` table's order.
    analysis : GameAnalysis
        The tables a price reads (:func:`analyze_rules`).
    """

    name: str
    main_bet: str
    house_edge: Fraction
    average_total_bet: float
    element_of_risk: float
    exact_risk: tuple[Fraction, Fraction] | None
    bet_edges: dict[str, Fraction]
    analysis: GameAnalysis = field(repr=False, compare=False)


def bet_edges(bets: pd.DataFrame) -> dict[str, Fraction]:
    """Every bet's exact house edge (minus the EV per unit of its base wager), by name."""
    return {
        str(bet): -Fraction(int(numerator), int(denominator))
        for bet, numerator, denominator in zip(
            bets["bet"], bets["ev_numerator"], bets["ev_denominator"], strict=True
        )
    }


def analyze_rules(rules: RuleSet) -> GameAnalysis:
    """The exact analysis of ``rules`` on their game's specification, with only the tables a
    price reads (``bets`` and ``returns``).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> sorted(analyze_rules(load_rules("three-card-standard")).tables)
    ['bets', 'returns']
    """
    spec = spec_of(rules)
    on_spec = analyze_spec(spec, rules, 1)
    return GameAnalysis(
        tables={"bets": bets_table(on_spec), "returns": returns_table(spec, on_spec)},
        main_bet=spec.main_bet,
        deals=spec.shape.deals,
        details={},
    )


def price_rules(rules: RuleSet, name: str = "") -> RulePrice:
    """Analyze ``rules`` through their game and read the figures (:class:`RulePrice`).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> price = price_rules(load_rules("three-card-standard"))
    >>> price.name, price.main_bet, price.house_edge
    ('three-card-standard', 'ante_play', Fraction(686689, 20358520))
    """
    analysis = analyze_rules(rules)
    bets = analysis.tables["bets"]
    edges = bet_edges(bets)
    if analysis.main_bet not in edges:
        raise InputError(f"{rules.name}: the bets table has no row {analysis.main_bet!r}")
    row = bets[bets["bet"] == analysis.main_bet].iloc[0]
    edge = edges[analysis.main_bet]
    average = exact_average_total_bet(analysis, rules)
    exact = None if average is None else (average, edge / average)
    return RulePrice(
        name or rules.name,
        analysis.main_bet,
        edge,
        float(row["average_total_bet"]),
        float(row["element_of_risk"]),
        exact,
        edges,
        analysis,
    )


def exact_average_total_bet(analysis: GameAnalysis, rules: RuleSet) -> Fraction | None:
    """The main bet's average total wager (in units of its base wager), exactly: the
    ``returns`` table's combinations per decision times :func:`decision_wagers`; ``None`` when
    the game does not state it.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("crazy4-standard")
    >>> exact_average_total_bet(analyze_rules(rules), rules)  # Ante + Super Bonus + Play
    Fraction(169808, 54145)
    """
    stated = decision_wagers(rules)
    returns = analysis.tables.get("returns")
    if returns is None or stated[0] != analysis.main_bet:
        return None
    _, wagers, unit = stated
    index = returns["decision"].map(DECISIONS.index).to_numpy(np.int64)
    combinations = returns["combinations"].to_numpy(np.int64).astype(object)
    wagered = int((combinations * wagers[index].astype(object)).sum())
    return Fraction(wagered, int(combinations.sum()) * unit)


def decision_wagers(rules: RuleSet) -> tuple[str, npt.NDArray[np.int64], int]:
    """What each decision (fold, 1x, 2x, 3x) wagers on the game's main bet:
    ``(main bet, wagers over unit, unit)`` from its specification's settlement.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> decision_wagers(load_rules("three-card-standard"))  # fold: the Ante; 1x: Ante + Play
    ('ante_play', array([1, 2, 3, 4]), 1)
    """
    spec = spec_of(rules)
    settlement = spec.settlement(rules)
    return spec.main_bet, np.asarray(settlement.wagers, dtype=np.int64), settlement.unit


@dataclass(frozen=True)
class Reading:
    """One reading of a rule the rule set leaves open, priced exactly (:func:`price_readings`).

    Attributes
    ----------
    settlement : str
        What the hands in question do under the reading.
    house_edge, element_of_risk : Fraction
        Of the main bet under this reading's optimal strategy; ``bet_edges``: every bet's.
    """

    name: str
    settlement: str
    house_edge: Fraction
    element_of_risk: Fraction
    bet_edges: dict[str, Fraction]


def price_readings(readings: Iterable[tuple[str, str, RuleSet]]) -> list[Reading]:
    """Each ``(name, settlement, rules)`` a game supplies priced by :func:`price_rules`.

    Raises
    ------
    InputError
        When the game does not state what each decision wagers.
    """
    priced = []
    for name, settlement, rules in readings:
        price = price_rules(rules, name)
        if price.exact_risk is None:
            raise InputError(f"{rules.name}: the game states no wager per decision")
        edge = price.house_edge
        priced.append(Reading(name, settlement, edge, price.exact_risk[1], price.bet_edges))
    return priced
