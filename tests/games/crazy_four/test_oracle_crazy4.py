"""Crazy 4 Poker against an independent oracle (``tests/oracle_crazy4.py``).

The oracle settles rounds from the rules text and the rule file's TOML with its own hand
evaluator; nothing in it comes from the package. Here it checks, for every shipped Crazy 4
Poker rule set:

* itself, against the published best-four counts and hand-settled cases from the rules text;
* the exact pricing: each decision's EV of sampled hands from ``Game.hand_result`` equals the
  oracle's, summed over all 1,533,939 dealer hands; so do the dealer outcome counts and EVs of
  sampled rows of the analysis' ``player_hands`` table (the prices behind the report);
* the simulator: every wager and net of a seeded simulator log re-settles exactly;
* the validator: a log dealt and settled by the oracle validates clean, and planted settlement
  faults in it are found, row for row.

The card room's three of a kind (a hand above a straight that its Super Bonus table does not
list) pushes, as the rules text says; the rule file says so with ``[super_bonus] unlisted =
"push"``, which the oracle reads as it reads every other switch. Both readings of that switch
are checked against the package on a hand where they differ.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from oracle_crazy4 import (
    BLIND,
    CATEGORY_NAMES,
    DEALER_HANDS,
    DECISIONS,
    FOUR_OF_A_KIND,
    DealtLog,
    Reading,
    all_hands,
    category_of,
    deal_log,
    dealer_distribution,
    exact_evs,
    hand_value,
    hand_values,
    parse_hand,
    read_rules,
    rule_file,
    settle,
    settle_round,
    value_floor,
)

from crazy4.pipeline import RuleSetResults
from crazy4.registry import game_of, load_rules
from crazy4.simulate.driver import make_plan, run_simulation
from crazy4.validate.driver import validate
from crazy4.validate.report import Check, Options, Report

RULE_SETS = ("crazy4-standard", "crazy4-cardroom")
COMPONENTS = ("ante", "super_bonus", "play", "queens_up")


def reading_of(name: str) -> Reading:
    """The oracle's reading of a shipped rule set (from its rule file's text)."""
    return read_rules(load_rules(name))


# --- the oracle itself ---------------------------------------------------------------------


def test_oracle_best_four_counts_are_the_published_ones() -> None:
    """The oracle's evaluator over all 2,598,960 hands gives the rules file's published
    best-four-of-five counts (and 48 hands of four aces)."""
    published = {
        "four of a kind": 624,
        "straight flush": 2_072,
        "three of a kind": 58_656,
        "flush": 114_616,
        "straight": 101_808,
        "two pair": 123_552,
        "pair": 1_047_552,
        "high card": 1_150_080,
    }
    values = all_hands().values
    counts = np.bincount(category_of(values), minlength=8)
    assert dict(zip(CATEGORY_NAMES, counts.tolist(), strict=True)) == published
    assert int((values >= value_floor(FOUR_OF_A_KIND, 12, 12, 12, 12)).sum()) == 48


@pytest.mark.parametrize(
    ("lower", "higher"),
    [
        ("As 2d 3h 4c 9s", "2s 3d 4h 5c 9s"),  # A-2-3-4 is the lowest straight
        ("Ks Ad 2h 3c 9d", "As 2d 3h 4c 9s"),  # no wrap-around: K-A-2-3 is ace high
        ("Ah Kh Qh Jh 2c", "2c 2d 2h 2s 3c"),  # four of a kind over a straight flush
        ("Ac Kc Qc 9c 2d", "2c 2d 2h 3s 4c"),  # three of a kind over a flush
        ("Kh Kd 9c 9s 2h", "Ah 2d 3c 4s 7h"),  # a straight over two pair
        ("Kh Kd Qc 5s 2h", "Kc Ks Qd 6h 2d"),  # pair: by the kickers, high to low
        ("Qh Qd Jc Js Ah", "Kh Kd 2c 2s 3h"),  # two pair: by the high pair first
        ("5c 5d 5h As 2c", "6c 6d 6h 2s 3c"),  # three of a kind: by rank first
    ],
)  # fmt: skip
def test_oracle_ranks_as_the_rules_say(lower: str, higher: str) -> None:
    """Ordering cases of the rules file, hand-picked (best four of five each)."""
    assert hand_value(parse_hand(lower)) < hand_value(parse_hand(higher))


def test_oracle_fifth_card_and_suits_never_count() -> None:
    """Hands equal in their best four ranks tie whatever the fifth card and the suits."""
    assert hand_value(parse_hand("Ah Kd 9c 5s 2h")) == hand_value(parse_hand("Ad Kc 9h 5d 3s"))
    assert hand_value(parse_hand("9h 8h 7h 6h 2c")) == hand_value(parse_hand("9s 8s 7s 6s Kd"))


STANDARD_QU = ("queens_up:50-40-8-4-3-2-1", "queens_up:50-30-9-4-3-2-1")


def nets(
    ante: Fraction | int, play: Fraction | int, bonus: Fraction | int, *queens: object
) -> dict[str, object]:
    """Expected nets: Ante, Play (per Ante), Super Bonus, then each Queens Up table's."""
    return {"ante": ante, "play": play, "super_bonus": bonus, "queens": list(queens)}


