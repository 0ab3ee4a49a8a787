"""The Crazy 4 Poker sections of a rule file: the Super Bonus, the Queens Up tables, the card room.

A rule file with ``game = "crazy-4-poker"`` has the common keys and the ``[dealer]`` and
``[play]`` sections of :mod:`crazy4.rules.ruleset` (the dealer gets five cards, none face up),
and these (every key is checked; an unknown key is an error)::

    [super_bonus]                          # the mandatory bet equal to the Ante (a fold loses it)
    unlisted = "below_table"               # a hand the table does not list, though it ranks at
                                           # or above the table's lowest line: "push" or
                                           # "below_table" (the default; see below)
    [super_bonus.pays]                     # odds to 1; see crazy4.core.paytables for hand names
    four_aces = 200
    four_of_a_kind = 30

    [[queens_up]]                          # any number of named tables
    name = "50-40-8-4-3-2-1"
    fold_forfeits = false
    [queens_up.pays]
    pair_of_queens = 1

    [cardroom]                             # optional: crazy4.rules.cardroom

A hand *below the Super Bonus table* pushes, unless a qualifying dealer hand beats it: then it
loses. A hand the table does not list, though at or above its lowest line (the card room's
three of a kind), is settled by ``unlisted``: as a hand below the table (the default), or
``"push"`` whatever the dealer holds, as the card room's text reads.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction

from crazy4.rules.cardroom import CardroomTable, read_cardroom
from crazy4.rules.ruleset import RuleSet, rules_of
from crazy4.rules.sections import Section, optional_section, pay_table, side_bet_tables
from crazy4.rules.table_bets import UNLISTED_RULES, ListedTable


@dataclass(frozen=True)
class SuperBonus(ListedTable):
    """The mandatory bet equal to the Ante, paid on strong hands, pushing or losing below; a
    fold forfeits it. Its table and its ``unlisted`` rule (``"below_table"`` or ``"push"``) are
    a :class:`crazy4.rules.table_bets.ListedTable`'s, whose examples are this bet's.
    """

    bet_name = "Super Bonus"


@dataclass(frozen=True)
class CrazyFourRules(RuleSet):
    """A Crazy 4 Poker rule set: the common keys, the Super Bonus and the card room.

    Attributes
    ----------
    super_bonus : SuperBonus or None
    blind_second_hand : bool
        The card room's blind second hand.
    cardroom_tables : tuple of CardroomTable
    max_seats : int
        Player hands (betting spots) at a table.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("crazy4-standard")
    >>> isinstance(rules, CrazyFourRules), rules.super_bonus is not None
    (True, True)
    """

    super_bonus: SuperBonus | None = None
    blind_second_hand: bool = False
    cardroom_tables: tuple[CardroomTable, ...] = ()
    max_seats: int = 7


def _super_bonus(section: Section) -> SuperBonus:
    table = pay_table(section, "super-bonus")
    return SuperBonus(table, section.choice("unlisted", UNLISTED_RULES, "below_table"))


def read_crazy_four_sections(top: Section, common: RuleSet) -> CrazyFourRules:
    """Read ``[super_bonus]``, ``[[queens_up]]`` and ``[cardroom]`` onto the common keys.

    Parameters
    ----------
    top : Section
        The whole file; the keys read here are marked as taken.
    common : RuleSet
        The common keys, already read.
    """
    super_bonus = optional_section(top, "super_bonus", _super_bonus)
    queens_up = side_bet_tables(top, "queens_up", "queens-up")
    cardroom = read_cardroom(top)
    return CrazyFourRules(
        **common.common_fields(side_bets=queens_up),
        super_bonus=super_bonus,
        blind_second_hand=cardroom.blind_second_hand,
        cardroom_tables=cardroom.tables,
        max_seats=cardroom.max_seats,
    )


def crazy_four_rules(rules: RuleSet) -> CrazyFourRules:
    """``rules`` as the Crazy 4 Poker rule set it must be (:class:`InputError` if not)."""
    return rules_of(rules, CrazyFourRules, "Crazy 4 Poker")


#: The standard Super Bonus table (rack cards, Wizard of Odds; ``crazy4-standard``'s, which a
#: test holds it to): the odds a reading "as the standard table pays" gives an unlisted hand.
STANDARD_SUPER_BONUS: dict[str, Fraction | float | int | str] = {
    "four_aces": 200,
    "four_of_a_kind": 30,
    "straight_flush": 15,
    "three_of_a_kind": 2,
    "flush": Fraction(3, 2),
    "straight": 1,
}


def super_bonus_variants(rules: CrazyFourRules) -> dict[str, RuleSet]:
    """The Super Bonus variants people ask about, each applied alone: the three-of-a-kind line
    the card room's table lacks (removed, or added at the standard 2 to 1), and the other
    ``unlisted`` reading.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> list(super_bonus_variants(crazy_four_rules(load_rules("crazy4-cardroom"))))
    ['Super Bonus with three of a kind 2:1 (standard)', 'Super Bonus unlisted hands: below_table']
    """
    bonus = rules.super_bonus
    notes = (" (standard)", " (as printed by the card room)")
    variants = bonus.variants("three of a kind", 2, notes) if bonus is not None else {}
    return {
        f"Super Bonus {name}": dataclasses.replace(rules, super_bonus=table)
        for name, table in variants.items()
    }


def unlisted_readings(rules: CrazyFourRules) -> list[tuple[str, str, CrazyFourRules]]:
    """The readings of the Super Bonus hands its table does not list, at or above its lowest
    line (the card room's three of a kind): ``(name, what those hands do, the rules so read)``
    for the rule set's own ``unlisted`` rule, the other one, and the standard table's odds on
    the unlisted lines (:data:`STANDARD_SUPER_BONUS`). Empty when every such hand is listed.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> readings = unlisted_readings(crazy_four_rules(load_rules("crazy4-cardroom")))
    >>> [name for name, _, _ in readings]
    ['this rule set: unlisted = "push"', 'unlisted = "below_table"', "the standard table's line"]
    >>> readings[2][1]
    'paid three of a kind 2 to 1'
    >>> unlisted_readings(crazy_four_rules(load_rules("crazy4-standard")))
    []
    """
    bonus = rules.super_bonus
    if bonus is None:
        return []
    return [
        (name, settlement, dataclasses.replace(rules, super_bonus=changed))
        for name, settlement, changed in bonus.readings(STANDARD_SUPER_BONUS)
    ]
