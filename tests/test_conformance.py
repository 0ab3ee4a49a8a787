"""Conformance: every registered game and every shipped rule set, through the interface only.

Each case of :func:`crazy4.testing.conformance_cases` (the public checks of
:func:`crazy4.testing.check_game`) runs as its own test: a new game or rule file is checked by
registering or shipping it, with no change here (a game's published deal count, the total its
rules document states, is data of the game, :attr:`crazy4.game.SpecGame.published_deals`,
checked by ``published_deals``).

The pipeline results are computed once per session (``pipeline_results`` in ``conftest.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from crazy4.pipeline import RuleSetResults
from crazy4.registry import registered_games
from crazy4.testing import GameCheck, conformance_cases, run_case

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


def test_every_game_and_rule_set_is_covered() -> None:
    """Each registered game has its game checks and at least one rule set's checks."""
    for key in registered_games():
        names = {rule_set for game, rule_set, _ in CASES if game == key}
        assert "" in names and len(names) >= 2, key
