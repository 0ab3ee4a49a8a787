"""Four Card Poker as a :class:`crazy4.spec.specification.GameSpec`: the game as data over the
specification engines.

Five cards to the player and six to the dealer, one of them face up, each side playing its
best four; no qualifier (only the three qualified cells are counted, the others settled
alike); its settlement by outcome cell is :func:`.cells.cell_settlement`'s (Ante, Play and Ante
Bonus, per unit of Ante). Its side bets are the Aces Up tables and a Bad Beat Bonus keyed on
the losing player's hand (:mod:`crazy4.spec.table_bets`); one keyed on the dealer's hand is
none, named unpriced where a fold forfeits it (:meth:`FourCardSpec.bet_parts`).

Examples
--------
>>> from crazy4.registry import load_rules
>>> rules = load_rules("four-card-ante-bonus-2")
>>> FOUR_CARD_SPEC.shape.deals == FOUR_CARD_SPEC.published_deals
True
>>> FOUR_CARD_SPEC.qualifier(rules)
0
>>> [side.name for side in FOUR_CARD_SPEC.side_bets(rules)][:1]
['aces-up-50-40-9-6-4-2-1']
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from crazy4.core.strength_table import BEST_FOUR, BestFourRanking
from crazy4.games.four_card.cells import (
    MAIN_GAME,
    RESULT_CELLS,
    cell_settlement,
    four_card_settlement,
    simple_strategy,
)
from crazy4.games.four_card.rules import (
    FourCardRuleSet,
    four_card_rules,
    read_four_card_sections,
)
from crazy4.rules.limits import Limits
from crazy4.rules.ruleset import RuleSet
from crazy4.rules.sections import Section
from crazy4.spec.specification import (
    BetRows,
    CellSettlement,
    DealShape,
    GameSpec,
    Settlement,
    SideBetSpec,
    table_side_bet,
)
from crazy4.spec.table_bets import bad_beat_side_bets, unpriced_bad_beat
from crazy4.spec.table_layout import SHOWDOWN_LABELS, TableLayout, chart_group
from crazy4.spec.threshold import range_text
from crazy4.spec.wager_nets import wager_cell_settlement

#: The tables' names of the cells (the dealer always qualifies: three are reached), the
#: strategy's hand groups (high cards by top rank), the player's and the dealer's hand
#: frequencies, the exact ties and the joint table of both hands' categories, as the game's
#: tables have always named them (the report's sections and what its deals are join them in
#: :meth:`FourCardSpec.settlement`, imported there: the report engine loads pandas).
LAYOUT = TableLayout(
    outcome_column="result",
    outcome_cells=(3, 4, 5),
    outcome_labels=SHOWDOWN_LABELS * 2,
    outcome_names=("dealer_lower", "tie", "dealer_higher") * 2,
    group=chart_group,  # high cards by top rank
    frequencies="player_hand_frequencies",
    dealer_frequencies="dealer_hand_frequencies",
    exact_ties=True,
    lowest_played=False,
    joint=True,
)


def seat_bets(rules: FourCardRuleSet) -> tuple[str, ...]:
    """The side bets one seat holds beside the Ante and Play, as the payout cap prices them:
    the rule set's first Aces Up table and the Bad Beat Bonus, if dealt.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> seat_bets(four_card_rules(load_rules("four-card-standard")))
    ('aces-up-50-40-8-5-4-3-1', 'bad_beat')
    """
    aces_up = tuple(bet.name for bet in rules.side_bets[:1])
    return aces_up + (("bad_beat",) if rules.four_card.bad_beat is not None else ())


def simple_description(rules: FourCardRuleSet) -> str:
    """The ``bets`` table's description of the main game under the published simple strategy.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> simple_description(four_card_rules(load_rules("four-card-standard")))[-49:]
    '1x 3-3 to 9-9, 3x 10-10 and up (per unit of Ante)'
    """
    played = range_text(rules.play.multiples, "3-3", "9-9", "10-10")
    return f"Ante + Play (+ Ante Bonus), published simple strategy: {played} (per unit of Ante)"


class FourCardSpec(GameSpec):
    """Four Card Poker's specification (module docstring)."""

    key = "four-card-poker"
    title = "Four Card Poker"
    shape = DealShape(player_cards=5, dealer_cards=6, face_up=1, hand_cards=4)
    # The rules: "Total deals: C(52,5) · 47 up cards · C(46,5) hidden dealer cards."
    published_deals = 2_598_960 * 47 * 1_370_754
    ranking: BestFourRanking = BEST_FOUR
    main_bet = "ante_play"
    side_bet_label = "Aces Up"
    required_multiples = (1,)

    def read_sections(self, top: Section, common: RuleSet) -> RuleSet:
        """The game's own sections (:func:`.rules.read_four_card_sections`)."""
        return read_four_card_sections(top, common)

    def qualifier(self, rules: RuleSet) -> int:
        """0: the dealer always qualifies."""
        return 0

    def settlement(self, rules: RuleSet) -> CellSettlement:
        """Ante + Play + Ante Bonus in each outcome cell, by strength, per unit of Ante; each
        wager apart as a log settles it."""
        from crazy4.games.four_card.report import COUNTED, FOUR_CARD_SECTIONS

        chosen = four_card_rules(rules)
        return wager_cell_settlement(  # the unqualified three cells as the qualified (no qualifier)
            four_card_settlement(chosen),
            cell_settlement(rules),
            MAIN_GAME,
            RESULT_CELLS,
            repeat=2,
            logged=("ante", "ante_bonus", "play"),  # the log's order
            simple=simple_strategy(chosen, np.arange(self.ranking.n_strengths)),
            rows=BetRows(
                "Ante + Play (+ Ante Bonus), optimal strategy by hand and up card "
                "(per unit of Ante)",
                simple=(f"{self.main_bet}_simple", simple_description(chosen)),
                strategies_first=True,
            ),
            layout=replace(
                LAYOUT,
                seat=seat_bets(chosen),
                report=FOUR_CARD_SECTIONS,
                counted=COUNTED,
            ),
        )

    def side_bets(self, rules: RuleSet) -> tuple[SideBetSpec, ...]:
        """Each Aces Up table, and whether a fold forfeits it; a Bad Beat Bonus keyed on the
        player's hand (module docstring)."""
        chosen = four_card_rules(rules)
        label = self.side_bet_label  # described per unit of its wager, as the bets table has it
        sides = (table_side_bet(label, bet, per_unit=True) for bet in chosen.side_bets)
        return (*sides, *bad_beat_side_bets(chosen.four_card.bad_beat))

    def limits(self, rules: RuleSet) -> Limits | None:
        """The rule set's ``[limits]`` (the payout cap), if any."""
        return four_card_rules(rules).four_card.limits

    def rule_lines(self, rules: RuleSet) -> list[str]:
        """The rules as the game's report lists them."""
        from crazy4.games.four_card.report import rule_lines
        from crazy4.report.spec_sections import with_side_bets

        before, after = rule_lines(four_card_rules(rules))
        return with_side_bets(before, rules, after)

    # What the game says of advantage play (the members of GameSpec with a default).

    #: The practical team rule: share the up card's rank.
    team_rules = ("up",)
    #: The hole-card engine's rule by the deal's size (5.6 billion situations: none published),
    #: the tables in the chart's vocabulary.
    published_seen: int | None = None
    hole_card_form = "chart"

    def bet_parts(self, rules: RuleSet) -> tuple[dict[str, Settlement], dict[str, str]]:
        """None of the main game; a Bad Beat Bonus a fold forfeits that is keyed on the dealer's
        hand is named unpriced (the cells do not hold the dealer's category; one keyed on the
        player's hand is a side bet of the specification, priced by the engine).

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> FOUR_CARD_SPEC.bet_parts(load_rules("four-card-standard"))
        ({}, {})
        """
        return {}, unpriced_bad_beat(four_card_rules(rules).four_card.bad_beat)


#: Four Card Poker's one specification.
FOUR_CARD_SPEC: GameSpec = FourCardSpec()
