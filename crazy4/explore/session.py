"""The explorer's state without its widgets: a base rule set, the changes made to it, and
their exact figures -- computed by the design engine, as ``crazy4 design --set`` computes
them.

Every change is priced the one way :mod:`crazy4.design` prices it: the rule file's data
changed by path (:func:`crazy4.design.basis.changed_rules`), analyzed through its game from
the cached counts (:func:`crazy4.design.basis.analyze_quietly`), compared with the base
(:func:`crazy4.design.compare.compare`: the figures and the hands whose decision changed,
formatted as ``crazy4 design --set`` prints them). A pay line's sweep and the instant answer
to a change of that line come from the search's model (:func:`crazy4.design.search.pricer`,
built by :func:`line_model` from the step's own analysis and one more with the line a unit
higher): the bet's exact EV as a function of the line's odds, the optimal strategy
re-solved per value where the analysis lists every hand's EVs.

Examples
--------
>>> session = Session.load("three-card-standard")
>>> step = session.apply({"pair_plus[0].flush": "3"})
>>> step.changes, step.figures.loc["pair-plus-1-4-6-30-40", ("current", "house_edge_exact")]
([('pair_plus[0].flush', '3')], '402/5525')
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from crazy4.design.basis import analyze_quietly, bet_of, bet_rows, changed_rules
from crazy4.design.compare import Compared, compare, decision_changes
from crazy4.design.model import AffineModel, hand_model
from crazy4.design.ruletext import odds_value
from crazy4.design.search import Pricer, Space, make_space
from crazy4.design.spread import line_spread, returns_spread
from crazy4.explore.controls import Control, changes_of, controls, read_odds
from crazy4.explore.slopes import LineSlopes, priced, read_slopes, switch_state
from crazy4.registry import game_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.game import GameAnalysis

#: The figures of each bet, as ``crazy4 design --set`` prints them.
FIGURES = ("house_edge", "house_edge_exact", "element_of_risk", "hit_frequency", "std_dev")
#: The columns of the figures table: the rule set as loaded, and as changed.
COLUMNS = ("baseline", "current")


@dataclass(frozen=True)
class Step:
    """One state of the explorer: the changes, the changed rules and their exact figures.

    Attributes
    ----------
    changes : list of (str, str)
        ``(path, value)`` as ``crazy4 design --set`` takes them.
    rules : RuleSet
        The base with the changes, validated by the rule loader.
    analysis : GameAnalysis
        The game's exact analysis of :attr:`rules`.
    compared : Compared
        The base against :attr:`rules` (:func:`crazy4.design.compare.compare`).
    seconds : float
        Wall time of the analysis and the comparison.
    """

    changes: list[tuple[str, str]]
    rules: RuleSet
    analysis: GameAnalysis = field(repr=False)
    compared: Compared = field(repr=False)
    seconds: float

    @property
    def figures(self) -> pd.DataFrame:
        """One row per bet, columns ``(baseline | current, figure)``: :data:`FIGURES` as text."""
        return figure_table(self.compared)

    @property
    def decisions(self) -> pd.DataFrame:
        """The hands whose optimal decision differs from the base's."""
        return self.compared.changes[0]


def figure_table(compared: Compared) -> pd.DataFrame:
    """The comparison's figures side by side, baseline first.

    Examples
    --------
    >>> figures = pd.DataFrame({"bet": ["b", "b"], "rules": ["x", "y"], "house_edge": ["1%", "2%"],
    ...     "house_edge_exact": ["1/100", "1/50"], "element_of_risk": ["1%", "2%"],
    ...     "hit_frequency": ["40%", "40%"], "std_dev": ["1.0", "1.1"]})
    >>> table = figure_table(Compared(["x", "y"], figures, [pd.DataFrame()]))
    >>> table.loc["b", ("current", "house_edge_exact")]
    '1/50'
    """
    frames = []
    for column, name in zip(COLUMNS, compared.names, strict=True):
        rows = compared.figures[compared.figures["rules"] == name].set_index("bet")
        frame = rows[list(FIGURES)]
        frame.columns = pd.MultiIndex.from_product([[column], FIGURES])
        frames.append(frame)
    return pd.concat(frames, axis=1)


