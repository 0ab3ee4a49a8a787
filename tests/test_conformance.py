"""Conformance: every registered game and every shipped rule set, through the interface only.

Each case of :func:`crazy4.testing.conformance_cases` (the public checks of
:func:`crazy4.testing.check_game`) runs as its own test: a new game or rule file is checked by
registering or shipping it, with no change here. The published deal counts, which come from the
rules files rather than from the game's cards, are the one table kept here.

The pipeline results are computed once per session (``pipeline_results`` in ``conftest.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb
from pathlib import Path

import pytest

from crazy4.pipeline import RuleSetResults
from crazy4.registry import game_named, registered_games
from crazy4.testing import GameCheck, conformance_cases, deals_of, run_case

#: Total deals as the rules files publish them, per game.
PUBLISHED_DEALS = {
    "crazy-4-poker": 3_986_646_103_440,  # C(52,5) * C(47,5)
    "four-card-poker": comb(52, 5) * 47 * comb(46, 5),
    "three-card-poker": 22_100 * 18_424,  # "22,100 player hands x 18,424 dealer hands"
}

CASES = conformance_cases()


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the seeded simulation logs of the module go (made once per rule set)."""
    return tmp_path_factory.mktemp("conformance")


@pytest.mark.parametrize(
    ("key", "rule_set", "check"),
    CASES,
    ids=[f"{key}-{rule_set or 'game'}-{check.name}" for key, rule_set, check in CASES],
)
def test_conformance(
    key: str,
    rule_set: str,
    check: GameCheck,
    logs: Path,
    pipeline_results: Callable[[str], RuleSetResults],
) -> None:
    """One public conformance check of one game (and rule set)."""
    run_case(key, rule_set, check, logs, pipeline_results)


@pytest.mark.parametrize("key", registered_games())
def test_game_deal_count_is_the_published_one(key: str) -> None:
    """The deals counted from the game's cards are the rules file's published total."""
    assert key in PUBLISHED_DEALS, f"add the rules file's published deal count for {key}"
    assert deals_of(game_named(key)) == PUBLISHED_DEALS[key]


def test_every_game_and_rule_set_is_covered() -> None:
    """Each registered game has its game checks and at least one rule set's checks."""
    for key in registered_games():
        names = {rule_set for game, rule_set, _ in CASES if game == key}
        assert "" in names and len(names) >= 2, key
