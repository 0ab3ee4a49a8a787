"""A best-four game's exact analysis of one rule set, from counts to tables: the pipeline.

Four Card Poker runs the pipeline of the design notes -- count the dealer's hands against
every player class, price each decision exactly (the optimal strategy with it), price every bet
as an exact distribution, build the result tables -- with the steps of its deal
(:mod:`crazy4.generic.bestfour_steps`; Crazy 4 Poker's analysis is the specification engines':
:mod:`crazy4.generic.analysis`). A game supplies its steps (:class:`AnalysisSteps`);
:meth:`BestFourAnalysis.run` runs them in order, reports progress after each, and keeps what
the analysis has: the rules, the counts, the prices, the bets, the tables and the cost of the
published simple strategy.
Counts from an earlier run can be passed in; a game's :meth:`AnalysisSteps.count` decides
whether they fit (so pricing another pay table skips the counting).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar, Generic, Self, TypeVar

from crazy4.generic.report_frame import BetLookup, bet_ev

if TYPE_CHECKING:
    import pandas as pd

    from crazy4.core.bets import BetOutcomes

Rules = TypeVar("Rules")
Outcomes = TypeVar("Outcomes")
Prices = TypeVar("Prices")
State = TypeVar("State")
Say = Callable[[str], None]


class AnalysisSteps(Generic[Rules, Outcomes, Prices, State]):
    """What a game does at each step of its analysis (see the module docstring).

    A subclass sets :attr:`main_bet` and :attr:`simple_bet` (the optimal and the simple
    strategy's main bet, by name in the bets table) and defines the four steps; it may wrap
    the steps after counting in a context (:meth:`scope`).
    """

    #: The main bet under the optimal strategy, by name in the bets table.
    main_bet: ClassVar[str]
    #: The main bet under the published simple strategy.
    simple_bet: ClassVar[str]

    def count(self, rules: Rules, jobs: int, outcomes: Outcomes | None, say: Say) -> Outcomes:
        """The counts the rules need: ``outcomes`` if they fit, else counted afresh."""
        raise NotImplementedError

    def price(self, rules: Rules, outcomes: Outcomes, jobs: int) -> Prices:
        """The exact EV of each decision per class and the optimal strategy."""
        raise NotImplementedError

    def bets(
        self, rules: Rules, outcomes: Outcomes, prices: Prices
    ) -> tuple[list[BetOutcomes], State]:
        """Every bet as an exact distribution (the optimal main bet first), and what the
        tables need besides (kept as :attr:`BestFourAnalysis.state`)."""
        raise NotImplementedError

    def tables(
        self,
        rules: Rules,
        outcomes: Outcomes,
        prices: Prices,
        bets: list[BetOutcomes],
        state: State,
    ) -> dict[str, pd.DataFrame]:
        """The result tables, each written as ``<name>.parquet``; ``bets`` among them."""
        raise NotImplementedError

    def scope(self) -> AbstractContextManager[object]:
        """The context the steps after counting run in (none by default)."""
        return nullcontext()


@dataclass(frozen=True)
class BestFourAnalysis(BetLookup, Generic[Rules, Outcomes, Prices, State]):
    """Everything computed for one rule set of a best-four game.

    Attributes
    ----------
    rules : rule set
    outcomes : counts
        The game's counts (reusable for another rule set, see :meth:`AnalysisSteps.count`).
    prices : prices
        Exact EV of each decision per class; ``prices.decision`` is the optimal strategy.
    bets : list of BetOutcomes
        Every bet as an exact distribution, the optimal main bet first.
    tables : dict of str to DataFrame
        Written as ``<name>.parquet`` (see ``results/README.md``).
    simple_strategy_cost : Fraction
        EV lost per unit of Ante by the published simple strategy against the optimum.
    state : object
        What the game's steps keep besides (:meth:`AnalysisSteps.bets`).
    """

    rules: Rules
    outcomes: Outcomes
    prices: Prices
    bets: list[BetOutcomes]
    tables: dict[str, pd.DataFrame] = field(repr=False)
    simple_strategy_cost: Fraction
    state: State = field(repr=False)

    @classmethod
    def run(
        cls,
        steps: AnalysisSteps[Rules, Outcomes, Prices, State],
        rules: Rules,
        *,
        jobs: int = 1,
        outcomes: Outcomes | None = None,
        progress: Say | None = None,
    ) -> Self:
        """Run a game's steps on a rule set.

        Parameters
        ----------
        steps : AnalysisSteps
        rules : rule set
        jobs : int
            Threads / processes for the steps (the results do not depend on it).
        outcomes : counts, optional
            Counts from an earlier run, to skip the counting where they fit.
        progress : callable, optional
            Called with a message after each step.

        Examples
        --------
        >>> from crazy4.games.four_card.analysis import FourCardAnalysis, FourCardSteps
        >>> from crazy4.registry import load_rules
        >>> said = []
        >>> analysis = FourCardAnalysis.run(FourCardSteps(), load_rules("four-card-standard"),
        ...                                 progress=said.append)
        >>> said[-2:], analysis.bets[0].name, analysis.simple_strategy_cost
        (['prices and bets', 'tables'], 'ante_play', Fraction(4250592667, 697663068102))
        """
        say = progress or (lambda message: None)
        outcomes = steps.count(rules, jobs, outcomes, say)
        with steps.scope():
            prices = steps.price(rules, outcomes, jobs)
            bets, state = steps.bets(rules, outcomes, prices)
            say("prices and bets")
            tables = steps.tables(rules, outcomes, prices, bets, state)
            say("tables")
        table = tables["bets"]
        return cls(
            rules=rules,
            outcomes=outcomes,
            prices=prices,
            bets=bets,
            tables=tables,
            simple_strategy_cost=bet_ev(table, steps.main_bet) - bet_ev(table, steps.simple_bet),
            state=state,
        )
