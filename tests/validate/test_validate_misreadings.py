"""The misreadings engines make, planted by independent engines and named by the inference.

A pair compared with a pair by the high card (5-5-K above 9-9-2) and the low straight not
counted (A-2-3 in Three Card Poker, A-2-3-4 in the best-four games), in every game. The logs
are settled here, by the tests' own code: Crazy 4 Poker's by tests/validate_planted.py (its
``pairs_by_high_card`` switch), Three Card Poker's and Four Card Poker's by the oracles'
settlement (tests/oracle_three_card.py, tests/oracle_four_card.py) fed hand values this module
computes as the misreading engine would. Nothing is taken from crazy4's ranking or settlement.
Each planted log is validated against the shipped rule set: the Settlement findings equal the
rows the misreading changed (against the faithful log of the same decks), and the inference
names the misreading and nothing else.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import numpy as np
import oracle_four_card as four
import oracle_three_card as three
import pandas as pd
import pytest
from validate_planted import Engine, write_log

from crazy4.registry import load_rules
from crazy4.validate.driver import validate
from crazy4.validate.report import Check, Options, Report

PAIRS = "a pair is compared with a pair by the high card, not by the pair"


def check(report: Report, name: str) -> Check:
    return next(c for c in report.checks if c.name == name)


def named(report: Report) -> dict[str, int]:
    """The differences the inference names, with the rows credited to each (and no row left
    unexplained)."""
    inference = check(report, "Rule inference")
    assert "explained by no" not in inference.summary, inference.summary
    return {what: finding.count for what, finding in inference.findings.items()}


def found_rows(report: Report) -> set[int]:
    settlement = check(report, "Settlement")
    return {int(e["row"]) for f in settlement.findings.values() for e in f.examples}  # type: ignore[arg-type]


def changed_rows(planted: pd.DataFrame, faithful: pd.DataFrame, nets: list[str]) -> set[int]:
    return set((planted[nets] != faithful[nets]).any(axis=1).to_numpy().nonzero()[0] + 1)


# Crazy 4 Poker ------------------------------------------------------------------------------

C4_NETS = ["ante_net", "play_net", "super_bonus_net", "queens_up_net"]


def test_crazy_four_pairs_by_high_card(tmp_path: Path) -> None:
    path = write_log(tmp_path / "planted.parquet", Engine(pairs_by_high_card=True), 6000)
    clean = write_log(tmp_path / "clean.parquet", Engine(), 6000)
    planted = changed_rows(pd.read_parquet(path), pd.read_parquet(clean), C4_NETS)
    assert len(planted) > 100
    report = validate(
        path, Options(load_rules("crazy4-standard"), strategy="simple", examples=10**5)
    )
    assert found_rows(report) == planted
    assert named(report) == {PAIRS: len(planted)}


# Three Card Poker ---------------------------------------------------------------------------

THREE_NETS = ["ante_net", "play_net", "ante_bonus_net", "pair_plus_net"]


def three_value(cards: Sequence[int], *, wheel: bool = True, pairs_high: bool = False) -> int:
    """A three-card hand's value on the oracle's scale (category * 13**3 + three digits), as an
    engine reads it: with ``wheel`` off A-2-3 is ace high (a flush when suited); with
    ``pairs_high`` a pair's digits are its ranks high to low."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    suited = len({c % 4 for c in cards}) == 1
    if not wheel and ranks == [12, 1, 0]:
        category = three.FLUSH if suited else three.HIGH_CARD
        return category * three.SCALE + (12 * 13 + 1) * 13
    value = three.hand_value(list(cards))
    if pairs_high and value // three.SCALE == three.PAIR:
        return three.PAIR * three.SCALE + (ranks[0] * 13 + ranks[1]) * 13 + ranks[2]
    return value


