"""The Markdown odds report (``report.md``) of a game's analysis: one engine for every game.

Examples
--------
>>> from crazy4.registry import load_rules
>>> from crazy4.games.three_card.game import THREE_CARD
>>> from crazy4.analyze.analysis import analyze_spec
>>> from crazy4.analyze.tables import analysis_tables
>>> rules = load_rules("three-card-standard")
>>> tables = analysis_tables(THREE_CARD, analyze_spec(THREE_CARD, rules, 1))
>>> record = {"deals": THREE_CARD.shape.deals}
>>> render_spec_report(THREE_CARD, rules, tables, record).splitlines()[4][:26]
'House edge **3.3730%** of '
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd

from crazy4.report.frame import ReportInput
from crazy4.report.markdown import markdown_table, percent
from crazy4.report.sections import provenance_lines
from crazy4.report.spec_sections import (
    BetsText,
    Section,
    bets_section,
    rules_section,
    title_section,
)
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.specification import GameSpec


def headline_section(view: ReportInput) -> list[str]:
    """The main bet's house edge, exact EV and element of risk, over the deals counted."""
    bets = view.tables["bets"]
    main = bets[bets["bet"] == view.spec.main_bet].iloc[0].to_dict()
    return [
        f"House edge **{percent(float(main['house_edge']))}** of the Ante "
        f"(exact {main['ev_numerator']}/{main['ev_denominator']} EV), element of risk "
        f"**{percent(float(main['element_of_risk']))}**, over all "
        f"{int(str(view.record['deals'])):,} deals counted exactly.",
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
    """The strategy by up rank: the lowest hands played, then each hand group's decisions."""
    lines = ["## Optimal strategy by the dealer's up card", ""]
    names = {"up_rank": "up card", "lowest_played": "lowest hand played"}
    names["always_played_from"] = "every hand played from"
    lines += [markdown_table(lowest.rename(columns=names)), ""]
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


def _cap_lines(cap: pd.DataFrame) -> list[str]:
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


def payout_cap_section(view: ReportInput) -> list[str]:
    """The return by bet size under the table's cap (the ``cap`` table), where there is one."""
    return _cap_lines(view.tables["cap"]) if "cap" in view.tables else []


def strategy_section(view: ReportInput) -> list[str]:
    """The optimal strategy: by up rank with a ``lowest_played`` table, else as runs of hands."""
    tables = view.tables
    if "lowest_played" in tables:
        return _seen_strategy_section(tables["strategy"], tables["lowest_played"])
    return _strategy_section(tables["strategy"])


def player_hands_section(view: ReportInput) -> list[str]:
    """The player's hand frequencies."""
    frequencies = view.tables["hand_frequencies"][["hand", "combinations", "probability"]]
    return ["## Player hands", "", markdown_table(frequencies), ""]


def net_distribution_section(view: ReportInput) -> list[str]:
    """The net result of one round under the optimal strategy."""
    net = view.tables["net_distribution"][["net", "combinations", "probability"]]
    return ["## Net result of one round (optimal strategy)", "", markdown_table(net), ""]


#: The report's sections where a game's layout names none of its own.
SECTIONS: tuple[Section, ...] = (
    title_section,
    headline_section,
    rules_section,
    bets_section(BetsText(plain=True)),
    payout_cap_section,
    strategy_section,
    player_hands_section,
    net_distribution_section,
)


def render_spec_report(
    spec: GameSpec,
    rules: RuleSet,
    tables: Mapping[str, pd.DataFrame],
    record: Mapping[str, object],
    extra: Sequence[str] = (),
) -> str:
    """The report: the layout's sections (else :data:`SECTIONS`), ``extra`` lines, provenance."""
    view = ReportInput(spec, rules, dict(tables), record)
    layout = view.settlement.layout
    lines = [line for section in layout.report or SECTIONS for line in section(view)]
    lines += extra
    if layout.counted is None:
        return "\n".join(lines).rstrip() + "\n"
    deals = layout.counted.format(int(view.tables["bets"]["deals"].iloc[0]))
    return "\n".join([*lines, *provenance_lines(dict(record), deals)])
