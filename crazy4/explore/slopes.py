"""A pay line's slopes, kept across the other lines' changes, and every pay line's slopes read
ahead, so that every pay-line change answers at once.

Every (hand, decision) EV is affine in each pay line's odds, with a coefficient that depends
only on the switches. So the slopes read from one pair of analyses (the rules, and the rules
with the line one unit higher) price that line again from any later step with the same
switches; the main bet's hands are solved again by :class:`~crazy4.design.model.HandModel`.

Under a fixed strategy every bet's EV is affine in all the pay lines' odds together, and a
line's slope does not depend on the others' odds. :func:`prepare` reads them once per set of
switches:

1. **Each pay table probed**: one analysis with every line one unit higher. Raising a payout
   never lowers an EV under a fixed strategy, so a bet the probe leaves unmoved has slope 0 on
   every line of the table (the table's *support*).
2. **A table that moves the main bet or a decision** is read line by line
   (:func:`read_slopes`).
3. **The other tables' lines in batches**: one line from each of several tables with disjoint
   supports, all one unit higher in one analysis (the strategy checked unchanged).
4. **The main bet where the analysis lists no hand's EVs**: the strategy is analyzed at every
   corner of the box ``[0, high]`` of the lines that move it (at most :data:`MAX_CORNERS`);
   each decision's EV is affine, so when no corner's strategy differs, the main bet is affine
   inside the box (:class:`Prepared`'s ``box``).

Examples
--------
>>> switch_state_of({"name": "a", "dealer": {"ties": "push"}, "sb": {"pays": {"flush": 1}}})
'{"dealer": {"ties": "push"}, "sb": {}}'
"""

from __future__ import annotations

import itertools
import json
import weakref
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, Any

import numpy as np

from crazy4.design.basis import analyze_quietly, bet_rows, changed_rules, rule_data
from crazy4.design.compare import decision_changes
from crazy4.design.model import HandModel, hand_model
from crazy4.design.ruletext import odds_value

if TYPE_CHECKING:
    from collections.abc import Callable
    from contextlib import AbstractContextManager

    import numpy.typing as npt

    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.game import GameAnalysis

#: Top-level keys that name or describe a rule file (they price nothing).
DESCRIPTIVE = frozenset({"name", "title", "source", "notes"})


def switch_state_of(data: dict[str, Any]) -> str:
    """Rule-file data without its pay lines or descriptions, as a key."""

    def strip(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: strip(v) for k, v in node.items() if k != "pays"}
        if isinstance(node, list):
            return [strip(item) for item in node]
        return node

    kept = {key: strip(value) for key, value in data.items() if key not in DESCRIPTIVE}
    return json.dumps(kept, sort_keys=True)


def switch_state(rules: RuleSet) -> str:
    """The switches of ``rules`` as a key (:func:`switch_state_of` of its rule file)."""
    return switch_state_of(rule_data(rules))


@dataclass(frozen=True)
class LineSlopes:
    """One line's slopes: each bet's change in house edge per unit of odds, and the main
    bet's per-hand EV slopes (numerators over :attr:`denominator`, shape (hands, 4)) where
    the analysis lists every hand's EVs."""

    edges: dict[str, Fraction]
    hands: npt.NDArray[np.int64] | None
    denominator: int


def read_slopes(base: GameAnalysis, bumped: GameAnalysis) -> LineSlopes:
    """The slopes of the line ``bumped`` pays one unit more than ``base``."""
    after = bet_rows(bumped)
    edges = {
        name: after[name].house_edge - figures.house_edge
        for name, figures in bet_rows(base).items()
        if name in after
    }
    model = hand_model(base, [bumped])
    if model is None:
        return LineSlopes(edges, None, 1)
    return LineSlopes(edges, model.slopes[0], model.denominator)


#: The last analyses' hand models (by ``id``, with a weak reference to the analysis), each
#: ``None`` when the hands do not add up to the main bet; a few are kept.
_HANDS: dict[int, tuple[weakref.ref[GameAnalysis], HandModel | None]] = {}


def step_hands(step: GameAnalysis) -> HandModel | None:
    """The step's hand model, checked once: its hands add up to its main bet (``None`` when
    they do not, or the analysis lists no hands). :meth:`Session.apply
    <crazy4.explore.session.Session.apply>` reads it with the analysis, so the next instant
    answer finds it ready."""
    kept = _HANDS.get(id(step))
    if kept is not None and kept[0]() is step:
        return kept[1]
    model = hand_model(step, [])
    if model is not None:
        zero = np.zeros((1, 0), dtype=np.int64)
        none = np.zeros(0, dtype=np.int64)
        total = model.denominator * int(model.weights.sum())
        value = Fraction(int(model.numerators(zero, 1, none, none)[0]), total)
        if value != -bet_rows(step)[step.main_bet].house_edge:
            model = None  # the hands do not add up to the main bet here
    if len(_HANDS) >= 8:
        _HANDS.clear()
    _HANDS[id(step)] = (weakref.ref(step), model)
    return model


