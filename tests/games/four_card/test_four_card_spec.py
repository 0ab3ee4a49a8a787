"""Four Card Poker on the specification engines (issue 42: the game as data over the engines
every game shares, its situations -- a hand and the up card -- counted by the forced-card
override its deal shape picks).

The specification's exact analysis must agree with the game's own engines to the last integer
(the same house edge of the whole game and of each Aces Up table), and the house edge must be
the published 2.78% of the Ante (``../shared/rules/four-card-poker.md``: "Ante + Play with
optimal play: house edge 2.78% of the Ante"). The rule set is the shipped standard one (Ante
Bonus table 1, the five Aces Up tables, the limits) without its Bad Beat Bonus, which a
specification cannot say yet.
"""

from __future__ import annotations

import re
from fractions import Fraction
from math import comb
from pathlib import Path

import pandas as pd
import pytest

from crazy4.analyze.analysis import SpecAnalysis, analyze_spec, side_bet_outcomes
from crazy4.game import SpecGame
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.games.four_card.spec import FOUR_CARD_SPEC
from crazy4.registry import game_named, load_rules, parse_rules
from crazy4.rules.load import RULES_DIR
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.specification import GameSpec
from tests.exact_sums import exact_dot

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def rules() -> RuleSet:
    """four-card-standard without its ``[bad_beat]`` and ``[bad_beat.pays]`` sections."""
    text = (RULES_DIR / "four-card-standard.toml").read_text()
    kept = re.sub(r"\[bad_beat(\.pays)?\]\n(?:[^\[\n][^\n]*\n|\n)*", "", text)
    assert "bad_beat" not in kept and "[limits]" in kept
    return parse_rules(kept, "four-card-no-bad-beat.toml")


@pytest.fixture(scope="module")
def on_spec(rules: RuleSet) -> SpecAnalysis:
    """The rule set analyzed by the specification engines."""
    return analyze_spec(FOUR_CARD_SPEC, rules, jobs=2)


@pytest.fixture(scope="module")
def own() -> pd.DataFrame:
    """The game's own engines' bets of four-card-standard, as committed in ``results/`` (the
    main game and the Aces Up do not depend on the Bad Beat Bonus; the committed tables are
    checked against their own engines by ``make results`` and the oracle tests)."""
    return pd.read_parquet(ROOT / "results" / "four-card-standard" / "bets.parquet")


def _bet_ev(bets: pd.DataFrame, name: str) -> Fraction:
    row = bets.set_index("bet").loc[name]
    return Fraction(int(row["ev_numerator"]), int(row["ev_denominator"]))


def test_the_house_edge_is_the_games_own_and_the_published(
    on_spec: SpecAnalysis, own: pd.DataFrame
) -> None:
    """The same exact EV as the game's own engines; 2.78% of the Ante as published; every
    deal counted: C(52,5) hands x 47 up cards x C(46,5) hidden dealer cards."""
    edge = -on_spec.main_ev()
    assert -_bet_ev(own, "ante_play") == edge
    assert f"{float(edge) * 100:.2f}" == "2.79"  # published 2.78: 2.7879% truncated
    deals = exact_dot(on_spec.main.combos)
    assert deals == comb(52, 5) * 47 * comb(46, 5) == FOUR_CARD_SPEC.published_deals


def test_each_aces_up_table_alike(on_spec: SpecAnalysis, own: pd.DataFrame, rules: RuleSet) -> None:
    names = [bet.name for bet in on_spec.side_bets]
    assert len(names) == 5 and names == [bet.name for bet in rules.side_bets]
    for bet in on_spec.side_bets:
        ev = Fraction(exact_dot(bet.combos, bet.net), exact_dot(bet.combos) * bet.unit)
        assert ev == _bet_ev(own, bet.name)


def test_the_bad_beat_bonus_is_its_own_engines(on_spec: SpecAnalysis) -> None:
    """The Bad Beat Bonus keyed on the losing player's hand (the standard rules' illustrative
    table, a fold forfeiting it) is a side bet the outcome cells settle: the same exact EV as
    the game's own engines, and paid on exactly the deals the dealer's hand is higher."""
    rules = load_rules("four-card-standard")
    sides = FOUR_CARD_SPEC.side_bets(rules)
    assert [side.name for side in sides] == [bet.name for bet in rules.side_bets] + ["bad_beat"]
    counts, strengths, weights = on_spec.cells, on_spec.strengths, on_spec.weights
    decisions = on_spec.prices.decision
    args = (FOUR_CARD_SPEC, rules, strengths, weights, on_spec.prices.completions)
    bet = side_bet_outcomes(*args, on_spec.hands, on_spec.seen, decisions, counts)[-1]
    ev = Fraction(exact_dot(bet.combos, bet.net), bet.unit * exact_dot(bet.combos))
    own = pd.read_parquet(ROOT / "results" / "four-card-standard" / "bets.parquet")
    assert ev == _bet_ev(own, "bad_beat")
    paid = (bet.net > 0) & (bet.combos > 0)
    assert paid[:, [0, 1, 3, 4]].sum() == 0 and paid[decisions == 0].sum() == 0


def test_an_aces_up_a_fold_forfeits_says_so() -> None:
    text = (RULES_DIR / "four-card-ante-bonus-2.toml").read_text()
    forfeited = text.replace("fold_forfeits = false", "fold_forfeits = true", 1)
    sides = FOUR_CARD_SPEC.side_bets(parse_rules(forfeited, "forfeit.toml"))
    assert [side.fold_forfeits for side in sides] == [True] + [False] * (len(sides) - 1)
    assert "a fold forfeits it" in sides[0].description


@pytest.mark.parametrize("spec", [FOUR_CARD_SPEC, CRAZY_FOUR_SPEC], ids=lambda s: s.key)
def test_the_specification_and_the_registered_game_say_the_same(spec: GameSpec) -> None:
    """The registry's game and its specification name the same game, deal and bets."""
    game = game_named(spec.key)
    assert type(game) is SpecGame and game.spec is spec
    for name in ("title", "published_deals", "side_bet_label", "required_multiples"):
        assert getattr(spec, name) == getattr(game, name), name
    assert game.dealer_cards == (spec.shape.dealer_cards, spec.shape.face_up)
    assert game.player_cards == spec.shape.player_cards
