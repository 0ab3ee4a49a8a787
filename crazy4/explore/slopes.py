"""A pay line's slopes, kept across the other lines' changes.

Every (hand, decision) EV is affine in each pay line's odds, with a coefficient that depends
only on the switches. So the slopes read from one pair of analyses (the rules, and the rules
with the line one unit higher) price that line again from any later step with the same
switches; the main bet's hands are solved again by :class:`~crazy4.design.model.HandModel`.

Examples
--------
>>> switch_state_of({"name": "a", "dealer": {"ties": "push"}, "sb": {"pays": {"flush": 1}}})
'{"dealer": {"ties": "push"}, "sb": {}}'
"""

from __future__ import annotations

import json
import weakref
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, Any

import numpy as np

from crazy4.design.basis import bet_rows, rule_data
from crazy4.design.model import HandModel, hand_model

if TYPE_CHECKING:
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
    the strategy is known to hold (``held``: :func:`crazy4.explore.prepare.prepare`'s box).

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
