"""Crazy 4 Poker's collusion role is its specification's
(:func:`crazy4.advantage.collusion_engine.spec_colluder`, six cells cut from the qualifier): its
honest strategy is the test oracle's (:mod:`oracle_crazy4`: each dealt hand's best decision by brute
force over the dealer's hands) and its exact edge the committed table's
(``results/crazy4-standard/bets.parquet``), so the collusion rows are the same whichever prices
the honest play, every column, on the same seeded deals: full pooling, honest play and the
practical rule.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pandas as pd
import pytest
from oracle_crazy4 import exact_evs, read_rules

from crazy4.advantage import collusion
from crazy4.advantage.collusion_engine import qualifier_thresholds, spec_colluder
from crazy4.advantage.collusion_tables import plan_rows
from crazy4.core.cards import hands_of_colex
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.registry import game_of, load_rules
from crazy4.rules.ruleset import RuleSet

RESULTS = Path(__file__).resolve().parents[2] / "results"

IntArray = npt.NDArray[np.int64]


def _rows(name: str, colluders: int, practical: str | None) -> list[dict[str, object]]:
    rules = load_rules(name)
    plan = collusion.make_collusion_plan(
        rules, colluders=colluders, deals=60, seed=2010, practical=practical
    )
    exact = collusion.colluder_role(rules).exact_edge(rules)
    return plan_rows(plan, collusion.run_collusion(plan), exact)


@cache
def _oracle_decision(text: str, hand: tuple[int, ...]) -> int:
    """The oracle's best decision code for one hand (the smallest wager among exact ties)."""
    evs = exact_evs(read_rules(text), hand)
    allowed = [(ev, code) for code, ev in enumerate(evs.values()) if ev is not None]
    return max(allowed, key=lambda pair: (pair[0], -pair[1]))[1]


def _oracle_honest(rules: RuleSet, colex: IntArray, up: IntArray | None) -> IntArray:
    """The test oracle's optimal decision of each dealt hand (no up card in Crazy 4 Poker)."""
    assert up is None or up.size == 0
    hands = hands_of_colex(np.asarray(colex).ravel(), 5).astype(int).tolist()
    decided = [_oracle_decision(rules.text, tuple(hand)) for hand in hands]
    return np.asarray(decided, dtype=np.int64).reshape(np.shape(colex))


def _committed_edge(rules: RuleSet) -> Fraction:
    """Minus the main bet's exact mean, optimal play, from the committed ``bets`` table."""
    bets = pd.read_parquet(RESULTS / rules.name / "bets.parquet").set_index("bet")
    row = bets.loc["ante_super_bonus_play"]
    return -Fraction(int(row["ev_numerator"]), int(row["ev_denominator"]))


@pytest.mark.parametrize(
    ("name", "colluders", "practical"),
    [
        ("crazy4-standard", 2, None),  # counted by subsets
        ("crazy4-standard", 6, "A"),  # listed; the practical rule
    ],
)
def test_the_oracle_honest_play_gives_the_same_rows(
    name: str, colluders: int, practical: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = load_rules(name)
    game = game_of(rules)
    role = collusion.colluder_role(rules)
    assert role is spec_colluder(
        game.spec, role.max_seats, game.spec.team_rules, game.spec.bet_parts
    )
    assert role.exact_edge(rules) == _committed_edge(rules)
    expected = _rows(name, colluders, practical)
    own = dataclasses.replace(role, honest=_oracle_honest, edge=_committed_edge)
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
