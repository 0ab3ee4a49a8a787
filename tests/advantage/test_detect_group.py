"""The joint test over a group of seats (crazy4.advantage.groupdetect).

Seven-seat Four Card Poker tables are dealt here (numpy, seeded). A planted team is seats 1-3
pooling their own cards: each member plays the collusion engine's optimum given the three
hands (checked against brute force in tests/advantage/test_detect_team.py and
tests/advantage/test_collusion.py); the other seats play the no-information optimum.
Measured (alpha = 0.001): 1 of 3 seeded
planted groups flagged at 25 rounds, 3 of 3 at 50 and at 100 (p below 2e-6 at 100), while the
per-seat test of a member, whose team hypothesis pools the whole table, flags none of the 3 at
100 rounds (p 0.73, 1, 0.93): the group's cards, not the table's, explain its play
(docs/advantage.md has these and the false-positive rates).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given
from hypothesis import strategies as st

from crazy4.advantage.collusion import colluder_role
from crazy4.advantage.detect import SeatRounds, examine_seat
from crazy4.advantage.groupdetect import (
    GroupRounds,
    examine_group,
    group_rounds,
    parse_group,
)
from crazy4.advantage.teamdetect import team_valuation
from crazy4.cli.main import main
from crazy4.core.cards import colex_indices
from crazy4.core.decisions import DECISIONS
from crazy4.errors import InputError
from crazy4.registry import load_rules

RULES = load_rules("four-card-standard")
ROLE = colluder_role(RULES)
SEATS = 7


def _table(n: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Hands (n, 7, 5), the up card (n, 1), the hidden dealer cards (n, 5; highest first)."""
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, : 5 * SEATS + 6]
    hands = np.sort(cards[:, : 5 * SEATS].reshape(n, SEATS, 5), axis=2)
    hidden = np.sort(cards[:, 5 * SEATS + 1 :], axis=1)[:, ::-1]
    return hands, cards[:, 5 * SEATS : 5 * SEATS + 1], hidden


def _team(hands: np.ndarray, up: np.ndarray, members: int) -> np.ndarray:
    """Each of the first ``members`` seats' optimum given the members' pooled hands."""
    return np.stack(
        [
            team_valuation(RULES, hands[:, s], np.delete(hands[:, :members], s, axis=1), up)[0]
            for s in range(members)
        ],
        axis=1,
    )


def _honest(hands: np.ndarray, up: np.ndarray, rng: np.random.Generator, mistakes: float):
    """No-information optimum per seat; with ``mistakes`` a random other allowed decision
    (fold <-> 1x), whatever the dealer's or the other seats' cards."""
    decisions = np.stack(
        [
            ROLE.honest_decisions(RULES, colex_indices(hands[:, s]), up[:, 0])
            for s in range(hands.shape[1])
        ],
        axis=1,
    )
    wrong = rng.random(decisions.shape) < mistakes
    return np.where(wrong, np.where(decisions == 0, 1, 0), decisions)


def test_a_planted_group_is_flagged_and_the_whole_table_hypothesis_misses_it() -> None:
    n = 60
    hands, up, hidden = _table(n, 2)
    decisions = _team(hands, up, 3)
    verdict = examine_group(RULES, GroupRounds((1, 2, 3), hands[:, :3], up, decisions))
    assert verdict.flagged and verdict.p_value < 0.001 and verdict.rounds == n
    assert verdict.matches == 3 * n  # every member decided as the team hypothesis says
    assert verdict.expected_matches < 3 * n - 10 and verdict.ev_gained_per_round > 0
    assert verdict.p_value == pytest.approx(3 * min(verdict.member_p_values))
    # the per-seat test pools all six other hands: the wrong team, so no evidence
    seat = SeatRounds(1, hands[:, 0], up, hidden, decisions[:, 0], hands[:, 1:])
    assert not examine_seat(RULES, seat).flagged


def test_honest_groups_are_flagged_at_most_at_the_stated_rate() -> None:
    """20 honest groups of six seats (half optimal, half with 10% random mistakes), 40
    rounds, 9 draws: each member's p-value is valid and the Bonferroni combination is valid
    under any dependence, so at 0.05 few groups are flagged (6 or more of 20 would have
    probability below 0.3%), and few of the 120 members' own p-values are below 0.05 (13 or
    more: below 0.5% if they were independent)."""
    flagged, members_low = 0, 0
    for seed in range(20):
        hands, up, _ = _table(40, 900 + seed)
        rng = np.random.default_rng(seed)
        decisions = _honest(hands[:, :6], up, rng, 0.1 if seed % 2 else 0.0)
        group = GroupRounds((1, 2, 3, 4, 5, 6), hands[:, :6], up, decisions)
        verdict = examine_group(RULES, group, 0.05, draws=9, seed=seed)
        flagged += verdict.flagged
        members_low += sum(p < 0.05 for p in verdict.member_p_values)
    assert flagged <= 5 and members_low <= 12


