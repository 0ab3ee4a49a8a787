"""The one spec simulator over a best-four game's specification plays exactly the rounds the
best-four simulator plays (issue 42, the simulator's first step).

``SpecSimulator(game.spec)`` with the specification's optimal decisions must deal the same
cards from the same seed, take the same decisions and count the same seat keys (Crazy 4
Poker's ``(strength * 4 + decision) * 6 + cell`` is the best-four key with two dealer classes)
and write a log byte for byte the same as the best-four simulator
(``BestFourSimulator(CRAZY_FOUR.simulation())``) -- its columns named from
the specification's :class:`crazy4.spec.specification.CellSettlement` (``staked``, ``logged``),
the progressive's columns included. Four Card Poker's log agrees on every column the
specification writes (its Bad Beat columns and its dealer classes are still to move).
"""

from __future__ import annotations

import dataclasses
import io

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from crazy4.generic.bestfour_game import BestFourGame
from crazy4.generic.bestfour_simulate import BestFourSimulator
from crazy4.generic.simulate import SpecSimulator
from crazy4.registry import game_named, load_rules
from crazy4.simulate.counts import Chunk
from crazy4.simulate.driver import make_plan
from crazy4.simulate.plan import SimulationPlan
from crazy4.simulate.summary import summarize


def _parquet(table: pa.Table) -> bytes:
    sink = io.BytesIO()
    pq.write_table(table, sink)
    return sink.getvalue()


def _both(name: str, seats: int, seed: int) -> tuple[Chunk, Chunk, SimulationPlan]:
    rules = load_rules(name)
    game = game_named(rules.game)
    assert isinstance(game, BestFourGame)
    old = BestFourSimulator(game.simulation())
    spec = SpecSimulator(game.spec)
    plan = make_plan(rules, rounds=4000, seed=seed, seats=seats)
    theirs = dataclasses.replace(plan, decision=old.strategy(rules, "optimal"))
    mine = dataclasses.replace(plan, decision=spec.strategy(rules, "optimal"))
    return old.play_chunk(theirs, 0, True), spec.play_chunk(mine, 0, True), plan


@pytest.mark.parametrize(
    ("name", "seats", "seed"),
    [("crazy4-standard", 1, 7), ("crazy4-standard", 3, 11), ("crazy4-progressive", 4, 5)],
)
def test_crazy_four_log_is_byte_identical(name: str, seats: int, seed: int) -> None:
    old, new, _ = _both(name, seats, seed)
    assert old.log is not None and new.log is not None
    assert new.log.schema == old.log.schema
    assert _parquet(new.log) == _parquet(old.log)
    assert np.array_equal(new.counts.seats, old.counts.seats)
    assert np.array_equal(new.counts.dealer, old.counts.dealer)
    for bet, square in new.counts.round_squares.items():
        assert square == old.counts.round_squares[bet]
    assert new.counts.progressive == old.counts.progressive


@pytest.mark.slow
def test_four_card_log_agrees_on_the_specification_columns() -> None:
    old, new, _ = _both("four-card-standard", 3, 7)
    assert old.log is not None and new.log is not None
    shared = [name for name in old.log.column_names if name in new.log.column_names]
    assert shared == new.log.column_names  # the same columns in the same order
    assert new.log.select(shared).equals(old.log.select(shared))
    assert np.array_equal(new.counts.dealer, old.counts.dealer)


@pytest.mark.parametrize(
    ("name", "seats", "blind", "strategy"),
    [("crazy4-cardroom", 5, 2, "optimal"), ("crazy4-standard", 3, 0, "simple")],
)
def test_crazy_four_summary_is_identical(name: str, seats: int, blind: int, strategy: str) -> None:
    """The whole run's summary (JSON and text), blind second hands and the simple strategy
    included, from the one simulator and from the best-four one."""
    rules = load_rules(name)
    game = game_named(rules.game)
    assert isinstance(game, BestFourGame)
    summaries = []
    for simulator in (BestFourSimulator(game.simulation()), SpecSimulator(game.spec)):
        plan = make_plan(rules, rounds=5000, seed=3, seats=seats, blind_hands=blind)
        plan = dataclasses.replace(plan, decision=simulator.strategy(rules, strategy))
        counts = simulator.play_chunk(plan, 0, False).counts
        summaries.append(summarize(plan, counts, simulator))
    old, new = summaries
    assert new.to_dict() == old.to_dict()
    assert new.render() == old.render()
