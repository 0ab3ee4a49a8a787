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
from crazy4.report.spec_sections import money, multiples_text, ties_text


def rule_lines(rules: FourCardRuleSet) -> tuple[list[str], list[str]]:
    """The rules before the side bets (the deal, ties, the Play, the Ante Bonus) and after
    (the Bad Beat Bonus, the limits)."""
    four = rules.four_card
    assert four is not None
    before = [
        f"The player gets 5 cards, the dealer {rules.dealer.cards} with "
        f"{rules.dealer.up_cards} face up; each plays the best four.",
        f"No dealer qualifier. Ties: {ties_text(rules.dealer.ties)}.",
        "After seeing the up card: fold (lose the Ante) or Play "
        f"{multiples_text(rules.play.multiples)} the Ante.",
    ]
    if four.ante_bonus is not None:
        paid = "only with a Play bet" if four.ante_bonus.paid_only_with_play else "even on a fold"
        before.append(
            f"Ante Bonus: {four.ante_bonus.table.describe()}, whatever the dealer holds; paid "
            f"{paid} (no paying hand is ever folded under optimal play, so this switch does not "
            "move the figures)."
        )
    after = []
    if four.bad_beat is not None:
        bad = four.bad_beat
        keyed = "the losing player's hand" if bad.keyed_on == "player" else "the dealer's hand"
        mark = " **ILLUSTRATIVE — not a published table**" if bad.illustrative else ""
        after.append(
            f"Bad Beat Bonus{mark}: pays {bad.table.describe()} on {keyed} when the player's "
            f"hand loses{'; a fold forfeits it' if bad.fold_forfeits else ''}."
        )
    if four.limits is not None:
        cap = four.limits.aggregate_payout_cap
        after.append(
            f"Limits: {money(four.limits.minimum_bet)} to {money(four.limits.maximum_bet)} a "
            "bet" + (f"; at most {money(cap)} paid on one hand, all bets included." if cap else ".")
        )
    return before, after
