"""Catching team play: a planted team is flagged, honest seats are not.

Tables are dealt here (numpy, seeded): seven Crazy 4 Poker seats a round. A planted colluder
plays the collusion engine's optimum given every card of its table (checked against the
rules-text oracle, tests/oracle_crazy4.py, on sampled rounds); honest seats play the optimal
no-information strategy (from the hole-card engine with no seen card), some with 10% random
mistakes. Measured (alpha = 0.001, Bonferroni over the seat's family, then of 7 hypotheses): a
7-seat colluder is flagged in 1 of 3 seeded tables at 50 rounds and 3 of 3 at 100 and 200; a
4-seat one in 1 of 3 at 100 rounds, 2 of 3 at 200, 3 of 3 at 400; a 7-seat table sharing only
its count of aces, by the practical hypothesis alone (x 8), in 1 of 3 at 100 and 3 of 3 at 200
(docs/advantage.md has these and the false-positive rates).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from pathlib import Path

import numpy as np
import oracle_crazy4 as oracle
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from crazy4.advantage.detect import SeatRounds, examine_seat, read_seats
from crazy4.advantage.simulate import situation_evs
from crazy4.advantage.teamdetect import (
    null_others,
    practical_evidence,
    team_evidence,
    team_valuation,
)
from crazy4.cli.main import main
from crazy4.core.decisions import DECISIONS, best_decisions
from crazy4.registry import load_rules

RULES = load_rules("crazy4-standard")
SEATS = 7


def _table(n: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.random.Generator]:
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, : 5 * SEATS + 5]
    hands = np.sort(cards[:, : 5 * SEATS].reshape(n, SEATS, 5), axis=2)
    return hands, cards[:, 5 * SEATS :], rng


def _honest(hands: np.ndarray, rng: np.random.Generator, mistakes: float) -> np.ndarray:
    ev, allowed, _ = situation_evs(RULES, hands, np.zeros((hands.shape[0], 0), dtype=int))
    decision = best_decisions(ev, allowed)[0]
    wrong = rng.random(decision.shape[0]) < mistakes
    pick = np.array([rng.choice(np.flatnonzero(row)) for row in allowed])
    return np.where(wrong, pick, decision)


def _seat(kind: str, n: int, seed: int) -> SeatRounds:
    hands, dealer, rng = _table(n, seed)
    if kind == "team":
        decision = team_valuation(RULES, hands[:, 0], hands[:, 1:], np.zeros((n, 0), int))[0]
    else:
        decision = _honest(hands[:, 0], rng, 0.1 if kind == "mistakes" else 0.0)
    hidden = np.sort(dealer, axis=1)[:, ::-1]
    return SeatRounds(1, hands[:, 0], np.zeros((n, 0), int), hidden, decision, hands[:, 1:])


def test_the_team_decision_is_the_brute_force_optimum() -> None:
    """Sampled rounds: every dealer hand of the 17 unseen cards listed and settled by the
    rules-text oracle; the engine's team decision is the best allowed one (smallest wager
    among exact ties) and its EVs are the oracle's."""
    reading = oracle.read_rules(RULES)
    hands, _, _ = _table(3, 21)
    decision, ev, denominator = team_valuation(
        RULES, hands[:, 0], hands[:, 1:], np.zeros((3, 0), int)
    )
    for row in range(3):
        seen = set(hands[row].ravel().tolist())
        dealer = np.array(list(combinations([c for c in range(52) if c not in seen], 5)))
        values = oracle.hand_values(dealer)
        mine = oracle.hand_value(hands[row, 0].tolist())
        best: tuple[Fraction, int] | None = None
        for code in range(4):
            if code and (
                code not in reading.multiples or (code > 1 and mine < reading.raise_minimum)
            ):
                continue
            nets = oracle.settle(reading, np.array([mine]), values, np.array([code]))
            total = sum(int(nets[k].sum()) for k in ("ante", "super_bonus", "play"))
            value = Fraction(total, reading.unit * dealer.shape[0])
            assert Fraction(int(ev[row, code]), denominator) == value
            if best is None or value > best[0]:
                best = (value, code)
        assert best is not None and int(decision[row]) == best[1]


