"""Advantage play in Caribbean Stud Poker (one dealer card face up), through the generic engines.

Expected values come from the independent oracle ``tests/oracle_caribbean_stud.py`` (hand values
and settlement written from the rules text): a colluding deal's exact values are its brute force
over every dealer completion the team cannot see, a planted hole-carder's decisions are the
oracle's best given the up card and the hole card (``seen_situation``), an honest seat's the
oracle's best given the up card alone. The commands (``advantage collusion``, ``simulate
--hole-card-seats``, ``advantage detect``) run on small sizes.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import oracle_caribbean_stud as oracle
import pandas as pd
import pyarrow.parquet as pq
import pytest

from crazy4.advantage import plant
from crazy4.advantage.collusion_tables import deal_values
from crazy4.advantage.plant import make_planting
from crazy4.cli.main import main
from crazy4.core.deal import deal_hands
from crazy4.game import SpecGame
from crazy4.registry import game_of, load_rules
from crazy4.spec.specification import GameSpec

RULES = load_rules("caribbean-stud-standard")
RAISE = 2  # the decision code of a Raise of 2 Antes (fold is 0)


def spec() -> GameSpec:
    game = game_of(RULES)
    assert isinstance(game, SpecGame)
    return game.spec


def team_values(hands: list[list[int]], up: int) -> tuple[Fraction, Fraction]:
    """The team's summed EV per Ante of one deal, every seat deciding on every dealer hand it
    cannot rule out (the up card and four of the cards no colluder holds), and each seat
    deciding as the oracle's honest player who sees its own hand and the up card."""
    held = {card for hand in hands for card in hand} | {up}
    rest = np.array([c for c in range(52) if c not in held], dtype=np.int64)
    hidden = rest[np.array(list(combinations(range(rest.shape[0]), 4)))]
    dealer = np.hstack([np.full((hidden.shape[0], 1), up, dtype=np.int64), hidden])
    values = oracle.hand_values(dealer)
    qualified = oracle.qualifies(values, dealer)
    full, honest = Fraction(0), Fraction(0)
    for hand in hands:
        mine = oracle.hand_value(hand)
        nets = oracle.raise_net(mine)
        raised = (
            int((~qualified).sum()) * nets["not_qualified"]
            + int((qualified & (values < mine)).sum()) * nets["player_wins"]
            + int((qualified & (values > mine)).sum()) * nets["dealer_wins"]
        )
        folded = -dealer.shape[0]
        full += Fraction(max(raised, folded), dealer.shape[0])
        raises = oracle.situation(hand, up).best == "raise"
        honest += Fraction(raised if raises else folded, dealer.shape[0])
    return full, honest


@pytest.mark.parametrize("colluders", [2, 4])
def test_a_colluding_deal_is_valued_as_the_brute_force(colluders: int) -> None:
    """Each deal's ``full`` and ``honest`` values equal the oracle's over every completion."""
    deals = 2
    full, honest, _, _ = deal_values(
        spec(), RULES, colluders, np.random.default_rng(9), deals, jobs=1
    )
    dealt = deal_hands(np.random.default_rng(9), deals, (5,) * colluders + (1,))
    scale = comb(52 - 5 * colluders - 1, 4) * spec().settlement(RULES).unit
    for deal in range(deals):
        hands = [[int(c) for c in cards[:, deal]] for cards in dealt.cards[:colluders]]
        up = int(dealt.cards[colluders][0, deal])
        assert (Fraction(int(full[deal]), scale), Fraction(int(honest[deal]), scale)) == (
            team_values(hands, up)
        )


