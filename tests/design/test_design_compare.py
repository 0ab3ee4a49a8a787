"""``crazy4 design compare`` and ``--set``: the bets side by side and the hands whose decision
changes, checked against the Three Card Poker oracle; rule files changed, written and loaded
back."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path

import pytest
from oracle_three_card import STANDARD_BONUS, Rules, optimal_strategy_edge

from crazy4.cli.main import main
from crazy4.design.basis import changed_rules
from crazy4.design.compare import compare_rules
from crazy4.design.ruleswrite import write_rules
from crazy4.errors import InputError
from crazy4.rules.load import load_rules


def test_decision_changes_match_the_oracle() -> None:
    """A larger Ante Bonus on straights and ties to the player make no hand fold that played:
    the hands whose decision changes are the oracle's difference in hands that play."""
    base = load_rules("three-card-standard")
    changed = changed_rules(base, [("ante_bonus.straight", "3"), ("dealer.ties", "player")])
    compared = compare_rules([base, changed])
    bonus = {**STANDARD_BONUS, "straight": Fraction(3)}
    before = optimal_strategy_edge(Rules())
    after = optimal_strategy_edge(Rules(ante_bonus=bonus, ties="player"))
    changes = compared.changes[0]
    moved = int(changes["weight"].sum())
    assert moved == abs(after.plays - before.plays) > 0
    edges = compared.figures[compared.figures["bet"] == "ante_play"]["house_edge_exact"].tolist()
    assert edges == [str(before.house_edge), str(after.house_edge)]


def test_compare_command_writes_markdown_and_html(tmp_path: Path) -> None:
    rules = tmp_path / "tc.toml"
    write_rules(load_rules("three-card-standard"), [("pair_plus[0].flush", "5")], rules, "tc", "TC")
    for kind in ("md", "html"):
        out = tmp_path / f"c.{kind}"
        assert main(["design", "compare", "three-card-standard", str(rules), "--format", kind,
                     "--out", str(out)]) == 0  # fmt: skip
        text = out.read_text()
        assert "pair-plus-1-4-6-30-40" in text and "tc" in text
    assert "<table>" in (tmp_path / "c.html").read_text()


def test_a_written_rule_file_loads_back_with_its_own_provenance(tmp_path: Path) -> None:
    base = load_rules("four-card-standard")
    path = tmp_path / "mine.toml"
    written = write_rules(base, [("aces_up[1].flush", "7/2")], path, "mine", "My Four Card")
    data = tomllib.loads(path.read_text())
    assert (data["name"], data["title"], data["game"]) == ("mine", "My Four Card", base.game)
    assert data["aces_up"][1]["pays"]["flush"] == "7/2"  # as typed: a rule file's odds text
    assert data["source"].startswith(
        f"derived from four-card-standard (sha256 {base.content_hash[:12]})"
    )
    assert "aces_up[1].flush = 7/2" in data["source"]
    assert base.source not in path.read_text()
    del data["name"], data["title"], data["source"]
    original = tomllib.loads(base.text)
    original["aces_up"][1]["pays"]["flush"] = "7/2"
    del original["name"], original["title"], original["source"]
    assert data == original  # nothing else changed
    assert written.name == "mine"
    assert "flush 7/2" in written.side_bets[1].table.describe()


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("dealer.colour", "no key or pay line 'colour'"),
        ("aces_up[9].flush", "has no table number 9"),
        ("aces_up.nosuch.flush", "no table named 'nosuch'"),
        ("ante_bonus.pays", "no key or pay line 'pays'"),
    ],
)
def test_bad_paths_are_refused(path: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        changed_rules(load_rules("four-card-standard"), [(path, "1")])


def test_a_bad_value_is_the_loaders_error() -> None:
    with pytest.raises(InputError, match="negative"):
        changed_rules(load_rules("four-card-standard"), [("aces_up[0].flush", "-2")])


def test_four_card_decisions_by_hand_and_up_card() -> None:
    """Four Card Poker's strategy is by hand and up card: ties pushed instead of paid to the
    player make some situations fold that played, and none play that folded."""
    base = load_rules("four-card-standard")
    compared = compare_rules([base, changed_rules(base, [("dealer.ties", "push")])])
    changes = compared.changes[0]
    assert {"hand", "up_rank"} <= set(changes.columns) and len(changes) > 0
    before, after = changes["situations_fold_before"], changes["situations_fold_after"]
    assert (after >= before).all() and (after > before).any()
