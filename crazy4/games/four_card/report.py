"""The Four Card Poker report: its texts, its rule lines, the published anchors beside the exact
figures, the strategy chart by up card, the joint table behind any Bad Beat Bonus and the payout
cap.

The report itself is every game's one engine (:mod:`crazy4.report.spec_report`, the sections of a
seen dealer card :mod:`crazy4.report.seen`); :data:`FOUR_CARD_SECTIONS` lists its
sections, which the game's settlement names
(:attr:`crazy4.spec.table_layout.TableLayout.report`): the rule set, the bets, the strategy
chart, hand frequencies for player and dealer, the joint table, the payout cap, the return
table.
"""

from __future__ import annotations

from crazy4.games.four_card.rules import FourCardRuleSet
from crazy4.report.bet_lines import ante_bonus_lines, bad_beat_lines, limits_lines
from crazy4.report.seen import cap_section, chart_strategy_section, joint_section
from crazy4.report.spec_sections import (
    BetsText,
    PublishedFigure,
    Section,
    bets_section,
    frequency_section,
    main_figure,
    multiples_text,
    published_figures,
    range_figure,
    returns_section,
    rules_are,
    rules_section,
    side_tables_are,
    simple_figure,
    ties_text,
    title_section,
)


def rule_lines(rules: FourCardRuleSet) -> tuple[list[str], list[str]]:
    """The rules before the side bets (the deal, ties, the Play, the Ante Bonus) and after
    (the Bad Beat Bonus, the limits: :mod:`crazy4.report.bet_lines`).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> from crazy4.games.four_card.rules import four_card_rules
    >>> before, after = rule_lines(four_card_rules(load_rules("four-card-standard")))
    >>> before[0]
    'The player gets 5 cards, the dealer 6 with 1 face up; each plays the best four.'
    """
    four = rules.four_card
    assert four is not None
    before = [
        f"The player gets 5 cards, the dealer {rules.dealer.cards} with "
        f"{rules.dealer.up_cards} face up; each plays the best four.",
        f"No dealer qualifier. Ties: {ties_text(rules.dealer.ties)}.",
        "After seeing the up card: fold (lose the Ante) or Play "
        f"{multiples_text(rules.play.multiples)} the Ante.",
    ]
    before += ante_bonus_lines(four.ante_bonus)
    return before, [*bad_beat_lines(four.bad_beat), *limits_lines(four.limits)]


#: The Aces Up tables the published range is over.
PUBLISHED_ACES_UP = {
    "50-40-8-5-4-3-1",
    "50-40-8-6-4-2-1",
    "50-30-7-6-5-2-1",
    "50-40-9-6-4-2-1",
    "50-40-7-5-4-3-1",
}

#: The rules of the published Ante + Play figures (Ante Bonus table 1).
STANDARD_GAME = rules_are(
    {
        "four_card.ante_bonus.table": "four of a kind 25, straight flush 20, three of a kind 2",
        "dealer.ties": "player",
        "play.multiples": (1, 2, 3),
        "play.raise_minimum_strength": 0,
    }
)

#: Published figures (``../shared/rules/four-card-poker.md``), shown beside the exact ones
#: where the rules are those they are for.
PUBLISHED = (
    PublishedFigure("house edge, optimal strategy (Ante Bonus table 1)",
                    "2.78% of the Ante (Wizard of Odds)", main_figure("house_edge"),
                    STANDARD_GAME),
    PublishedFigure("element of risk, optimal strategy", "1.30% (Wizard of Odds)",
                    main_figure("element_of_risk"), STANDARD_GAME),
    PublishedFigure("house edge, simple strategy", "about 3.40% (S. Ko)",
                    simple_figure("house_edge"), STANDARD_GAME),
    PublishedFigure("Aces Up house edges over the published tables", "about 1.98% to 6.15%",
                    range_figure("aces-up"), side_tables_are("aces-up-", PUBLISHED_ACES_UP)),
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
