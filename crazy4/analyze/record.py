"""The whole exact analysis of one rule set of a game: one record and one function for every
game (:func:`game_analysis`, what :class:`crazy4.game.SpecGame` runs).

:func:`analyze_game` counts, prices and settles the game's specification
(:func:`crazy4.analyze.analysis.analyze_spec`) and makes its result tables
(:func:`crazy4.analyze.tables.analysis_tables`); pass the ``outcomes`` of an earlier run to
price the same counts under another pay table.

Examples
--------
>>> from crazy4.registry import load_rules
>>> from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
>>> analysis = analyze_game(CRAZY_FOUR_SPEC, load_rules("crazy4-standard"))
>>> round(float(-analysis.exact_ev("ante_super_bonus_play")), 4)
0.0342
>>> analysis.simple_strategy_cost
Fraction(2077, 2323220340)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Generic, TypeVar

import numpy as np

from crazy4.analyze.analysis import SpecAnalysis, analyze_spec
from crazy4.analyze.bet_lookup import GameBets
from crazy4.analyze.tables import analysis_tables, table_bets
from crazy4.core.hidden import PlayerOutcomes
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.game import GameAnalysis

if TYPE_CHECKING:
    import pandas as pd

    from crazy4.analyze.pricing import Prices
    from crazy4.core.bets import BetOutcomes
    from crazy4.spec.specification import CellSettlement, GameSpec

#: The rule set's type (a game's own subclass of :class:`RuleSet`).
R = TypeVar("R", bound=RuleSet)


@dataclass(frozen=True)
class Analysis(GameBets, Generic[R]):
    """Everything computed for one rule set.

    Attributes
    ----------
    on_spec : SpecAnalysis
        The specification engines' analysis of ``rules`` on ``spec`` (counts, prices, bets).
    tables : dict of str to DataFrame
        Each written as ``<name>.parquet`` (``results/README.md``).
    """

    spec: GameSpec = field(repr=False)
    rules: R
    on_spec: SpecAnalysis = field(repr=False)
    tables: dict[str, pd.DataFrame] = field(repr=False)

    @property
    def settlement(self) -> CellSettlement:
        """The settlement the analysis priced."""
        return self.on_spec.settlement

    @property
    def prices(self) -> Prices:
        """Exact EV of each decision per hand class; ``prices.decision`` is the optimum."""
        return self.on_spec.prices

    @cached_property
    def outcomes(self) -> PlayerOutcomes:
        """The dealer-outcome counts per hand class (reusable for a rule set of the same
        qualifier, see :func:`analyze_game`)."""
        spec = self.on_spec
        return PlayerOutcomes(
            hands=spec.hands,
            weights=spec.weights,
            strengths=spec.strengths,
            counts=spec.cells.astype(np.int64),
            dealer_hands=spec.prices.completions,
            qualifier_strength=self.spec.qualifier(self.rules),
        )

    @property
    def bets(self) -> list[BetOutcomes]:
        """Every bet of the ``bets`` table as an exact distribution, in its order."""
        return [bet for bet, _ in table_bets(self.on_spec)]


def analyze_game(
    spec: GameSpec,
    rules: R,
    *,
    jobs: int = 1,
    outcomes: PlayerOutcomes | None = None,
    progress: Callable[[str], None] | None = None,
) -> Analysis[R]:
    """Analyze a rule set of a game exactly.

    Parameters
    ----------
    jobs : int
        Threads for the counting and the joint table (the results do not depend on it).
    outcomes : PlayerOutcomes, optional
        Counts from an earlier run (with no dealer card seen), used instead of counting when
        they have the rules' qualifier.
    progress : callable, optional
        Called with a message after each of the two steps.
    """
    say = progress or (lambda message: None)
    counted = None
    if outcomes is not None and outcomes.qualifier_strength == spec.qualifier(rules):
        rows = outcomes.hands.shape[0]
        counted = (
            outcomes.hands,
            outcomes.weights,
            outcomes.strengths,
            outcomes.counts.astype(np.int32),
            np.zeros((rows, 0), dtype=np.uint8),
        )
    on_spec = analyze_spec(spec, rules, jobs, counted=counted)
    say("counts and prices")
    tables = analysis_tables(spec, on_spec, jobs)
    say("tables")
    return Analysis(spec=spec, rules=rules, on_spec=on_spec, tables=tables)


def game_analysis(
    spec: GameSpec, rules: RuleSet, *, jobs: int, progress: Callable[[str], None]
) -> GameAnalysis:
    """The analysis of a rule set as the drivers take it (:meth:`crazy4.game.SpecGame.analyze`),
    the :class:`Analysis` itself as its state.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> done = game_analysis(THREE_CARD, load_rules("three-card-standard"), jobs=1,
    ...                      progress=print)
    counts and prices
    tables
    >>> done.main_bet, done.deals, type(done.state).__name__
    ('ante_play', 407170400, 'Analysis')
    """
    analysis = analyze_game(spec, rules, jobs=jobs, progress=progress)
    return GameAnalysis(
        tables=analysis.tables,
        main_bet=spec.main_bet,
        deals=spec.shape.deals,
        details={},
        state=analysis,
    )
