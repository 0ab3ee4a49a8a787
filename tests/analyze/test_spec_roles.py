"""Every game's collusion and surveillance roles from its specification
(:func:`crazy4.advantage.collusion.colluder_role`, :func:`crazy4.advantage.surveil.
surveillance_of`: the specification's data): what Crazy 4 Poker's and
Four Card Poker's own outcome-cell roles gave (before they were deleted) is checked here on the
specification path, by the rules text: the practical team rules, the bets apart, the seen
cards, the honest decisions, a round settled on the dealer's whole hand and the exact edge.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from crazy4.advantage.collusion import colluder_role
from crazy4.advantage.collusion_engine import forfeited_side_bets
from crazy4.advantage.surveil import surveillance_of
from crazy4.core.cards import colex_indices, parse_card, parse_cards
from crazy4.game import SpecGame
from crazy4.registry import game_named, load_rules
from crazy4.rules.load import shipped_rule_names
from crazy4.rules.ruleset import RuleSet


def rules_of(key: str) -> RuleSet:
    """A shipped rule set of the game ``key`` (the roles are found through a rule set)."""
    return next(load_rules(n) for n in shipped_rule_names() if load_rules(n).game == key)


@pytest.mark.parametrize(
    ("key", "practical", "most_seen", "published"),
    [("crazy-4-poker", ("A", "AK", "K", "AKQ"), 2, 1), ("four-card-poker", ("up",), 1, 0)],
)
def test_the_best_four_games_take_their_roles_from_the_specification(
    key: str, practical: tuple[str, ...], most_seen: int, published: int
) -> None:
    game = game_named(key)
    assert isinstance(game, SpecGame) and game.spec.team_rules == practical
    table, role = surveillance_of(rules_of(key)), colluder_role(rules_of(key))
    assert table.practical_rules == role.practical_rules == practical
    assert (table.most_seen, game.published_seen, table.max_seats) == (most_seen, published, 7)
    assert role.shape == game.spec.shape


def test_three_card_poker_knows_no_practical_rule_but_its_collusion_study_shares_aces() -> None:
    rules = rules_of("three-card-poker")
    assert surveillance_of(rules).practical_rules == ()
    assert colluder_role(rules).practical_rules == ("A",)


@pytest.mark.parametrize(
    ("name", "bets"),
    [
        ("crazy4-standard", ["ante_super_bonus_play", "ante_play", "super_bonus"]),
        (
            "crazy4-cardroom",
            ["ante_super_bonus_play", "ante_play", "super_bonus", "queens-up-50-30-9-4-3-2-1"],
        ),
        ("four-card-standard", ["ante_play", "bad_beat"]),
        ("four-card-ante-bonus-2", ["ante_play"]),
    ],
)
def test_the_bets_apart_add_up_and_a_fold_loses_each(name: str, bets: list[str]) -> None:
    """The main game's parts add up to it (per Ante: the Super Bonus is one Ante's wager); a
    forfeited side bet loses its unit on a fold, in every cell."""
    rules = load_rules(name)
    priced, unpriced = colluder_role(rules).bet_settlements(rules)
    assert list(priced) == bets and unpriced == {}
    main = priced[bets[0]]
    if "super_bonus" in priced:
        parts = priced["ante_play"].nets + priced["super_bonus"].nets
        assert np.array_equal(parts * main.unit // priced["ante_play"].unit, main.nets)
    for name_ in bets[1:]:
        if name_ not in ("ante_play", "super_bonus"):
            settled = priced[name_]
            assert (settled.nets[:, 0, :] == -settled.unit).all()


def test_the_bad_beat_pays_only_when_the_dealer_is_higher() -> None:
    """Four Card Poker's Bad Beat Bonus (keyed on the player's hand, a fold forfeits it): three
    of a kind played 1x pays 200 to 1 when the dealer's hand is higher, else loses."""
    from crazy4.core.ranking import strength_of_description

    rules = load_rules("four-card-standard")
    spec = game_named("four-card-poker").spec
    bets, _ = forfeited_side_bets(spec, rules)
    trips = strength_of_description("three of a kind")
    assert bets["bad_beat"].nets[trips, 1].tolist() == [-1, -1, 200, -1, -1, 200]
    assert bets["bad_beat"].nets[trips, 0].tolist() == [-1] * 6


def test_the_honest_decisions_are_the_optimal_ones() -> None:
    """Four aces raise 3x, queen high folds; beside a king up card too."""
    hands = np.array([parse_cards("As Ad Ac Ah 2s"), parse_cards("Qs 9d 7c 4h 2s")])
    colex = colex_indices(np.sort(hands, axis=1))
    crazy = load_rules("crazy4-standard")
    assert colluder_role(crazy).honest_decisions(crazy, colex, None).tolist() == [3, 0]
    four = load_rules("four-card-standard")
    up = np.array([parse_card("Kd"), parse_card("Kd")])
    assert colluder_role(four).honest_decisions(four, colex, up).tolist() == [3, 0]
    table = surveillance_of(four)
    assert table.honest_decisions(four, np.sort(hands, axis=1), up[:, None]).tolist() == [3, 0]


def test_a_round_is_settled_on_the_dealers_whole_hand() -> None:
    """Crazy 4 Poker: four aces played 3x against a qualifying king high win the Ante, the
    Play (3) and the Super Bonus on quads (200 to 1): 204 Antes."""
    rules = load_rules("crazy4-standard")
    table = surveillance_of(rules)
    hand = np.array([sorted(parse_cards("As Ad Ac Ah Kd"))])
    dealer = np.array([parse_cards("Ks Qd 8c 4h 2s")])
    net = table.settle(rules, hand, dealer, np.array([3]))
    assert Fraction(int(net[0]), table.unit(rules)) == 204


@pytest.mark.parametrize(
    ("name", "edge"),
    [("crazy4-standard", 0.034189), ("four-card-standard", 0.027879)],
)
def test_the_exact_edge_is_the_games(name: str, edge: float) -> None:
    rules = load_rules(name)
    exact = colluder_role(rules).exact_edge(rules)
    assert round(float(exact), 6) == edge
    assert surveillance_of(rules).honest_ev(rules) == -exact