def _main_edge(slopes: LineSlopes, step: GameAnalysis, change: Fraction) -> Fraction | None:
    model = step_hands(step)
    if model is None or slopes.hands is None or slopes.hands.shape != model.base.shape:
        return None  # no hands, or they do not add up: leave it to the analysis
    common = lcm(model.denominator, slopes.denominator)
    hands = HandModel(
        model.weights,
        model.base * (common // model.denominator),
        (slopes.hands * (common // slopes.denominator))[None],
        model.allowed,
        common,
    )
    total = common * int(model.weights.sum())
    steps = np.array([[change.numerator]], dtype=np.int64)
    value = hands.numerators(steps, change.denominator, steps[0], steps[0])[0]
    return -Fraction(int(value), total * change.denominator)


def priced(
    slopes: LineSlopes, step: GameAnalysis, change: Fraction, held: bool = False
) -> dict[str, Fraction]:
    """Each bet's exact house edge after the line's odds change by ``change`` from ``step``:
    the bets the line moves; the main bet where its hands are re-solved, or by its slope when
    the strategy is known to hold (``held``: :func:`prepare`'s box).

    Examples
    --------
    >>> from crazy4.design.basis import analyze_quietly, changed_rules
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("three-card-standard")
    >>> base = analyze_quietly(rules)
    >>> bumped = analyze_quietly(changed_rules(rules, [("pair_plus[0].flush", "5")]))
    >>> priced(read_slopes(base, bumped), base, Fraction(-1))  # flush 4 -> 3
    {'pair-plus-1-4-6-30-40': Fraction(402, 5525)}
    """
    rows = bet_rows(step)
    found = {
        bet: rows[bet].house_edge + slope * change
        for bet, slope in slopes.edges.items()
        if slope and bet in rows and bet != step.main_bet
    }
    if slopes.edges.get(step.main_bet):
        edge = _main_edge(slopes, step, change)
        if edge is not None:
            found[step.main_bet] = edge
        elif held:
            found[step.main_bet] = (
                rows[step.main_bet].house_edge + slopes.edges[step.main_bet] * change
            )
    return {bet: found[bet] for bet in rows if bet in found}


#: The most corners of the main bet's box analyzed (four lines).
MAX_CORNERS = 16


@dataclass
class Prepared:
    """What :func:`prepare` read: each line's slopes, the box in which the main bet is affine
    (empty when it was not proven or is not needed), how many analyses it took, the odds of
    the lines it did not read (the box holds only while they stay), and who hears each line
    read (``found``)."""

    slopes: dict[str, LineSlopes] = field(default_factory=dict)
    box: dict[str, tuple[Fraction, Fraction]] = field(default_factory=dict)
    analyses: int = 0
    fixed: dict[str, Fraction] = field(default_factory=dict)
    found: Callable[[str, LineSlopes], None] = field(default=lambda _path, _slopes: None,
                                                      repr=False)  # fmt: skip

    def read(self, path: str, slopes: LineSlopes) -> None:
        """Keep a line's slopes, and tell :attr:`found`."""
        self.slopes[path] = slopes
        self.found(path, slopes)

    def holds(self, values: dict[str, Fraction]) -> bool:
        """Whether the main bet's strategy is proven to hold at ``values`` (every line's odds):
        the box's lines inside it, the lines not read (:attr:`fixed`) as they were.

        Examples
        --------
        >>> done = Prepared(box={"a.b": (Fraction(0), Fraction(6))}, fixed={"c.d": Fraction(2)})
        >>> done.holds({"a.b": Fraction(5), "c.d": Fraction(2)})
        True
        >>> done.holds({"a.b": Fraction(5), "c.d": Fraction(3)})
        False
        """
        return inside(self.box, values) and all(
            values.get(path) == odds for path, odds in self.fixed.items()
        )


def sweep_high(odds: Fraction) -> int:
    """The top of a line's sweep: twice its odds or 4 more, whichever is higher, rounded up.

    Examples
    --------
    >>> sweep_high(Fraction(3, 2)), sweep_high(Fraction(25))
    (6, 50)
    """
    return int(max(2 * odds, odds + 4, Fraction(4)).__ceil__())


def table_of(path: str) -> str:
    """The pay table of a line's path.

    Examples
    --------
    >>> table_of("aces_up[0].two_pair")
    'aces_up[0]'
    """
    return path.rpartition(".")[0]


def batches(supports: dict[str, set[str]], lines: dict[str, list[str]]) -> list[list[str]]:
    """Lines grouped so that no two of a group come from tables moving a common bet (nor
    from one table), each group as few as the supports allow.

    Examples
    --------
    >>> batches({"a": {"x"}, "b": {"y"}, "c": {"x"}}, {"a": ["a.1", "a.2"], "b": ["b.1"],
    ...                                               "c": ["c.1"]})
    [['a.1', 'b.1'], ['a.2'], ['c.1']]
    """
    waiting = {table: list(paths) for table, paths in lines.items()}
    found = []
    while any(waiting.values()):
        group: list[str] = []
        moved: set[str] = set()
        for table, paths in waiting.items():
            if paths and not supports[table] & moved:
                group.append(paths.pop(0))
                moved |= supports[table]
        found.append(group)
    return found


def prepare(
    rules: RuleSet,
    analysis: GameAnalysis,
    lines: dict[str, Fraction],
    progress: Callable[[str], None],
    lock: AbstractContextManager[object],
    cancelled: Callable[[], bool] = lambda: False,
    found: Callable[[str, LineSlopes], None] = lambda _path, _slopes: None,
) -> Prepared:
    """Read the slopes of every line of ``lines`` (path to its odds in ``rules``), whose
    analysis is ``analysis``; ``progress`` hears each analysis, each holds ``lock`` while it
    runs, ``cancelled()`` stops the reading between two analyses, and ``found`` hears each
    line's slopes as soon as they are read."""
    done = Prepared(found=found)
    rows = bet_rows(analysis)
    main = analysis.main_bet

    def analyzed(changes: list[tuple[str, str]], what: str) -> GameAnalysis | None:
        if cancelled():
            return None
        done.analyses += 1
        progress(f"analysis {done.analyses}: {what}")
        with lock:
            return analyze_quietly(changed_rules(rules, changes))

    def up(path: str) -> tuple[str, str]:
        return path, str(odds_value(lines[path] + 1))

    tables: dict[str, list[str]] = {}
    for path in lines:
        tables.setdefault(table_of(path), []).append(path)
    supports: dict[str, set[str]] = {}
    strategic: list[str] = []
    for table, paths in tables.items():
        probe = analyzed([up(path) for path in paths], f"every line of {table} one unit higher")
        if probe is None:
            return done
        after = bet_rows(probe)
        moved = {bet for bet, row in after.items() if row.house_edge != rows[bet].house_edge}
        if main in moved or not decision_changes(analysis, probe).empty:
            strategic += paths
        else:
            supports[table] = moved
    for path in strategic:
        bumped = analyzed([up(path)], f"{path} one unit higher")
        if bumped is None:
            return done
        done.read(path, read_slopes(analysis, bumped))
    side = {table: tables[table] for table in supports}
    for group in batches(supports, side):
        bumped = analyzed([up(path) for path in group], f"{', '.join(group)} one unit higher")
        if bumped is None:
            return done
        if not decision_changes(analysis, bumped).empty:  # not expected: read one by one
            for path in group:
                single = analyzed([up(path)], f"{path} one unit higher")
                if single is None:
                    return done
                done.read(path, read_slopes(analysis, single))
            continue
        after = bet_rows(bumped)
        for path in group:
            edges = {
                bet: (after[bet].house_edge - row.house_edge if bet in supports[table_of(path)]
                      else Fraction(0))
                for bet, row in rows.items()
            }  # fmt: skip
            done.read(path, LineSlopes(edges, None, 1))
    if strategic and hand_model(analysis, []) is None and 2 ** len(strategic) <= MAX_CORNERS:
        done.box = _main_box(analysis, lines, strategic, analyzed) or {}
    return done


def _main_box(
    analysis: GameAnalysis,
    lines: dict[str, Fraction],
    strategic: list[str],
    analyzed: Callable[[list[tuple[str, str]], str], GameAnalysis | None],
) -> dict[str, tuple[Fraction, Fraction]] | None:
    """The box of the strategic lines in which no corner's strategy differs from the rule
    set's (``None`` when one differs, or the reading was cancelled)."""
    box = {path: (Fraction(0), Fraction(sweep_high(lines[path]))) for path in strategic}
    for corner in itertools.product(*(box[path] for path in strategic)):
        changes = [
            (path, str(odds_value(odds))) for path, odds in zip(strategic, corner, strict=True)
        ]
        described = ", ".join(f"{path} = {value}" for path, value in changes)
        other = analyzed(changes, f"the strategy at {described}")
        if other is None or not decision_changes(analysis, other).empty:
            return None
    return box


def inside(box: dict[str, tuple[Fraction, Fraction]], values: dict[str, Fraction]) -> bool:
    """Whether ``values`` (path to odds) lie in ``box`` on every line of the box.

    Examples
    --------
    >>> inside({"a.b": (Fraction(0), Fraction(6))}, {"a.b": Fraction(7, 2), "c.d": Fraction(9)})
    True
    >>> inside({}, {"a.b": Fraction(1)}), inside({"a.b": (Fraction(0), Fraction(6))}, {})
    (False, False)
    """
    return bool(box) and all(
        path in values and low <= values[path] <= high for path, (low, high) in box.items()
    )
