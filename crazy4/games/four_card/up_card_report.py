"""The Four Card Poker report: its texts, the published anchors beside the exact figures, the
strategy chart by up card, the joint table behind any Bad Beat Bonus and the payout cap.

The report itself is the best-four games' one engine (:mod:`crazy4.generic.bestfour_report`);
:data:`FOUR_CARD_REPORT` lists its sections: the rule set, the bets, the strategy chart, hand
frequencies for player and dealer, the joint table, the payout cap, the return table.
"""

from __future__ import annotations

import pandas as pd

from crazy4.core.upcard_lattice import RESULTS
from crazy4.games.four_card.upcard_analysis import MAIN_BET, SIMPLE_BET, FourCardAnalysis
from crazy4.generic.bestfour_report import (
    BestFourReport,
    BetsText,
    bets_section,
    extreme_bets,
    frequency_section,
    money,
    returns_section,
    rules_section,
)
from crazy4.generic.upcard_tables import CATEGORY_LABELS
from crazy4.report.markdown import markdown_table, percent

#: Published figures (``../shared/rules/four-card-poker.md``), shown beside the exact ones.
PUBLISHED = {
    "house edge, optimal strategy (Ante Bonus table 1)": "2.78% of the Ante (Wizard of Odds)",
    "element of risk, optimal strategy": "1.30% (Wizard of Odds)",
    "house edge, simple strategy": "about 3.40% (S. Ko)",
    "Aces Up house edges over the published tables": "about 1.98% to 6.15%",
}


def _rule_bullets(analysis: FourCardAnalysis) -> tuple[list[str], list[str]]:
    """The rules before the side bets (the deal, ties, the Play, the Ante Bonus) and after
    (the Bad Beat Bonus, the limits)."""
    rules = analysis.rules
    four = rules.four_card
    assert four is not None
    ties = "the player wins" if rules.dealer.ties == "player" else "push"
    before = [
        f"- The player gets 5 cards, the dealer {rules.dealer.cards} with "
        f"{rules.dealer.up_cards} face up; each plays the best four.",
        f"- No dealer qualifier. Ties: {ties}.",
        f"- After seeing the up card: fold (lose the Ante) or Play "
        f"{', '.join(f'{m}x' for m in rules.play.multiples)} the Ante.",
    ]
    if four.ante_bonus is not None:
        paid = "only with a Play bet" if four.ante_bonus.paid_only_with_play else "even on a fold"
        before.append(
            f"- Ante Bonus: {four.ante_bonus.table.describe()}, whatever the dealer holds; paid "
            f"{paid} (no paying hand is ever folded under optimal play, so this switch does not "
            "move the figures)."
        )
    after = []
    if four.bad_beat is not None:
        bad = four.bad_beat
        keyed = "the losing player's hand" if bad.keyed_on == "player" else "the dealer's hand"
        mark = " **ILLUSTRATIVE — not a published table**" if bad.illustrative else ""
        after.append(
            f"- Bad Beat Bonus{mark}: pays {bad.table.describe()} on {keyed} when the player's "
            f"hand loses{'; a fold forfeits it' if bad.fold_forfeits else ''}."
        )
    if four.limits is not None:
        cap = four.limits.aggregate_payout_cap
        after.append(
            f"- Limits: {money(four.limits.minimum_bet)} to {money(four.limits.maximum_bet)} a "
            "bet" + (f"; at most {money(cap)} paid on one hand, all bets included." if cap else ".")
        )
    return before, after


#: The rules the published figures are for.
_TABLE_1 = "four of a kind 25, straight flush 20, three of a kind 2"
_PUBLISHED_ACES_UP = {
    "50-40-8-5-4-3-1",
    "50-40-8-6-4-2-1",
    "50-30-7-6-5-2-1",
    "50-40-9-6-4-2-1",
    "50-40-7-5-4-3-1",
}


def _comparable_figures(analysis: FourCardAnalysis) -> list[str]:
    """The published figures whose rules this rule set has (the others are not shown)."""
    rules = analysis.rules
    four = rules.four_card
    assert four is not None
    figures = []
    standard_game = (
        four.ante_bonus is not None
        and four.ante_bonus.table.describe() == _TABLE_1
        and rules.dealer.ties == "player"
        and rules.play.multiples == (1, 2, 3)
        and rules.play.raise_minimum_strength == 0
    )
    if standard_game:
        figures += list(PUBLISHED)[:3]
    tables = {bet.table.describe() for bet in rules.side_bets}
    published_tables = {
        bet.table.describe()
        for bet in rules.side_bets
        if bet.name.removeprefix("aces-up-") in _PUBLISHED_ACES_UP and not bet.fold_forfeits
    }
    if len(published_tables) == len(_PUBLISHED_ACES_UP) == len(tables):
        figures.append(list(PUBLISHED)[3])
    return figures


def _anchor_lines(analysis: FourCardAnalysis) -> list[str]:
    """The published figures whose rules this rule set has, beside the exact ones."""
    bets = analysis.tables["bets"]
    main = analysis.bet(MAIN_BET)
    simple = analysis.bet(SIMPLE_BET)
    aces = bets[bets["bet"].str.startswith("aces-up")]
    computed = {
        "house edge, optimal strategy (Ante Bonus table 1)": percent(main["house_edge"]),
        "element of risk, optimal strategy": percent(main["element_of_risk"]),
        "house edge, simple strategy": percent(simple["house_edge"]),
        "Aces Up house edges over the published tables": (
            f"{percent(aces['house_edge'].min())} to {percent(aces['house_edge'].max())}"
            if len(aces)
            else "no Aces Up table"
        ),
    }
    shown_figures = _comparable_figures(analysis)
    anchors = pd.DataFrame(
        {
            "figure": shown_figures,
            "published": [PUBLISHED[key] for key in shown_figures],
            "this analysis": [computed[key] for key in shown_figures],
        }
    )
    return [
        *(
            [
                "Published figures, as quoted (rounded by their sources), beside the exact ones:",
                "",
                markdown_table(anchors),
            ]
            if shown_figures
            else [
                "The published figures (Ante Bonus table 1, the five Aces Up tables) are for "
                "other rules; see the `four-card-standard` report."
            ]
        ),
        "",
    ]