def three_settle(
    mine: int, theirs: int, play: bool, rules: three.Rules
) -> dict[str, Fraction | int]:
    """The oracle's settlement (tests/oracle_three_card.py ``settle``) of two hand values."""
    category = mine // three.SCALE
    paid = three.pays_by_category(rules.pair_plus)[category]
    bonus = three.pays_by_category(rules.ante_bonus)[category] or Fraction(0)
    if not play:
        return {"ante": -1, "play": 0, "ante_bonus": 0, "pair_plus": -1 if paid is None else paid}
    if theirs < rules.qualifier:
        ante, bet = 1, 0
    elif mine == theirs:
        ante = bet = three.TIES[rules.ties]
    else:
        ante = bet = 1 if mine > theirs else -1
    return {
        "ante": ante,
        "play": bet,
        "ante_bonus": bonus,
        "pair_plus": -1 if paid is None else paid,
    }


def three_card_frame(
    rounds: int = 30_000, rules: three.Rules | None = None, **read: bool
) -> pd.DataFrame:
    """Rounds from seeded decks played from Q-6-4 (the decision on the true value), settled
    on the values read as :func:`three_value` does with ``read`` (``player_wheel``,
    ``dealer_wheel``: A-2-3 counted; ``pairs_high``)."""
    rules = rules or three.Rules()
    q64 = three.hand_value("Qs 6d 4h")
    decks = np.argsort(np.random.default_rng(17).random((rounds, 52)), axis=1)[:, :6]
    rows = []
    for number, deck in enumerate(decks.tolist(), start=1):
        player, dealer = deck[:3], deck[3:]
        play = three.hand_value(player) >= q64
        pairs = read.get("pairs_high", False)
        mine = three_value(player, wheel=read.get("player_wheel", True), pairs_high=pairs)
        theirs = three_value(dealer, wheel=read.get("dealer_wheel", True), pairs_high=pairs)
        nets = three_settle(mine, theirs, play, rules)
        rows.append(
            {
                "round": number,
                "player": three.hand_text(player),
                "dealer": three.hand_text(dealer),
                "decision": "1x" if play else "fold",
                "ante": 1.0,
                "play": float(play),
                "pair_plus": 1.0,
                **{f"{name}_net": float(value) for name, value in nets.items()},
            }
        )
    return pd.DataFrame(rows)


@pytest.fixture(scope="module")
def faithful_three() -> pd.DataFrame:
    return three_card_frame()


def test_the_test_engine_settles_as_the_oracle(faithful_three: pd.DataFrame) -> None:
    for row in faithful_three.head(300).itertuples():
        nets = three.settle(row.player, row.dealer, "play" if row.play else "fold")
        assert float(nets["ante"]) == row.ante_net and float(nets["pair_plus"]) == row.pair_plus_net


THREE_PLANTED = [
    ({"pairs_high": True}, None, {PAIRS}),
    ({"player_wheel": False, "dealer_wheel": False}, None, {"A-2-3 is not a straight"}),
    ({"player_wheel": False}, None, {"A-2-3 is not a straight in the player's hand"}),
    ({"dealer_wheel": False}, None, {"A-2-3 is not a straight in the dealer's hand"}),
    (  # two at once: ties lost as well as the pairs misread
        {"pairs_high": True},
        replace(three.Rules(), ties="dealer"),
        {PAIRS, "ties = dealer (the dealer wins ties), not push"},
    ),
]


@pytest.mark.parametrize(("read", "rules", "names"), THREE_PLANTED)
def test_three_card_misreadings_are_named(
    tmp_path: Path,
    faithful_three: pd.DataFrame,
    read: dict[str, bool],
    rules: three.Rules | None,
    names: set[str],
) -> None:
    frame = three_card_frame(rules=rules, **read)
    planted = changed_rows(frame, faithful_three, THREE_NETS)
    assert len(planted) > 20
    frame.to_parquet(tmp_path / "planted.parquet", index=False)
    options = Options(load_rules("three-card-standard"), examples=10**5)
    report = validate(tmp_path / "planted.parquet", options)
    assert found_rows(report) == planted
    credited = named(report)
    assert set(credited) == names
    assert sum(credited.values()) == len(planted)


