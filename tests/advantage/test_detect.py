"""Catching a hole-carder: a planted one is flagged, honest seats are not.

Logs are dealt here (numpy, seeded): a hole-carder who sees the first dealt dealer card and plays
the perfect hole-card strategy for it; an honest optimal player; a player making random mistakes
(10% of decisions replaced by a random allowed one, whatever the dealer holds). Measured with
``alpha = 0.001``: the hole-carder was flagged in 5 of 5 seeded logs of 1,000 rounds and in 0 of
5 of 500 rounds (smallest p-values about 2e-3 there), so about 1,000 rounds are needed.
"""

from __future__ import annotations

from itertools import product
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crazy4.advantage.detect import SeatRounds, examine_seat, read_seats, tail_probability
from crazy4.advantage.simulate import situation_evs
from crazy4.cli.main import main
from crazy4.core.decisions import DECISIONS, best_decisions
from crazy4.log.roundlog import hand_text_array
from crazy4.registry import load_rules

RULES = load_rules("crazy4-standard")


def _deal(n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, :10]
    return np.sort(cards[:, :5], axis=1), cards[:, 5:]  # the dealer's cards in dealing order


def _decide(hands: np.ndarray, dealer: np.ndarray, kind: str, rng: np.random.Generator):
    if kind == "hole":
        ev, allowed, _ = situation_evs(RULES, hands, dealer[:, :1])
        return best_decisions(ev, allowed)[0]
    ev, allowed, _ = situation_evs(RULES, hands, np.zeros((hands.shape[0], 0), dtype=int))
    decision = best_decisions(ev, allowed)[0]
    if kind == "mistakes":
        wrong = rng.random(decision.shape[0]) < 0.1
        pick = np.array([rng.choice(np.flatnonzero(row)) for row in allowed])
        decision = np.where(wrong, pick, decision)
    return decision


def _seat(kind: str, n: int, seed: int) -> SeatRounds:
    rng = np.random.default_rng(seed)
    hands, dealer = _deal(n, rng)
    decision = _decide(hands, dealer, kind, rng)
    hidden = np.sort(dealer, axis=1)[:, ::-1]
    return SeatRounds(1, hands, np.zeros((n, 0), dtype=np.int64), hidden, decision)


def test_a_planted_hole_carder_is_flagged() -> None:
    verdict = examine_seat(RULES, _seat("hole", 1500, 3))
    assert verdict.flagged
    assert verdict.hypothesis == "any one card"  # the log sorts the dealer's cards
    assert verdict.matches == 1500 > verdict.expected_matches
    assert verdict.ev_gained_per_round > 0


def test_honest_seats_are_flagged_at_most_at_the_stated_rate() -> None:
    """30 honest seats (half optimal, half with random mistakes): the p-values are valid, so at
    ``alpha = 0.05`` few are flagged (7 or more of 30 would have probability below 0.3%)."""
    verdicts = [
        examine_seat(RULES, _seat(kind, 200, seed), alpha=0.05)
        for seed, kind in product(range(15), ("optimal", "mistakes"))
    ]
    flagged = sum(verdict.flagged for verdict in verdicts)
    assert flagged <= 6
    assert all(0 <= verdict.p_value <= 1 for verdict in verdicts)
    mistakes = [v.ev_gained_per_round for v in verdicts[1::2]]
    assert np.mean(mistakes) < 0  # random mistakes cost money


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(0, 1), min_size=1, max_size=7), st.integers(0, 8))
def test_tail_probability_matches_enumeration(p: list[float], observed: int) -> None:
    """Every 0/1 outcome listed: the exact upper tail of the Poisson-binomial sum."""
    expected = 0.0
    for outcome in product((0, 1), repeat=len(p)):
        if sum(outcome) >= observed:
            expected += float(np.prod([q if x else 1 - q for q, x in zip(p, outcome, strict=True)]))
    assert tail_probability(np.array(p), observed) == pytest.approx(min(1.0, expected), abs=1e-9)


def _write_log(path: Path, seats: list[SeatRounds]) -> None:
    tables = [
        pa.table(
            {
                "seat": np.full(s.hands.shape[0], s.seat),
                "player": hand_text_array(s.hands.T),
                "dealer": hand_text_array(np.sort(s.hidden, axis=1).T),
                "decision": pa.array([DECISIONS[int(d)] for d in s.decisions]),
            }
        )
        for s in seats
    ]
    pq.write_table(pa.concat_tables(tables), path)


