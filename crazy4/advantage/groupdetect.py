"""Catching a team as a group: each member's conditional randomization test with the other
members' hands as the pooled cards, combined by Bonferroni (``docs/advantage.md``, "A group of
seats, jointly").
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np
import numpy.typing as npt

from crazy4.advantage.detect import read_log_columns, tail_probability
from crazy4.advantage.plant import parse_seats
from crazy4.advantage.surveil import surveillance_of
from crazy4.advantage.teamdetect import TEAM_DRAWS, team_evidence
from crazy4.advantage.teamscreen import table_of
from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet

IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True)
class GroupRounds:
    """The rounds every member of a group played."""

    seats: tuple[int, ...]
    hands: IntArray
    up: IntArray
    decisions: IntArray


@dataclass(frozen=True)
class GroupVerdict:
    """The joint test's result for one group."""

    seats: tuple[int, ...]
    rounds: int
    member_p_values: tuple[float, ...]
    matches: int
    expected_matches: float
    p_value: float
    flagged: bool
    ev_gained_per_round: float


def parse_group(text: str) -> tuple[int, ...]:
    """Seat numbers from ``"1,2,5"``: at least two.

    Examples
    --------
    >>> parse_group("3, 1,2")
    (1, 2, 3)
    >>> parse_group("1,1")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --group '1,1': seat 1 twice
    """
    seats = parse_seats(text, "--group")
    if len(seats) < 2:
        raise InputError(f"--group {text!r}: a group needs at least two seats")
    return seats


def group_rounds(
    path: Path, rules: RuleSet, seats: tuple[int, ...], max_rounds: int | None = None
) -> GroupRounds:
    """The rounds of a per-round log in which every seat of the group played, in round order."""
    hands, up, _, decisions, seat_of, round_ids = read_log_columns(path, rules)
    where = f"log {str(path)!r}"
    if round_ids is None:
        raise InputError(f"{where}: --group needs the log's 'round' column")
    most = surveillance_of(rules).max_seats
    if len(seats) > most:
        raise InputError(f"--group: {len(seats)} seats, a table seats at most {most}")
    for seat in seats:
        ids = round_ids[seat_of == seat]
        if ids.size == 0:
            raise InputError(f"{where}: --group seat {seat} is not in the log")
        if np.unique(ids[ids >= 0]).size < (ids >= 0).sum():
            raise InputError(f"{where}: seat {seat} appears twice in one round")
    mine = np.isin(seat_of, seats)
    table = table_of(hands[mine], up[mine], decisions[mine], seat_of[mine], round_ids[mine])
    if table is None or table.seats != seats:
        raise InputError(f"{where}: no round in which seats {seats} all played")
    rows = slice(max_rounds)
    return GroupRounds(seats, table.hands[rows], table.up[rows], table.decisions[rows])


def examine_group(
    rules: RuleSet,
    group: GroupRounds,
    alpha: float = 0.001,
    *,
    draws: int = TEAM_DRAWS,
    seed: int = 0,
) -> GroupVerdict:
    """The joint test for one group (``draws`` null draws a member-round).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> cards = np.arange(10).reshape(1, 2, 5)
    >>> group = GroupRounds((1, 2), cards, np.zeros((1, 0), int), np.array([[0, 0]]))
    >>> verdict = examine_group(load_rules("crazy4-standard"), group, draws=3)
    >>> verdict.rounds, len(verdict.member_p_values), verdict.flagged
    (1, 2, False)
    """
    if draws < 1:
        raise InputError("--team-draws: the group test needs at least one draw")
    n, g, _ = group.hands.shape
    p_values, matches, expected, gain = [], 0, 0.0, Fraction(0)
    for member in range(g):
        others = np.delete(group.hands, member, axis=1)
        found = team_evidence(
            rules,
            group.hands[:, member],
            group.up,
            others,
            group.decisions[:, member],
            draws=draws,
            seed=(seed, group.seats[member], *group.seats),
        )
        hits = int(found.hits.sum())
        p_values.append(tail_probability(found.p, hits))
        matches, expected, gain = matches + hits, expected + float(found.p.sum()), gain + found.gain
    p_value = min(1.0, g * min(p_values))
    return GroupVerdict(
        seats=group.seats,
        rounds=n,
        member_p_values=tuple(p_values),
        matches=matches,
        expected_matches=expected,
        p_value=p_value,
        flagged=p_value < alpha,
        ev_gained_per_round=float(gain / n),
    )
