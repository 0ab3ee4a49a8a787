"""The strategy read by strength on the specification engines: runs of strengths
(:func:`crazy4.analyze.tables.strategy_table`) and the hands at the border of a decision
(:func:`crazy4.analyze.tables.border_hands`), on hand-made classes whose answers are written out
by hand (Crazy 4 Poker's specification: five cards, the best four played)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np

from crazy4.analyze.tables import border_hands, has_border_hands, strategy_table
from crazy4.core.cards import parse_cards
from crazy4.core.ranking import hand_strength
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.games.three_card.game import THREE_CARD


def strength(cards: str) -> int:
    return hand_strength(parse_cards(cards))


def analysis(hands: list[str], strengths: list[int], weights: list[int], **prices: Any) -> Any:
    """A stand-in for :class:`crazy4.analyze.analysis.SpecAnalysis`: what the tables read."""
    return SimpleNamespace(
        hands=np.array([sorted(parse_cards(hand)) for hand in hands], dtype=np.uint8),
        strengths=np.array(strengths),
        weights=np.array(weights),
        prices=SimpleNamespace(**prices),
    )


def test_runs_split_where_the_decision_changes_or_mixes() -> None:
    low, middle, high, top = 10, 11, 12, 2000  # 10-12 high cards; 2000 well above
    made = analysis(
        ["2c 3d 4h 5s 7c"] * 6,  # the cards are not read
        [low, low, middle, middle, high, top],
        [4, 12, 24, 4, 12, 24],
        decision=np.array([0, 0, 0, 1, 1, 3]),
    )
    runs = strategy_table(CRAZY_FOUR_SPEC, made)
    assert runs["from_strength"].tolist() == [low, middle, high, top]
    assert runs["to_strength"].tolist() == [low, middle, high, top]
    assert runs["decision"].tolist() == ["fold", "mixed", "1x", "3x"]
    assert runs["combinations"].tolist() == [16, 28, 12, 24]
    assert runs["combinations_fold"].tolist() == [16, 24, 0, 0]
    assert runs["combinations_1x"].tolist() == [0, 4, 12, 0]
    assert runs["share_fold"].tolist()[1] == 24 / 28
    assert runs["hand_classes"].tolist() == [2, 2, 1, 1]


def test_consecutive_strengths_with_one_decision_make_one_run() -> None:
    made = analysis(["2c 3d 4h 5s 7c"] * 3, [5, 6, 7], [4, 4, 4], decision=np.array([1, 1, 1]))
    runs = strategy_table(CRAZY_FOUR_SPEC, made)
    assert runs[["from_strength", "to_strength", "decision"]].values.tolist() == [[5, 7, "1x"]]


def test_border_hands_name_the_discard_and_the_margin() -> None:
    same = strength("Kc Qd 7h 6s")
    made = analysis(
        ["Kc Qd 7h 6s 5c", "Kc Qd 7h 6s 2c"],
        [same, same],
        [24, 12],
        completions=2,
        unit=2,
        allowed=np.array([[True, True, False, True], [True, True, False, True]]),
        ev=np.array([[-4, -2, 0, 1], [-4, -5, 0, -6]]),
        decision=np.array([3, 0]),
    )
    border = border_hands(CRAZY_FOUR_SPEC, made)
    assert border["hand"].tolist() == ["Kc Qd 7h 6s 2c", "Kc Qd 7h 6s 5c"]  # by margin
    assert border["best_four"].tolist() == ["Kc Qd 7h 6s"] * 2
    assert border["discard"].tolist() == ["2c", "5c"]
    assert border["decision"].tolist() == ["fold", "3x"]
    assert border["margin"].tolist() == [-4 / 4 - (-5 / 4), 1 / 4 - (-2 / 4)]
    assert np.isnan(border["ev_2x"]).all()


def test_no_border_hands_where_every_strength_is_pure() -> None:
    made = analysis(
        ["Kc Qd 7h 6s 5c"], [strength("Kc Qd 7h 6s")], [24], completions=1, unit=1,
        allowed=np.ones((1, 4), bool), ev=np.zeros((1, 4), int), decision=np.array([0]),
    )  # fmt: skip
    border = border_hands(CRAZY_FOUR_SPEC, made)
    assert border.empty and "margin" in border.columns


def test_only_a_game_whose_hands_discard_has_border_hands() -> None:
    """Five cards dealt, four played: a discard; Three Card Poker plays all three."""
    assert has_border_hands(CRAZY_FOUR_SPEC) and not has_border_hands(THREE_CARD)
