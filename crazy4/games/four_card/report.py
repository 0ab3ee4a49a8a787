"""The Four Card Poker report: its texts, the published anchors beside the exact figures, the
strategy chart by up card, the joint table behind any Bad Beat Bonus and the payout cap.

The report itself is every game's one engine (:mod:`crazy4.report.spec_report`, the sections of a
seen dealer card :mod:`crazy4.report.seen`); :data:`FOUR_CARD_SECTIONS` lists its
sections, which the game's settlement names
(:attr:`crazy4.spec.table_layout.TableLayout.report`): the rule set, the bets, the strategy
chart, hand frequencies for player and dealer, the joint table, the payout cap, the return
table.
"""

from __future__ import annotations

from collections.abc import Callable

from crazy4.games.four_card.rules import four_card_rules
from crazy4.report.frame import ReportInput
from crazy4.report.markdown import percent
from crazy4.report.seen import cap_section, chart_strategy_section, joint_section
from crazy4.report.spec_sections import (
    BetsText,
    PublishedFigure,
    Section,
    bets_section,
    frequency_section,
    published_figures,
    returns_section,
    rules_section,
    title_section,
)

#: The rules the published figures are for.
_TABLE_1 = "four of a kind 25, straight flush 20, three of a kind 2"
_PUBLISHED_ACES_UP = {
    "50-40-8-5-4-3-1",
    "50-40-8-6-4-2-1",
    "50-30-7-6-5-2-1",
    "50-40-9-6-4-2-1",
    "50-40-7-5-4-3-1",
}


def _standard_game(view: ReportInput) -> bool:
    """Whether the rules are those of the published Ante + Play figures (Ante Bonus table 1)."""
    rules = four_card_rules(view.rules)
    four = rules.four_card
    assert four is not None
    return (
        four.ante_bonus is not None
        and four.ante_bonus.table.describe() == _TABLE_1
        and rules.dealer.ties == "player"
        and rules.play.multiples == (1, 2, 3)
        and rules.play.raise_minimum_strength == 0
    )


def _published_aces_up(view: ReportInput) -> bool:
    """Whether the side bets are exactly the five published Aces Up tables."""
    side_bets = view.rules.side_bets
    tables = {bet.table.describe() for bet in side_bets}
    published_tables = {
        bet.table.describe()
        for bet in side_bets
        if bet.name.removeprefix("aces-up-") in _PUBLISHED_ACES_UP and not bet.fold_forfeits
    }
    return len(published_tables) == len(_PUBLISHED_ACES_UP) == len(tables)


def _aces_up_range(view: ReportInput) -> str:
    bets = view.tables["bets"]
    edges = bets[bets["bet"].str.startswith("aces-up")]["house_edge"]
    return f"{percent(edges.min())} to {percent(edges.max())}"


def _main_figure(column: str) -> Callable[[ReportInput], str]:
    """One figure of the main bet under the optimal strategy."""
    return lambda view: percent(view.bet(view.spec.main_bet)[column])


def _simple_figure(column: str) -> Callable[[ReportInput], str]:
    """One figure of the main bet under the published simple strategy."""
    return lambda view: percent(view.bet(view.simple_bet)[column])


#: Published figures (``../shared/rules/four-card-poker.md``), shown beside the exact ones
#: where the rules are those they are for.
PUBLISHED = (
    PublishedFigure("house edge, optimal strategy (Ante Bonus table 1)",
                    "2.78% of the Ante (Wizard of Odds)", _main_figure("house_edge"),
                    _standard_game),
    PublishedFigure("element of risk, optimal strategy", "1.30% (Wizard of Odds)",
                    _main_figure("element_of_risk"), _standard_game),
    PublishedFigure("house edge, simple strategy", "about 3.40% (S. Ko)",
                    _simple_figure("house_edge"), _standard_game),
    PublishedFigure("Aces Up house edges over the published tables", "about 1.98% to 6.15%",
                    _aces_up_range, _published_aces_up),
)  # fmt: skip


#: The Four Card Poker report's sections, for :mod:`crazy4.report.spec_report`.
FOUR_CARD_SECTIONS: tuple[Section, ...] = (
    title_section,
    rules_section,
    bets_section(
        BetsText(
            played="(by the five cards and the up card) the Ante + Play",
            exact_note=" Every EV is exact: `exact_ev` is the fraction per unit of the bet's "
            "base wager.",
            exact_column="exact_ev",
            descriptions_heading=False,
            cost_format="{:.5f}",
            closing=published_figures(
                PUBLISHED,
                "The published figures (Ante Bonus table 1, the five Aces Up tables) are "
                "for other rules; see the `four-card-standard` report.",
            ),
        )
    ),
    chart_strategy_section,
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
    cap_section,
    returns_section("## Return table (Ante + Play, optimal strategy)", [], "result"),
)

#: What the report's provenance says the deals counted were.
COUNTED = "{:,} deals: 2,598,960 player hands x 47 up cards x 1,370,754 hidden dealer cards"