# Each case settled by hand from the rules text.
CASES = [
    # straight flush A-K-Q-J, 3x, beats a qualifying king high: 1 + 3, 15 to 1, 40 / 30 to 1
    ("crazy4-standard", "Ah Kh Qh Jh 2c", "Kd 9c 7s 4h 3d", "3x", nets(1, 3, 15, 40, 30)),
    # dealer queen high does not qualify: Ante pushes, Play wins, Super Bonus pushes
    ("crazy4-standard", "9c 8d 5h 3s 2c", "Qd Jc 7s 4h 3d", "1x", nets(0, 1, 0, -1, -1)),
    # a folded pair of queens: the standard Queens Up is settled anyway, the card room's lost
    ("crazy4-standard", "Qc Qd 5h 3s 2c", "Kd Jc 7s 4h 3d", "fold", nets(-1, 0, -1, 1, 1)),
    ("crazy4-cardroom", "Qc Qd 5h 3s 2c", "Kd Jc 7s 4h 3d", "fold", nets(-1, 0, -1, -1)),
    # a tie of qualifying hands (A-K-9-5 each) pushes everything
    ("crazy4-standard", "Ah Kd 9c 5s 2h", "Ad Kc 9h 5d 3s", "1x", nets(0, 0, 0, -1, -1)),
    # a qualifying pair of kings beats ace high: all lose
    ("crazy4-standard", "Ah Kd 9c 5s 2h", "Kh Kc 3d 4s 7h", "1x", nets(-1, -1, -1, -1, -1)),
    # A-2-3-4 is a straight: beats a pair, Super Bonus 1 to 1, Queens Up 3 to 1
    ("crazy4-standard", "Ah 2d 3c 4s 9h", "Kd Kc 6s 7h 8d", "1x", nets(1, 1, 1, 3, 3)),
    # flush pays 3 to 2 on the Super Bonus
    ("crazy4-standard", "Qh Jh 8h 4h 2c", "Kd 9c 7s 4c 3d", "1x", nets(1, 1, Fraction(3, 2), 4, 4)),
    # four aces against a non-qualifying dealer
    ("crazy4-standard", "Ac Ad Ah As Kc", "Qd Jc 7s 4h 3d", "3x", nets(0, 3, 200, 50, 50)),
    # three sevens lose to three eights: the standard Super Bonus still pays 2 to 1 ...
    ("crazy4-standard", "7c 7d 7h 2s 9c", "8c 8d 8h 3s 4c", "3x", nets(-1, -3, 2, 8, 9)),
    # ... the card room's, without a three-of-a-kind line, pushes ("three of a kind: push")
    ("crazy4-cardroom", "7c 7d 7h 2s 9c", "8c 8d 8h 3s 4c", "3x", nets(-1, -3, 0, 9)),
    # a blind hand below a pair of aces has 1x in action (2x returned) ...
    ("crazy4-cardroom", "Ah 9d 7c 5s 2h", "Kh Kc 3d 4s 8h", "blind", nets(-1, -1, -1, -1)),
    # ... from a pair of aces 3x
    ("crazy4-cardroom", "Ah Ad 7c 5s 2h", "Kh Kc 3d 4s 8h", "blind", nets(1, 3, 0, 1)),
    # a blind hand against a non-qualifying dealer: Play wins on its 1x
    ("crazy4-cardroom", "9h 8d 6c 5s 2h", "Qh Jc 3d 4s 8c", "blind", nets(0, 1, 0, -1)),
]  # fmt: skip


