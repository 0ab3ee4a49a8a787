"""The best-four report engine's shared sections (:mod:`crazy4.generic.bestfour_report`): the
rules list around a game's own lines, the published figures a game names, the simple
strategy's cost. Expected lines are written out from the rule file and by hand."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pandas as pd

from crazy4.generic.bestfour_report import (
    BestFourReport,
    PublishedFigure,
    cost_sentence,
    published_figures,
    render_bestfour_report,
    rules_section,
)
from crazy4.registry import load_rules


def test_the_rules_list_puts_the_game_lines_around_the_side_bets_then_the_notes() -> None:
    """four-card-standard has five Aces Up tables and notes: the game's first lines, the side
    bets, the game's last lines, the notes, in that order, each one bullet."""
    rules = load_rules("four-card-standard")
    lines = rules_section(lambda rules: (["first", "second"], ["last"]))(
        SimpleNamespace(rules=rules)
    )
    start = lines.index("## Rules") + 2
    end = lines.index("<details><summary>Rule file</summary>")
    bullets = lines[start:end]
    aces_up = [line for line in bullets if line.startswith("- aces-up-")]
    assert len(aces_up) == 5
    notes = [f"- {note}" for note in rules.notes]
    assert notes
    assert bullets == ["- first", "- second", *aces_up, "- last", *notes, ""]
    assert lines[0] == f"# {rules.title}"


def test_only_the_figures_for_these_rules_are_shown() -> None:
    """A figure whose rules are not the analysis's is left out; none left: the other text."""
    figures = [
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


def test_the_deals_sentence_reads_the_bets_table() -> None:
    """The provenance says how many deals were counted, from the bets table's ``deals``."""
    analysis = SimpleNamespace(tables={"bets": pd.DataFrame({"deals": [407170400]})})
    report = BestFourReport(sections=(), deals="{:,} deals of three cards each")
    text = render_bestfour_report(report, analysis, {"rule_set": "x"})
    assert text.endswith(
        "(integers over all 407,170,400 deals of three cards each); decimals are rounded only "
        "for display."
    )