# Four Card Poker ----------------------------------------------------------------------------

FOUR_NETS = ["ante_net", "ante_bonus_net", "play_net", "aces_up_net"]
FOUR_RULES = four.read_rules(four.rule_file("four-card-standard"))
FOUR_TABLE = next(iter(FOUR_RULES.aces_up))


def four_value(cards: Sequence[int], *, wheel: bool = True, pairs_high: bool = False) -> int:
    """The best four's value on the oracle's scale (category * 13**4 + four digits), as an
    engine reads it (:func:`three_value`'s switches, for A-2-3-4)."""
    best = -1
    for chosen in itertools.combinations(cards, 4):
        ranks = sorted((c // 4 for c in chosen), reverse=True)
        suited = len({c % 4 for c in chosen}) == 1
        if not wheel and ranks == [12, 2, 1, 0]:
            category = four.FLUSH if suited else four.HIGH_CARD
            value = category * four.SCALE + ((12 * 13 + 2) * 13 + 1) * 13
        else:
            value = four.four_card_value(ranks, suited)
            if (
                pairs_high
                and value // four.SCALE == four.PAIR
                and Counter(ranks).most_common(1)[0][1] == 2
            ):
                digits = ((ranks[0] * 13 + ranks[1]) * 13 + ranks[2]) * 13 + ranks[3]
                value = four.PAIR * four.SCALE + digits
        best = max(best, value)
    return best


def four_card_frame(
    rounds: int = 6000, rules: four.Reading = FOUR_RULES, **read: bool
) -> pd.DataFrame:
    """One-seat rounds (five player cards, six dealer cards, the first face up), 3x from a pair
    of aces (on the true value), else 1x; settled by the oracle on the values read."""
    aces = four.hand_value("As Ad 4c 3h")
    decks = np.argsort(np.random.default_rng(23).random((rounds, 52)), axis=1)[:, :11].tolist()
    pairs = read.get("pairs_high", False)
    players, dealers = [deck[:5] for deck in decks], [deck[5:] for deck in decks]
    multiples = [3 if four.hand_value(player) >= aces else 1 for player in players]
    mine = [four_value(p, wheel=read.get("player_wheel", True), pairs_high=pairs) for p in players]
    theirs = [
        four_value(d, wheel=read.get("dealer_wheel", True), pairs_high=pairs) for d in dealers
    ]
    # the oracle settles every round at once (its rows broadcast together)
    nets = four.settle(rules, np.array(mine), np.array(theirs), np.array(multiples))
    rows = []
    for index, (player, dealer, multiple) in enumerate(
        zip(players, dealers, multiples, strict=True)
    ):
        value = {k: float(Fraction(int(v[index]), rules.unit)) for k, v in nets.items()}
        rows.append(
            {
                "round": index + 1,
                "player": four.hand_text(player),
                "dealer": four.hand_text(dealer),
                "up_card": four.hand_text([dealer[0]]),
                "decision": f"{multiple}x",
                "ante": 1.0,
                "play": float(multiple),
                "aces_up": 1.0,
                "ante_net": value["ante"],
                "ante_bonus_net": value["ante_bonus"],
                "play_net": value["play"],
                "aces_up_net": value[f"aces_up:{FOUR_TABLE}"],
            }
        )
    return pd.DataFrame(rows)


@pytest.fixture(scope="module")
def faithful_four() -> pd.DataFrame:
    return four_card_frame()


FOUR_PLANTED = [
    ({"pairs_high": True}, {PAIRS}),
    ({"dealer_wheel": False}, {"A-2-3-4 is not a straight in the dealer's hand"}),
    ({"player_wheel": False, "dealer_wheel": False}, {"A-2-3-4 is not a straight"}),
]


@pytest.mark.parametrize(("read", "names"), FOUR_PLANTED)
def test_four_card_misreadings_are_named(
    tmp_path: Path, faithful_four: pd.DataFrame, read: dict[str, bool], names: set[str]
) -> None:
    frame = four_card_frame(**read)
    planted = changed_rows(frame, faithful_four, FOUR_NETS)
    assert len(planted) > 10
    frame.to_parquet(tmp_path / "planted.parquet", index=False)
    rules = load_rules("four-card-standard")
    report = validate(
        tmp_path / "planted.parquet", Options(rules, side_bet=FOUR_TABLE, examples=10**5)
    )
    assert found_rows(report) == planted
    credited = named(report)
    assert set(credited) == names
    assert sum(credited.values()) == len(planted)


@pytest.mark.parametrize("apart", [False, True])
def test_three_card_bonus_line_inside_the_ante_is_named(
    tmp_path: Path, faithful_three: pd.DataFrame, apart: bool
) -> None:
    """An Ante Bonus line paid otherwise (three of a kind 3 to 1) by an engine that writes the
    bonus inside the Ante's net: with no bonus column, or with one it leaves 0."""
    bonus = {**three.STANDARD_BONUS, "three_of_a_kind": Fraction(3)}
    frames = [
        three_card_frame(rules=replace(three.Rules(), ante_bonus=bonus)),
        faithful_three.copy(),
    ]
    for frame in frames:
        frame["ante_net"] = frame["ante_net"] + frame["ante_bonus_net"]
        frame["ante_bonus_net"] = 0.0
    planted_frame, faithful = (f if apart else f.drop(columns="ante_bonus_net") for f in frames)
    nets = ["ante_net", "play_net", "pair_plus_net"]
    planted = changed_rows(planted_frame, faithful, nets)
    assert len(planted) > 20
    planted_frame.to_parquet(tmp_path / "planted.parquet", index=False)
    options = Options(load_rules("three-card-standard"), examples=10**5)
    credited = named(validate(tmp_path / "planted.parquet", options))
    line = "Ante Bonus three of a kind pays 3 to 1, not 4 to 1"
    assert credited.get(line) == len(planted)
    folded = "the Ante Bonus is paid inside the Ante's net (ante_bonus_net left 0)"
    assert set(credited) == ({line, folded} if apart else {line})


@pytest.mark.parametrize("apart", [False, True])
def test_four_card_bonus_line_inside_the_ante_is_named(
    tmp_path: Path, faithful_four: pd.DataFrame, apart: bool
) -> None:
    """An Ante Bonus line paid otherwise (three of a kind 3 to 1, not 2) inside the Ante's net:
    with no bonus column, or with one left 0."""
    bonus = {**FOUR_RULES.ante_bonus, "three_of_a_kind": Fraction(3)}
    frames = [four_card_frame(rules=replace(FOUR_RULES, ante_bonus=bonus)), faithful_four.copy()]
    for frame in frames:
        frame["ante_net"] = frame["ante_net"] + frame["ante_bonus_net"]
        frame["ante_bonus_net"] = 0.0
    planted_frame, faithful = (f if apart else f.drop(columns="ante_bonus_net") for f in frames)
    planted = changed_rows(planted_frame, faithful, ["ante_net", "play_net", "aces_up_net"])
    assert len(planted) > 20
    planted_frame.to_parquet(tmp_path / "planted.parquet", index=False)
    rules = load_rules("four-card-standard")
    options = Options(rules, side_bet=FOUR_TABLE, examples=10**5)
    credited = named(validate(tmp_path / "planted.parquet", options))
    line = "Ante Bonus three of a kind pays 3 to 1, not 2 to 1"
    assert credited.get(line) == len(planted)
    folded = "the Ante Bonus is paid inside the Ante's net (ante_bonus_net left 0)"
    assert set(credited) == ({line, folded} if apart else {line})
