"""The Markdown odds report of a spec game's analysis: rules, bets, strategy, distributions."""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from crazy4.core.text_safety import markdown_code, markdown_text
from crazy4.generic.report_frame import bet_row, headline, title_lines
from crazy4.report.markdown import markdown_table, percent
from crazy4.report.sections import rule_file_lines
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.specification import GameSpec


def _rules_section(spec: GameSpec, rules: RuleSet) -> list[str]:
    lines = ["## Rules", ""]
    lines += [f"- {line}" for line in spec.rule_lines(rules)]
    lines += [f"- {markdown_text(note)}" for note in rules.notes]
    return [*lines, *rule_file_lines(rules.text.rstrip())]


def _bets_section(bets: pd.DataFrame, main_bet: str) -> list[str]:
    shown = pd.DataFrame(
        {
            "bet": bets["bet"],
            "house_edge": [percent(value) for value in bets["house_edge"]],
            "element_of_risk": [percent(value) for value in bets["element_of_risk"]],
            "average_total_bet": [f"{value:.4f}" for value in bets["average_total_bet"]],
            "std_dev": [f"{value:.4f}" for value in bets["std_dev"]],
            "hit_frequency": [f"{value:.6f}" for value in bets["hit_frequency"]],
            "exact EV": [
                f"{n}/{d}"
                for n, d in zip(bets["ev_numerator"], bets["ev_denominator"], strict=True)
            ],
        }
    )
    return [
        "## Bets",
        "",
        headline(bet_row(bets, main_bet), f"the `{main_bet}` bet")
        + " Every figure is exact: the EV column is the exact fraction per unit of the bet's "
        "base wager.",
        "",
        markdown_table(shown),
        "",
        "Descriptions:",
        "",
        *[
            f"- {markdown_code(row.bet)}: {markdown_text(row.description)}"
            for row in bets.itertuples()
        ],
        "",
    ]


def _strategy_section(strategy: pd.DataFrame) -> list[str]:
    played = strategy[strategy["decision"] != "fold"]
    lines = ["## Optimal strategy", ""]
    if not played.empty:
        first = played.iloc[0]
        lines += [f"Lowest hand played: **{first['from_hand']}** ({first['category']}).", ""]
    shown = strategy[["from_hand", "to_hand", "category", "decision", "combinations"]]
    return [*lines, markdown_table(shown), ""]


def _seen_strategy_section(strategy: pd.DataFrame, lowest: pd.DataFrame) -> list[str]:
    """The strategy by up rank: the lowest hands played, then each hand group that is not
    folded against every up rank as one row, its decision by up rank as columns."""
    lines = ["## Optimal strategy by the dealer's up card", ""]
    lines += [
        markdown_table(
            lowest.rename(
                columns={
                    "up_rank": "up card",
                    "lowest_played": "lowest hand played",
                    "always_played_from": "every hand played from",
                }
            )
        ),
        "",
    ]
    table = strategy.pivot(index="hand", columns="up_rank", values="decision")
    table = table.reindex(index=list(dict.fromkeys(strategy["hand"])))
    table = table[list(dict.fromkeys(strategy["up_rank"]))].fillna("")
    shown = table[~(table == "fold").all(axis=1)].reset_index()
    lines += [
        "Each hand group's decision against each up rank (`mixed`: the other cards decide; "
        "`crazy4 hand` gives any one); groups folded against every up card are left out.",
        "",
        markdown_table(shown),
        "",
    ]
    return lines


def _cap_section(cap: pd.DataFrame) -> list[str]:
    """The return by bet size under the table's cap on one hand's payout."""
    shown = pd.DataFrame(
        {
            "bet size ($ a unit)": cap["bet_size"],
            "within limits": ["yes" if flag else "no" for flag in cap["within_limits"]],
            "house_edge": [percent(value) for value in cap["house_edge"]],
            "element_of_risk": [percent(value) for value in cap["element_of_risk"]],
            "hands capped": [f"{value:.3g}" for value in cap["capped_probability"]],
        }
    )
    largest = float(cap["largest_uncapped_size"].iloc[0])
    return [
        "## The payout cap",
        "",
        f"The table caps what one hand is paid (the caps are in the rules above): below "
        f"${largest:,.2f} a unit no payout reaches a cap; above, the return falls with the bet "
        "(decisions of the uncapped optimal strategy; exact fractions in `cap.parquet`).",
        "",
        markdown_table(shown),
        "",
    ]


def render_spec_report(
    spec: GameSpec,
    rules: RuleSet,
    tables: Mapping[str, pd.DataFrame],
    record: Mapping[str, object],
    extra: list[str],
) -> str:
    """The report: headline, rules, bets, strategy, hand frequencies, net distribution and
    ``extra`` sections (already Markdown)."""
    bets = tables["bets"]
    main = bets[bets["bet"] == spec.main_bet].iloc[0].to_dict()
    lines = [
        *title_lines(rules),
        f"House edge **{percent(float(main['house_edge']))}** of the Ante "
        f"(exact {main['ev_numerator']}/{main['ev_denominator']} EV), element of risk "
        f"**{percent(float(main['element_of_risk']))}**, over all {int(str(record['deals'])):,} "
        "deals counted exactly.",
        "",
        *_rules_section(spec, rules),
        *_bets_section(bets, spec.main_bet),
        *(_cap_section(tables["cap"]) if "cap" in tables else []),
        *(
            _seen_strategy_section(tables["strategy"], tables["lowest_played"])
            if "lowest_played" in tables
            else _strategy_section(tables["strategy"])
        ),
        "## Player hands",
        "",
        markdown_table(tables["hand_frequencies"][["hand", "combinations", "probability"]]),
        "",
        "## Net result of one round (optimal strategy)",
        "",
        markdown_table(tables["net_distribution"][["net", "combinations", "probability"]]),
        "",
        *extra,
    ]
    return "\n".join(lines).rstrip() + "\n"
