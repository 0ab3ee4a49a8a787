"""The Crazy 4 Poker sections of a rule file: the Super Bonus, the Queens Up tables, the card room.

A rule file with ``game = "crazy-4-poker"`` has the common keys and the ``[dealer]`` and
``[play]`` sections of :mod:`crazy4.rules.ruleset` (the dealer gets five cards, none face up),
and these (every key is checked; an unknown key is an error)::

    [super_bonus]                          # the mandatory bet equal to the Ante (a fold loses it)
    [super_bonus.pays]                     # odds to 1; see crazy4.core.paytables for hand names
    four_aces = 200
    four_of_a_kind = 30

    [[queens_up]]                          # any number of named tables
    name = "50-40-8-4-3-2-1"
    fold_forfeits = false
    [queens_up.pays]
    pair_of_queens = 1

    [cardroom]                             # optional: crazy4.cardroom.rules
"""

from __future__ import annotations

from dataclasses import dataclass

from crazy4.cardroom.collection import CardroomTable
from crazy4.cardroom.rules import read_cardroom
from crazy4.core.paytables import PayTable
from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet
from crazy4.rules.sections import Section, pay_table, side_bet_tables


@dataclass(frozen=True)
class SuperBonus:
    """The mandatory bet equal to the Ante, paid on strong hands, pushing or losing below.

    A fold always forfeits it, as it does the Ante.
    """

    table: PayTable


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
    >>> from crazy4.rules.load import load_rules
    >>> rules = load_rules("crazy4-standard")
    >>> isinstance(rules, CrazyFourRules), rules.super_bonus is not None
    (True, True)
    """

    super_bonus: SuperBonus | None = None
    blind_second_hand: bool = False
    cardroom_tables: tuple[CardroomTable, ...] = ()
    max_seats: int = 7


def read_crazy_four_sections(top: Section, common: RuleSet) -> CrazyFourRules:
    """Read ``[super_bonus]``, ``[[queens_up]]`` and ``[cardroom]`` onto the common keys.

    Parameters
    ----------
    top : Section
        The whole file; the keys read here are marked as taken.
    common : RuleSet
        The common keys, already read.
    """
    super_bonus = None
    section = top.section("super_bonus", required=False)
    if section is not None:
        super_bonus = SuperBonus(table=pay_table(section, "super-bonus"))
        section.finish()
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
    """``rules`` as the Crazy 4 Poker rule set it must be.

    Raises
    ------
    InputError
        For another game's rule set.
    """
    if not isinstance(rules, CrazyFourRules):
        raise InputError(f"{rules.name!r} is not a Crazy 4 Poker rule set")
    return rules
