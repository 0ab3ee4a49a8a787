"""Three Card Poker through the package's commands, checked against the rules text.

Expected values come from ``shared/rules/three-card-poker.md`` (the published figures) and from
an evaluator written here from the rules text alone (:func:`rank_key`), never from the code
under test. The whole-game brute force over all 22,100 x 18,424 deals is the independent
oracle's (``tests/oracle_three_card.py``).
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest
from in_process import crazy4

from crazy4.errors import InputError
from crazy4.registry import load_rules, parse_rules

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def rank_key(cards: tuple[int, ...]) -> tuple[int, ...]:
    """A comparable key of a three-card hand from the rules text: straight flush, three of a
    kind, straight, flush, pair, high card; A-2-3 the lowest straight; suits never rank."""
    ranks = sorted((card // 4 for card in cards), reverse=True)
    flush = len({card % 4 for card in cards}) == 1
    wheel = ranks == [12, 1, 0]
    straight = wheel or (ranks[0] - ranks[1] == 1 and ranks[1] - ranks[2] == 1)
    top = 1 if wheel else ranks[0]
    if straight and flush:
        return (5, top)
    if ranks[0] == ranks[2]:
        return (4, ranks[0])
    if straight:
        return (3, top)
    if flush:
        return (2, *ranks)
    if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        pair = ranks[1]
        kicker = ranks[2] if ranks[0] == ranks[1] else ranks[0]
        return (1, pair, kicker)
    return (0, *ranks)


def text(cards: tuple[int, ...]) -> str:
    return " ".join(RANKS[c // 4] + SUITS[c % 4] for c in cards)


#: Three-card hands by category, counted from the rules text (textbook counts).
CATEGORY_COUNTS = {
    "straight_flush": 48,
    "three_of_a_kind": 52,
    "straight": 720,
    "flush": 1096,
    "pair": 3744,
    "high_card": 16440,
}


def test_category_counts_from_the_evaluator() -> None:
    """The evaluator here agrees with the textbook counts (a check of the test's own oracle)."""
    names = ["high_card", "pair", "flush", "straight", "three_of_a_kind", "straight_flush"]
    counts = dict.fromkeys(names, 0)
    for hand in itertools.combinations(range(52), 3):
        counts[names[rank_key(hand)[0]]] += 1
    assert counts == CATEGORY_COUNTS


@pytest.fixture(scope="module")
def analyzed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("three-card") / "results"
    done = crazy4("analyze", "--rules", "three-card-standard", "--out", str(out), "--hole-cards")
    assert done.returncode == 0, done.stderr
    return out


def test_published_figures_from_analyze(analyzed: Path) -> None:
    """Ante + Play with the optimal strategy: 3.37% of the Ante, element of risk 2.01%; Pair
    Plus 1-4-6-30-40 2.32%, 1-3-6-30-40 7.28% (the rules file's published figures); the
    Pair Plus fractions settled here from the category counts."""
    bets = pd.read_parquet(analyzed / "bets.parquet").set_index("bet")
    assert round(100 * float(bets.at["ante_play", "house_edge"]), 2) == 3.37
    assert round(100 * float(bets.at["ante_play", "element_of_risk"]), 2) == 2.01
    for name, flush, published in (("1-4-6-30-40", 4, 2.32), ("1-3-6-30-40", 3, 7.28)):
        row = bets.loc[f"pair-plus-{name}"]
        paid = {"straight_flush": 40, "three_of_a_kind": 30, "straight": 6, "flush": flush}
        paid["pair"] = 1
        won = sum(CATEGORY_COUNTS[line] * odds for line, odds in paid.items())
        exact = Fraction(won - CATEGORY_COUNTS["high_card"], 22100)
        assert Fraction(int(row["ev_numerator"]), int(row["ev_denominator"])) == exact
        assert round(-100 * float(exact), 2) == published
    assert int(bets.at["ante_play", "deals"]) == 22100 * 18424


def test_optimal_strategy_is_q64(analyzed: Path) -> None:
    """Play Q-6-4 or better, fold below: the strategy table's first played run starts at
    Q-6-4 and every weaker hand folds."""
    strategy = pd.read_parquet(analyzed / "strategy.parquet")
    assert strategy["decision"].tolist() == ["fold", "1x"]
    assert strategy["to_hand"].iloc[0] == "Q-6-3" and strategy["from_hand"].iloc[1] == "Q-6-4"


def test_one_seen_card_edge(analyzed: Path) -> None:
    """One dealer card seen, optimal play: a player edge of 3.48% of the Ante (Jacobson)."""
    hole = pd.read_parquet(analyzed / "hole_strategies.parquet").set_index("strategy")
    assert round(100 * float(hole.at["card", "ev"]), 2) == 3.48
    none = Fraction(int(hole.at["none", "ev_numerator"]), int(hole.at["none", "ev_denominator"]))
    bets = pd.read_parquet(analyzed / "bets.parquet").set_index("bet")
    main = Fraction(
        int(bets.at["ante_play", "ev_numerator"]), int(bets.at["ante_play", "ev_denominator"])
    )
    assert none == main  # no information is the ordinary game, exactly
    assert 0 < float(hole.at["group:JQK,AT98765432", "gain"]) < float(hole.at["card", "gain"])


def test_holecards_command_gives_the_same_edge(analyzed: Path) -> None:
    done = crazy4("advantage", "holecards", "--rules", "three-card-standard", "--json")
    assert done.returncode == 0, done.stderr
    rows = {row["strategy"]: row for row in json.loads(done.stdout)}
    hole = pd.read_parquet(analyzed / "hole_strategies.parquet").set_index("strategy")
    assert rows["card"]["ev_numerator"] == int(hole.at["card", "ev_numerator"])


@pytest.mark.parametrize("seed", range(4))
def test_hand_counts_by_brute_force(seed: int) -> None:
    """``crazy4 hand`` of a sampled hand: every dealer hand from the other 49 cards listed here
    with the evaluator above, compared count for count, and the 1x EV settled from the rules:
    not qualified (below Q high): Ante +1, Play 0; qualified: +2 / 0 / -2; Ante Bonus 1-4-5."""
    import random

    hand = tuple(sorted(random.Random(seed).sample(range(52), 3)))
    done = crazy4("hand", text(hand), "--rules", "three-card-standard", "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    mine = rank_key(hand)
    qualifier = (0, 10, 1, 0)  # Q-3-2: the weakest queen-high hand
    counts = dict.fromkeys(["nq", "win", "tie", "loss"], 0)
    rest = [card for card in range(52) if card not in hand]
    for dealer in itertools.combinations(rest, 3):
        theirs = rank_key(dealer)
        if theirs < qualifier:
            counts["nq"] += 1
        else:
            counts["win" if mine > theirs else "tie" if mine == theirs else "loss"] += 1
    outcomes = result["dealer_outcomes"]
    assert result["dealer_does_not_qualify"] == counts["nq"]
    assert (outcomes["player_wins"], outcomes["tie"], outcomes["dealer_wins"]) == (
        counts["win"],
        counts["tie"],
        counts["loss"],
    )
    bonus = {3: 1, 4: 4, 5: 5}.get(mine[0], 0)
    total = sum(counts.values())
    ev = Fraction(counts["nq"] + 2 * counts["win"] - 2 * counts["loss"], total) + bonus
    assert Fraction(result["ev_per_ante"]["1x"]["exact"]) == ev


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ('[dealer]\nqualifier = "Z high"', "[dealer]: key 'qualifier'"),
        ('[dealer]\nplay_when_not_qualified = "wins"', "play_when_not_qualified"),
        ("[[pair_plus]]\nname = 'x'\n[pair_plus.pays]\nfour_of_a_kind = 5", "unknown hand"),
        ("[not_qualified]\nante = 'sometimes'", "[not_qualified]: key 'ante'"),
    ],
)
def test_bad_rule_files_are_one_line(change: str, message: str) -> None:
    base = 'name = "x"\ntitle = "x"\ngame = "three-card-poker"\n[play]\nmultiples = [1]\n'
    text_ = base + (change if change.startswith("[dealer]") else "[dealer]\ncards = 3\n" + change)
    if change.startswith("[dealer]"):
        text_ = text_.replace("[dealer]\n", "[dealer]\ncards = 3\n")
    with pytest.raises(InputError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_rules(text_, "x.toml")


def test_rule_set_loads() -> None:
    rules = load_rules("three-card-standard")
    assert rules.game == "three-card-poker" and rules.side_bet_names() == (
        "pair-plus-1-4-6-30-40",
        "pair-plus-1-3-6-30-40",
    )


def test_exact_fractions_equal_the_oracle(analyzed: Path) -> None:
    """Every headline fraction of ``crazy4 analyze`` equals the independent oracle's brute
    force over all 22,100 x 18,424 deals (and 22,100 x 49 x 1,128 with one seen card)."""
    from oracle_three_card import optimal_strategy_edge, pair_plus_edge
    from oracle_three_card_holecard import hole_card_edge

    bets = pd.read_parquet(analyzed / "bets.parquet").set_index("bet")

    def exact(frame: pd.DataFrame, row: str) -> Fraction:
        return Fraction(int(frame.at[row, "ev_numerator"]), int(frame.at[row, "ev_denominator"]))

    oracle = optimal_strategy_edge()
    assert -exact(bets, "ante_play") == oracle.house_edge
    risk = Fraction(bets.at["ante_play", "element_of_risk"]).limit_denominator(10**9)
    assert float(risk) == pytest.approx(float(oracle.element_of_risk), rel=1e-12)
    for table in ("1-4-6-30-40", "1-3-6-30-40"):
        assert -exact(bets, f"pair-plus-{table}") == pair_plus_edge(table)
    hole = pd.read_parquet(analyzed / "hole_strategies.parquet").set_index("strategy")
    assert exact(hole, "card") == hole_card_edge()


def test_fractional_pair_plus_is_simulated_and_resettled(tmp_path: Path) -> None:
    """A Pair Plus table paying a flush 7/2 (a denominator the main game's settlement does not
    have): the simulator logs it and the validator settles it again, catching one Pair Plus net
    planted a unit too high -- it is neither refused nor skipped."""
    from crazy4.simulate.driver import make_plan, run_simulation
    from crazy4.validate.driver import validate
    from crazy4.validate.report import Options

    text = load_rules("three-card-standard").text.replace("flush = 4\n", 'flush = "7/2"\n', 1)
    rule_file = tmp_path / "fractional.toml"
    rule_file.write_text(text.replace('name = "three-card-standard"', 'name = "fractional"'))
    rules = load_rules(str(rule_file))
    log = tmp_path / "log.parquet"
    run_simulation(make_plan(rules, rounds=3000, seed=5, seats=1), log_path=log)
    frame = pd.read_parquet(log)
    flushes = [
        row
        for row, hand in enumerate(frame["player"])
        if len({card[1] for card in str(hand).split()}) == 1
    ]
    assert flushes and set(frame.loc[flushes, "pair_plus_net"]) >= {3.5}  # 7/2 on a flush
    assert validate(log, Options(rules)).exit_status == 0
    frame.loc[flushes[0], "pair_plus_net"] += 1
    planted = tmp_path / "planted.parquet"
    frame.to_parquet(planted)
    report = validate(planted, Options(rules))
    settlement = next(check for check in report.checks if check.name == "Settlement")
    assert not settlement.passed
    assert sum(finding.count for finding in settlement.findings.values()) == 1


@pytest.mark.parametrize(("qualifier", "described"), [("Q-6-4", "Q-6-4"), ("flush", "flush 5-3-2")])
def test_qualifier_is_read_with_the_three_card_ranking(qualifier: str, described: str) -> None:
    """A qualifier the five-card grammar has no word for (three ranks, a three-card category)
    is read with the game's own ranking, in the common ``[dealer]`` keys too."""
    from crazy4.core.three_card_ranking import THREE_CARD_RANKING

    text = load_rules("three-card-standard").text
    rules = parse_rules(text.replace('"Q high"', f'"{qualifier}"', 1), "x.toml")
    strength = rules.three_card.qualifier
    assert THREE_CARD_RANKING.describe(strength) == described
    assert rules.dealer.qualifier_strength == strength
