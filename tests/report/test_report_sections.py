"""The report engine's shared sections (:mod:`crazy4.report.spec_sections`): the rules list
around a game's own lines, the published figures a game names, the simple strategy's cost.
Expected lines are written out from the rule file and by hand."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace
from typing import Any

from crazy4.games.four_card.report import rule_lines
from crazy4.games.four_card.rules import four_card_rules
from crazy4.games.four_card.spec import FOUR_CARD_SPEC
from crazy4.registry import load_rules
from crazy4.report.frame import ReportInput
from crazy4.report.spec_sections import (
    PublishedFigure,
    cost_sentence,
    published_figures,
    rules_section,
    title_section,
)


def test_the_rules_list_puts_the_game_lines_around_the_side_bets_then_the_notes() -> None:
    """four-card-standard has five Aces Up tables and notes: the game's first lines, the side
    bets, the game's last lines, the notes, in that order, each one bullet."""
    rules = load_rules("four-card-standard")
    view = ReportInput(FOUR_CARD_SPEC, rules, {}, {})
    lines = rules_section(view)
    end = lines.index("<details><summary>Rule file</summary>")
    bullets = lines[2:end]
    aces_up = [line for line in bullets if line.startswith("- aces-up-")]
    assert len(aces_up) == 5
    assert aces_up[0] == (
        "- aces-up-50-40-8-5-4-3-1: pays four of a kind 50, straight flush 40, three of a kind "
        "8, flush 5, straight 4, two pair 3, pair of aces 1; settled even on a fold."
    )
    notes = [f"- {note}" for note in rules.notes]
    assert notes
    before, after = rule_lines(four_card_rules(rules))
    assert before and after
    first = [f"- {line}" for line in before]
    last = [f"- {line}" for line in after]
    assert bullets == [*first, *aces_up, *last, *notes, ""]
    assert lines[:2] == ["## Rules", ""]
    assert title_section(view)[0] == f"# {rules.title}"


def test_only_the_figures_for_these_rules_are_shown() -> None:
    """A figure whose rules are not the analysis's is left out; none left: the other text."""
    figures: list[PublishedFigure[Any]] = [
        PublishedFigure("edge", "3.40% (a book)", lambda a: a.edge, lambda a: a.standard),
        PublishedFigure("side", "about 2%", lambda a: "1.9900%", lambda a: False),
    ]
    shown = published_figures(figures, "For other rules.")(
        SimpleNamespace(edge="3.4012%", standard=True)
    )
    assert shown[2].splitlines() == [
        "| figure | published | this analysis |",
        "|:---|:---|:---|",
        "| edge | 3.40% (a book) | 3.4012% |",
    ]
    none = published_figures(figures, "For other rules.")(SimpleNamespace(standard=False))
    assert none == ["For other rules.", ""]


def test_the_cost_sentence_is_exact_and_names_the_strategy() -> None:
    """2077/2323220340 Antes = 8.940e-07 (2077 / 2323220340 = 0.000000894...)."""
    sentence = cost_sentence(Fraction(2077, 2323220340), "1x any pair", "{:.3e}")
    assert sentence == (
        "The published simple strategy (1x any pair) costs exactly 2077/2323220340 = "
        "8.940e-07 Antes per hand against the optimum."
    )
    assert "exactly 0 = 0.00000 Antes" in cost_sentence(Fraction(0), "", "{:.5f}")
