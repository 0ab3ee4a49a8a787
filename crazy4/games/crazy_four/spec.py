"""Crazy 4 Poker as a :class:`crazy4.spec.specification.GameSpec`: the game as data over the
specification engines.

Five cards each, the dealer's all face down, each side playing its best four on the
best-four ranking; the settlement by outcome cell is :func:`.cells.cell_settlement`'s (Ante,
Play and Super Bonus together, per unit of Ante).

Examples
--------
>>> from crazy4.registry import load_rules
>>> rules = load_rules("crazy4-standard")
>>> CRAZY_FOUR_SPEC.shape.deals == CRAZY_FOUR_SPEC.published_deals
True
>>> CRAZY_FOUR_SPEC.ranking.describe(CRAZY_FOUR_SPEC.qualifier(rules))
'K-4-3-2'
>>> [side.name for side in CRAZY_FOUR_SPEC.side_bets(rules)]
['queens-up-50-40-8-4-3-2-1', 'queens-up-50-30-9-4-3-2-1']
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from crazy4.core.decisions import threshold_text
from crazy4.core.paytables import PayTable
from crazy4.core.strength_table import BEST_FOUR, BestFourRanking
from crazy4.games.crazy_four.cells import (
    BLIND_BET,
    MAIN_DESCRIPTIONS,
    MAIN_GAME,
    SIX_CELLS,
    cell_settlement,
    crazy_four_settlement,
    simple_strategy,
)
from crazy4.games.crazy_four.rules import (
    CrazyFourRules,
    crazy_four_rules,
    read_crazy_four_sections,
)
from crazy4.rules.ruleset import RuleSet
from crazy4.rules.sections import Section
from crazy4.spec.log_tests import LogTests, table_bonus
from crazy4.spec.specification import (
    BetRows,
    BlindHand,
    CellSettlement,
    DealShape,
    GameSpec,
    Settlement,
)
from crazy4.spec.table_layout import TableLayout
from crazy4.spec.wager_nets import wager_cell_settlement, wager_groups
from crazy4.validate.hands import strategy_groups

#: The main game's wagers as the log writes them (stakes and nets), in order.
LOGGED = ("ante", "super_bonus", "play")

#: The bets a simulation reports after the whole game: the Ante + Play, the Super Bonus.
BETS = (("ante_play", ("ante", "play")), ("super_bonus", ("super_bonus",)))


class CrazyFourSpec(GameSpec):
    """Crazy 4 Poker's specification (module docstring); its qualifier, side bets and limits
    are :class:`GameSpec`'s defaults."""

    key = "crazy-4-poker"
    title = "Crazy 4 Poker"
    shape = DealShape(player_cards=5, dealer_cards=5, face_up=0, hand_cards=4)
    # The rules: "Deals: 2,598,960 player hands × 1,533,939 dealer hands".
    published_deals = 3_986_646_103_440
    ranking: BestFourRanking = BEST_FOUR
    main_bet = "ante_super_bonus_play"
    side_bet_label = "Queens Up"
    required_multiples = (1,)

    def read_sections(self, top: Section, common: RuleSet) -> RuleSet:
        """The game's own sections (:func:`.rules.read_crazy_four_sections`)."""
        return read_crazy_four_sections(top, common)

    def settlement(self, rules: RuleSet) -> CellSettlement:
        """Ante + Super Bonus + Play in each outcome cell, by strength, per unit of Ante; each
        wager apart as the log settles it.

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> settled = CRAZY_FOUR_SPEC.settlement(load_rules("crazy4-standard"))
        >>> settled.logged, settled.staked == settled.logged
        (('ante', 'super_bonus', 'play'), True)
        """
        from crazy4.games.crazy_four.report import COUNTED, CRAZY_FOUR_SECTIONS

        chosen = crazy_four_rules(rules)
        settle = crazy_four_settlement(chosen)
        bonus = chosen.super_bonus is not None
        logged = LOGGED if bonus else ("ante", "play")
        strengths = np.arange(self.ranking.n_strengths)
        return wager_cell_settlement(
            settle,
            cell_settlement(rules),
            MAIN_GAME,
            SIX_CELLS,
            staked=logged,
            logged=logged,
            bets=BETS if bonus else BETS[:1],
            blind=BlindHand(
                settle.blind_multiple(strengths), settle.blind_play, chosen.blind_second_hand
            ),
            simple=simple_strategy(chosen, strengths),
            rows=BetRows(
                MAIN_DESCRIPTIONS[0],
                MAIN_DESCRIPTIONS[1:] if bonus else MAIN_DESCRIPTIONS[1:2],
                simple=(
                    f"{self.main_bet}_simple",
                    "Ante + Super Bonus + Play, published simple strategy "
                    f"({threshold_text(chosen, 'K-Q-8-4+', 'pair of aces+')})",
                ),
                blind=BLIND_BET,
            ),
            layout=TableLayout(report=CRAZY_FOUR_SECTIONS, counted=COUNTED),
            tests=self._log_tests(chosen),
        )

    def _log_tests(self, rules: CrazyFourRules) -> LogTests:
        """What a log's validation tests beside every game's tests (the Super Bonus table pays
        the main bet, the Super Bonus and the blind hand; each Queens Up table its own bet)."""
        awards: dict[str, tuple[PayTable, ...]] = {
            side.name: (side.table,) for side in rules.side_bets
        }
        misreadings = ["fold_showdown", "any_king_or_ace"]
        bonus = None
        switches: tuple[tuple[str, str, RuleSet], ...] = ()  # the unlisted rule switched
        if rules.super_bonus is not None:
            table = rules.super_bonus.table
            for bet in (self.main_bet, "super_bonus", BLIND_BET[0]):
                awards[bet] = (table,)
            misreadings[1:1] = ["ties_lose_bonus", "bonus_follows_play"]
            bonus = table_bonus("super_bonus", "Super Bonus", table)
            switch = rules.super_bonus.switch("Super Bonus")
            if switch is not None:
                switches = ((*switch[:2], replace(rules, super_bonus=switch[2])),)
        return LogTests(
            *(True, True, True, True),  # outcome cells, serial by strength, design, minimum
            groups=strategy_groups(),
            misreadings=tuple(misreadings),
            bonus=bonus,
            switches=switches,
            awards=awards,
        )

    def rule_lines(self, rules: RuleSet) -> list[str]:
        """The rules as the game's report lists them, the side bets' among them."""
        from crazy4.games.crazy_four.report import rule_lines
        from crazy4.report.spec_sections import with_side_bets

        before, after = rule_lines(crazy_four_rules(rules))
        return with_side_bets(before, rules, after)

    # What the game says of advantage play (the members of GameSpec with a default).

    #: The practical team rules (a count of some ranks shared), the recommended one first.
    team_rules = ("A", "AK", "K", "AKQ")
    #: One seen card's tables published with the analysis, in the chart's vocabulary.
    published_seen: int | None = 1
    hole_card_form = "chart"

    def bet_parts(self, rules: RuleSet) -> tuple[dict[str, Settlement], dict[str, str]]:
        """The main game's bets apart (:data:`BETS`), in the same cells as the main game, each
        per unit of its own wager; they add up to the main game.

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> parts = CRAZY_FOUR_SPEC.bet_parts(load_rules("crazy4-standard"))[0]
        >>> parts["ante_play"].nets[0, 1].tolist(), parts["super_bonus"].nets[0, 1].tolist()
        ([2, 2, 2, 4, 0, -4], [0, 0, 0, 0, 0, -2])
        """
        settle = crazy_four_settlement(crazy_four_rules(rules))
        groups = dict(BETS if settle.rules.super_bonus is not None else BETS[:1])
        return wager_groups(settle, groups, SIX_CELLS, cell_settlement(rules).unit), {}


#: Crazy 4 Poker's one specification.
CRAZY_FOUR_SPEC: GameSpec = CrazyFourSpec()
