"""Crazy 4 Poker's collusion role is its specification's
(:func:`crazy4.generic.collusion.spec_colluder`, six cells cut from the qualifier): its honest
strategy and exact edge (the specification engines' exact analysis) are the game's own exact
reference's (the one its validator reads), so the collusion rows are the same whichever prices
the honest play, every column, on the same seeded deals: full pooling, honest play and the
practical rule. (Four Card Poker's own exact reference is gone: its analysis is the
specification engines', compared with the committed tables.)
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np
import numpy.typing as npt
import pytest

from crazy4.advantage import collusion
from crazy4.advantage.collusion_tables import plan_rows
from crazy4.games.crazy_four.game import CRAZY_FOUR
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.generic.collusion import qualifier_thresholds, spec_colluder
from crazy4.registry import game_of, load_rules
from crazy4.rules.ruleset import RuleSet

IntArray = npt.NDArray[np.int64]


def _rows(name: str, colluders: int, practical: str | None) -> list[dict[str, object]]:
    rules = load_rules(name)
    plan = collusion.make_collusion_plan(
        rules, colluders=colluders, deals=60, seed=2010, practical=practical
    )
    exact = collusion.colluder_role(rules).exact_edge(rules)
    return plan_rows(plan, collusion.run_collusion(plan), exact)


def _reference_honest(rules: RuleSet, colex: IntArray, up: IntArray | None) -> IntArray:
    """Crazy 4 Poker's own exact reference: the optimal decision of each dealt hand's class."""
    reference = CRAZY_FOUR.reference_of(CRAZY_FOUR.rules_of(rules))
    decided: IntArray = reference.prices.decision[reference.classes_of(colex, up)]
    return decided


def _reference_edge(rules: RuleSet) -> Fraction:
    """Crazy 4 Poker's own exact reference: minus the main bet's exact mean, optimal play."""
    reference = CRAZY_FOUR.reference_of(CRAZY_FOUR.rules_of(rules))
    edge: Fraction = -reference.exact_bets(reference.prices.decision)[reference.main_bet].mean
    return edge


@pytest.mark.parametrize(
    ("name", "colluders", "practical"),
    [
        ("crazy4-standard", 2, None),  # counted by subsets
        ("crazy4-standard", 6, "A"),  # listed; the practical rule
    ],
)
def test_the_reference_honest_play_gives_the_same_rows(
    name: str, colluders: int, practical: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = load_rules(name)
    game = game_of(rules)
    role = game.colluder()
    assert role is spec_colluder(game.spec, role.max_seats, game.team_rules, game.bet_parts)
    assert role.exact_edge(rules) == _reference_edge(rules)
    expected = _rows(name, colluders, practical)
    own = dataclasses.replace(role, honest=_reference_honest, edge=_reference_edge)
    monkeypatch.setattr(collusion, "colluder_role", lambda rules: own)
    assert _rows(name, colluders, practical) == expected


def test_the_thresholds_cut_the_six_cells() -> None:
    """Below and above the qualifier: the five cuts of the module docstring."""
    rules = load_rules("crazy4-standard")
    q = CRAZY_FOUR_SPEC.qualifier(rules)
    cuts = qualifier_thresholds(CRAZY_FOUR_SPEC, rules, np.array([q - 3, q, q + 7]))
    assert cuts.tolist() == [
        [q - 3, q - 2, q, q, q],
        [q, q, q, q, q + 1],
        [q, q, q, q + 7, q + 8],
    ]
