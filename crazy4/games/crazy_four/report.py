"""The readable odds report (``report.md``) of one analysis.

Laid out like published analyses: the rule set at the top, then the bets (exact fractions
beside the decimals), hand frequencies, the strategy and its border hands, the return table and
the distribution of the net result, and the provenance of the figures.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import pandas as pd

from crazy4.core.paytables import format_odds
from crazy4.core.ranking import HandCategory
from crazy4.games.crazy_four.analysis import Analysis
from crazy4.rules.ruleset import SideBet


def markdown_table(frame: pd.DataFrame, formats: dict[str, str] | None = None) -> str:
    """A DataFrame as a Markdown table, numbers formatted by column.

    Examples
    --------
    >>> print(markdown_table(pd.DataFrame({"a": [1.23456], "b": ["x"]}), {"a": "{:.2f}"}))
    | a | b |
    |---:|:---|
    | 1.23 | x |
    """
    formats = formats or {}
    header = "| " + " | ".join(str(c) for c in frame.columns) + " |"
    align = (
        "|"
        + "|".join(
            "---:" if pd.api.types.is_numeric_dtype(frame[c]) else ":---" for c in frame.columns
        )
        + "|"
    )
    lines = [header, align]
    for row in frame.itertuples(index=False):
        cells = []
        for column, value in zip(frame.columns, row, strict=True):
            if column in formats and not (isinstance(value, float) and value != value):
                cells.append(formats[column].format(value))
            elif isinstance(value, float):
                cells.append("" if value != value else f"{value:.6g}")
            else:
                cells.append(str(value))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _percent(value: float) -> str:
    return f"{100 * value:.4f}%"


#: How the bets table formats its columns (both games).
BET_FORMATS = {
    "house_edge": "{:.4%}",
    "element_of_risk": "{:.4%}",
    "average_total_bet": "{:.4f}",
    "std_dev": "{:.4f}",
    "hit_frequency": "{:.4%}",
}


def side_bet_lines(side_bets: Sequence[SideBet]) -> list[str]:
    """The rules list's line for each side bet: its pay table and whether a fold forfeits it."""
    lines = []
    for bet in side_bets:
        forfeit = "a fold forfeits it" if bet.fold_forfeits else "settled even on a fold"
        lines.append(f"- {bet.name}: pays {bet.table.describe()}; {forfeit}.")
    return lines


def rule_file_lines(text: str) -> list[str]:
    """The rule file, folded away under the rules list."""
    return [
        "",
        "<details><summary>Rule file</summary>",
        "",
        "```toml",
        text.strip(),
        "```",
        "",
        "</details>",
        "",
    ]


