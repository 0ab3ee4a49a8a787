"""Shared fixtures: each shipped Crazy 4 Poker rule set analyzed once per test session, and
the pipeline results of any shipped rule set, run once per session when first asked for."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from crazy4.games.crazy_four.analysis import Analysis, analyze
from crazy4.pipeline import RuleSetResults, run_rule_set
from crazy4.rules.load import load_rules


@pytest.fixture(scope="session")
def standard() -> Analysis:
    """The standard casino rules, analyzed exactly."""
    return analyze(load_rules("crazy4-standard"))


@pytest.fixture(scope="session")
def cardroom(standard: Analysis) -> Analysis:
    """The card room's rules (same qualifier: the dealer counts are reused)."""
    return analyze(load_rules("crazy4-cardroom"), outcomes=standard.outcomes)


#: Rounds of the card room's own simulation inside a pipeline run (its default is 1,000,000).
PIPELINE_CARDROOM_ROUNDS = 20_000


@pytest.fixture(scope="session")
def pipeline_results() -> Callable[[str], RuleSetResults]:
    """``run_rule_set`` of a shipped rule set by name, run once per session on first use."""
    done: dict[str, RuleSetResults] = {}

    def results(name: str) -> RuleSetResults:
        if name not in done:
            done[name] = run_rule_set(
                load_rules(name),
                command=f"pytest {name}",
                jobs=1,
                simulate_rounds=PIPELINE_CARDROOM_ROUNDS,
            )
        return done[name]

    return results
