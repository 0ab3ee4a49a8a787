"""The explorer's state without its widgets: a base rule set, the changes made to it, and
their exact figures, computed by the design engine as ``crazy4 design --set`` computes them.

A change edits the rule file's data by path, is analyzed through its game from the cached
counts and compared with the base. A pay line's sweep is the search's model
(:func:`crazy4.design.search.pricer_from`); the instant answer to a pay-line change comes from
the line's slopes, read ahead for every line (:meth:`Session.prepare`) or with the sweep.

Examples
--------
>>> session = Session.load("three-card-standard")
>>> step = session.apply({"pair_plus[0].flush": "3"})
>>> step.changes, step.figures.loc["pair-plus-1-4-6-30-40", ("current", "house_edge_exact")]
([('pair_plus[0].flush', '3')], '402/5525')
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from crazy4.design.basis import analyze_quietly, bet_of, bet_rows, changed_rules
from crazy4.design.compare import Compared, compare
from crazy4.design.ruletext import odds_value
from crazy4.design.search import Pricer, make_space, pricer_from
from crazy4.explore.controls import Control, changes_of, controls, read_odds
from crazy4.explore.slopes import (
    LineSlopes,
    Prepared,
    prepare,
    priced,
    read_slopes,
    step_hands,
    sweep_high,
    switch_state,
)
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
    """

    changes: list[tuple[str, str]]
    rules: RuleSet
    analysis: GameAnalysis = field(repr=False)
    compared: Compared = field(repr=False)

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
    prepared: dict[str, Prepared] = field(default_factory=dict, repr=False)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @classmethod
    def load(cls, name: str | RuleSet, progress: Callable[[str], None] | None = None) -> Session:
        """The session of a shipped rule set or rule file (by name or path), or of ``name``
        itself when it is a loaded rule set."""
        from crazy4.registry import load_rules

        rules = load_rules(name) if isinstance(name, str) else name
        if progress is not None:
            progress(f"analyzing {rules.name} (the counts come from the cache)")
        analysis = analyze_quietly(rules)
        step_hands(analysis)
        compared = compare([(rules.name, analysis), ("current", analysis)])
        return cls(rules, controls(rules), analysis, Step([], rules, analysis, compared))

    @property
    def main_bet(self) -> str:
        """The game's main bet (the first row of its ``bets`` table)."""
        return self.base_analysis.main_bet

    @property
    def bets(self) -> list[str]:
        """Every bet of the analysis, in its table's order."""
        return [str(bet) for bet in self.base_analysis.tables["bets"]["bet"]]

    def apply(self, values: dict[str, str], progress: Callable[[str], None] | None = None) -> Step:
        """Price the values shown (by path; a path left out keeps the base's value) as
        ``crazy4 design --set`` does (``progress`` hears the analysis's steps).

        Raises
        ------
        InputError
            A value that is not odds, or rules the loader refuses (one line).
        """
        changes = changes_of(values, self.controls)
        if changes:
            rules = changed_rules(self.base, changes, f"{self.base.name} with explorer changes")
            with self.lock:
                analysis = (
                    analyze_quietly(rules)
                    if progress is None
                    else game_of(rules).analyze(rules, jobs=1, progress=progress)
                )
        else:
            rules, analysis = self.base, self.base_analysis
        compared = compare([(self.base.name, self.base_analysis), ("current", analysis)])
        step_hands(analysis)  # ready for the next instant answer
        self.step = Step(changes, rules, analysis, compared)
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
            high = sweep_high(odds)
            space = make_space(rules, table, {line: (Fraction(0), Fraction(high))},
                               Fraction(1, 2) if high <= 60 else Fraction(1))  # fmt: skip
            self.pricers = {k: v for k, v in self.pricers.items() if k[0] == key[0]}
            with self.lock:
                bumped = analyze_quietly(changed_rules(rules, [(path, str(odds_value(odds + 1)))]))
            self.slopes[(switch_state(rules), path)] = read_slopes(self.step.analysis, bumped)
            moved = {
                name
                for name, figures in bet_rows(bumped).items()
                if figures.house_edge != bet_of(self.step.analysis, name, rules).house_edge
            }
            for name in sorted(moved | {bet}, key=self.bets.index):
                self.pricers[(key[0], path, name)] = pricer_from(
                    rules, name, space, self.step.analysis, [bumped]
                )
        return self.pricers[key]

    def prepare(
        self,
        progress: Callable[[str], None] | None = None,
        cancelled: Callable[[], bool] = lambda: False,
        paths: list[str] | None = None,
    ) -> Prepared | None:
        """Read the slopes of pay lines ``paths`` (default: every line) under the current
        step's switches, so that each answers at once from then on (:meth:`answers`); ``None``
        when ``cancelled()`` stopped it. Safe in a thread beside :meth:`apply` (:attr:`lock`)."""
        step = self.step
        state = switch_state(step.rules)
        odds = {
            c.path: read_odds(self.value_in(step, c.path, c.value), c.path)
            for c in self.controls
            if c.kind == "line"
        }
        wanted = paths or list(odds)
        known = self.prepared.get(state)
        if known is None or not set(wanted) <= set(known.slopes):
            lines = {path: odds[path] for path in wanted}

            def found(path: str, slopes: LineSlopes) -> None:
                self.slopes[(state, path)] = slopes  # answers at once from now on

            done = prepare(step.rules, step.analysis, lines, progress or (lambda _m: None),
                           self.lock, cancelled, found)  # fmt: skip
            if cancelled():
                return None
            done.fixed = {path: value for path, value in odds.items() if path not in lines}
            self.prepared[state] = done
        return self.prepared[state]

    def answers(self, path: str, text: str) -> dict[str, Fraction]:
        """Every bet's exact house edge with line ``path`` at odds ``text`` and nothing else
        changed, for the bets the line moves, once its slopes are read (none before). The main
        bet is included where its hands are solved again or :meth:`prepare` proved its
        strategy holds; else it is left to the analysis.
        """
        odds = read_odds(text, path)
        state = switch_state(self.step.rules)
        slopes = self.slopes.get((state, path))
        found: dict[str, Fraction] = {}
        if slopes is not None:
            change = odds - read_odds(self.value_of(path), path)
            done = self.prepared.get(state)
            values = {
                c.path: read_odds(self.value_of(c.path), c.path)
                for c in self.controls
                if c.kind == "line" and done is not None
            }
            held = done is not None and done.holds({**values, path: odds})
            found = priced(slopes, self.step.analysis, change, held)
        for (rules, line, bet), model in list(self.pricers.items()):
            if bet in found or (bet == self.main_bet and model.hands is None):
                continue  # no hand's EVs listed: the strategy is not re-solved, so not exact
            if rules == self.step.rules.content_hash and line == path:
                edge = sweep_edges(model, [odds]).get(odds)
                if edge is not None:
                    found[bet] = edge
        return {bet: found[bet] for bet in self.bets if bet in found}

    @staticmethod
    def value_in(step: Step, path: str, base: str = "") -> str:
        """The value of ``path`` at ``step`` (``base`` unless changed)."""
        return dict(step.changes).get(path, base)

    def value_of(self, path: str) -> str:
        """The value of ``path`` in the current rules (the base's unless changed)."""
        base = next(control.value for control in self.controls if control.path == path)
        return self.value_in(self.step, path, base)


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