@dataclass
class Session:
    """A base rule set, its controls and analysis, and the explorer's current :class:`Step`."""

    base: RuleSet
    controls: list[Control]
    base_analysis: GameAnalysis = field(repr=False)
    step: Step = field(repr=False)
    pricers: dict[tuple[str, str, str], Pricer] = field(default_factory=dict, repr=False)
    slopes: dict[tuple[str, str], LineSlopes] = field(default_factory=dict, repr=False)

    @classmethod
    def load(cls, name: str | RuleSet, progress: Callable[[str], None] | None = None) -> Session:
        """The session of a shipped rule set or rule file (by name or path), or of ``name``
        itself when it is a loaded rule set."""
        from crazy4.registry import load_rules

        rules = load_rules(name) if isinstance(name, str) else name
        if progress is not None:
            progress(f"analyzing {rules.name} (the counts come from the cache)")
        start = time.perf_counter()
        analysis = analyze_quietly(rules)
        compared = compare([(rules.name, analysis), ("current", analysis)])
        step = Step([], rules, analysis, compared, time.perf_counter() - start)
        return cls(rules, controls(rules), analysis, step)

    @property
    def main_bet(self) -> str:
        """The game's main bet (the first row of its ``bets`` table)."""
        return self.base_analysis.main_bet

    @property
    def bets(self) -> list[str]:
        """Every bet of the analysis, in its table's order."""
        return [str(bet) for bet in self.base_analysis.tables["bets"]["bet"]]

    def apply(self, values: dict[str, str], progress: Callable[[str], None] | None = None) -> Step:
        """Price the values shown (by path; a path left out keeps the base's value): the
        changes against the base, analyzed and compared as ``crazy4 design --set`` does
        (``progress``, when given, hears the analysis's steps).

        Raises
        ------
        InputError
            A value that is not odds, or rules the loader refuses (one line).
        """
        changes = changes_of(values, self.controls)
        start = time.perf_counter()
        if changes:
            rules = changed_rules(self.base, changes, f"{self.base.name} with explorer changes")
            analysis = (
                analyze_quietly(rules)
                if progress is None
                else game_of(rules).analyze(rules, jobs=1, progress=progress)
            )
        else:
            rules, analysis = self.base, self.base_analysis
        compared = compare([(self.base.name, self.base_analysis), ("current", analysis)])
        self.step = Step(changes, rules, analysis, compared, time.perf_counter() - start)
        return self.step

    def line_pricer(self, path: str, bet: str) -> Pricer:
        """The search's model of ``bet`` over line ``path`` (``table.line``) of the current
        rules, built once per (rules, line, bet); every other bet the line moves gets its
        model from the same analyses (:meth:`answers`)."""
        rules = self.step.rules
        key = (rules.content_hash, path, bet)
        if key not in self.pricers:
            table, _, line = path.rpartition(".")
            odds = read_odds(self.value_of(path), path)
            high = max(2 * odds, odds + 4, Fraction(4)).__ceil__()
            space = make_space(rules, table, {line: (Fraction(0), Fraction(high))},
                               Fraction(1, 2) if high <= 60 else Fraction(1))  # fmt: skip
            self.pricers = {k: v for k, v in self.pricers.items() if k[0] == key[0]}
            bumped = analyze_quietly(changed_rules(rules, [(path, str(odds_value(odds + 1)))]))
            self.slopes[(switch_state(rules), path)] = read_slopes(self.step.analysis, bumped)
            moved = {
                name
                for name, figures in bet_rows(bumped).items()
                if figures.house_edge != bet_of(self.step.analysis, name, rules).house_edge
            }
            for name in sorted(moved | {bet}, key=self.bets.index):
                self.pricers[(key[0], path, name)] = line_model(
                    rules, self.step.analysis, bumped, name, space
                )
        return self.pricers[key]

    def read_lines(
        self, paths: list[str] | None = None, progress: Callable[[str], None] | None = None
    ) -> int:
        """Read the slopes of pay lines ``paths`` (default: every line) at the current step,
        one analysis each (a line already read with the same switches is skipped), so that
        each answers at once from then on (:meth:`answers`); how many were read."""
        rules = self.step.rules
        state = switch_state(rules)
        wanted = paths or [c.path for c in self.controls if c.kind == "line"]
        todo = [path for path in wanted if (state, path) not in self.slopes]
        for number, path in enumerate(todo, 1):
            if progress is not None:
                progress(f"reading line {number} of {len(todo)}: {path}")
            odds = read_odds(self.value_of(path), path)
            bumped = analyze_quietly(changed_rules(rules, [(path, str(odds_value(odds + 1)))]))
            self.slopes[(state, path)] = read_slopes(self.step.analysis, bumped)
        return len(todo)

    def answers(self, path: str, text: str) -> dict[str, Fraction]:
        """Every bet's exact house edge with line ``path`` at odds ``text`` and nothing else
        changed from the current step, for the bets whose model of that line is built (the
        bets the line moves, once :meth:`line_pricer` read it; none before: the analysis
        answers). The main bet is left out where its analysis lists no hand's EVs (Four Card
        Poker): its model holds the strategy, which the new odds may move. A line read at an
        earlier step with the same switches answers from its slopes
        (:mod:`crazy4.explore.slopes`) after other lines changed."""
        odds = read_odds(text, path)
        found = {}
        for (rules, line, bet), model in self.pricers.items():
            if bet == self.main_bet and model.hands is None:
                continue  # no hand's EVs listed: the strategy is not re-solved, so not exact
            if rules == self.step.rules.content_hash and line == path:
                edge = sweep_edges(model, [odds]).get(odds)
                if edge is not None:
                    found[bet] = edge
        slopes = self.slopes.get((switch_state(self.step.rules), path))
        if found or slopes is None:
            return found
        change = odds - read_odds(self.value_of(path), path)
        return priced(slopes, self.step.analysis, change)

    def value_of(self, path: str) -> str:
        """The value of ``path`` in the current rules (the base's unless changed)."""
        changed = dict(self.step.changes)
        base = next(control.value for control in self.controls if control.path == path)
        return changed.get(path, base)