def _cost_sentence(analysis: FourCardAnalysis) -> str:
    cost = analysis.simple_strategy_cost
    return (
        f"The published simple strategy costs exactly {cost.numerator}/{cost.denominator} = "
        f"{float(cost):.5f} Antes per hand against the optimum."
    )


def _strategy_section(analysis: FourCardAnalysis) -> list[str]:
    ties = analysis.tables["exact_ties"]
    lines = [
        "## Optimal strategy by up card",
        "",
        "Rows: the player's best four (pairs by rank, high cards by top card); columns: the rank "
        "of the dealer's up card. A cell with several decisions gives the share of (hand, up "
        "card) situations taking each: there the other cards of the hand (kickers, the fifth "
        "card, suits) decide. Since the EV is linear in the Play multiple, the best Play bet is "
        f"{extreme_bets(analysis.rules.play.multiples)}. `strategy.parquet` has the counts, "
        "`situations.parquet` every best hand x up-card rank.",
        "",
        markdown_table(analysis.chart.fillna("")),
        "",
    ]
    if len(ties):
        lines += [
            f"{int(ties['situations'].sum())} situations ({len(ties)} classes) have an exact tie "
            "between decisions (the smallest wager is taken):",
            "",
            markdown_table(ties),
            "",
        ]
    return lines


def _joint_section(analysis: FourCardAnalysis) -> list[str]:
    joint = analysis.tables["joint"]
    losses = joint[joint["result"] == RESULTS[2]]
    pivot = losses.pivot_table(
        index="player_category",
        columns="dealer_category",
        values="probability",
        aggfunc="sum",
        fill_value=0.0,
    )
    order = [label for label in reversed(CATEGORY_LABELS) if label in pivot.index]
    columns = [label for label in reversed(CATEGORY_LABELS) if label in pivot.columns]
    pivot = pivot.reindex(index=order, columns=columns).reset_index()
    formats = {column: "{:.3e}" for column in columns}
    return [
        "## Joint distribution (for any Bad Beat Bonus)",
        "",
        "`joint.parquet` gives the exact deals for every player category x dealer category x "
        "result (player higher / tie / dealer higher) x optimal decision. A Bad Beat table keyed "
        "on the losing player's hand or on the dealer's winning hand is priced by summing its "
        "cells. Probability (of all deals) that the player's hand loses, by both categories:",
        "",
        markdown_table(pivot, formats),
        "",
    ]


def _cap_section(analysis: FourCardAnalysis) -> list[str]:
    if "cap" not in analysis.tables:
        return []
    cap = analysis.tables["cap"]
    pivot = cap.pivot(index="bet", columns="bet_size", values="element_of_risk")
    pivot = pivot.reindex(index=list(dict.fromkeys(cap["bet"]))).reset_index()
    pivot.columns = ["bet", *(f"${size:,}" for size in pivot.columns[1:])]
    limits = cap.groupby("bet", sort=False)["largest_uncapped_size"].first().reset_index()
    assert analysis.rules.four_card.limits is not None
    amount = analysis.rules.four_card.limits.aggregate_payout_cap
    assert amount is not None
    return [
        "## Payout cap",
        "",
        f"The table pays at most {money(amount)} on one hand. Per seat, each bet's exact "
        "element of risk (expected loss per dollar wagered) by bet size, all of a seat's bets "
        "at that size (`seat` adds them on one seat, the cap applying to their total payout); "
        "`cap.parquet` has the exact fractions. Across several seats of one table the cap is "
        "shared: that needs a simulation and is not computed here.",
        "",
        markdown_table(pivot, {c: "{:.4%}" for c in pivot.columns[1:]}),
        "",
        "Largest bet size at which no payout reaches the cap:",
        "",
        markdown_table(limits, {"largest_uncapped_size": "${:,.2f}"}),
        "",
    ]


#: The Four Card Poker report's sections, for :mod:`crazy4.generic.bestfour_report`.
FOUR_CARD_REPORT = BestFourReport(
    sections=(
        rules_section(_rule_bullets),
        bets_section(
            BetsText(
                main_bet=MAIN_BET,
                played="(by the five cards and the up card) the Ante + Play",
                exact_note=" Every EV is exact: `exact_ev` is the fraction per unit of the bet's "
                "base wager.",
                exact_column="exact_ev",
                descriptions_heading=False,
                cost_sentence=_cost_sentence,
                closing=_anchor_lines,
            )
        ),
        _strategy_section,
        frequency_section(
            "## Hand frequencies",
            [
                ("Player, best four of five (of 2,598,960 hands):", "player_hand_frequencies"),
                ("Dealer, best four of six (of 20,358,520 hands):", "dealer_hand_frequencies"),
            ],
        ),
        _joint_section,
        _cap_section,
        returns_section("## Return table (Ante + Play, optimal strategy)", [], "result"),
    ),
    deals=lambda analysis: (
        f"{int(analysis.tables['bets']['deals'].iloc[0]):,} deals: 2,598,960 player hands x 47 "
        "up cards x 1,370,754 hidden dealer cards"
    ),
)