def test_null_draws_are_uniform_over_the_cards_the_seat_cannot_see() -> None:
    """Never a seat card or a repeated card; each unseen card drawn about equally often."""
    hand = np.array([[0, 9, 18, 27, 36]])
    drawn = null_others(hand, np.array([[51]]), 3, 4000, np.random.default_rng(5))
    flat = drawn.reshape(4000, 15)
    assert all(len(set(row.tolist())) == 15 for row in flat[:200])
    counts = np.bincount(flat.ravel(), minlength=52)
    assert (counts[[0, 9, 18, 27, 36, 51]] == 0).all()
    expected = 4000 * 15 / 46
    others = np.delete(counts, [0, 9, 18, 27, 36, 51])
    assert ((others - expected) ** 2 / expected).sum() < 90  # chi-square, 45 df: p < 1e-4


def test_a_planted_team_is_flagged() -> None:
    seat = _seat("team", 150, 102)
    verdict = examine_seat(RULES, seat)
    assert verdict.flagged and verdict.hypothesis == "team: pooled cards"
    assert verdict.hypotheses == 8  # 5 positions, any one card, the team (pooled, practical)
    # the screen values the rounds that leave the no-information optimum: every one matches
    honest = _honest(seat.hands, np.random.default_rng(0), 0.0)
    assert verdict.matches >= int((honest != seat.decisions).sum()) > 0
    assert verdict.ev_gained_per_round > 0


def test_honest_seats_are_flagged_at_most_at_the_stated_rate() -> None:
    """30 honest seats at 7-seat tables (half optimal, half with random mistakes), 80 rounds:
    each team hypothesis's own p-value is valid, so at 0.05 few are flagged (7 or more of 30
    would have probability below 0.3%), and the random mistakes cost money at the table."""
    from crazy4.advantage.detect import tail_probability

    flagged, flagged_practical, gains = 0, 0, []
    for seed in range(15):
        for kind in ("optimal", "mistakes"):
            seat = _seat(kind, 80, 500 + seed)
            assert seat.others is not None
            found = team_evidence(
                RULES, seat.hands, seat.up, seat.others, seat.decisions, seed=(seed,)
            )
            flagged += tail_probability(found.p, int(found.hits.sum())) < 0.05
            practical = practical_evidence(RULES, seat.hands, seat.up, seat.others, seat.decisions)
            flagged_practical += tail_probability(practical.p, int(practical.hits.sum())) < 0.05
            if kind == "mistakes":
                gains.append(float(found.gain))
    assert flagged <= 6 and flagged_practical <= 6
    assert np.mean(gains) < 0


def _write_log(path: Path, hands: np.ndarray, dealer: np.ndarray, decisions: np.ndarray) -> None:
    from crazy4.log.roundlog import hand_text_array

    n, k, _ = hands.shape
    pq.write_table(
        pa.table(
            {
                "round": np.repeat(np.arange(1, n + 1), k),
                "seat": np.tile(np.arange(1, k + 1), n),
                "player": hand_text_array(hands.reshape(n * k, 5).T),
                "dealer": hand_text_array(np.repeat(np.sort(dealer, axis=1), k, axis=0).T),
                "decision": pa.array([DECISIONS[int(d)] for d in decisions.ravel()]),
            }
        ),
        path,
    )


def test_the_log_gives_each_seat_its_table_mates(tmp_path: Path) -> None:
    hands, dealer, _ = _table(4, 3)
    decisions = np.ones((4, SEATS), dtype=int)
    _write_log(tmp_path / "log.parquet", hands, dealer, decisions)
    seats = read_seats(tmp_path / "log.parquet", RULES)
    assert [s.seat for s in seats] == list(range(1, SEATS + 1))
    third = seats[2]
    assert third.others is not None and third.others.shape == (4, SEATS - 1, 5)
    expected = np.delete(hands, 2, axis=1)
    assert (np.sort(third.others, axis=2) == expected).all()


