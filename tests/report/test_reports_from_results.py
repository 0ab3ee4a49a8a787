"""Every game's ``report.md`` is the one report engine's (:func:`crazy4.report.spec_report.
render_spec_report`): rendered from the committed tables of each rule set under ``results/``,
it is the committed report, byte for byte, but for what the pipeline adds after the game's
sections (an extension's or a progressive's sections, before the provenance; the hole-card
section, after it).

Crazy 4 Poker's strategy section counts the exact ties of ``player_hands``, a table not
committed (it is large): that one is computed by the game's analysis."""

from __future__ import annotations

from pathlib import Path

import pytest

from crazy4.registry import game_of, load_rules
from crazy4.report.spec_report import render_spec_report
from crazy4.results.read import read_result_table
from crazy4.results.write import read_provenance

RESULTS = Path(__file__).resolve().parents[2] / "results"
RULE_SETS = sorted(path.parent.name for path in RESULTS.glob("*/report.md"))


@pytest.mark.parametrize("name", RULE_SETS)
def test_the_report_of_the_committed_tables_is_the_committed_report(name: str) -> None:
    folder = RESULTS / name
    rules = load_rules(name)
    game = game_of(rules)
    tables = {path.stem: read_result_table(path) for path in sorted(folder.glob("*.parquet"))}
    if "border_hands" in tables and "player_hands" not in tables:
        analyzed = game.analyze(rules, jobs=1, progress=lambda message: None)
        tables["player_hands"] = analyzed.tables["player_hands"]
    text = render_spec_report(game.spec, rules, tables, read_provenance(folder / "bets.parquet"))
    committed = (folder / "report.md").read_text(encoding="utf-8")
    head, mark, tail = text.partition("## Provenance")
    assert committed.startswith(head)
    assert mark + tail in committed
    assert len(head) > 2000
