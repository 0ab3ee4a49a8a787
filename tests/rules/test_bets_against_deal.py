"""A bet scores only cards the game deals (issue 42, item 4): a Three Card Poker rule file with
a progressive on "the player's five cards" is refused at load, in one line, exit status 2.

The expectation is read from the rules text: Three Card Poker deals the player three cards
(``../shared/rules/three-card-poker.md``), and both progressive scorings read five.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from in_process import crazy4

from crazy4.errors import InputError
from crazy4.registry import load_rules
from crazy4.rules.load import RULES_DIR

PROGRESSIVE = """
[progressive]
scoring = "{scoring}"
wager = 1
reset = 5000
contribution = "20%"

[progressive.pays]
straight_flush = {{ meter = "100%" }}
"""


def _three_card_with_progressive(folder: Path, scoring: str) -> Path:
    text = (RULES_DIR / "three-card-standard.toml").read_text()
    text = text.replace('name = "three-card-standard"', 'name = "three-card-progressive"')
    path = folder / "three-card-progressive.toml"
    path.write_text(text + PROGRESSIVE.format(scoring=scoring))
    return path


@pytest.mark.parametrize("scoring", ["five_cards", "best_four"])
def test_a_three_card_progressive_is_refused_at_load(tmp_path: Path, scoring: str) -> None:
    path = _three_card_with_progressive(tmp_path, scoring)
    with pytest.raises(InputError) as caught:
        load_rules(str(path))
    message = str(caught.value)
    assert "[progressive]" in message and "'scoring'" in message
    assert "deals the player 3" in message and "\n" not in message


def test_the_command_line_refuses_it_in_one_line(tmp_path: Path) -> None:
    path = _three_card_with_progressive(tmp_path, "five_cards")
    out = tmp_path / "out"
    done = crazy4("analyze", "--rules", str(path), "--out", str(out))
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "three-card-progressive.toml [progressive]" in lines[0]
    assert not out.exists()


@pytest.mark.parametrize("name", ["crazy4-progressive", "four-card-progressive"])
def test_a_five_card_game_keeps_its_progressive(name: str) -> None:
    """The games that deal the player five cards keep their progressive (no false refusal)."""
    progressive = load_rules(name).progressive
    assert progressive is not None and progressive.scoring == "five_cards"
