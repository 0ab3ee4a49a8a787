"""The Crazy 4 Poker report: its texts, the Super Bonus's rule lines and the priced readings of
an unlisted hand.

The report itself is every game's one engine (:mod:`crazy4.report.spec_report`);
:data:`CRAZY_FOUR_SECTIONS` lists its sections, which the game's settlement names
(:attr:`crazy4.spec.table_layout.TableLayout.report`).
"""

from __future__ import annotations

from crazy4.core.decisions import threshold_text
from crazy4.games.crazy_four.rules import (
    CrazyFourRules,
    crazy_four_rules,
    unlisted_readings,
)
from crazy4.report.bet_lines import qualifier_lines
from crazy4.report.readings import (
    ReadingsText,
    listed_subject,
    readings_section,
    unlisted_note,
)
from crazy4.report.spec_sections import (
    BetsText,
    Section,
    bets_section,
    frequency_section,
    returns_section,
    rules_section,
    runs_strategy_section,
    title_section,
)


def rule_lines(rules: CrazyFourRules) -> tuple[list[str], list[str]]:
    """The rules before the side bets (the dealer, ties, the Play:
    :func:`crazy4.report.bet_lines.qualifier_lines`; the Super Bonus) and after (the blind
    second hand)."""
    before = qualifier_lines(rules)
    if rules.super_bonus is not None:
        before += [
            f"Super Bonus pays: {rules.super_bonus.table.describe()}; below the table it pushes, "
            "or loses when a qualifying dealer hand beats the player; a fold loses it.",
            *unlisted_note("Super Bonus", rules.super_bonus, READINGS),
        ]
    after = []
    if rules.blind_second_hand:
        after.append(
            "A second hand is played blind: 3x the Ante, 2x returned below "
            f"{rules.play.raise_minimum}."
        )
    return before, after


#: The other readings of the Super Bonus's unlisted hands, priced exactly.
READINGS = ReadingsText(
    heading="## Super Bonus: the readings of an unlisted hand",
    open_rule="The Super Bonus table lists no {subject}, though it ranks above the table's "
    "lowest line.",
    priced="Ante + Super Bonus + Play, per unit of Ante",
    bet="super_bonus",
    readings=lambda rules: unlisted_readings(crazy_four_rules(rules)),
    subject=listed_subject(lambda rules: crazy_four_rules(rules).super_bonus),
)


#: The Crazy 4 Poker report's sections, for :mod:`crazy4.report.spec_report`.
CRAZY_FOUR_SECTIONS: tuple[Section, ...] = (
    title_section,
    rules_section,
    bets_section(
        BetsText(
            played="the Ante + Super Bonus + Play",
            cost_format="{:.3e}",
            simple_strategy=lambda view: threshold_text(
                crazy_four_rules(view.rules),
                "K-Q-8-4 or better",
                "a pair of aces or better",
                "fold below",
            ),
        )
    ),
    readings_section(READINGS),
    runs_strategy_section,
    frequency_section(
        "## Player hand frequencies (best four of five)", [(None, "hand_frequencies")]
    ),
    returns_section(
        "## Return table (Ante + Super Bonus + Play, optimal strategy)",
        [
            "Net result in Antes for each decision, hand and dealer outcome; the "
            "contributions sum to the EV.",
            "",
        ],
        "dealer_outcome",
    ),
)

#: What the report's provenance says the deals counted were.
COUNTED = "{:,} player/dealer deals"