def test_the_command_flags_the_hole_carder_seat_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hole, honest = _seat("hole", 1200, 8), _seat("optimal", 1200, 9)
    _write_log(tmp_path / "log.parquet", [hole, SeatRounds(2, *list(vars(honest).values())[1:])])
    seats = read_seats(tmp_path / "log.parquet", RULES)
    assert [s.seat for s in seats] == [1, 2]
    assert (seats[0].hidden == hole.hidden).all() and (seats[0].decisions == hole.decisions).all()
    status = main(
        [
            "advantage",
            "detect",
            str(tmp_path / "log.parquet"),
            "--rules",
            "crazy4-standard",
            "--quiet",
        ]
    )
    out = capsys.readouterr().out.splitlines()
    assert status == 1
    assert out[0].startswith("Surveillance verdict")
    assert out[1].startswith("seat 1: FLAGGED") and out[2].startswith("seat 2: clear")
    assert "hole-carding" in out[1] and "hole-carding" not in out[2]


def test_a_simulator_log_of_an_honest_seat_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "rounds.parquet"
    simulate = ["simulate", "--rules", "crazy4-standard", "--rounds", "3000", "--seed", "4"]
    assert main([*simulate, "--log", str(log), "--quiet"]) == 0
    capsys.readouterr()
    status = main(["advantage", "detect", str(log), "--rules", "crazy4-standard", "--quiet"])
    assert status == 0, capsys.readouterr().out


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["detect", "missing.parquet"], "no such file"),
        (["detect", "LOG", "--alpha", "2"], "--alpha"),
        (
            ["holecards", "--hand", "Ks Qd 8c 4h 2s", "--seen-cards", "Ks"],
            "also in the player's hand",
        ),
        (["holecards", "--hand", "Ks Qd 8c 4h 2s", "--seen-cards", "Ah Ad 3c"], "0 to 2"),
        (["holecards", "--seen", "3"], "0 to 2"),
        (["holecards", "--groups", "A,K,QJT,9876543"], "in no group"),
        (["holecards", "--groups", "A,K,Q,X"], "unknown rank"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    arguments: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "log.parquet"
    _write_log(log, [_seat("optimal", 5, 1)])
    arguments = [str(log) if a == "LOG" else a for a in arguments]
    assert main(["advantage", *arguments, "--rules", "crazy4-standard"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and message in error and "Traceback" not in error


def test_holecards_writes_tables_with_provenance(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--seen 0`` (quick): the ordinary strategy through the engine, written with provenance."""
    from crazy4.results.write import read_provenance

    out = tmp_path / "hole"
    arguments = ["advantage", "holecards", "--rules", "crazy4-standard", "--seen", "0"]
    situations = tmp_path / "situations.parquet"
    assert main([*arguments, "--out", str(out), "--situations", str(situations), "--quiet"]) == 0
    assert "-264142729" in capsys.readouterr().out  # the exact EV, -264142729/7726058340
    record = read_provenance(out / "hole0_strategies.parquet")
    assert record["rule_set"] == "crazy4-standard"
    assert (out / "report.md").read_text().startswith("## Advantage play")
    table = pq.read_table(out / "hole0_strategies.parquet").to_pandas()
    assert table["strategy"].tolist() == ["none", "group:A,K,QJT,98765432", "rank", "card"]
    rows = pq.read_table(situations).to_pandas()
    assert len(rows) == 134459 and int(rows["weight"].sum()) == 2598960
    assert read_provenance(situations)["deals"] == 3986646103440


def test_four_card_hole_carder_is_flagged() -> None:
    """Four Card Poker: a seat seeing the first hidden card besides the up card, 600 rounds (3 of
    3 seeded logs flagged at 600 rounds, 2 of 3 at 300), through the up card and log columns of
    the game's role."""
    rules = load_rules("four-card-standard")
    rng = np.random.default_rng(0)
    cards = np.argsort(rng.random((600, 52)), axis=1)[:, :11]
    hands, up, hidden = np.sort(cards[:, :5], axis=1), cards[:, 5:6], cards[:, 6:]
    ev, allowed, _ = situation_evs(rules, hands, np.concatenate([up, hidden[:, :1]], axis=1))
    decision = best_decisions(ev, allowed)[0]
    seat = SeatRounds(1, hands, up, np.sort(hidden, axis=1)[:, ::-1], decision)
    verdict = examine_seat(rules, seat)
    assert verdict.flagged and verdict.ev_gained_per_round > 0


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="AKQJT98765432akx,1 0", max_size=30))
def test_group_lists_parse_to_a_partition_or_fail_in_one_line(text: str) -> None:
    """Any text: a partition of the 13 ranks whose canonical text parses back to it, or an
    InputError naming the groups (never another exception)."""
    from crazy4.advantage.holecard_engine import groups_label, parse_groups
    from crazy4.errors import InputError

    try:
        group_of = parse_groups(text)
    except InputError as error:
        assert "\n" not in str(error) and str(error).startswith("groups ")
        return
    assert len(group_of) == 13 and set(group_of) == set(range(max(group_of) + 1))
    again = parse_groups(groups_label(group_of))
    same = [[a == b for b in group_of] for a in group_of]
    assert [[a == b for b in again] for a in again] == same  # the same partition
