"""The Four Card Poker sections of a rule file.

A rule file with ``game = "four-card-poker"`` has the common keys and ``[dealer]`` / ``[play]``
sections (the dealer gets ``cards = 6``, ``up_cards = 1``; there is no qualifier), and these::

    [ante_bonus]                      # paid on the Ante for strong hands, whatever the dealer holds
    paid_only_with_play = false       # true: only when a Play bet was made (online versions)
    [ante_bonus.pays]                 # odds to 1 (hand classes of crazy4.core.paytables)
    four_of_a_kind = 25
    straight_flush = 20
    three_of_a_kind = 2

    [[aces_up]]                       # any number of named tables, on the player's own hand
    name = "50-40-8-5-4-3-1"
    fold_forfeits = false             # true: a fold loses the Aces Up bet too
    [aces_up.pays]
    pair_of_aces = 1

    [bad_beat]                        # optional
    illustrative = true               # true: not a published table (said in the report)
    keyed_on = "player"               # "player": the losing player's hand decides the pay;
                                      # "dealer": the dealer's winning hand (whole categories)
    fold_forfeits = true              # a fold loses the Bad Beat bet
    [bad_beat.pays]
    four_of_a_kind = 500

    [limits]                          # optional: the payout cap (crazy4.rules.limits)

Every key is checked and an unknown key is an error naming the file, section and key.
"""

from __future__ import annotations

from dataclasses import dataclass

from crazy4.errors import InputError
from crazy4.rules.limits import Limits, read_limits
from crazy4.rules.ruleset import RuleSet, rules_of
from crazy4.rules.sections import Section, optional_section, pay_table, side_bet_tables
from crazy4.rules.table_bets import BAD_BEAT_KEYS, AnteBonus, BadBeat, check_keyed_on


@dataclass(frozen=True)
class FourCardRules:
    """The Four Card Poker bets of a rule set (the Aces Up tables are its ``side_bets``)."""

    ante_bonus: AnteBonus | None
    bad_beat: BadBeat | None
    limits: Limits | None


@dataclass(frozen=True)
class FourCardRuleSet(RuleSet):
    """A Four Card Poker rule set: the common keys and the game's bets.

    Attributes
    ----------
    four_card : FourCardRules
        The Ante Bonus, the Bad Beat bet and the limits (the Aces Up tables are the
        ``side_bets``).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("four-card-standard")
    >>> isinstance(rules, FourCardRuleSet), rules.dealer.cards, rules.dealer.up_cards
    (True, 6, 1)
    """

    four_card: FourCardRules = FourCardRules(None, None, None)


def _ante_bonus(section: Section) -> AnteBonus:
    table = pay_table(section, "ante-bonus")
    return AnteBonus(table, paid_only_with_play=section.boolean("paid_only_with_play", False))


def _bad_beat(section: Section) -> BadBeat:
    keyed_on = section.choice("keyed_on", BAD_BEAT_KEYS, "player")
    table = pay_table(section, "bad-beat")
    check_keyed_on(keyed_on, table, section.where)
    return BadBeat(
        table=table,
        keyed_on=keyed_on,
        fold_forfeits=section.boolean("fold_forfeits", True),
        illustrative=section.boolean("illustrative", False),
    )


def read_four_card_sections(top: Section, common: RuleSet) -> FourCardRuleSet:
    """Read ``[ante_bonus]``, ``[[aces_up]]``, ``[bad_beat]`` and ``[limits]``.

    Parameters
    ----------
    top : crazy4.rules.sections.Section
        The whole file; the keys read here are marked as taken.
    common : RuleSet
        The common keys, already read.

    Returns
    -------
    FourCardRuleSet
        With the Aces Up tables as side bets named ``aces-up-<name>``.

    Raises
    ------
    InputError
        Naming the file, the section and the key.
    """
    if common.dealer.qualifier_strength != 0:
        raise InputError(
            f"{top.where} [dealer]: key 'qualifier' is {common.dealer.qualifier!r}; "
            'four-card-poker has no dealer qualifier (use "none")'
        )
    ante_bonus = optional_section(top, "ante_bonus", _ante_bonus)
    aces_up = side_bet_tables(top, "aces_up", "aces-up")
    bad_beat = optional_section(top, "bad_beat", _bad_beat)
    limits = read_limits(top)
    return FourCardRuleSet(
        **common.common_fields(side_bets=aces_up),
        four_card=FourCardRules(ante_bonus=ante_bonus, bad_beat=bad_beat, limits=limits),
    )


def four_card_rules(rules: RuleSet) -> FourCardRuleSet:
    """``rules`` as the Four Card Poker rule set it must be (:class:`InputError` if not)."""
    return rules_of(rules, FourCardRuleSet, "Four Card Poker")
