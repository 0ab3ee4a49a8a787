"""Face-up dealing, bet by bet: every bet's per-deal EVs against the rules-text oracles, the
parts adding up to the main game, one player equal to the exact analysis, the target met for
every bet, the same numbers for any threads, and a report that lists every bet."""

from __future__ import annotations

import contextlib
import io
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import oracle_crazy4
import oracle_four_card
import pandas as pd
import pytest

from crazy4.advantage.collusion import (
    colluder_role,
    deal_team,
    make_collusion_plan,
    run_collusion,
    team_counts,
)
from crazy4.advantage.faceup import exact_bets, face_up_row
from crazy4.cli.faceup import main
from crazy4.registry import load_rules


def _bet_evs(
    name: str, colluders: int, seed: int
) -> tuple[object, dict[str, list[dict[int, Fraction]]]]:
    """The engine's EV of every allowed decision of every seat of one deal, per bet."""
    rules = load_rules(name)
    plan = make_collusion_plan(rules, colluders=colluders, deals=1, seed=seed, bets=True)
    team = deal_team(plan, 0, 0, 1)
    strengths, below = team_counts(plan, team)
    role = colluder_role(rules)
    settlements, _ = role.bet_settlements(rules)
    hands = np.full(colluders, plan.dealer_hands, dtype=np.int64)
    prices = role.bet_prices(rules, strengths.ravel(), below, hands)
    _, allowed = role.prices(rules, strengths.ravel(), below, hands)
    evs = {
        bet: [
            {
                code: Fraction(int(ev[seat, code]), plan.dealer_hands * settlements[bet].unit)
                for code in range(4)
                if allowed[seat, code]
            }
            for seat in range(colluders)
        ]
        for bet, ev in prices.items()
    }
    return team, evs


def _unseen(team: object, up: bool) -> list[int]:
    seen = set(team.hands[0].ravel().tolist())  # type: ignore[attr-defined]
    if up:
        seen.add(int(team.up[0]))  # type: ignore[attr-defined]
    return [card for card in range(52) if card not in seen]


@pytest.mark.parametrize("name", ["crazy4-standard", "crazy4-cardroom"])
def test_crazy4_bets_per_deal_equal_brute_force(name: str) -> None:
    """Ante + Play, Super Bonus and a Queens Up a fold forfeits (the card room's), each seat's
    EV of each decision, listed over every dealer hand of the unseen cards and settled by the
    rules-text oracle, equal the engine's exactly; the main game is their sum."""
    team, evs = _bet_evs(name, 7, seed=4)
    reading = oracle_crazy4.read_rules(load_rules(name))
    dealer = np.array(list(combinations(_unseen(team, up=False), 5)))
    assert dealer.shape[0] == comb(17, 5)
    values = oracle_crazy4.hand_values(dealer)
    forfeited = [t.name for t in reading.queens_up if t.fold_forfeits]
    assert forfeited or name == "crazy4-standard"
    for seat in range(7):
        mine = oracle_crazy4.hand_value(team.hands[0, seat].tolist())  # type: ignore[attr-defined]
        for code in evs["ante_play"][seat]:
            nets = oracle_crazy4.settle(reading, np.array([mine]), values, np.array([code]))
            total = {k: Fraction(int(v.sum()), reading.unit * dealer.shape[0])
                     for k, v in nets.items()}  # fmt: skip
            assert evs["ante_play"][seat][code] == total["ante"] + total["play"]
            assert evs["super_bonus"][seat][code] == total["super_bonus"]
            main = total["ante"] + total["play"] + total["super_bonus"]
            assert evs["ante_super_bonus_play"][seat][code] == main
            for table in forfeited:
                assert evs[f"queens-up-{table}"][seat][code] == total[f"queens_up:{table}"]
    paying = [seat for seat in range(7) for table in forfeited
              if evs[f"queens-up-{table}"][seat][1] > -1]  # fmt: skip
    assert len(paying) >= (1 if forfeited else 0)  # a seat whose Queens Up is paid


def test_four_card_bad_beat_per_deal_equals_brute_force() -> None:
    """The Bad Beat Bonus a fold forfeits, keyed on the losing player's hand: each seat's EV of
    each decision over every six-card dealer hand, settled by the rules-text oracle."""
    rules = load_rules("four-card-standard")
    team, evs = _bet_evs("four-card-standard", 7, seed=3)  # three seats hold two pair or better
    reading = oracle_four_card.read_rules(rules.text)
    up = int(team.up[0])  # type: ignore[attr-defined]
    hidden = np.array(list(combinations(_unseen(team, up=True), 5)))
    dealer = oracle_four_card.best_of_six(
        np.concatenate([hidden, np.full((len(hidden), 1), up)], 1)
    )
    paid = 0
    for seat in range(7):
        mine = oracle_four_card.hand_value(team.hands[0, seat].tolist())  # type: ignore[attr-defined]
        paid += evs["bad_beat"][seat][1] > -1
        for code in evs["bad_beat"][seat]:
            net = oracle_four_card.settle(reading, mine, dealer, code)["bad_beat"]
            expected = Fraction(int(net.sum()), reading.unit * len(hidden))
            assert evs["bad_beat"][seat][code] == expected
    assert paid == 3  # the seats whose hand is on the table: the test has teeth


