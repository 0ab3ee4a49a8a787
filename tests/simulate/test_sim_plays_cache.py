"""The simulator's analyses kept for the process are bounded
(:data:`crazy4.simulate.plays.KEPT_ANALYSES`): a notebook or a test worker that simulates
rule set after rule set does not keep every analysis (one of Four Card Poker's holds several
hundred MB)."""

from __future__ import annotations

import uuid
from types import SimpleNamespace
from typing import Any

import pytest

from crazy4.simulate import plays as sim_plays


def test_at_most_the_kept_analyses_the_latest_reused(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []

    def analyze(spec: Any, rules: Any) -> str:
        made.append(rules.content_hash)
        return f"analysis of {rules.content_hash}"

    monkeypatch.setattr(sim_plays, "analyze_spec", analyze)
    spec: Any = SimpleNamespace(key=f"spec-{uuid.uuid4()}")
    rule_sets: list[Any] = [
        SimpleNamespace(content_hash=f"rules-{i}") for i in range(sim_plays.KEPT_ANALYSES + 1)
    ]
    for rules in rule_sets:
        got: Any = sim_plays.analysis_of(spec, rules)
        assert got == f"analysis of {rules.content_hash}"
    assert len(made) == len(rule_sets)
    # the latest is kept (not analyzed again); the oldest was let go (analyzed again)
    sim_plays.analysis_of(spec, rule_sets[-1])
    assert len(made) == len(rule_sets)
    sim_plays.analysis_of(spec, rule_sets[0])
    assert made[-1] == "rules-0" and len(made) == len(rule_sets) + 1
