"""Rule inference as a search: planted deviations named exactly, in all three games.

The logs are written here by independent code: Crazy 4 Poker's by tests/validate_planted.py,
Three Card Poker's and Four Card Poker's from the oracles (tests/oracle_three_card.py,
tests/oracle_four_card.py), each settling from the rules text and importing nothing from
crazy4. A deviation is planted by settling under other rules (or another misreading); the
rows it changed are counted against the faithful log of the same decks.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import numpy as np
import oracle_four_card as four
import oracle_three_card as three
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from validate_planted import Engine, write_log

from crazy4.registry import load_rules
from crazy4.validate.driver import validate
from crazy4.validate.report import Check, Options, Report

ROUNDS = 6_000
THREE_ROUNDS = 20_000
NETS = ["ante_net", "play_net", "super_bonus_net", "queens_up_net"]


def check(report: Report, name: str) -> Check:
    return next(c for c in report.checks if c.name == name)


def differences(report: Report) -> set[str]:
    """The rule differences the inference names (none: it found none, or explained nothing)."""
    inference = check(report, "Rule inference")
    assert "explained by no" not in inference.summary, inference.summary
    assert not any(note.startswith("unexplained") for note in inference.notes), inference.notes
    return set(inference.findings)


def changed(path: Path, faithful: Path, nets: list[str]) -> int:
    planted, clean = pd.read_parquet(path), pd.read_parquet(faithful)
    return int((planted[nets] != clean[nets]).any(axis=1).sum())


# Crazy 4 Poker ------------------------------------------------------------------------------

NOT_QUALIFIED = "a dealer who does not qualify: the Ante wins 1:1 and the Play pushes"
CRAZY_FOUR = [
    ({"not_qualified_ante_wins": True}, {NOT_QUALIFIED}),
    (
        {"ties_to_dealer": True, "stacked_ties": True},
        {"ties = dealer (the dealer wins ties), not push"},
    ),
    (
        {"bonus_extra_lines": True},
        {
            "Super Bonus pays 1 to 1 on pair of aces (a line the rule set lacks)",
            "Super Bonus pays 1 to 1 on two pair (a line the rule set lacks)",
        },
    ),
    (  # two differences on the same rows: a dealer with K high neither qualifies nor compares
        {"qualifier_ace_high": True, "not_qualified_ante_wins": True},
        {"the dealer qualifies with A high, not K high", NOT_QUALIFIED},
    ),
    (  # two on the same rows: a player's A-2-3-4 that also ties the dealer's ace high
        {"player_wheel_ace_high": True, "flush_pays": 1.0, "fold_showdown": True},
        {
            "A-2-3-4 is not a straight in the player's hand",
            "Super Bonus flush pays 1 to 1, not 3/2 to 1",
            "a fold is settled as a showdown",
        },
    ),
]


@pytest.mark.parametrize(("switches", "named"), CRAZY_FOUR)
def test_crazy_four_deviations_are_named_exactly(
    tmp_path: Path, switches: dict[str, bool], named: set[str]
) -> None:
    path = write_log(tmp_path / "planted.parquet", Engine(**switches), ROUNDS)  # type: ignore[arg-type]
    stacked = Engine(stacked_ties=bool(switches.get("stacked_ties")))
    expected_rows = changed(path, write_log(tmp_path / "clean.parquet", stacked, ROUNDS), NETS)
    assert expected_rows > 0
    report = validate(path, Options(load_rules("crazy4-standard"), strategy="simple"))
    assert sum(f.count for f in check(report, "Settlement").findings.values()) == expected_rows
    assert differences(report) == named


def test_strategy_deviations_alone_do_not_fail_inference(tmp_path: Path) -> None:
    frame = pd.read_parquet(write_log(tmp_path / "c.parquet", Engine(), ROUNDS))
    folds = frame.index[frame["decision"] == "fold"][:50]  # played 1x: every net as the rules
    for row in folds:  # settle them (the hand is below the 1x line, so the log is re-derived)
        frame.loc[row, "decision"] = "fold"
    frame.loc[frame.index[(frame["decision"] == "3x")][:20], "decision"] = "3x"
    path = tmp_path / "s.parquet"
    frame.to_parquet(path)
    report = validate(path, Options(load_rules("crazy4-standard"), strategy="optimal"))
    assert not check(report, "Strategy").passed  # the simple strategy is not the optimal one
    assert check(report, "Settlement").passed
    inference = check(report, "Rule inference")
    assert inference.passed and inference.summary.startswith("consistent with crazy4-standard")


# Three Card Poker ---------------------------------------------------------------------------

Q64 = three.hand_value("Qs 6d 4h")


def three_card_log(
    path: Path, rules: three.Rules, rounds: int = THREE_ROUNDS, *, bonus_in_ante: bool = False
) -> Path:
    """One-seat rounds dealt from seeded decks, played from Q-6-4 (the optimal strategy),
    settled by the oracle under ``rules``; the Ante Bonus in ``ante_net`` with
    ``bonus_in_ante`` (``ante_bonus_net`` then 0)."""
    decks = np.argsort(np.random.default_rng(11).random((rounds, 52)), axis=1)[:, :6]
    rows = []
    for number, deck in enumerate(decks.tolist(), start=1):
        player, dealer = deck[:3], deck[3:]
        play = three.hand_value(player) >= Q64
        nets = three.settle(player, dealer, "play" if play else "fold", rules)
        bonus = float(nets["ante_bonus"])
        rows.append(
            {
                "round": number,
                "seat": 1,
                "player": three.hand_text(player),
                "dealer": three.hand_text(dealer),
                "decision": "1x" if play else "fold",
                "ante": 1.0,
                "play": float(play),
                "pair_plus": 1.0,
                "ante_net": float(nets["ante"]) + (bonus if bonus_in_ante else 0.0),
                "play_net": float(nets["play"]),
                "ante_bonus_net": 0.0 if bonus_in_ante else bonus,
                "pair_plus_net": float(nets["pair_plus"]),
            }
        )
    pq.write_table(pa.Table.from_pylist(rows), path)
    return path


THREE_NETS = ["ante_net", "play_net", "ante_bonus_net", "pair_plus_net"]
STANDARD = three.Rules()
THREE_CARD = [
    (replace(STANDARD, ties="dealer"), False, {"ties = dealer (the dealer wins ties), not push"}),
    (
        replace(STANDARD, not_qualified_ante="push", not_qualified_play="wins"),
        False,
        {"a dealer who does not qualify: the Ante pushes and the Play wins 1:1"},
    ),
    (
        replace(STANDARD, pair_plus=three.pair_plus_table("1-3-6-30-40")),
        False,
        {"Pair Plus flush pays 3 to 1, not 4 to 1"},
    ),
    (
        replace(STANDARD, ante_bonus={"straight": Fraction(1), "straight_flush": Fraction(5)}),
        False,
        {"Ante Bonus has no three of a kind line (the rule set pays 4 to 1)"},
    ),
    (
        replace(STANDARD, ante_bonus={**three.STANDARD_BONUS, "flush": Fraction(1)}),
        False,
        {"Ante Bonus pays 1 to 1 on flush (a line the rule set lacks)"},
    ),
    (
        STANDARD,
        True,
        {"the Ante Bonus is paid inside the Ante's net (ante_bonus_net left 0)"},
    ),
    (  # two on the same rows: a dealer's Q high no longer qualifies, and then the Play wins
        replace(
            STANDARD,
            qualifier=three.value_floor(three.HIGH_CARD, three.KING),
            not_qualified_ante="push",
            not_qualified_play="wins",
        ),
        False,
        {
            "the dealer qualifies with K high, not Q high",
            "a dealer who does not qualify: the Ante pushes and the Play wins 1:1",
        },
    ),
    (  # two on the same rows: a straight's Ante Bonus folded into the Ante, and ties lost
        replace(STANDARD, ties="dealer"),
        True,
        {
            "ties = dealer (the dealer wins ties), not push",
            "the Ante Bonus is paid inside the Ante's net (ante_bonus_net left 0)",
        },
    ),
]


@pytest.fixture(scope="module")
def faithful_three(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return three_card_log(tmp_path_factory.mktemp("three") / "clean.parquet", STANDARD)


def test_the_faithful_three_card_log_passes(faithful_three: Path) -> None:
    report = validate(faithful_three, Options(load_rules("three-card-standard")))
    assert report.exit_status == 0, [(c.name, c.summary) for c in report.checks]
    assert check(report, "Rule inference").summary == "consistent with three-card-standard"


@pytest.mark.parametrize(("rules", "bonus_in_ante", "named"), THREE_CARD)
def test_three_card_deviations_are_named_exactly(
    tmp_path: Path, faithful_three: Path, rules: three.Rules, bonus_in_ante: bool, named: set[str]
) -> None:
    path = three_card_log(tmp_path / "planted.parquet", rules, bonus_in_ante=bonus_in_ante)
    expected_rows = changed(path, faithful_three, THREE_NETS)
    assert expected_rows > 0
    report = validate(path, Options(load_rules("three-card-standard")))
    assert sum(f.count for f in check(report, "Settlement").findings.values()) == expected_rows
    assert differences(report) == named


def test_three_card_unexplained_rows_are_described(tmp_path: Path, faithful_three: Path) -> None:
    frame = pd.read_parquet(faithful_three)
    frame.loc[::500, "play_net"] = 7.0  # no rule pays the Play 7 to 1
    path = tmp_path / "odd.parquet"
    frame.to_parquet(path)
    inference = check(validate(path, Options(load_rules("three-card-standard"))), "Rule inference")
    assert inference.summary.startswith("no rule set searched explains the log")
    assert any("Play paid 7 where" in note for note in inference.notes), inference.notes


def test_three_card_statistics_state_their_power(faithful_three: Path) -> None:
    report = validate(faithful_three, Options(load_rules("three-card-standard")))
    notes = check(report, "Statistics").notes
    assert any("hands detect a deviation of ±" in note for note in notes), notes


# Four Card Poker ----------------------------------------------------------------------------

FOUR_ROUNDS = 6_000
FOUR_NETS = ["ante_net", "ante_bonus_net", "play_net", "aces_up_net"]
AA = four.hand_value("As Ad 4c 3h")


def four_card_log(path: Path, reading: four.Reading, *, bonus_in_ante: bool = False) -> Path:
    """One-seat rounds (5 player cards, 6 dealer cards, the first dealt face up), 3x from a
    pair of aces, else 1x; settled by the oracle under ``reading`` (its first Aces Up)."""
    decks = np.argsort(np.random.default_rng(5).random((FOUR_ROUNDS, 52)), axis=1)[:, :11]
    table = next(iter(reading.aces_up))
    deals = [(deck[:5], deck[5:]) for deck in decks.tolist()]
    mine = np.array([four.hand_value(player) for player, _ in deals])
    multiples = np.where(mine >= AA, 3, 1)
    theirs = np.array([four.hand_value(dealer) for _, dealer in deals])
    every = four.settle(reading, mine, theirs, multiples)  # every round at once: rows broadcast
    rows = []
    for number, (player, dealer) in enumerate(deals, start=1):
        multiple = int(multiples[number - 1])
        value = {k: float(Fraction(int(v[number - 1]), reading.unit)) for k, v in every.items()}
        bonus = value["ante_bonus"]
        rows.append(
            {
                "round": number,
                "seat": 1,
                "player": four.hand_text(player),
                "dealer": four.hand_text(dealer),
                "up_card": four.hand_text([dealer[0]]),
                "decision": f"{multiple}x",
                "ante": 1.0,
                "play": float(multiple),
                "aces_up": 1.0,
                "ante_net": value["ante"] + (bonus if bonus_in_ante else 0.0),
                "ante_bonus_net": 0.0 if bonus_in_ante else bonus,
                "play_net": value["play"],
                "aces_up_net": value[f"aces_up:{table}"],
            }
        )
    pq.write_table(pa.Table.from_pylist(rows), path)
    return path


FOUR_STANDARD = four.read_rules(four.rule_file("four-card-standard"))
FOUR_TABLE = next(iter(FOUR_STANDARD.aces_up))
FOUR_CARD = [
    (
        replace(FOUR_STANDARD, ties="dealer"),
        False,
        {"ties = dealer (the dealer wins ties), not player"},
    ),
    (
        replace(
            FOUR_STANDARD,
            aces_up={FOUR_TABLE: {**FOUR_STANDARD.aces_up[FOUR_TABLE], "pair": Fraction(1)}},
        ),
        False,
        {"Aces Up pays 1 to 1 on pair (a line the rule set lacks)"},
    ),
    (  # two on the same rows: a tie lost, and a bonus folded into the Ante
        replace(FOUR_STANDARD, ties="dealer"),
        True,
        {
            "ties = dealer (the dealer wins ties), not player",
            "the Ante Bonus is paid inside the Ante's net (ante_bonus_net left 0)",
        },
    ),
]


@pytest.fixture(scope="module")
def faithful_four(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return four_card_log(tmp_path_factory.mktemp("four") / "clean.parquet", FOUR_STANDARD)


def four_card_report(path: Path) -> Report:
    return validate(path, Options(load_rules("four-card-standard"), side_bet=FOUR_TABLE))


def test_the_faithful_four_card_log_settles(faithful_four: Path) -> None:
    report = four_card_report(faithful_four)
    assert check(report, "Settlement").passed, check(report, "Settlement").summary
    assert check(report, "Rule inference").summary == "consistent with four-card-standard"
    notes = check(report, "Statistics").notes
    assert any("hands detect a deviation of ±" in note for note in notes), notes


@pytest.mark.parametrize(("reading", "bonus_in_ante", "named"), FOUR_CARD)
def test_four_card_deviations_are_named_exactly(
    tmp_path: Path,
    faithful_four: Path,
    reading: four.Reading,
    bonus_in_ante: bool,
    named: set[str],
) -> None:
    path = four_card_log(tmp_path / "planted.parquet", reading, bonus_in_ante=bonus_in_ante)
    expected_rows = changed(path, faithful_four, FOUR_NETS)
    assert expected_rows > 0
    report = four_card_report(path)
    assert sum(f.count for f in check(report, "Settlement").findings.values()) == expected_rows
    assert differences(report) == named
