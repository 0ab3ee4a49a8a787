"""Rule files: the shipped sets load, and every kind of bad file is refused clearly."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from crazy4.errors import InputError
from crazy4.registry import load_rules, parse_rules
from crazy4.rules.load import shipped_rule_names

STANDARD = (
    Path(__file__).resolve().parents[2] / "crazy4" / "rules" / "data" / "crazy4-standard.toml"
).read_text()


def test_shipped_rule_sets_load() -> None:
    assert {"crazy4-standard", "crazy4-cardroom"} <= set(shipped_rule_names())
    standard = load_rules("crazy4-standard")
    assert standard.play.multiples == (1, 2, 3)
    assert standard.super_bonus is not None
    odds = {e.label: e.odds for e in standard.super_bonus.table.entries}
    assert odds == {
        "four aces": 200, "four of a kind": 30, "straight flush": 15,
        "three of a kind": 2, "flush": Fraction(3, 2), "straight": 1,
    }  # fmt: skip
    cardroom = load_rules("crazy4-cardroom")
    assert cardroom.play.multiples == (1, 3)
    assert cardroom.blind_second_hand
    assert cardroom.super_bonus is not None
    assert "three of a kind" not in {e.label for e in cardroom.super_bonus.table.entries}
    assert all(bet.fold_forfeits for bet in cardroom.side_bets)


def test_a_rule_file_path_loads(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(STANDARD.replace('name = "crazy4-standard"', 'name = "mine"'))
    assert load_rules(str(path)).name == "mine"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('qualifier = "K high"', 'qualifer = "K high"', "unknown key 'qualifer'"),
        ('title = "Crazy 4 Poker, standard casino rules"\n', "", "missing key 'title'"),
        (
            "four_aces = 200",
            "four_aces = -200",
            "[super_bonus] pays: four_aces: payout -200 is negative",
        ),
        ("four_aces = 200", 'four_aces = "lots"', "payout 'lots' is not a number"),
        ("multiples = [1, 2, 3]", "multiples = [1, 2, 4]", "multiple 4 is outside 1-3"),
        ("multiples = [1, 2, 3]", "multiples = [2, 3]", "must allow a 1x Play bet"),
        ("four_aces = 200", "five_aces = 200", "unknown hand 'five_aces'"),
        (
            'play_when_not_qualified = "wins"',
            'play_when_not_qualified = "maybe"',
            "expected one of wins, compared",
        ),
        ('qualifier = "K high"', 'qualifier = "3 high"', "qualifier"),
        ("[dealer]", "[dealer\n", "not valid TOML"),
    ],
)
def test_bad_rule_files_name_file_key_and_problem(old: str, new: str, message: str) -> None:
    assert old in STANDARD
    with pytest.raises(InputError, match=r"bad\.toml") as caught:
        parse_rules(STANDARD.replace(old, new, 1), "bad.toml")
    assert message in str(caught.value)


def test_unknown_rule_set_lists_the_shipped_ones() -> None:
    with pytest.raises(InputError, match=r"unknown rule set .nope.; shipped rule sets: .*crazy4"):
        load_rules("nope")
    with pytest.raises(InputError, match="does not exist"):
        load_rules("missing/file.toml")


def test_content_hash_identifies_the_text() -> None:
    first = parse_rules(STANDARD, "a.toml")
    second = parse_rules(STANDARD + "\n# a comment\n", "a.toml")
    assert first.content_hash != second.content_hash
    assert first.content_hash == parse_rules(STANDARD, "b.toml").content_hash