def returns_lines(
    heading: str, intro: list[str], tables: Mapping[str, pd.DataFrame], cell_column: str
) -> list[str]:
    """The return table (its cells in ``cell_column``) with its total, then the distribution of
    the net result per round."""
    returns = tables["returns"]
    distribution = tables["net_distribution"]
    columns = ["decision", "hand", cell_column, "net", "combinations", "probability"]
    return [
        heading,
        "",
        *intro,
        markdown_table(
            returns[[*columns, "contribution"]],
            {"probability": "{:.8f}", "contribution": "{:.8f}"},
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
    """The provenance section; ``deals`` says what the exact counts are over."""
    lines = ["## Provenance", ""]
    lines += [f"- {key}: `{value}`" for key, value in sorted(provenance.items())]
    lines += [
        "",
        f"Every count is exact (integers over all {deals}); decimals are rounded only for display.",
    ]
    return lines


def _fraction(numerator: int, denominator: int) -> str:
    value = Fraction(numerator, denominator)
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def _rules_section(analysis: Analysis) -> list[str]:
    rules = analysis.rules
    lines = [f"# {rules.title}", "", f"Rule set `{rules.name}` — {rules.source}", ""]
    lines += [
        "## Rules",
        "",
        f"- Dealer qualifies with **{rules.dealer.qualifier}**; when the dealer does not "
        f"qualify the Play bet **{rules.dealer.play_when_not_qualified}**"
        + (" 1:1" if rules.dealer.play_when_not_qualified == "wins" else " against the hand")
        + " and the Ante pushes.",
        f"- Ties: {'push' if rules.dealer.ties == 'push' else 'the player wins'}.",
        f"- Play bet: {', '.join(f'{m}x' for m in rules.play.multiples)} the Ante; more than 1x "
        f"only with {rules.play.raise_minimum} or better.",
    ]
    if rules.super_bonus is not None:
        table = rules.super_bonus.table
        lines.append(
            f"- Super Bonus pays: {table.describe()}; below the table it pushes, or "
            "loses when a qualifying dealer hand beats the player; a fold loses it."
        )
        unpaid = [
            c.label
            for c in HandCategory
            if c >= HandCategory.STRAIGHT and not any(e.category == c for e in table.entries)
        ]
        if unpaid:
            lines.append(
                f"- **Note:** the Super Bonus table has no line for {', '.join(unpaid)}: such "
                "hands are treated as below the table (push, or lose to a qualifying dealer "
                "hand that beats them), exactly as printed."
            )
    lines += side_bet_lines(rules.side_bets)
    if rules.blind_second_hand:
        lines.append(
            "- A second hand is played blind: 3x the Ante, 2x returned below "
            f"{rules.play.raise_minimum}."
        )
    lines += [f"- {note}" for note in rules.notes]
    lines += rule_file_lines(rules.text)
    return lines


def _bets_section(analysis: Analysis) -> list[str]:
    bets = analysis.tables["bets"].copy()
    bets["exact EV"] = [
        _fraction(n, d) for n, d in zip(bets["ev_numerator"], bets["ev_denominator"], strict=True)
    ]
    shown = bets[
        [
            "bet",
            "house_edge",
            "element_of_risk",
            "average_total_bet",
            "std_dev",
            "hit_frequency",
            "exact EV",
        ]
    ]
    cost = analysis.simple_strategy_cost
    main = analysis.bet("ante_super_bonus_play")
    return [
        "## Bets",
        "",
        f"With optimal play the Ante + Super Bonus + Play has a house edge of "
        f"**{_percent(main['house_edge'])}** of the Ante and an element of risk of "
        f"**{_percent(main['element_of_risk'])}** (average total bet "
        f"{main['average_total_bet']:.4f} Antes). Every figure is exact: the EV column is the "
        "exact fraction per unit of the bet's base wager.",
        "",
        markdown_table(shown, BET_FORMATS),
        "",
        "Descriptions:",
        "",
        *[f"- `{row.bet}`: {row.description}" for row in bets.itertuples()],
        "",
        f"The published simple strategy (3x a pair of aces or better, 1x K-Q-8-4 or better, "
        f"fold below) costs exactly {_fraction(cost.numerator, cost.denominator)} = "
        f"{float(cost):.3e} Antes per hand against the optimum.",
        "",
    ]


def _strategy_section(analysis: Analysis) -> list[str]:
    segments = analysis.tables["strategy"]
    border = analysis.tables["border_hands"]
    shown = segments[
        ["from_hand", "to_hand", "decision", "combinations", "share_fold", "share_1x", "share_3x"]
    ]
    lines = [
        "## Optimal strategy",
        "",
        "Runs of best four-card hands with one decision, weakest first; `mixed` marks a best "
        "hand on which the discarded fifth card or the suits change the decision.",
        "",
        markdown_table(shown, {"share_fold": "{:.1%}", "share_1x": "{:.1%}", "share_3x": "{:.1%}"}),
        "",
    ]
    if len(border):
        ties = int(analysis.tables["player_hands"]["exact_tie"].sum())
        lines += [
            f"{len(border)} hand classes lie on mixed best hands (`border_hands.parquet` lists "
            f"them all with the EV of each decision); {ties} hand classes have an exact tie "
            "between two decisions. The closest calls:",
            "",
            markdown_table(
                border.reindex(border["margin"].abs().sort_values().index).head(12)[
                    ["hand", "discard", "best_hand", "decision", "ev_fold", "ev_1x", "margin"]
                ],
                {"ev_fold": "{:.6f}", "ev_1x": "{:.6f}", "margin": "{:.2e}"},
            ),
            "",
        ]
    return lines


def _frequency_section(analysis: Analysis) -> list[str]:
    frequencies = analysis.tables["hand_frequencies"]
    return [
        "## Player hand frequencies (best four of five)",
        "",
        markdown_table(frequencies, {"probability": "{:.6f}", "one_in": "{:.2f}"}),
        "",
    ]


def _returns_section(analysis: Analysis) -> list[str]:
    return returns_lines(
        "## Return table (Ante + Super Bonus + Play, optimal strategy)",
        [
            "Net result in Antes for each decision, hand and dealer outcome; the contributions "
            "sum to the EV.",
            "",
        ],
        analysis.tables,
        "dealer_outcome",
    )


def render_report(
    analysis: Analysis, provenance: dict[str, object], extra: Sequence[str] = ()
) -> str:
    """The Markdown report of an analysis.

    Parameters
    ----------
    analysis : Analysis
    provenance : dict
        As stored in the tables (:func:`crazy4.results.write.provenance`).
    extra : sequence of str
        Further Markdown sections appended before the provenance.
    """
    lines = _rules_section(analysis)
    lines += _bets_section(analysis)
    lines += _strategy_section(analysis)
    lines += _frequency_section(analysis)
    lines += _returns_section(analysis)
    lines += list(extra)
    lines += provenance_lines(
        provenance, f"{int(analysis.tables['bets']['deals'].iloc[0]):,} player/dealer deals"
    )
    return "\n".join(lines)


__all__ = ["format_odds", "markdown_table", "render_report"]