def line_model(
    rules: RuleSet, base: GameAnalysis, bumped: GameAnalysis, bet: str, space: Space
) -> Pricer:
    """:func:`crazy4.design.search.pricer`'s model of ``bet`` over the one searched line of
    ``space``, from analyses already made: ``base`` (the explorer's current step) and
    ``bumped`` (the line one unit higher). Built as the search builds it, from the same
    pieces, so its prices are the search's.
    """
    figures = bet_of(base, bet, rules)
    affine = AffineModel.from_evs(-figures.house_edge, [-bet_of(bumped, bet, rules).house_edge])
    hands = spread = None
    if bet == base.main_bet:
        hands = hand_model(base, [bumped])
        if hands is not None:
            steps = np.zeros((1, 1), dtype=np.int64)
            value = hands.numerators(steps, 1, steps[0], steps[0])[0]
            if Fraction(int(value), hands.denominator * int(hands.weights.sum())) != -(
                figures.house_edge
            ):
                hands = None
        spread = returns_spread(base, [bumped])
    held = hands is not None or decision_changes(base, bumped).empty
    slope = float(Fraction(affine.slopes[0], affine.denominator))
    side = line_spread(figures, [slope], [float(space.base[space.searched[0]])])
    return Pricer(space, bet, figures, affine, hands, spread, side, held)


def sweep_edges(model: Pricer, values: list[Fraction] | None = None) -> dict[Fraction, Fraction]:
    """The exact house edge of the model's bet at each odds of its line: ``values`` (each
    one the model's scale can hold), by default every value of its range in its steps (the
    other lines kept, whether or not the table then pays a weaker hand more)."""
    space = model.space
    position, scale = space.searched[0], space.scale
    if values is None:
        low, high = space.ranges[space.lines[position]]
        count = int((high - low) / space.step) + 1
        values = [low + k * space.step for k in range(count)]
    row = np.array([int(odds * scale) for odds in space.base], dtype=np.int64)
    rows = []
    for value in values:
        if (value * scale).denominator == 1:
            row[position] = int(value * scale)
            rows.append(row.copy())
    grid = np.array(rows, dtype=np.int64).reshape(len(rows), len(row))
    if not len(grid):
        return {}
    priced = model.price(grid)
    return {
        Fraction(int(row[position]), scale): priced.edge(index) for index, row in enumerate(grid)
    }
