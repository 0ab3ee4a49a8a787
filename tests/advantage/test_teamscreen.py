"""The team screen's last step: a seat left beside a flagged group is tested with it.

Expected values come from what was planted (the seats of the team and of the hole-carder);
the round counts from the power table of ``docs/surveillance.md``
(``analysis/bench_detect.py``: a team of four at seven seats flagged in 12 of 12 seeded tables
at 500 rounds).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from crazy4.advantage import teamscreen
from crazy4.advantage.plant import make_planting, play_planted_chunk
from crazy4.advantage.teamscreen import FoundGroup, Table, screen_table
from crazy4.registry import load_rules

RULES = load_rules("crazy4-standard")


def _table(rounds: int, seed: int, hole: tuple[int, ...], team: tuple[int, ...]) -> Table:
    planting = make_planting(RULES, 7, hole, 1, team)
    chunk = play_planted_chunk(RULES, planting, rounds, np.random.SeedSequence(seed))
    return Table(chunk.hands, chunk.dealer[:, :0], chunk.decisions.copy(), tuple(range(1, 8)),
                 np.arange(1, rounds + 1))  # fmt: skip


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, set[int], bool]]:
    """Record each call of ``joined``: the seat, the seats named before, whether it joined."""
    calls: list[tuple[int, set[int], bool]] = []
    real = teamscreen.joined

    def spy(rules: Any, table: Table, found: list[FoundGroup], *args: Any, **kw: Any) -> Any:
        before = {s for g in found if g.flagged for s in g.members_flagged}
        out = real(rules, table, found, *args, **kw)
        calls.append((table.seats[args[1]], before, out is not found))
        return out

    monkeypatch.setattr(teamscreen, "joined", spy)
    return calls


def test_the_fourth_member_beside_three_flagged_ones_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seats 4-7 pool their cards, seats 1-3 play honestly, 500 rounds: the screen's flagged
    group names three of the four (the pairs join only three), the set of every deviating seat
    leaves the fourth unnamed, and its test with the three's cards names the whole team."""
    table = _table(500, 0, (), (4, 5, 6, 7))
    calls = _spy(monkeypatch)
    found = [g for g in screen_table(RULES, table, 0.001) if g.flagged]
    assert len(calls) == 1
    seat, before, joined = calls[0]
    assert len(before) == 3 and before | {seat} == {4, 5, 6, 7} and joined
    assert {s for g in found for s in g.members_flagged} == {4, 5, 6, 7}
    group = next(g for g in found if seat in g.members_flagged)
    assert group.seats == (4, 5, 6, 7) and group.members_flagged == (4, 5, 6, 7)
    at = group.seats.index(seat)
    assert group.groups_possible * 4 * group.member_p_values[at] < 0.001
    assert group.p_value < 0.001 and group.member_gains[at] > 0


def test_a_hole_carder_beside_a_team_is_not_named_with_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seat 2 sees one hidden dealer card, seats 4-6 pool their cards, 500 rounds: the set of
    every deviating seat leaves the hole-carder beside the flagged team; tested with the
    team's cards it is not named (it did not use them)."""
    table = _table(500, 0, (2,), (4, 5, 6))
    calls = _spy(monkeypatch)
    found = [g for g in screen_table(RULES, table, 0.001) if g.flagged]
    assert calls == [(2, {4, 5, 6}, False)]
    assert {s for g in found for s in g.members_flagged} == {4, 5, 6}