def test_the_collusion_command_prices_pooled_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``crazy4 advantage collusion`` on 40 deals of 2 and 3 colluders: the honest rows' exact
    edge is the published 5.22% of the Ante, and pooling never loses on a deal (one colluder:
    the exact analysis' rows)."""
    out = tmp_path / "collusion.parquet"
    arguments = ["advantage", "collusion", "--rules", "caribbean-stud-standard", "--colluders",
                 "2-3", "--deals", "40", "--seed", "1", "--quiet", "--out", str(out)]  # fmt: skip
    assert main(arguments) == 0
    assert "Collusion, caribbean-stud-standard" in capsys.readouterr().out
    table = pd.read_parquet(out)
    # one colluder is the exact analysis (as for every game: one collusion engine)
    assert table.loc[table["colluders"] == 1, "deals"].eq(0).all()
    pooled = table[table["colluders"] > 1]
    assert sorted(set(pooled["colluders"])) == [2, 3] and set(pooled["deals"]) == {40}
    assert table["exact_honest_edge"].round(4).eq(0.0522).all()
    assert (table.loc[table["strategy"] == "full", "gain"] >= 0).all()


def test_planted_seats_decide_as_the_oracle() -> None:
    """A hole-carder raises exactly when the oracle's listing with the up card and the hole
    card forced says so; an honest seat as the oracle's player who sees the up card only."""
    planting = make_planting(RULES, 2, hole_card_seats=(1,), hole_cards=1)
    chunk = plant.play_planted_chunk(RULES, planting, 12, np.random.SeedSequence(5))
    hands = chunk.hands.tolist()
    for i in range(12):
        up, hole = int(chunk.dealer[i, 0]), int(chunk.dealer[i, 1])
        seen = oracle.seen_situation(hands[i][0], up, hole)
        assert chunk.decisions[i, 0] == (RAISE if seen.raise_ev > seen.fold_ev else 0)
        if i < 4:
            alone = oracle.situation(hands[i][1], up)
            assert chunk.decisions[i, 1] == (RAISE if alone.raise_ev > alone.fold_ev else 0)
    assert chunk.gains[0] > 0 and chunk.gains[1] == 0


def test_a_planted_hole_carder_is_flagged_and_honest_seats_are_clear(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """300 rounds, 3 seats, a hole-carder at seat 2: the log carries the up card, every net
    is the oracle's settlement, and ``advantage detect`` flags seat 2 only."""
    log, report = tmp_path / "table.parquet", tmp_path / "verdict.json"
    arguments = ["simulate", "--rules", "caribbean-stud-standard", "--quiet", "--rounds", "300",
                 "--seats", "3", "--hole-card-seats", "2", "--hole-cards", "1",
                 "--log", str(log), "--seed", "4"]  # fmt: skip
    assert main(arguments) == 0
    assert "hole-carder (sees 1 hidden card)" in capsys.readouterr().out
    table = pq.read_table(log).to_pandas()
    assert len(table) == 900
    for row in table.head(60).itertuples():
        assert row.up_card in row.dealer.split()
        dealer = oracle.parse_hand(row.dealer)
        mine, theirs = oracle.hand_value(row.player), oracle.hand_values(np.array([dealer]))
        qualified = bool(oracle.qualifies(theirs, np.array([dealer]))[0])
        nets = oracle.raise_net(mine)
        outcome = (
            "not_qualified"
            if not qualified
            else "player_wins"
            if theirs[0] < mine
            else "ties"
            if theirs[0] == mine
            else "dealer_wins"
        )
        expected = nets[outcome] if row.decision == "2x" else -1
        assert row.ante_net + row.play_net == expected
    detect = ["advantage", "detect", str(log), "--rules", "caribbean-stud-standard", "--quiet"]
    assert main([*detect, "--report", str(report)]) == 1
    data = json.loads(report.read_text())
    status = {seat["seat"]: seat["status"] for seat in data["seats"]}
    assert status == {1: "clear", 2: "FLAGGED", 3: "clear"}
    capsys.readouterr()


def test_a_planted_team_is_flagged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """100 rounds, 3 seats, seats 2 and 3 pooling their cards beside the up card: the named
    group and its members are flagged, the honest seat is clear."""
    log, report = tmp_path / "team.parquet", tmp_path / "verdict.json"
    arguments = ["simulate", "--rules", "caribbean-stud-standard", "--quiet", "--rounds", "100",
                 "--seats", "3", "--team-seats", "2,3", "--log", str(log),
                 "--seed", "4"]  # fmt: skip
    assert main(arguments) == 0
    detect = ["advantage", "detect", str(log), "--rules", "caribbean-stud-standard", "--quiet"]
    assert main([*detect, "--group", "2,3", "--report", str(report)]) == 1
    data = json.loads(report.read_text())
    status = {seat["seat"]: seat["status"] for seat in data["seats"]}
    assert status == {1: "clear", 2: "FLAGGED", 3: "FLAGGED"}
    assert all(group["flagged"] for group in data["groups"])
    capsys.readouterr()