@pytest.mark.parametrize(("name", "player", "dealer", "decision", "expected"), CASES)
def test_oracle_settles_hand_worked_cases(
    name: str, player: str, dealer: str, decision: str, expected: dict[str, object]
) -> None:
    """The oracle's settlement of rounds worked out by hand from the rules text."""
    reading = read_rules(rule_file(name))
    got = settle_round(reading, player, dealer, decision)
    queens = [got[f"queens_up:{table.name}"] for table in reading.queens_up]
    assert (got["ante"], got["play"], got["super_bonus"], queens) == (
        expected["ante"],
        expected["play"],
        expected["super_bonus"],
        expected["queens"],
    )


@pytest.mark.parametrize(
    ("name", "player", "decision"),
    [
        ("crazy4-standard", "Ah Kd 9c 5s 2h", "3x"),  # raise below a pair of aces
        ("crazy4-cardroom", "Ah Ad 9c 5s 2h", "2x"),  # the card room allows 1x or 3x only
        ("crazy4-standard", "Ah Ad 9c 5s 2h", "blind"),  # no blind hand in casinos
    ],
)
def test_oracle_refuses_decisions_the_rules_forbid(name: str, player: str, decision: str) -> None:
    """A decision the rules do not allow is an error, never settled."""
    with pytest.raises(ValueError):
        settle_round(read_rules(rule_file(name)), player, "Kh Kc 3d 4s 8h", decision)


# --- exact pricing ---------------------------------------------------------------------------

CHOSEN_HANDS = [
    "As Kd 7h 4c 2s",  # ace high
    "Ah 3d 2c 4s 9h",  # A-2-3-4, the lowest straight
    "Kc Qd 8h 4s 2c",  # K-Q-8-4, the simple strategy's border
    "Kd Qc 7s 6h 5d",  # K-Q-7-6, where the fifth card decides
    "As Ad 5c 4h 2d",  # the lowest pair of aces: the raise minimum
    "Kh Kd 9c 5s 3h",  # a pair of kings
    "Ac Ad Ah As Kc",  # four aces
    "9h 8h 7h 6h 2c",  # straight flush
    "Qh Jh 8h 4h 2c",  # flush
    "Td Tc 5h 5s 2d",  # two pair
    "7c 7d 7h 2s 9c",  # three of a kind
    "Qs Qd 6c 4h 3d",  # the lowest Queens Up winner
]
RANDOM_HANDS = 8


def sampled_hands() -> list[list[int]]:
    """The chosen hands and a seeded sample of others."""
    rng = np.random.default_rng(2024)
    hands = [parse_hand(text) for text in CHOSEN_HANDS]
    hands += [sorted(rng.choice(52, 5, replace=False).tolist()) for _ in range(RANDOM_HANDS)]
    return hands


def package_evs(
    name: str, cards: list[int]
) -> tuple[dict[str, Fraction | None], dict[str, object]]:
    """``Game.hand_result``'s exact EV of each decision, and the whole result."""
    rules = load_rules(name)
    result = game_of(rules).hand_result(rules, tuple(sorted(cards)), None)
    evs = result["ev_per_ante"]
    assert isinstance(evs, dict)
    return {k: None if v is None else Fraction(v["exact"]) for k, v in evs.items()}, result


