"""A hidden dealer card seen beside the up card, priced by the specification engines.

The expected values come from outside the package: for a Three Card Poker dealt with one dealer
card up, the oracle's player who sees one dealer card (``oracle_three_card_holecard.py``: the
up card alone) and a listing written here of every hand against every pair of seen dealer
cards (the up card and the hole card: the whole card known); for Caribbean Stud Poker, the
oracle's brute force over the 14,190 completions of sampled (hand, up card, hole card)
situations (``oracle_caribbean_stud.seen_situation``), grouped here by what each strategy
learns of the hole card.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import oracle_caribbean_stud as caribbean
import pandas as pd
import pytest
from oracle_three_card import HANDS, Rules, all_hands, bonus_odds, fold_ev, play_evs
from oracle_three_card_holecard import hole_card_edge, suit_classes

from crazy4.advantage.holecards import hole_card_table, seen_cells
from crazy4.analyze.situations import deal_situations
from crazy4.cli.main import main
from crazy4.game import SpecGame
from crazy4.games.three_card.game import ThreeCard
from crazy4.registry import game_of, load_rules
from crazy4.spec.specification import DealShape, GameSpec


class UpCardThreeCard(ThreeCard):
    """Three Card Poker with one dealer card dealt face up (a shape, not a game: data)."""

    shape = DealShape(player_cards=3, dealer_cards=3, face_up=1, hand_cards=3)


def two_seen_edge() -> Fraction:
    """The edge of a Three Card Poker player who sees two of the dealer's three cards and plays
    optimally, listed: every dealer hand from the cards a hand leaves, counted once for each
    pair of its cards as the seen pair (47 completions a pair)."""
    rules, hands = Rules(), all_hands()
    reps, sizes = suit_classes()
    bonuses = bonus_odds(hands.values[reps], rules.ante_bonus)
    pairs = np.array(list(combinations(range(3), 2)))
    total = Fraction(0)
    for rep, size, bonus in zip(reps.tolist(), sizes.tolist(), bonuses, strict=True):
        cards = hands.cards[rep].tolist()
        mask = np.uint64(sum(1 << c for c in cards))
        free = (hands.masks & mask) == 0
        values, dealt = hands.values[free], hands.cards[free].astype(np.int64)
        mine = int(hands.values[rep])
        outcome = np.select([values < rules.qualifier, values < mine, values == mine], [3, 0, 1], 2)
        codes = dealt[:, pairs[:, 0]] * 52 + dealt[:, pairs[:, 1]]  # (dealer hands, 3)
        keys = (codes * 4 + outcome[:, None]).ravel()
        counts = np.bincount(keys, minlength=52 * 52 * 4).reshape(-1, 4)
        counts = counts[counts.sum(axis=1) > 0]
        assert counts.shape[0] == comb(49, 2) and (counts.sum(axis=1) == 47).all()
        distinct, times = np.unique(counts, axis=0, return_counts=True)
        evs = play_evs(distinct, [bonus] * distinct.shape[0], 47, rules)
        best = (
            t * max(ev, fold_ev(bonus, rules)) for ev, t in zip(evs, times.tolist(), strict=True)
        )
        total += size * sum(best, Fraction(0))
    return total / (HANDS * comb(49, 2))


def exact(table: pd.DataFrame, strategy: str) -> Fraction:
    row = table.set_index("strategy").loc[strategy]
    return Fraction(int(row["ev_numerator"]), int(row["ev_denominator"]))


@pytest.fixture(scope="module")
def up_card_table() -> pd.DataFrame:
    return hole_card_table(UpCardThreeCard(), load_rules("three-card-standard"), [], jobs=2)


def test_knowing_nothing_of_the_hole_card_is_the_up_card_game(up_card_table: pd.DataFrame) -> None:
    """The ``none`` strategy sees the up card only: the oracle's one-seen-card player."""
    assert exact(up_card_table, "none") == hole_card_edge()


def test_knowing_the_hole_card_is_seeing_two_dealer_cards(up_card_table: pd.DataFrame) -> None:
    """The ``card`` strategy sees the up card and the hole card: the listing's two-seen-card
    player, over every (hand, up card, hole card) and its 47 completions."""
    assert exact(up_card_table, "card") == two_seen_edge()
    row = up_card_table.iloc[0]
    assert int(row["situations"]) == comb(52, 3) * 49 * 48
    assert int(row["deals"]) == comb(52, 3) * 49 * 48 * 47
    ordered = [exact(up_card_table, name) for name in up_card_table["strategy"]]
    assert ordered == sorted(ordered)  # none <= groups <= rank <= card


@pytest.fixture(scope="module")
def caribbean_spec() -> GameSpec:
    game = game_of(load_rules("caribbean-stud-standard"))
    assert isinstance(game, SpecGame)
    return game.spec


#: Sampled class rows of Caribbean Stud's (hand, up card) situations.
SAMPLED_ROWS = (0, 1_234_567, 2_718_281, 5_649_149)