def test_a_member_who_plays_honestly_does_not_hide_the_team() -> None:
    """Two of three members play the team optimum, one plays honestly: still flagged (the
    combination takes the strongest member's evidence)."""
    hands, up, _ = _table(60, 2)
    decisions = _team(hands, up, 3)
    decisions[:, 2] = ROLE.honest_decisions(RULES, colex_indices(hands[:, 2]), up[:, 0])
    verdict = examine_group(RULES, GroupRounds((1, 2, 3), hands[:, :3], up, decisions))
    assert verdict.flagged and verdict.member_p_values[2] > 0.001


def _log(tmp_path: Path) -> Path:
    log = tmp_path / "rounds.parquet"
    simulate = ["simulate", "--rules", "four-card-standard", "--rounds", "60", "--seed", "6"]
    assert main([*simulate, "--seats", "7", "--log", str(log), "--quiet"]) == 0
    return log


def test_the_command_flags_a_planted_group_and_passes_an_honest_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A simulator log with seats 1-3's decisions replaced by their team decisions given the
    three hands: ``--group 1,2,3`` is flagged, ``--group 4,5,6`` (honest) is not."""
    log = _log(tmp_path)
    group = group_rounds(log, RULES, (1, 2, 3))
    assert group.hands.shape == (60, 3, 5) and group.up.shape == (60, 1)
    team = _team(group.hands, group.up, 3)
    table = pq.read_table(log)
    decision = np.array(table["decision"].to_pylist(), dtype=object)
    seat_of, round_of = np.asarray(table["seat"]), np.asarray(table["round"])
    for member in range(3):
        rows = np.flatnonzero(seat_of == member + 1)
        assert (round_of[rows] == np.arange(1, 61)).all()
        decision[rows] = [DECISIONS[int(d)] for d in team[:, member]]
    column = table.column_names.index("decision")
    pq.write_table(table.set_column(column, "decision", pa.array(decision.tolist())), log)
    capsys.readouterr()
    detect = ["advantage", "detect", str(log), "--rules", "four-card-standard", "--quiet"]
    assert main([*detect, "--group", "1,2,3", "--group", "4,5,6", "--team-draws", "9"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("group 1,2,3: FLAGGED") for line in lines)
    assert any(line.startswith("group 4,5,6: ok") for line in lines)


@pytest.mark.parametrize(
    ("group", "words"),
    [
        ("1", "at least two"),
        ("1,x", "'x'"),
        ("1,2,2", "seat 2 twice"),
        ("1,9", "seat 9 is not in the log"),
        ("1,2,3,4,5,6,7,8", "at most 7"),
    ],
)
def test_a_bad_group_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], group: str, words: str
) -> None:
    hands, up, hidden = _table(2, 1)
    log = tmp_path / "log.parquet"
    from crazy4.log.roundlog import hand_text_array

    pq.write_table(
        pa.table(
            {
                "round": np.repeat([1, 2], SEATS),
                "seat": np.tile(np.arange(1, SEATS + 1), 2),
                "player": hand_text_array(hands.reshape(-1, 5).T),
                "dealer": hand_text_array(
                    np.repeat(np.concatenate([up, hidden], axis=1), SEATS, axis=0).T
                ),
                "up_card": hand_text_array(np.repeat(up, SEATS, axis=0).T),
                "decision": ["fold"] * (2 * SEATS),
            }
        ),
        log,
    )
    detect = ["advantage", "detect", str(log), "--rules", "four-card-standard"]
    status = main([*detect, "--group", group])
    error = capsys.readouterr().err
    assert status == 2 and error.count("\n") == 1 and words in error and "Traceback" not in error


@given(st.lists(st.integers(1, 60), min_size=2, max_size=8, unique=True))
def test_a_group_is_read_back_in_seat_order(seats: list[int]) -> None:
    assert parse_group(",".join(map(str, seats))) == tuple(sorted(seats))


@given(st.text(max_size=12))
def test_any_text_is_a_group_or_one_input_error(text: str) -> None:
    try:
        seats = parse_group(text)
    except InputError as error:
        assert "\n" not in str(error) and str(error).startswith("--group")
    else:
        assert len(seats) >= 2 and len(set(seats)) == len(seats) and min(seats) >= 1