def test_the_command_flags_a_planted_team_and_passes_the_simulator(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 7-seat simulator log (honest) passes; with every seat's decision replaced by its
    team decision given the table's cards, every seat is flagged for team play."""
    log = tmp_path / "rounds.parquet"
    simulate = ["simulate", "--rules", "crazy4-standard", "--rounds", "250", "--seed", "6"]
    assert main([*simulate, "--seats", "7", "--log", str(log), "--quiet"]) == 0
    detect = ["advantage", "detect", str(log), "--rules", "crazy4-standard", "--quiet"]
    capsys.readouterr()
    assert main(detect) == 0, capsys.readouterr().out
    capsys.readouterr()
    table = pq.read_table(log)
    seats = read_seats(log, RULES)
    decision = np.array(table["decision"].to_pylist(), dtype=object)
    seat_of = np.asarray(table["seat"])
    for seat in seats:
        assert seat.others is not None
        team = team_valuation(RULES, seat.hands, seat.others, seat.up)[0]
        decision[seat_of == seat.seat] = [DECISIONS[int(d)] for d in team]
    table = table.set_column(
        table.column_names.index("decision"), "decision", pa.array(decision.tolist())
    )
    pq.write_table(table, log)
    assert main(detect) == 1
    out = capsys.readouterr().out.splitlines()
    seat_lines = [line for line in out if line.startswith("seat ")]
    assert len(seat_lines) == 7 and all("FLAGGED" in x and "team play" in x for x in seat_lines)


def test_bad_team_draws_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands, dealer, _ = _table(2, 1)
    _write_log(tmp_path / "log.parquet", hands, dealer, np.ones((2, SEATS), dtype=int))
    status = main(
        ["advantage", "detect", str(tmp_path / "log.parquet"), "--rules", "crazy4-standard",
         "--team-draws", "-1"]
    )  # fmt: skip
    error = capsys.readouterr().err
    assert status == 2 and error.count("\n") == 1 and "--team-draws" in error


def test_four_card_team_is_flagged_and_honest_seats_are_not() -> None:
    """Four Card Poker, 7 seats and the up card: a planted colluder (70 rounds) is flagged for
    team play; 6 honest optimal seats (70 rounds) are not (each has probability 0.001 at most;
    measured: 3 of 3 colluders flagged at 50 rounds)."""
    rules = load_rules("four-card-standard")
    from crazy4.advantage.collusion import colluder_role
    from crazy4.core.cards import colex_indices

    role = colluder_role(rules)
    verdicts = []
    for seed, kind in [(40, "team")] + [(41 + s, "optimal") for s in range(6)]:
        hands, dealer, _ = _table(70, seed)
        up, hidden = dealer[:, :1], np.sort(dealer[:, 1:6], axis=1)[:, ::-1]
        if kind == "team":
            decision = team_valuation(rules, hands[:, 0], hands[:, 1:], up)[0]
        else:
            decision = role.honest_decisions(rules, colex_indices(hands[:, 0]), up[:, 0])
        seat = SeatRounds(1, hands[:, 0], up, hidden, decision, hands[:, 1:])
        verdicts.append(examine_seat(rules, seat))
    assert verdicts[0].flagged and verdicts[0].hypothesis == "team: pooled cards"
    assert verdicts[0].ev_gained_per_round > 0
    assert not any(v.flagged for v in verdicts[1:])


def test_a_planted_practical_team_is_flagged() -> None:
    """Seven seats sharing only the count of aces, decisions from the collusion module's own
    practical strategy (crazy4.advantage.team): every logged decision is the practical
    hypothesis's decision for the real count, and the seat is flagged for it."""
    from crazy4.advantage.collusion import colluder_role
    from crazy4.advantage.team import practical_decisions

    n = 500  # the practical rule is tested on the rounds that leave the optimum only
    hands, dealer, _ = _table(n, 77)
    role = colluder_role(RULES)
    ranks = role.practical_ranks(RULES, "A", None, n)
    decision = practical_decisions(role, RULES, hands, None, ranks, seats=[0])[:, 0]
    found = practical_evidence(RULES, hands[:, 0], np.zeros((n, 0), int), hands[:, 1:], decision)
    assert found.hits.all() and found.name == "team: practical rule A"
    informative = (found.p > 0) & (found.p < 1)
    assert informative.sum() > 0 and found.gain > 0
    hidden = np.sort(dealer, axis=1)[:, ::-1]
    seat = SeatRounds(1, hands[:, 0], np.zeros((n, 0), int), hidden, decision, hands[:, 1:])
    verdict = examine_seat(RULES, seat)
    assert verdict.flagged and verdict.hypothesis.startswith("team:")


def test_deciding_some_colluders_gives_their_columns_of_deciding_all() -> None:
    """Each colluder's practical decision is its own: asked for seats 2 and 5 only, the
    decisions are those columns of every colluder's."""
    from crazy4.advantage.collusion import colluder_role
    from crazy4.advantage.team import practical_decisions

    hands, _, _ = _table(4, 78)
    role = colluder_role(RULES)
    ranks = role.practical_ranks(RULES, "A", None, 4)
    every = practical_decisions(role, RULES, hands, None, ranks)
    some = practical_decisions(role, RULES, hands, None, ranks, seats=[2, 5])
    assert every.shape == (4, SEATS) and some.shape == (4, 2)
    assert (some == every[:, [2, 5]]).all()


def test_a_csv_log_with_rounds_is_read_and_a_bad_round_cell_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands, dealer, _ = _table(3, 2)
    _write_log(tmp_path / "log.parquet", hands, dealer, np.ones((3, SEATS), dtype=int))
    frame = pq.read_table(tmp_path / "log.parquet").to_pandas()
    shuffled = frame.sample(frac=1, random_state=1)  # rows of a round need not be adjacent
    shuffled.to_csv(tmp_path / "log.csv", index=False)
    seats = read_seats(tmp_path / "log.csv", RULES)
    assert seats[0].others is not None
    rounds = shuffled.loc[shuffled["seat"] == 1, "round"].to_numpy() - 1
    mates = np.sort(seats[0].others.reshape(3, -1), axis=1)  # the same cards, any seat order
    assert (mates == np.sort(hands[rounds, 1:].reshape(3, -1), axis=1)).all()
    frame["round"] = frame["round"].astype(str)
    frame.loc[4, "round"] = "two"
    frame.to_csv(tmp_path / "bad.csv", index=False)
    status = main(["advantage", "detect", str(tmp_path / "bad.csv"), "--rules", "crazy4-standard"])
    error = capsys.readouterr().err
    assert status == 2 and error.count("\n") == 1 and "'round'" in error


@pytest.mark.parametrize("name", ["crazy4-standard", "four-card-standard"])
def test_pooled_valuations_are_the_same_on_one_thread_and_two(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """team_valuation splits its rows over threads; the answer may not depend on it."""
    from crazy4.advantage import teamdetect

    rules = load_rules(name)
    face_up = 1 if name.startswith("four") else 0
    deck = np.array([np.random.default_rng([7, r]).permutation(52) for r in range(160)])
    hands, others = np.sort(deck[:, :5], axis=1), np.sort(deck[:, 5:15].reshape(160, 2, 5), axis=2)
    up = deck[:, 15 : 15 + face_up]
    found = []
    for threads in (1, 2):
        monkeypatch.setattr(teamdetect, "THREADS", threads)
        found.append(teamdetect.team_valuation(rules, hands, others, up))
    assert (found[0][0] == found[1][0]).all() and (found[0][1] == found[1][1]).all()
    assert found[0][2] == found[1][2]