@pytest.mark.parametrize("name", RULE_SETS)
def test_exact_decision_evs_match_the_oracle(name: str) -> None:
    """For 20 hands, the package's exact EV of every decision (Ante + Super Bonus + Play) is
    the oracle's over all 1,533,939 dealer hands, its optimal decision is one with the best
    EV, and its Queens Up outcomes are the oracle's."""
    reading = reading_of(name)
    wrong = []
    for cards in sampled_hands():
        mine = exact_evs(reading, cards)
        theirs, result = package_evs(name, cards)
        if mine != theirs:
            wrong.append((cards, mine, theirs))
        best = max(ev for ev in mine.values() if ev is not None)
        assert mine[str(result["optimal_decision"])] == best, cards
        assert result["dealer_hands"] == DEALER_HANDS
        settled = settle(reading, np.array([hand_value(cards)]), np.array([0]), np.array([1]))
        side_bets = result["side_bets"]
        assert isinstance(side_bets, dict)
        for table in reading.queens_up:
            net = Fraction(int(settled[f"queens_up:{table.name}"][0]), reading.unit)
            said = side_bets[f"queens-up-{table.name}"]
            assert said == ("loses" if net < 0 else f"pays {net} to 1"), (cards, table.name)
    assert not wrong, wrong


ANALYSIS_ROWS = 30
CELLS = ("nq_player_higher", "nq_tie", "nq_dealer_higher", "player_wins", "tie", "dealer_wins")


def oracle_cells(reading: Reading, cards: list[int]) -> dict[str, int]:
    """Dealer hands by outcome: dealer does not qualify / qualifies, times player higher, tie,
    dealer higher."""
    values, counts = dealer_distribution(cards)
    mine = hand_value(cards)
    qualifies = values >= reading.qualifier
    sides = (values < mine, values == mine, values > mine)
    masks = [dealer & side for dealer in (~qualifies, qualifies) for side in sides]
    return {cell: int(counts[mask].sum()) for cell, mask in zip(CELLS, masks, strict=True)}


@pytest.mark.parametrize("name", RULE_SETS)
def test_analysis_prices_match_the_oracle(
    name: str, pipeline_results: Callable[[str], RuleSetResults]
) -> None:
    """For 30 sampled rows of the analysis' ``player_hands`` table (the exact prices behind
    the report), the dealer outcome counts and every decision's exact EV are the oracle's."""
    reading = reading_of(name)
    table = pipeline_results(name).tables["player_hands"]
    rows = np.random.default_rng(5).choice(len(table), ANALYSIS_ROWS, replace=False)
    for row in table.iloc[np.sort(rows)].itertuples(index=False):
        cards = parse_hand(str(row.hand))
        assert oracle_cells(reading, cards) == {c: int(getattr(row, c)) for c in CELLS}, row.hand
        theirs = {
            label: None
            if pd.isna(getattr(row, f"ev_{label}"))
            else Fraction(int(getattr(row, f"ev_{label}_numerator")), int(row.ev_denominator))
            for label in ("fold", "1x", "2x", "3x")
        }
        assert exact_evs(reading, cards) == theirs, row.hand


def test_cardroom_three_of_a_kind_pushes_on_the_super_bonus() -> None:
    """The rules text: the card room's Super Bonus has no three-of-a-kind line, and three of a
    kind pushes (it is not a hand below a straight, which alone can lose). The rule file says
    ``unlisted = "push"``, and the package's EVs of three sevens are the oracle's."""
    name = "crazy4-cardroom"
    reading = reading_of(name)
    assert reading.unlisted_bonus_hands == "push"
    cards = parse_hand("7c 7d 7h 2s 9c")
    below = dataclasses.replace(reading, unlisted_bonus_hands="below the table")
    assert exact_evs(reading, cards) != exact_evs(below, cards)  # a hand where they differ
    assert exact_evs(reading, cards) == package_evs(name, cards)[0]


