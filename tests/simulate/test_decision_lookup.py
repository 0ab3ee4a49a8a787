"""A seat's decision with an up card: looked up by its situation class, or read from the table of
every (hand, up card) pair a long run builds once (:data:`crazy4.simulate.engine.
DECISION_TABLE_SITUATIONS`). Both give the same counts and the same log, byte for byte."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import crazy4.simulate.engine as spec_simulate
from crazy4.registry import game_of, load_rules
from crazy4.simulate.driver import make_plan
from crazy4.simulate.engine import SpecSimulator

DECLARED = Path(__file__).resolve().parent.parent / "spec" / "data" / "three-card-declared.toml"


def test_a_looked_up_decision_is_the_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = DECLARED.read_text(encoding="utf-8")
    for old, new in (
        ('name = "three-card-declared"', 'name = "three-card-up-card"'),
        ('key = "three-card-declared"', 'key = "three-card-up-card"'),
        ("face_up = 0", "face_up = 1"),
        ("[dealer]\ncards = 3\n", "[dealer]\ncards = 3\nup_cards = 1\n"),
    ):
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "three-card-up-card.toml"
    path.write_text(text, encoding="utf-8")
    rules = load_rules(str(path))
    spec = game_of(rules).spec
    assert spec.shape.face_up == 1
    plan = make_plan(rules, rounds=4000, seed=8, seats=3)
    looked_up = SpecSimulator(spec)
    first = looked_up.numpy_chunk(plan, 0, True)
    assert looked_up.tables_of(plan).decide is None  # a short run: no table
    monkeypatch.setattr(spec_simulate, "DECISION_TABLE_SITUATIONS", 0)
    tabled = SpecSimulator(spec)
    second = tabled.numpy_chunk(plan, 0, True)
    assert tabled.tables_of(plan).decide is not None
    assert first.log is not None and second.log is not None
    assert first.log.equals(second.log)
    decisions = first.log.column("decision").to_pylist()
    assert len(set(decisions)) > 1  # the seats decided differently by their hands and up cards
    for name in ("seats", "blind", "dealer"):
        assert np.array_equal(getattr(first.counts, name), getattr(second.counts, name)), name