def test_parts_add_up_to_the_main_game() -> None:
    """Per deal the Ante + Play and the Super Bonus add up to the main game, and the main game's
    sums are the engine's main-game sums (the full-pooling EV and its gain over honest play)."""
    rules = load_rules("crazy4-standard")
    plan = make_collusion_plan(rules, colluders=5, deals=300, seed=6, bets=True)
    sums = run_collusion(plan)
    bets = sums.bets
    for i in (0, 2, 5):  # gain, wager change, full EV: linear sums
        assert bets["ante_play"][i] + bets["super_bonus"][i] == bets["ante_super_bonus_play"][i]
    assert bets["ante_super_bonus_play"][5] == sums.total["full"]
    assert bets["ante_super_bonus_play"][0] == sums.total["full"] - sums.total["honest"]
    assert bets["super_bonus"][2] == 0  # the Super Bonus wager is one unit whatever is decided


@pytest.mark.parametrize("name", ["crazy4-standard", "four-card-standard", "three-card-standard"])
def test_one_player_every_bet_is_the_exact_analysis(name: str) -> None:
    """With one player every bet's house edge and element of risk are the exact analysis'
    (``crazy4 analyze``'s bets table) exactly; the plain mean of the deals' exact EVs, a check
    independent of the control, agrees within four of its standard errors."""
    rules = load_rules(name)
    row = face_up_row(rules, 1, seed=2, pilot=200)
    table, main_bet = exact_bets(rules)
    assert [bet.bet for bet in row.bets] == [main_bet] + [b for b in table["bet"] if b != main_bet]
    for bet in row.bets:
        record = table.loc[table["bet"] == bet.bet].iloc[0]
        assert bet.house_edge == float(record["house_edge"])
        assert bet.standard_error == 0.0
        assert bet.element_of_risk == pytest.approx(float(record["element_of_risk"]), abs=1e-12)
        assert bet.average_total_bet == float(record["average_total_bet"])
        if bet.plain_standard_error > 0:
            assert abs(bet.plain_edge - bet.house_edge) < 4 * bet.plain_standard_error


def test_the_target_is_met_for_every_bet() -> None:
    """Four Crazy 4 Poker players: every bet priced face up reaches the target standard error,
    the components included (they spread wider than the main game)."""
    row = face_up_row(load_rules("crazy4-standard"), 4, seed=3, target=0.003, pilot=200)
    priced = [bet for bet in row.bets if bet.status == "face up"]
    assert {bet.bet for bet in priced} == {"ante_super_bonus_play", "ante_play", "super_bonus"}
    assert all(bet.standard_error <= 0.003 for bet in priced)
    assert max(bet.standard_error for bet in priced) > row.standard_error
    main = priced[0]
    assert main.house_edge == row.house_edge
    assert main.element_of_risk == pytest.approx(main.house_edge / main.average_total_bet)
    for bet in priced:  # the plain means estimate the same edges
        assert abs(bet.plain_edge - bet.house_edge) < 5 * bet.plain_standard_error


def test_same_bets_for_any_jobs() -> None:
    rules = load_rules("crazy4-standard")
    one = face_up_row(rules, 6, seed=11, pilot=300, target=0.1, jobs=1)
    two = face_up_row(rules, 6, seed=11, pilot=300, target=0.1, jobs=2)
    assert one == two and len(one.bets) == 6


def test_report_lists_every_bet(tmp_path: Path) -> None:
    argv = ["--rules", "four-card-standard", "--players", "1,3", "--pilot-deals", "100",
            "--target-se", "1", "--seed", "9", "--quiet", "--out", str(tmp_path / "a")]  # fmt: skip
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(argv) == 0, err.getvalue()
    table, _ = exact_bets(load_rules("four-card-standard"))
    report = (tmp_path / "a" / "report.md").read_text()
    frame = pd.read_parquet(tmp_path / "a" / "bets.parquet")
    assert len(frame) == 2 * len(table)
    for players in (1, 3):
        for bet in table["bet"]:
            assert f"| {players} | `{bet}` |" in report
            assert f"| {players} | `{bet}` |" in out.getvalue()
    statuses = dict(zip(frame["bet"], frame["status"], strict=False))
    assert statuses["bad_beat"] == "face up" and statuses["aces-up-50-40-8-5-4-3-1"] == "exact"