def test_the_other_unlisted_reading_matches_too(tmp_path: Path) -> None:
    """The card room's rule file with ``unlisted = "below_table"``: the oracle reads the
    switch, and the package's EVs of three sevens (which lose to a qualifying better dealer
    hand under this reading) are the oracle's."""
    text = rule_file("crazy4-cardroom").replace('unlisted = "push"', 'unlisted = "below_table"')
    assert 'unlisted = "below_table"' in text
    path = tmp_path / "cardroom-below.toml"
    path.write_text(text.replace('name = "crazy4-cardroom"', 'name = "cardroom-below"'))
    reading = read_rules(load_rules(str(path)))
    assert reading.unlisted_bonus_hands == "below the table"
    for hand in ("7c 7d 7h 2s 9c", "Ac Ad Ah 2s 9c"):
        cards = parse_hand(hand)
        assert exact_evs(reading, cards) == package_evs(str(path), cards)[0], hand


# --- the simulator -----------------------------------------------------------------------------

SIMULATED = [
    # the standard rule set on its second Queens Up table, the card room with a blind hand
    ("crazy4-standard", "50-30-9-4-3-2-1", 0),
    ("crazy4-cardroom", "50-30-9-4-3-2-1", 1),
]
SIM_ROUNDS = 3_000


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, pd.DataFrame]:
    """A seeded simulator log (parquet) of each rule set, on the Queens Up table above."""
    folder = tmp_path_factory.mktemp("simulated")
    logs = {}
    for name, queens_up, blind in SIMULATED:
        path = folder / f"{name}.parquet"
        seats = 2 + blind
        plan = make_plan(
            load_rules(name), rounds=SIM_ROUNDS, seed=7, seats=seats, blind_hands=blind,
            side_bet=queens_up,
        )  # fmt: skip
        run_simulation(plan, log_path=path)
        frame = pd.read_parquet(path)
        frame["decision"] = frame["decision"].astype(str)
        logs[name] = frame
    return logs


def cards_of(column: pd.Series) -> np.ndarray:
    """Cards of a column of hands, as an ``(n, 5)`` array."""
    return np.array([parse_hand(text) for text in column.astype(str)], dtype=np.int64)


def resettled_mismatches(frame: pd.DataFrame, reading: Reading, queens_up: str) -> pd.DataFrame:
    """Rows (and the column) where the log's wager or net differs from the oracle's."""
    player, dealer = cards_of(frame["player"]), cards_of(frame["dealer"])
    assert all(
        len(set(p) | set(d)) == 10 for p, d in zip(player.tolist(), dealer.tolist(), strict=True)
    )
    decision = frame["decision"].map(DECISIONS).to_numpy()
    settled = settle(reading, hand_values(player), hand_values(dealer), decision)
    expected = {
        "play": frame["ante"] * np.where(decision == BLIND, 3, decision),
        "super_bonus": frame["ante"],
        "ante_net": frame["ante"] * settled["ante"] / reading.unit,
        "super_bonus_net": frame["super_bonus"] * settled["super_bonus"] / reading.unit,
        "play_net": frame["ante"] * settled["play"] / reading.unit,
        "queens_up_net": frame["queens_up"] * settled[f"queens_up:{queens_up}"] / reading.unit,
    }
    rows = []
    for column, values in expected.items():
        differs = np.flatnonzero(frame[column].to_numpy() != np.asarray(values))
        rows += [(int(row), column) for row in differs]
    return pd.DataFrame(rows, columns=["row", "column"])


@pytest.mark.parametrize(("name", "queens_up", "blind"), SIMULATED)
def test_simulator_log_resettles_exactly(
    simulated: dict[str, pd.DataFrame], name: str, queens_up: str, blind: int
) -> None:
    """Every wager and every net of a seeded simulator log is the oracle's, exactly; the log
    covers every decision and dealer outcome (so the comparison is not vacuous)."""
    frame = simulated[name]
    assert len(frame) == SIM_ROUNDS * (2 + blind)
    mismatches = resettled_mismatches(frame, reading_of(name), queens_up)
    assert mismatches.empty, frame.loc[mismatches["row"].head(10)]
    decisions = set(frame["decision"])
    assert {"fold", "1x", "3x"} <= decisions and ("blind" in decisions) == bool(blind)
    assert (frame["ante_net"] == 0).any() and (frame["ante_net"] == -1).any()
    assert (frame["super_bonus_net"] == 1.5).any() and (frame["queens_up_net"] > 1).any()