def oracle_strategies(hand: list[int], up: int) -> dict[str, Fraction]:
    """Each strategy's EV per Ante of one (hand, up card), from the oracle's listing of every
    hole card: the counts pooled by what the strategy learns, then the better decision."""
    counts = {}
    for hole in (c for c in range(52) if c not in hand and c != up):
        found = caribbean.seen_situation(hand, up, hole)
        counts[hole] = found
    nets = caribbean.raise_net(caribbean.hand_value(hand))
    learn = {
        "none": lambda card: 0,
        "group:JQK,AT98765432": lambda card: card // 4 in (9, 10, 11),
        "rank": lambda card: card // 4,
        "card": lambda card: card,
    }
    values = {}
    for name, key in learn.items():
        pooled: dict[object, list[int]] = {}
        for hole, found in counts.items():
            raised = sum(getattr(found, outcome) * net for outcome, net in nets.items())
            total = found.not_qualified + found.player_wins + found.ties + found.dealer_wins
            sums = pooled.setdefault(key(hole), [0, 0])
            sums[0] += raised
            sums[1] -= total  # a fold loses the Ante
        values[name] = Fraction(sum(max(pair) for pair in pooled.values()), 46 * comb(45, 3))
    return values


@pytest.mark.parametrize("row", SAMPLED_ROWS)
def test_caribbean_hole_card_strategies_equal_the_brute_force(
    caribbean_spec: GameSpec, row: int
) -> None:
    """One (hand, up card) class row: every strategy's exact EV equals the oracle's, and every
    seen card's counts equal its listing (the row's weight cancels in one row's EV)."""
    rules = load_rules("caribbean-stud-standard")
    classes = deal_situations(caribbean_spec.shape)
    hand = [int(c) for c in classes.hands[row]]
    up = int(classes.seen[row, 0])
    table = hole_card_table(caribbean_spec, rules, [], rows=np.array([row]))
    expected = oracle_strategies(hand, up)
    assert {name: exact(table, name) for name in expected} == expected
    hidden, cells = seen_cells(caribbean_spec, rules, classes, np.array([row]))
    for slot in (0, 17, 45):
        found = caribbean.seen_situation(hand, up, int(hidden[0, slot]))
        listed = [found.not_qualified, found.player_wins, found.ties, found.dealer_wins]
        counted = cells[0, slot]
        assert [int(counted[:3].sum()), *(int(c) for c in counted[3:])] == listed


@pytest.mark.heavy
@pytest.mark.slow
def test_the_whole_caribbean_hole_card_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``crazy4 advantage holecards --rules caribbean-stud-standard`` whole (about 7 minutes on
    2 shared cores: docs/advantage.md): every situation and deal counted once, knowing nothing
    is the published 5.22% house edge, and each strategy knows more than the last."""
    out = tmp_path / "hole"
    arguments = ["advantage", "holecards", "--rules", "caribbean-stud-standard", "--seen", "1",
                 "--out", str(out), "--jobs", "2", "--quiet"]  # fmt: skip
    assert main(arguments) == 0
    capsys.readouterr()
    table = pd.read_parquet(out / "hole_strategies.parquet")
    assert set(table["situations"]) == {comb(52, 5) * 47 * 46}
    assert set(table["deals"]) == {comb(52, 5) * 47 * 46 * comb(45, 3)}
    assert round(-float(exact(table, "none")), 4) == 0.0522
    ordered = [exact(table, name) for name in table["strategy"]]
    assert ordered == sorted(ordered)


@pytest.mark.parametrize(
    ("hand", "up", "hole"), [("As Kd 7h 4c 2s", "Qh", "3d"), ("Ah Ad Kc Ks 2h", "3c", "7d")]
)
def test_one_caribbean_situation_is_the_oracles(
    hand: str, up: str, hole: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``advantage holecards --hand --up --seen-cards``: the counts, the Raise's exact EV and
    the better decision are the oracle's listing of the 14,190 completions."""
    arguments = ["advantage", "holecards", "--rules", "caribbean-stud-standard", "--hand", hand,
                 "--up", up, "--seen-cards", hole]  # fmt: skip
    assert main(arguments) == 0
    out = capsys.readouterr().out
    found = caribbean.seen_situation(hand, up, hole)
    assert f"not qualified {found.not_qualified:,}; " in out
    assert f"dealer higher {found.dealer_wins:,})" in out
    assert f"2x: {float(found.raise_ev):+.6f} (exact {found.raise_ev})" in out
    assert out.rstrip().endswith("best: " + ("2x" if found.best == "raise" else "fold"))


def test_one_situation_needs_the_up_card(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["advantage", "holecards", "--rules", "caribbean-stud-standard", "--hand",
                 "As Kd 7h 4c 2s", "--seen-cards", "3d"]  # fmt: skip
    assert main(arguments) == 2
    assert capsys.readouterr().err.strip().endswith("deals 1 dealer card(s) face up")
