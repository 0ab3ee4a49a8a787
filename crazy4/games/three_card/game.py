"""Three Card Poker as a :class:`crazy4.spec.specification.GameSpec`: deal, bets, settlement.

Settlement per unit of Ante (``../shared/rules/three-card-poker.md``): a fold loses the Ante; a
Play bet of ``m`` Antes, when the dealer does not qualify, wins or pushes the Ante and the Play
as ``[not_qualified]`` says; when it qualifies, the higher hand wins Ante and Play 1:1 and a tie
pushes (or goes to the player, ``ties = "player"``). The Ante Bonus is paid on the player's hand
whatever the dealer holds (only with a Play bet unless the rule set says otherwise). Pair Plus
is a bet on the player's hand alone; the 6-Card Bonus on the best five-card hand of the player's
and the dealer's six cards, settled whatever the player decides.

Examples
--------
>>> from crazy4.registry import load_rules
>>> rules = load_rules("three-card-standard")
>>> settled = THREE_CARD.settlement(rules)
>>> strength = THREE_CARD.ranking.strength_of("straight")
>>> settled.nets[strength, 1].tolist()  # 1x: Ante +1 (not qualified), +2, 0, -2; bonus +1
[2, 2, 2, 3, 1, -1]
>>> settled.nets[strength, 0].tolist()  # fold: the Ante lost
[-1, -1, -1, -1, -1, -1]
"""

from __future__ import annotations

import numpy as np

from crazy4.core.decisions import allowed_decisions
from crazy4.core.five_card_ranking import FIVE_CARD
from crazy4.core.text_safety import markdown_text
from crazy4.core.three_card_ranking import THREE_CARD_RANKING, ThreeCardRanking
from crazy4.games.three_card.rules import read_three_card_sections, three_card_rules
from crazy4.rules.ruleset import TIE_NETS, RuleSet
from crazy4.rules.sections import Section
from crazy4.spec.specification import (
    CellSettlement,
    DealShape,
    GameSpec,
    SideBetSpec,
    pays_text,
)

#: The published simple strategy, as the weakest hand it plays (1x): under the standard rules
#: also the optimum; under another rule set it is checked as itself, not as the optimum.
SIMPLE_PLAY = "Q-6-4"

#: How the rules text words each tie rule.
TIE_WORDS = {"push": "push", "player": "go to the player", "dealer": "go to the dealer"}


class ThreeCard(GameSpec):
    """Three Card Poker: three cards each, a Q-high qualifier, Ante Bonus and Pair Plus (the
    members with a default are :class:`crazy4.spec.specification.GameSpec`'s)."""

    key = "three-card-poker"
    title = "Three Card Poker"
    shape = DealShape(player_cards=3, dealer_cards=3, face_up=0, hand_cards=3)
    # The rules: "Deals: 22,100 player hands × 18,424 dealer hands".
    published_deals = 22_100 * 18_424
    ranking: ThreeCardRanking = THREE_CARD_RANKING
    main_bet = "ante_play"
    required_multiples = (1,)
    side_bet_label = "Pair Plus"

    def read_sections(self, top: Section, common: RuleSet) -> RuleSet:
        """``[not_qualified]``, ``[ante_bonus]``, ``[[pair_plus]]`` (:mod:`.rules`)."""
        return read_three_card_sections(top, common)

    def qualifier(self, rules: RuleSet) -> int:
        """The qualifier's three-card strength."""
        return three_card_rules(rules).qualifier

    def settlement(self, rules: RuleSet) -> CellSettlement:
        """Fold, 1x, 2x, 3x in the six cells, by strength (module docstring)."""
        chosen = three_card_rules(rules)
        bonus = chosen.ante_bonus
        unit = bonus.unit if bonus is not None else 1
        n = self.ranking.n_strengths
        paid = (
            bonus.odds_numerators(self.ranking, unit, below=0)
            if bonus is not None
            else np.zeros(n, dtype=np.int64)
        )
        ante = np.zeros((n, 4, 6), dtype=np.int64)
        play = np.zeros((n, 4, 6), dtype=np.int64)
        ante_bonus = np.zeros((n, 4, 6), dtype=np.int64)
        ante[:, 0, :] = -unit
        if not chosen.ante_bonus_only_with_play:
            ante_bonus[:, 0, :] = paid[:, None]
        tie = TIE_NETS[rules.dealer.ties]
        not_qualified = unit if chosen.ante_when_not_qualified == "wins" else 0
        for multiple in (1, 2, 3):
            won = 1 if chosen.play_when_not_qualified == "wins" else 0
            ante[:, multiple, :] = [not_qualified] * 3 + [unit, tie * unit, -unit]
            play[:, multiple, :] = np.array([won] * 3 + [1, tie, -1]) * multiple * unit
            ante_bonus[:, multiple, :] = paid[:, None]
        allowed = allowed_decisions(rules.play.multiples, chosen.raise_minimum, np.arange(n))
        return CellSettlement(
            nets=ante + play + ante_bonus,
            allowed=allowed,
            wagers=np.array([1, 2, 3, 4], dtype=np.int64) * unit,
            unit=unit,
            parts={"ante": ante, "play": play, "ante_bonus": ante_bonus},
            simple=(np.arange(n) >= self.ranking.strength_of(SIMPLE_PLAY)).astype(np.int64),
        )

    def side_bets(self, rules: RuleSet) -> tuple[SideBetSpec, ...]:
        """The Pair Plus tables, then the 6-Card Bonus tables (the best five of all six
        cards, on the five-card ranking)."""
        chosen = three_card_rules(rules)
        pair_plus = tuple(
            SideBetSpec(table.name, f"Pair Plus {table.name.removeprefix('pair-plus-')}", table)
            for table in chosen.pair_plus
        )
        return pair_plus + tuple(
            SideBetSpec(
                table.name,
                f"6-Card Bonus {table.name.removeprefix('six-card-bonus-')}: the best five of "
                "the player's and the dealer's six cards",
                table,
                scores="player_and_dealer",
                ranking=FIVE_CARD,
            )
            for table in chosen.six_card_bonus
        )

    def rule_lines(self, rules: RuleSet) -> list[str]:
        """The rules as the report lists them."""
        chosen = three_card_rules(rules)
        lines = [
            "Player and dealer get three cards each from one 52-card deck; none face up.",
            "Ranking: straight flush, three of a kind, straight, flush, pair, high card "
            "(A-2-3 the lowest straight).",
            f"Dealer qualifies with {rules.dealer.qualifier} or better; not qualified: "
            f"Ante {chosen.ante_when_not_qualified}, Play {chosen.play_when_not_qualified}.",
            f"Play bets: {', '.join(f'{m}x' for m in rules.play.multiples)} the Ante; "
            f"ties {TIE_WORDS[rules.dealer.ties]}.",
        ]
        if chosen.ante_bonus is not None:
            when = "with a Play bet" if chosen.ante_bonus_only_with_play else "always"
            lines.append(f"Ante Bonus ({when}): {pays_text(chosen.ante_bonus)}.")
        lines += [f"{markdown_text(table.name)}: {pays_text(table)}." for table in chosen.pair_plus]
        for table in chosen.six_card_bonus:
            lines.append(
                f"{markdown_text(table.name)} (the best five-card hand of the player's and the "
                f"dealer's six cards, whatever the player decides): {pays_text(table)}."
            )
        return lines


#: The game's one specification, registered in :mod:`crazy4.registry`.
THREE_CARD = ThreeCard()