def test_resettlement_finds_one_wrong_net(simulated: dict[str, pd.DataFrame]) -> None:
    """Planted fault: one flush's Super Bonus paid 1 to 1 in the simulator's log is the one
    mismatch found."""
    frame = simulated["crazy4-standard"].copy()
    row = int(np.flatnonzero(frame["super_bonus_net"] == 1.5)[0])
    frame.loc[row, "super_bonus_net"] = 1.0
    mismatches = resettled_mismatches(frame, reading_of("crazy4-standard"), "50-30-9-4-3-2-1")
    assert mismatches.to_dict("records") == [{"row": row, "column": "super_bonus_net"}]


# --- the validator -------------------------------------------------------------------------------

LOG_ROUNDS = 4_000


def oracle_log(
    name: str, reading: Reading | None = None, *, wheel_is_straight: bool = True
) -> DealtLog:
    """4,000 rounds dealt and settled by the oracle (two seats, and a blind hand where the
    rules have one), on the rule set's first Queens Up table."""
    reading = reading or reading_of(name)
    blind = int(reading.blind_second_hand)
    return deal_log(
        reading,
        rounds=LOG_ROUNDS,
        seats=2 + blind,
        blind_hands=blind,
        seed=99,
        queens_up=reading.queens_up[0].name,
        wheel_is_straight=wheel_is_straight,
    )


def validated(log: DealtLog, name: str, tmp_path: Path) -> Report:
    """The validator's report on a log, against the simple strategy the log plays."""
    path = tmp_path / "oracle.parquet"
    log.frame.to_parquet(path)
    queens = read_rules(load_rules(name)).queens_up[0].name
    return validate(path, Options(load_rules(name), strategy="simple", side_bet=queens))


def check_named(report: Report, name: str) -> Check:
    return next(check for check in report.checks if check.name == name)


@pytest.mark.parametrize("name", RULE_SETS)
def test_oracle_log_validates_clean(name: str, tmp_path: Path) -> None:
    """A log dealt and settled entirely by the oracle passes every check of the validator."""
    log = oracle_log(name)
    report = validated(log, name, tmp_path)
    assert report.exit_status == 0, report.render()
    assert report.rows == len(log.frame) and report.rounds == LOG_ROUNDS


FAULTS = [
    ("crazy4-standard", "flush paid 1 to 1 on the Super Bonus"),
    ("crazy4-cardroom", "A-2-3-4 not a straight"),
]


@pytest.mark.parametrize(("name", "fault"), FAULTS)
def test_planted_settlement_fault_is_found(name: str, fault: str, tmp_path: Path) -> None:
    """Planted fault: the oracle's log settled with one rule wrong fails the Settlement check,
    flagged on exactly the rows where the fault changed an amount, and named."""
    correct = reading_of(name)
    if fault.startswith("flush"):
        faulty = oracle_log(name, correct.with_pays(flush=1))
        words = "flush"
    else:
        faulty = oracle_log(name, wheel_is_straight=False)
        words = "A-2-3-4 settled as ace high"
    # what the correct rules make of the same deals and decisions
    right = settle(correct, hand_values(faulty.player), hand_values(faulty.dealer), faulty.decision)
    right["queens_up"] = right[f"queens_up:{correct.queens_up[0].name}"]
    logged = faulty.frame[[f"{c}_net" for c in COMPONENTS]].to_numpy()
    differs = logged != np.stack([right[c] for c in COMPONENTS], axis=1) / correct.unit
    wrong = int(differs.any(axis=1).sum())  # rows: a finding counts each row once
    assert wrong > 5
    report = validated(faulty, name, tmp_path)
    settlement = check_named(report, "Settlement")
    assert not settlement.passed and report.exit_status == 1
    assert check_named(report, "Well-formed").passed
    assert sum(f.count for f in settlement.findings.values()) == wrong
    assert any(words in what for what in settlement.findings), list(settlement.findings)
