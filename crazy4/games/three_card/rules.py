"""The Three Card Poker sections of a rule file.

A rule file with ``game = "three-card-poker"`` has the common keys and the ``[dealer]`` and
``[play]`` sections of :mod:`crazy4.rules.ruleset` (the dealer gets three cards, none face up;
``qualifier`` and ``raise_minimum`` are read with the three-card ranking: ``"Q high"``,
``"pair"``, ``"Q-6-4"``), and these::

    [not_qualified]                   # the dealer's hand does not qualify
    ante = "wins"                     # "wins" (1:1) or "push"
    play = "push"                     # "push" or "wins" (1:1)

    [ante_bonus]                      # optional: paid on the Ante, whatever the dealer holds
    paid_only_with_play = true        # false: paid on a folded hand too
    [ante_bonus.pays]                 # odds to 1, by category
    straight = 1
    three_of_a_kind = 4
    straight_flush = 5

    [[pair_plus]]                     # any number of named tables, on the player's hand alone
    name = "1-4-6-30-40"              # (settled even on a fold)
    [pair_plus.pays]
    pair = 1
    flush = 4
    straight = 6
    three_of_a_kind = 30
    straight_flush = 40

    [[six_card_bonus]]                # any number of named tables: the best five-card hand
    name = "1000-200-50-25-20-10-5"   # of the player's three and the dealer's three cards
    [six_card_bonus.pays]             # (settled whatever the player decides)
    royal_flush = 1000
    straight_flush = 200
    four_of_a_kind = 50
    full_house = 25
    flush = 20
    straight = 10
    three_of_a_kind = 5

A Pair Plus key may also name a hand (``"straight flush to A" = 100``: the mini-royal); a
6-Card Bonus table is read on the five-card ranking. The common ``play_when_not_qualified``
key is refused: ``[not_qualified]`` says what the Ante and the Play do.
"""

from __future__ import annotations

from dataclasses import dataclass

from crazy4.core.category_pays import CategoryPays
from crazy4.core.five_card_ranking import FIVE_CARD
from crazy4.core.three_card_ranking import THREE_CARD_RANKING
from crazy4.errors import InputError
from crazy4.rules.category_section import read_category_pays
from crazy4.rules.ruleset import RuleSet, rules_of
from crazy4.rules.sections import Section, named_tables, optional_section

SETTLE_CHOICES = ("wins", "push")


@dataclass(frozen=True)
class ThreeCardRules:
    """The Three Card Poker keys of a rule set.

    Attributes
    ----------
    qualifier, raise_minimum : int
        Three-card strengths of the dealer's qualifier and of the weakest hand that may bet
        more than 1x.
    ante_when_not_qualified, play_when_not_qualified : str
        ``"wins"`` or ``"push"``.
    ante_bonus : CategoryPays or None
    ante_bonus_only_with_play : bool
    pair_plus : tuple of CategoryPays
    six_card_bonus : tuple of CategoryPays
        Read on the five-card ranking: the best five of the player's and the dealer's cards.
    """

    qualifier: int
    raise_minimum: int
    ante_when_not_qualified: str
    play_when_not_qualified: str
    ante_bonus: CategoryPays | None
    ante_bonus_only_with_play: bool
    pair_plus: tuple[CategoryPays, ...]
    six_card_bonus: tuple[CategoryPays, ...] = ()


@dataclass(frozen=True)
class ThreeCardRuleSet(RuleSet):
    """A Three Card Poker rule set: the common keys and :class:`ThreeCardRules`.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("three-card-standard")
    >>> [table.name for table in rules.three_card.pair_plus]
    ['pair-plus-1-4-6-30-40', 'pair-plus-1-3-6-30-40']
    """

    three_card: ThreeCardRules | None = None

    def side_bet_names(self) -> tuple[str, ...]:
        """The Pair Plus tables' names, then the 6-Card Bonus tables'."""
        if self.three_card is None:
            return ()
        chosen = self.three_card
        return tuple(table.name for table in (*chosen.pair_plus, *chosen.six_card_bonus))


def _ante_bonus(section: Section) -> tuple[bool, CategoryPays]:
    only_with_play = section.boolean("paid_only_with_play", True)
    return only_with_play, read_category_pays(section, "ante-bonus", THREE_CARD_RANKING)


def _pair_plus(section: Section, label: str) -> CategoryPays:
    return read_category_pays(section, f"pair-plus-{label}", THREE_CARD_RANKING)


def _six_card_bonus(section: Section, label: str) -> CategoryPays:
    return read_category_pays(section, f"six-card-bonus-{label}", FIVE_CARD)


def read_three_card_sections(top: Section, common: RuleSet) -> ThreeCardRuleSet:
    """Read ``[not_qualified]``, ``[ante_bonus]``, ``[[pair_plus]]`` and ``[[six_card_bonus]]``
    (module docstring).

    Raises
    ------
    InputError
        Naming the file, the section and the key.
    """
    dealer = top.data.get("dealer", {})
    if isinstance(dealer, dict) and "play_when_not_qualified" in dealer:
        raise InputError(
            f"{top.where} [dealer]: key 'play_when_not_qualified' is not a three-card-poker "
            "key; [not_qualified] ante and play say what a non-qualifying dealer does"
        )
    section = top.section("not_qualified", required=False) or Section({}, f"{top.where}")
    ante = section.choice("ante", SETTLE_CHOICES, "wins")
    play = section.choice("play", SETTLE_CHOICES, "push")
    section.finish()
    only_with_play, bonus = optional_section(top, "ante_bonus", _ante_bonus) or (True, None)
    tables = named_tables(top, "pair_plus", _pair_plus, lambda table: table.name)
    bonuses = named_tables(top, "six_card_bonus", _six_card_bonus, lambda table: table.name)
    chosen = ThreeCardRules(
        qualifier=common.dealer.qualifier_strength,
        raise_minimum=common.play.raise_minimum_strength,
        ante_when_not_qualified=ante,
        play_when_not_qualified=play,
        ante_bonus=bonus,
        ante_bonus_only_with_play=only_with_play,
        pair_plus=tables,
        six_card_bonus=bonuses,
    )
    return ThreeCardRuleSet(**common.common_fields(), three_card=chosen)


def three_card_rules(rules: RuleSet) -> ThreeCardRules:
    """The Three Card Poker keys of ``rules`` (:class:`InputError` for another game's)."""
    chosen = rules_of(rules, ThreeCardRuleSet, "Three Card Poker").three_card
    if chosen is None:
        raise InputError(f"{rules.name!r} is not a Three Card Poker rule set")
    return chosen
