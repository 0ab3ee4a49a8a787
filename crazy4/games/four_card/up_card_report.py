"""The Four Card Poker report: its texts, the published anchors beside the exact figures, the
strategy chart by up card, the joint table behind any Bad Beat Bonus and the payout cap.

The report itself is the best-four games' one engine (:mod:`crazy4.generic.bestfour_report`,
the up-card sections :mod:`crazy4.generic.bestfour_upcard_report`); :data:`FOUR_CARD_REPORT`
lists its sections: the rule set, the bets, the strategy chart, hand frequencies for player and
dealer, the joint table, the payout cap, the return table.
"""

from __future__ import annotations

from fractions import Fraction

from crazy4.games.four_card.upcard_analysis import MAIN_BET, SIMPLE_BET, FourCardAnalysis
from crazy4.generic.bestfour_report import (
    BestFourReport,
    BetsText,
    anchor_lines,
    bets_section,
    frequency_section,
    money,
    multiples_text,
    returns_section,
    rules_section,
    ties_text,
)
from crazy4.generic.bestfour_upcard_report import (
    cap_section,
    joint_section,
    upcard_strategy_section,
)
from crazy4.report.markdown import percent

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
    before = [
        f"- The player gets 5 cards, the dealer {rules.dealer.cards} with "
        f"{rules.dealer.up_cards} face up; each plays the best four.",
        f"- No dealer qualifier. Ties: {ties_text(rules.dealer.ties)}.",
        f"- After seeing the up card: fold (lose the Ante) or Play "
        f"{multiples_text(rules.play.multiples)} the Ante.",
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
    aces = bets[bets["bet"].str.startswith("aces-up")]
    computed = {
        "house edge, optimal strategy (Ante Bonus table 1)": percent(
            analysis.bet(MAIN_BET)["house_edge"]
        ),
        "element of risk, optimal strategy": percent(analysis.bet(MAIN_BET)["element_of_risk"]),
        "house edge, simple strategy": percent(analysis.bet(SIMPLE_BET)["house_edge"]),
        "Aces Up house edges over the published tables": (
            f"{percent(aces['house_edge'].min())} to {percent(aces['house_edge'].max())}"
            if len(aces)
            else "no Aces Up table"
        ),
    }
    return anchor_lines(
        [(key, PUBLISHED[key], computed[key]) for key in _comparable_figures(analysis)],
        "The published figures (Ante Bonus table 1, the five Aces Up tables) are for other "
        "rules; see the `four-card-standard` report.",
    )


def _payout_cap(analysis: FourCardAnalysis) -> Fraction:
    """The most the table pays on one hand (the rule set's limits)."""
    limits = analysis.rules.four_card.limits
    assert limits is not None and limits.aggregate_payout_cap is not None
    return limits.aggregate_payout_cap


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
                cost_format="{:.5f}",
                closing=_anchor_lines,
            )
        ),
        upcard_strategy_section,
        frequency_section(
            "## Hand frequencies",
            [
                ("Player, best four of five (of 2,598,960 hands):", "player_hand_frequencies"),
                ("Dealer, best four of six (of 20,358,520 hands):", "dealer_hand_frequencies"),
            ],
        ),
        joint_section(
            "## Joint distribution (for any Bad Beat Bonus)",
            "A Bad Beat table keyed on the losing player's hand or on the dealer's winning hand "
            "is priced by summing its cells.",
        ),
        cap_section(_payout_cap),
        returns_section("## Return table (Ante + Play, optimal strategy)", [], "result"),
    ),
    deals=lambda analysis: (
        f"{int(analysis.tables['bets']['deals'].iloc[0]):,} deals: 2,598,960 player hands x 47 "
        "up cards x 1,370,754 hidden dealer cards"
    ),
)
