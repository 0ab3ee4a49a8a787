"""Shared fixtures: each shipped Crazy 4 Poker rule set analyzed once per test session."""

from __future__ import annotations

import pytest

from crazy4.games.crazy_four.analysis import Analysis, analyze
from crazy4.rules.load import load_rules


@pytest.fixture(scope="session")
def standard() -> Analysis:
    """The standard casino rules, analyzed exactly."""
    return analyze(load_rules("crazy4-standard"))


@pytest.fixture(scope="session")
def cardroom(standard: Analysis) -> Analysis:
    """The card room's rules (same qualifier: the dealer counts are reused)."""
    return analyze(load_rules("crazy4-cardroom"), outcomes=standard.outcomes)
