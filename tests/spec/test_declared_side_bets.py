"""A declared game's ``[[side_bet]]`` names the cards it scores and its ranking (issue 44).

The declared Three Card Poker (``data/three-card-declared.toml``) with a 6-Card Bonus added:
``scores = "player_and_dealer"``, ``ranking = "five_card"``. Its exact house edge is the one
the well-known table of six-card hands gives (royal flush 188, straight flush 1,656, four of a
kind 14,664, full house 165,984, flush 205,792, straight 361,620, three of a kind 732,160 of
C(52, 6) = 20,358,520 sets). A bet the deal cannot settle is refused in one line at load.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest

from crazy4.analyze.analysis import player_strengths, side_bet_outcomes
from crazy4.analyze.situations import deal_situations
from crazy4.core.bets import summarize
from crazy4.core.cards import parse_cards
from crazy4.errors import InputError
from crazy4.registry import game_of, load_rules
from crazy4.report.hand import spec_hand_result

DECLARED = Path(__file__).with_name("data") / "three-card-declared.toml"

BONUS = """
[[side_bet]]
name = "six-card-bonus"
scores = "player_and_dealer"
ranking = "five_card"
[side_bet.pays]
three_of_a_kind = 5
straight = 10
flush = 20
full_house = 25
four_of_a_kind = 50
straight_flush = 200
royal_flush = 1000
"""

#: (count of six-card sets, pay) of each paying category, royal flush first.
PAID = ((188, 1000), (1656, 200), (14664, 50), (165984, 25), (205792, 20), (361620, 10))
TRIPS = (732160, 5)


def _file(tmp_path: Path, extra: str) -> str:
    path = tmp_path / "declared.toml"
    path.write_text(DECLARED.read_text() + extra)
    return str(path)


def test_a_declared_six_card_bonus_is_priced_on_both_hands(tmp_path: Path) -> None:
    rules = load_rules(_file(tmp_path, BONUS))
    spec = game_of(rules).spec
    bonus = spec.side_bets(rules)[1]
    assert (bonus.scores, bonus.cards(spec.shape)) == ("player_and_dealer", 6)
    situations = deal_situations(spec.shape)
    strengths = player_strengths(spec, situations.hands)
    bets = side_bet_outcomes(
        spec,
        rules,
        strengths,
        situations.weights,
        comb(49, 3),
        situations.hands,
        situations.seen,
    )
    assert int(bets[1].combos.sum(dtype=object)) == 22_100 * 18_424
    row = summarize(bets[1], situations.weights)
    paid = sum(count * pay for count, pay in (*PAID, TRIPS))
    losing = comb(52, 6) - sum(count for count, _ in (*PAID, TRIPS))
    assert Fraction(row["ev_numerator"], row["ev_denominator"]) == Fraction(
        paid - losing, comb(52, 6)
    )
    lines = spec.rule_lines(rules)
    assert any(
        "six-card-bonus (on the best hand of the 6 cards of the player and the dealer "
        "together, ranked five_card)" in line
        for line in lines
    )


def test_one_hand_shows_a_bet_on_the_dealer_cards_as_depending_on_them(tmp_path: Path) -> None:
    rules = load_rules(_file(tmp_path, BONUS))
    spec = game_of(rules).spec
    result = spec_hand_result(spec, rules, parse_cards("Ah Ad Ac"), None)
    side_bets = result["side_bets"]
    assert isinstance(side_bets, dict)
    assert side_bets["pair-plus-1-4-6-30-40"] == "pays 30 to 1"
    # three aces are paid whatever the dealer holds: every one of the 18,424 dealer hands.
    # Four aces (the last ace among the dealer's three: C(48, 2) = 1,128 hands) pay 50; a full
    # house (the dealer's trips, 12 * 4 = 48, or a pair and a kicker, 12 * 6 * 44 = 3,168)
    # pays 25; the other 14,080 hands three of a kind, 5 (no flush, no straight is possible)
    text = side_bets["six-card-bonus"]
    assert text.startswith("depends on the dealer's cards: pays on 18,424 of 18,424 dealer hands")
    ev = Fraction(1128 * 50 + (48 + 3168) * 25 + 14080 * 5, 18424)
    assert f"EV {ev.numerator}/{ev.denominator} " in text


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ('scores = "player_and_dealer"\n', ""),
            r"declared\.toml \[\[side_bet\]\] #2: key 'ranking': ranking 'five_card' ranks "
            r"hands of 5, 6 or 7 cards; the bet scores the player's 3 cards$",
        ),
        (
            ('scores = "player_and_dealer"', 'scores = "dealer"'),
            r"declared\.toml \[\[side_bet\]\] #2: key 'scores' is 'dealer'; expected one of "
            r"player, player_and_dealer$",
        ),
        (
            ('ranking = "five_card"', 'ranking = "seven_card"'),
            r"declared\.toml \[\[side_bet\]\] #2: key 'ranking': unknown ranking 'seven_card'",
        ),
        (
            ('ranking = "five_card"', 'ranking = "three_card"'),
            r"declared\.toml \[\[side_bet\]\] #2: key 'ranking': ranking 'three_card' ranks "
            r"hands of 3 cards; the bet scores the 6 cards of the player and the dealer together$",
        ),
    ],
)
def test_a_side_bet_the_deal_cannot_settle_is_refused_in_one_line(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    with pytest.raises(InputError, match=message) as raised:
        load_rules(_file(tmp_path, BONUS.replace(*change)))
    assert "\n" not in str(raised.value)


def test_the_scores_of_a_plain_side_bet_are_the_players_hand(tmp_path: Path) -> None:
    rules = load_rules(str(DECLARED))
    spec = game_of(rules).spec
    (pair_plus,) = spec.side_bets(rules)
    assert (pair_plus.scores, pair_plus.ranking) == ("player", None)
    assert np.array_equal(
        pair_plus.pays.odds_numerators(spec.ranking, 1)[-1:], np.array([40], dtype=np.int64)
    )
