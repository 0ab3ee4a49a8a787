"""The math report's sections, one entry per result table (:data:`SECTIONS`; a table none names
is a plain sheet at the end), and the report assembled from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from crazy4.errors import InputError
from crazy4.report.card import card_table
from crazy4.report.parsheet import (
    MAX_SHEET_ROWS,
    Context,
    ParSheet,
    Section,
    Sheet,
    bets_sheet,
    category_pay_tables,
    exact_columns,
    pay_table_sheet,
    pay_tables,
    table_section,
)
from crazy4.report.parsheet_text import method_paragraph, rules_lines
from crazy4.report.pay_lines import pay_lines_sheet

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet

_RETURNS = (
    "The return table of the main bet under the optimal strategy: one line per decision, "
    "player hand, showdown outcome and net result, with its exact count of deals, its "
    "probability (exact beside it), '1 in N', the payout (net result in units of the initial "
    "wager, pay tables included) and its contribution to the return; the contributions sum to "
    "the bet's EV."
)
_FREQUENCIES = (
    "Hands by group (best four cards), with exact counts, probability (exact beside it) and "
    "'1 in N'."
)

#: The columns of ``bets.parquet`` the report reads (the headline figures and their fractions).
BETS_COLUMNS = (
    *("bet", "description", "ev_numerator", "ev_denominator", "house_edge"),
    *("average_total_bet", "element_of_risk", "std_dev", "hit_frequency"),
)


def strategy_sheets(context: Context) -> list[Sheet]:
    """The optimal strategy table with a share column for each decision the rules allow.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"hand": ["x"], "decision": ["2x"], "share_fold": [0.0],
    ...                       "share_1x": [0.0], "share_2x": [1.0], "share_3x": [0.0]})
    >>> sheet = strategy_sheets(Context({"strategy": frame}, 1, "b", ("fold", "1x", "2x")))[0]
    >>> sheet.printed[-3:]
    ('share_fold', 'share_1x', 'share_2x')
    """
    frame = exact_columns(context.tables["strategy"])
    shares = tuple(f"share_{decision}" for decision in context.decisions)
    printed = (*STRATEGY_COLUMNS, *shares)
    allowed = ", ".join(context.decisions)
    intro = (
        "The optimal decision by hand (and dealer's up card where the game shows one). The "
        f"rules allow: {allowed}; one share column for each. 'mixed' marks a group where the "
        "kickers, the fifth card or the suits split the decision, with the share of hands "
        "played each way."
    )
    sheets = [Sheet("strategy", "Optimal strategy", intro, frame, "strategy.parquet", printed)]
    if {"hand", "up_rank", "decision"} <= set(frame.columns):
        rows = card_table(frame, context.decisions)
        chart = pd.DataFrame(rows[1:], columns=rows[0])
        chart_intro = (
            "The same strategy as a chart: one row per hand, one column per rank of the "
            "dealer's up card; a cell where the other cards of the hand decide gives the share "
            f"of situations taking each decision. The rules allow: {allowed}."
        )
        sheets.append(
            Sheet("strategy_chart", "Optimal strategy chart", chart_intro, chart,
                  "strategy.parquet")
        )  # fmt: skip
    return sheets


#: The strategy table's printed columns before the decisions' shares.
STRATEGY_COLUMNS = ("from_hand", "to_hand", "hand", "up_rank", "decision", "combinations",
                    "situations")  # fmt: skip

#: The report's sections in order, each drawn when its table is present.
SECTIONS: tuple[Section, ...] = (
    Section("bets", bets_sheet),
    table_section(
        "returns",
        "Return table",
        _RETURNS,
        (
            *("decision", "hand", "dealer_outcome", "result", "net", "combinations"),
            *("probability", "probability_exact", "one_in", "contribution", "contribution_exact"),
        ),
    ),
    table_section(
        "net_distribution",
        "Distribution of the net result of one round",
        "Every distinct net result of the main bet with its exact count and probability.",
    ),
    table_section("hand_frequencies", "Player hand frequencies", _FREQUENCIES),
    table_section("player_hand_frequencies", "Player hand frequencies", _FREQUENCIES),
    table_section(
        "dealer_hand_frequencies", "Dealer hand frequencies", _FREQUENCIES + " Out of six cards."
    ),
    Section("strategy", strategy_sheets),
    table_section(
        "border_hands",
        "Border hands",
        "Every hand class on a mixed best four cards, with the EV of each decision.",
    ),
    table_section(
        "exact_ties", "Exact ties", "Situations where two decisions have exactly the same EV."
    ),
    table_section(
        "cap",
        "Aggregate payout cap",
        "House edge of each bet against its size under the rule set's aggregate payout cap.",
        ("bet", "bet_size", "within_limits", "house_edge", "element_of_risk", "capped_probability"),
    ),
    table_section(
        "cardroom_cost",
        "Card room: the player's cost of a hand",
        "Dollars per round: the house edge plus the room's collection (exact beside).",
        (
            *("table", "ante", "queens_up", "collection", "game_loss", "expected_loss"),
            *("loss_per_ante", "loss_per_action"),
        ),
    ),
    table_section(
        "cardroom_banker",
        "Card room: the banker's side",
        "The player/dealer's expected win net of its collection, its standard deviation (the "
        "card-removal term simulated, seeded) and the rounds to be ahead with 95% probability.",
        (
            *("table", "seats", "ante", "queens_up", "banker_ev", "banker_ev_exact", "sd"),
            *("rounds_to_be_ahead_95", "bankroll_1pct_ruin"),
        ),
    ),
    table_section("two_hands", "Card room: two hands, the second blind", "Per unit of Ante."),
    table_section(
        "two_hands_distribution",
        "Card room: distribution of two hands' net result",
        "Exact for the blind hand; for both hands, the hands taken independent given the "
        "dealer's hand, with a seeded simulation beside.",
    ),
    table_section(
        "joint",
        "Player against dealer category",
        "Deals by player category x dealer category x result x optimal decision; prices any "
        "Bad Beat table.",
    ),
    table_section(
        "hole_strategies",
        "Advantage play: one seen dealer card",
        "The house edge when the player sees one of the dealer's cards and plays the optimal "
        "strategy for what he learns (nothing, a group of ranks, the rank, the whole card, "
        "the chart), exact EV as a fraction; gain against playing without it.",
        ("strategy", "house_edge", "element_of_risk", "std_dev", "gain", "tied_situations"),
    ),
    table_section(
        "hole_value_by_rank",
        "Advantage play: the value of each seen rank",
        "The player's EV per unit of Ante given the seen card's rank, playing on it, beside "
        "the EV of the same deals played without it.",
    ),
    table_section(
        "hole_chart",
        "Advantage play: the memorizable hole-card chart",
        "The decision by the player's hand group and the seen card's rank; its exact cost "
        "against the perfect hole-card strategy is the chart row of the strategies table.",
    ),
    table_section(
        "progressive",
        "Progressive: the player's five-card categories",
        "Each category of the player's own five cards, out of C(52,5) = 2,598,960, with its "
        "pay (a share of the meter and/or a fixed amount) and its part of the return: the "
        "return per unit wagered is exactly a + b x meter.",
    ),
    table_section(
        "progressive_by_meter",
        "Progressive: return against the meter",
        "The return per unit wagered (envy bonuses for the listed number of other seats "
        "included), the house edge and the meter's drift per bet, at each meter; the "
        "break-even meter is where the return crosses 1.",
    ),
    table_section(
        "envy",
        "Progressive: envy bonuses, per other seat, with card removal",
        "The chance that one other seat (five cards from the 47 the player does not hold) "
        "holds each listed hand, by the player's own category, and its value per seat; the "
        "expected envy is linear in the number of other seats.",
    ),
)


def other_tables(context: Context, used: set[str]) -> list[Sheet]:
    """A plain sheet for each table no section names (small tables only), by name."""
    sheets = []
    for name in sorted(set(context.tables) - used):
        frame = context.tables[name]
        if len(frame) <= MAX_SHEET_ROWS:
            intro = f"The table {name}.parquet as written (results/README.md documents it)."
            sheets.append(Sheet(name[:31], name, intro, exact_columns(frame), f"{name}.parquet"))
    return sheets


def par_sheet(
    rules: RuleSet,
    tables: Mapping[str, pd.DataFrame],
    record: Mapping[str, object],
    report_markdown: str,
) -> ParSheet:
    """The math report of a rule set from its result tables, their provenance and the game's
    Markdown report (whose rules list it reuses)."""
    from crazy4.spec.game import spec_of

    game = spec_of(rules)
    deals = int(str(record["deals"]))
    decisions = ("fold", *(f"{multiple}x" for multiple in rules.play.multiples))
    context = Context(tables, deals, str(tables["bets"]["bet"].iloc[0]), decisions)
    # the five-card pay tables' sheets, for a rule set that has such tables
    sheets = [pay_table_sheet(rules)] if pay_tables(rules) or category_pay_tables(rules) else []
    if pay_tables(rules):
        sheets.append(pay_lines_sheet(rules))
    used = set()
    for section in SECTIONS:
        if section.table in tables:
            sheets.extend(section.build(context))
            used.add(section.table)
    too_large = {name for name, frame in tables.items() if len(frame) > MAX_SHEET_ROWS}
    sheets.extend(other_tables(context, used | too_large))
    return ParSheet(
        title=rules.title,
        name=rules.name,
        game_title=game.title,
        rule_hash=rules.content_hash,
        deals=deals,
        record=dict(record),
        rules_text=rules_lines(report_markdown),
        rule_file=rules.text,
        method=method_paragraph(game, deals, rules),
        sheets=sheets,
        tables=dict(tables),
        source=rules.source,
    )


def read_results(
    folder: Path, rules: RuleSet
) -> tuple[dict[str, pd.DataFrame], dict[str, object], str]:
    """The tables, provenance and Markdown report ``crazy4 analyze`` wrote to ``folder``
    (:class:`InputError` if missing, of other rules, damaged or changed)."""
    from crazy4.results.read import read_result_table, require_columns
    from crazy4.results.write import read_provenance

    bets = folder / "bets.parquet"
    report = folder / "report.md"
    if not bets.is_file() or not report.is_file():
        raise InputError(
            f"--from: {str(folder)!r} holds no analysis (bets.parquet and report.md); run "
            f"'crazy4 analyze --rules {rules.name} --out {folder}' first"
        )
    record = read_provenance(bets)
    if not isinstance(record.get("deals"), int) or isinstance(record.get("deals"), bool):
        raise InputError(f"--from: {str(bets)!r}: its provenance names no number of deals")
    if record.get("rule_set_sha256") != rules.content_hash:
        raise InputError(
            f"--from: the tables in {str(folder)!r} are of rule set {record.get('rule_set')!r} "
            f"with another rule file (SHA-256 {str(record.get('rule_set_sha256'))[:12]}...), "
            f"not of {rules.name!r} as given; run 'crazy4 analyze' again"
        )
    tables = {}
    for path in sorted(folder.glob("*.parquet")):
        if read_provenance(path) != record:
            raise InputError(f"--from: {str(path)!r} is of another analysis than bets.parquet")
        tables[path.stem] = read_result_table(path)
    require_columns(tables["bets"], BETS_COLUMNS, bets)
    try:
        text = report.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"--from: {str(report)!r} cannot be read: {error}") from None
    return tables, record, text
