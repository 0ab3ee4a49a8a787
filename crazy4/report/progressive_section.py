"""The progressive's tables and report section for any rule set that carries the bet."""

from __future__ import annotations

import pandas as pd

from crazy4.progressive.envy import envy_by_player_category
from crazy4.progressive.returns import progressive_return
from crazy4.progressive.tables import by_meter_table, envy_table, lines_table
from crazy4.report.progressive import progressive_lines
from crazy4.rules.ruleset import RuleSet


def progressive_results(rules: RuleSet) -> tuple[dict[str, pd.DataFrame], list[str]]:
    """The progressive's tables and report lines (nothing without a progressive).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> progressive_results(load_rules("crazy4-standard"))
    ({}, [])
    >>> tables, _ = progressive_results(load_rules("four-card-progressive"))
    >>> sorted(tables)
    ['envy', 'progressive', 'progressive_by_meter']
    """
    bet = rules.progressive
    if bet is None:
        return {}, []
    returns = progressive_return(bet)
    found = envy_by_player_category(bet.scoring, tuple(line.category for line in bet.envy))
    tables = {
        "progressive": lines_table(bet),
        "progressive_by_meter": by_meter_table(bet, returns),
        "envy": envy_table(bet, found),
    }
    return tables, progressive_lines(bet, returns, tables)


def with_section(report: str, lines: list[str]) -> str:
    r"""``report`` with ``lines`` inserted before its provenance section (at the end if none).

    Examples
    --------
    >>> with_section("# R\n\n## Provenance\n\n- x\n", ["## Progressive", ""])
    '# R\n\n## Progressive\n\n## Provenance\n\n- x\n'
    >>> with_section("# R\n", [])
    '# R\n'
    """
    if not lines:
        return report
    section = "\n".join(lines)
    head, mark, tail = report.partition("## Provenance")
    if not mark:
        return report.rstrip("\n") + "\n\n" + section + "\n"
    return head + section + "\n" + mark + tail
