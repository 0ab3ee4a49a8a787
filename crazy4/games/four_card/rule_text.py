"""Four Card Poker's rules in words, as its report lists them (:mod:`.report`) and its
specification gives them (:meth:`.spec.FourCardSpec.rule_lines`).

Examples
--------
>>> from crazy4.registry import load_rules
>>> from crazy4.games.four_card.rules import four_card_rules
>>> before, after = rule_lines(four_card_rules(load_rules("four-card-standard")))
>>> before[0]
'The player gets 5 cards, the dealer 6 with 1 face up; each plays the best four.'
"""

from __future__ import annotations

from crazy4.games.four_card.rules import FourCardRuleSet
from crazy4.report.bet_lines import ante_bonus_lines, bad_beat_lines, limits_lines
from crazy4.report.spec_sections import multiples_text, ties_text


def rule_lines(rules: FourCardRuleSet) -> tuple[list[str], list[str]]:
    """The rules before the side bets (the deal, ties, the Play, the Ante Bonus) and after
    (the Bad Beat Bonus, the limits: :mod:`crazy4.report.bet_lines`)."""
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
