"""A game declared in its rule file (``[game]``), served by the specification engines.

The expected figures come from the Three Card Poker oracle (``tests/oracle_three_card.py``,
written from the rules text, importing nothing from the package): the declared file says the
same game in data, so its exact edge, Pair Plus edge and element of risk must be the oracle's.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from in_process import crazy4
from oracle_three_card import optimal_strategy_edge, pair_plus_edge

from crazy4.analyze.analysis import analyze_spec
from crazy4.errors import InputError
from crazy4.registry import game_of, load_rules, parse_rules
from tests.exact_sums import exact_dot

DECLARED = Path(__file__).with_name("data") / "three-card-declared.toml"


def test_a_declared_three_card_poker_equals_the_oracle() -> None:
    rules = load_rules(str(DECLARED))
    game = game_of(rules)
    assert game.key == "three-card-declared"
    analysis = analyze_spec(game.spec, rules, jobs=2)  # type: ignore[attr-defined]
    oracle = optimal_strategy_edge()
    assert -analysis.main_ev() == oracle.house_edge
    pair_plus = analysis.side_bets[0]
    ev = Fraction(
        exact_dot(pair_plus.combos, pair_plus.net), exact_dot(pair_plus.combos) * pair_plus.unit
    )
    assert -ev == pair_plus_edge("1-4-6-30-40")


def test_the_command_line_analyzes_a_declared_game(tmp_path: Path) -> None:
    out = tmp_path / "out"
    run = crazy4("analyze", "--rules", str(DECLARED), "--out", str(out), "--quiet")
    assert run.returncode == 0, run.stderr
    report = (out / "report.md").read_text()
    assert "Ante Bonus: not qualified: paid on the pay table" in report
    assert "house edge 3.3730%" in run.stdout


def _with(old: str, new: str) -> str:
    text = DECLARED.read_text()
    assert old in text
    return text.replace(old, new)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("hand_cards = 3", "hand_cards = 4", "hand_cards = 4 is more than the 3 cards dealt"),
        ("face_up = 0", "face_up = 4", "key 'face_up' is 4; expected 0 to 2"),
        ('ranking = "three_card"', 'ranking = "seven_card"', "unknown ranking 'seven_card'"),
        ("player_cards = 3", "player_cards = 5", "ranks hands of 3 cards, not 5"),
        ("\nflush = 4", "\nfour_of_a_kind = 4", "unknown hand 'four_of_a_kind'"),
        (
            'player_higher = "wins"\ndealer_higher = "loses"\n\n[settle.ante_bonus]',
            'player_higher = "pays"\ndealer_higher = "loses"\n\n[settle.ante_bonus]',
            "key 'player_higher' is 'pays' but there is no [pays] table",
        ),
        ('key = "three-card-declared"', 'key = "three-card-poker"', "is a registered game's"),
        ('fold = "loses"', 'fold = "sometimes"', "key 'fold'"),
        ("hand_cards = 3", "hand_cards = 3\nboard = 5", "unknown key 'board'"),
    ],
)
def test_an_incoherent_game_is_refused_in_one_line(old: str, new: str, message: str) -> None:
    with pytest.raises(InputError, match=re.escape(message)) as caught:
        parse_rules(_with(old, new), "g.toml")
    assert "\n" not in str(caught.value)
    assert str(caught.value).startswith("g.toml")


def test_the_command_line_refuses_an_incoherent_game_with_status_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(_with("hand_cards = 3", "hand_cards = 9"))
    run = crazy4("analyze", "--rules", str(bad), "--out", str(tmp_path / "o"))
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "hand_cards = 9" in run.stderr
