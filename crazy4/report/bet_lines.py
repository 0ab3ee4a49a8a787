"""The rules list's lines of the bets several games deal on a pay table, of a table's limits,
and of a dealer's qualifier and the Play bet (none for what a rule set does not deal).

Examples
--------
>>> from crazy4.core.paytables import PayTable
>>> table = PayTable.from_mapping("ab", {"three_of_a_kind": 2})
>>> ante_bonus_lines(AnteBonus(table, paid_only_with_play=True))[0][:47]
'Ante Bonus: three of a kind 2, whatever the dea'
>>> ante_bonus_lines(None), bad_beat_lines(None), limits_lines(None)
([], [], [])
"""

from __future__ import annotations

from crazy4.report.spec_sections import money, multiples_text, ties_text
from crazy4.rules.limits import Limits
from crazy4.rules.ruleset import RuleSet
from crazy4.rules.table_bets import AnteBonus, BadBeat


def ante_bonus_lines(bonus: AnteBonus | None) -> list[str]:
    """The Ante Bonus's table, and whether a folded hand is paid it."""
    if bonus is None:
        return []
    paid = "only with a Play bet" if bonus.paid_only_with_play else "even on a fold"
    return [
        f"Ante Bonus: {bonus.table.describe()}, whatever the dealer holds; paid "
        f"{paid} (no paying hand is ever folded under optimal play, so this switch does not "
        "move the figures)."
    ]


def bad_beat_lines(bad: BadBeat | None) -> list[str]:
    """The Bad Beat Bonus's table, what it is keyed on, whether a fold forfeits it."""
    if bad is None:
        return []
    keyed = "the losing player's hand" if bad.keyed_on == "player" else "the dealer's hand"
    mark = " **ILLUSTRATIVE — not a published table**" if bad.illustrative else ""
    return [
        f"Bad Beat Bonus{mark}: pays {bad.table.describe()} on {keyed} when the player's "
        f"hand loses{'; a fold forfeits it' if bad.fold_forfeits else ''}."
    ]


def limits_lines(limits: Limits | None) -> list[str]:
    """The table's bet limits and its cap on a hand's payout, if any.

    Examples
    --------
    >>> from fractions import Fraction
    >>> limits_lines(Limits(Fraction(5), Fraction(500), Fraction(25000)))
    ['Limits: $5 to $500 a bet; at most $25,000 paid on one hand, all bets included.']
    """
    if limits is None:
        return []
    cap = limits.aggregate_payout_cap
    return [
        f"Limits: {money(limits.minimum_bet)} to {money(limits.maximum_bet)} a "
        "bet" + (f"; at most {money(cap)} paid on one hand, all bets included." if cap else ".")
    ]


def qualifier_lines(rules: RuleSet) -> list[str]:
    """The dealer's qualifier, the tie rule, and the Play bets with the raise minimum.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> qualifier_lines(load_rules("crazy4-standard"))[1:]
    ['Ties: push.', 'Play bet: 1x, 2x, 3x the Ante; more than 1x only with pair of aces or better.']
    """
    not_qualified = rules.dealer.play_when_not_qualified
    return [
        f"Dealer qualifies with **{rules.dealer.qualifier}**; when the dealer does not "
        f"qualify the Play bet **{not_qualified}**"
        + (" 1:1" if not_qualified == "wins" else " against the hand")
        + " and the Ante pushes.",
        f"Ties: {ties_text(rules.dealer.ties)}.",
        f"Play bet: {multiples_text(rules.play.multiples)} the Ante; more than 1x only with "
        f"{rules.play.raise_minimum} or better.",
    ]
