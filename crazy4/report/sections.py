"""Report sections every game's ``report.md`` shares: the rule file, the side bets, the return
table and the distribution of the net result, and the provenance."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from crazy4.core.text_safety import markdown_code, markdown_fence, markdown_text
from crazy4.report.markdown import markdown_table

if TYPE_CHECKING:
    import pandas as pd

    from crazy4.rules.ruleset import SideBet

#: How the bets table formats its columns (every game).
BET_FORMATS = {"house_edge": "{:.4%}", "element_of_risk": "{:.4%}", "hit_frequency": "{:.4%}"}
BET_FORMATS |= {"average_total_bet": "{:.4f}", "std_dev": "{:.4f}"}


def side_bet_lines(side_bets: Sequence[SideBet]) -> list[str]:
    """The rules list's line for each side bet: its pay table and whether a fold forfeits it.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> side_bet_lines(load_rules("four-card-standard").side_bets)[0].startswith("- aces-up")
    True
    """
    lines = []
    for bet in side_bets:
        forfeit = "a fold forfeits it" if bet.fold_forfeits else "settled even on a fold"
        pays = markdown_text(bet.table.describe())
        lines.append(f"- {markdown_text(bet.name)}: pays {pays}; {forfeit}.")
    return lines


def rule_file_lines(text: str) -> list[str]:
    """The rule file, folded away under the rules list, in a fence no line of it can end.

    Examples
    --------
    >>> rule_file_lines("name = 'x'\\n")[3:6]
    ['```toml', "name = 'x'", '```']
    """
    fence = markdown_fence(text.strip(), "toml")
    return ["", "<details><summary>Rule file</summary>", "", *fence, "", "</details>", ""]


def returns_lines(
    heading: str, intro: list[str], tables: Mapping[str, pd.DataFrame], cell_column: str
) -> list[str]:
    """The ``returns`` table (its cells in ``cell_column``) with its total, then the
    ``net_distribution`` of the net result per round."""
    returns = tables["returns"]
    distribution = tables["net_distribution"]
    columns = ["decision", "hand", cell_column, "net", "combinations", "probability"]
    return [
        heading,
        "",
        *intro,
        markdown_table(
            returns[[*columns, "contribution"]], {"probability": "{:.8f}", "contribution": "{:.8f}"}
        ),
        "",
        f"Total: {int(returns['combinations'].sum()):,} deals; return "
        f"{returns['contribution'].sum():.8f}.",
        "",
        "## Distribution of the net result per round",
        "",
        markdown_table(
            distribution[["net", "combinations", "probability", "cumulative_probability"]],
            {"probability": "{:.8f}", "cumulative_probability": "{:.8f}"},
        ),
        "",
    ]


def provenance_lines(provenance: dict[str, object], deals: str) -> list[str]:
    """The provenance section; ``deals`` says what the exact counts are over.

    Examples
    --------
    >>> provenance_lines({"version": "1"}, "10 deals")[2]
    '- version: `1`'
    """
    lines = ["## Provenance", ""]
    lines += [
        f"- {markdown_text(key)}: {markdown_code(value)}"
        for key, value in sorted(provenance.items())
    ]
    lines += [
        "",
        f"Every count is exact (integers over all {deals}); decimals are rounded only for display.",
    ]
    return lines
