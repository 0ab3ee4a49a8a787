"""Crazy 4 Poker's and Four Card Poker's specifications on the one collusion engine: their
role (:func:`crazy4.generic.collusion.spec_colluder`, six cells cut from the qualifier) gives
the rows of the games' own role (their cells) exactly, every column, on the same seeded deals:
full pooling, honest play and the practical rule.

The honest strategy and the exact edge are the games' own in both runs: Four Card Poker's
specification refuses a rule set with a Bad Beat Bonus (its exact analysis prices the side
bets), and the collusion study prices the main game only.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from crazy4.advantage import collusion
from crazy4.advantage.collusion_tables import plan_rows
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.games.four_card.spec import FOUR_CARD_SPEC
from crazy4.generic.collusion import qualifier_thresholds, spec_colluder
from crazy4.registry import game_of, load_rules
from crazy4.spec.specification import GameSpec

SPECS = {"crazy4-standard": CRAZY_FOUR_SPEC, "four-card-standard": FOUR_CARD_SPEC}


def _rows(name: str, colluders: int, practical: str | None) -> list[dict[str, object]]:
    rules = load_rules(name)
    plan = collusion.make_collusion_plan(
        rules, colluders=colluders, deals=60, seed=2010, practical=practical
    )
    exact = collusion.colluder_role(rules).exact_edge(rules)
    return plan_rows(plan, collusion.run_collusion(plan), exact)


@pytest.mark.parametrize(
    ("name", "colluders", "practical"),
    [
        ("crazy4-standard", 2, None),  # counted by subsets
        ("crazy4-standard", 6, "A"),  # listed; the practical rule
        ("four-card-standard", 3, None),
        ("four-card-standard", 7, "up"),
    ],
)
def test_the_specification_role_gives_the_same_rows(
    name: str, colluders: int, practical: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = load_rules(name)
    own = game_of(rules).colluder()
    spec: GameSpec = SPECS[name]
    role = dataclasses.replace(spec_colluder(spec, own.max_seats), honest=own.honest, edge=own.edge)
    assert role.shape == own.shape and role.up_cards == own.up_cards
    expected = _rows(name, colluders, practical)
    monkeypatch.setattr(collusion, "colluder_role", lambda rules: role)
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
