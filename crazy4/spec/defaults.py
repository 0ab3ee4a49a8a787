"""The members of a specification that a game may leave out, each with its default.

:class:`crazy4.spec.specification.GameSpec` extends :class:`SpecDefaults`: every specification
has these members, and the engines read them as they read any other (no ``getattr``, no test of
which game they hold). A specification class that needs none of them other than its default
names :class:`SpecDefaults` as its base (a protocol subclassed explicitly hands its members'
bodies down, PEP 544), as Three Card Poker's and every game declared in a rule file do; one
that sets them all defines them itself, as Crazy 4 Poker's and Four Card Poker's do (data
beside the rest of their data). Declaring the defaults once, in the protocol the engines read,
keeps the members, their types and their defaults in one place, below every engine.

The members:

* :attr:`SpecDefaults.team_rules` -- the practical team rules (a count of some ranks shared)
  the collusion, planting and detection engines know for the game;
* :meth:`SpecDefaults.bet_parts` -- the main game's bets a colluding table values apart;
* :attr:`SpecDefaults.published_seen` -- the seen hole cards ``crazy4 analyze --hole-cards``
  publishes (None: the hole-card engine's rule by the deal's size,
  :func:`crazy4.generic.holecards.published_seen`);
* :attr:`SpecDefaults.hole_card_form` -- the vocabulary of the game's hole-card tables and of
  one situation's text (:data:`HOLE_CARD_FORMS`).

Examples
--------
>>> from crazy4.games.three_card.game import THREE_CARD
>>> THREE_CARD.team_rules, THREE_CARD.published_seen, THREE_CARD.hole_card_form
((), None, 'rank_groups')
>>> THREE_CARD.bet_parts(None)  # type: ignore[arg-type]
({}, {})
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.settlement import Settlement

#: The vocabularies a game's hole-card tables are written in: ``"rank_groups"``, one table of
#: strategies by what the player learns in rank groups, a situation's dealer counts and each
#: decision; ``"chart"``, the chart tables (strategies, the value of each seen rank, the
#: chart), a situation's decisions and the optimal one (:mod:`crazy4.generic.holecards`).
HOLE_CARD_FORMS = ("rank_groups", "chart")


class SpecDefaults(Protocol):
    """The optional members of a specification, with their defaults (module docstring)."""

    @property
    def team_rules(self) -> tuple[str, ...]:
        """The practical team rules the game knows, the recommended one first: none by
        default (planting and detection know full pooling only, and the collusion study's
        practical rule shares the up card's rank or the aces)."""
        return ()

    @property
    def published_seen(self) -> int | None:
        """The seen hole cards ``crazy4 analyze --hole-cards`` publishes tables for: None by
        default, the hole-card engine's rule by the deal's size."""
        return None

    @property
    def hole_card_form(self) -> str:
        """The vocabulary of the hole-card tables and of one situation's text, one of
        :data:`HOLE_CARD_FORMS`: ``"rank_groups"`` by default."""
        return "rank_groups"

    def bet_parts(self, rules: RuleSet) -> tuple[dict[str, Settlement], dict[str, str]]:
        """The main game's bets apart, by ``bets`` row, in the six outcome cells (per unit of
        their own wager), and those the cells cannot price with the reason: none by default
        (the side bets a fold forfeits are the collusion engine's,
        :func:`crazy4.generic.collusion.forfeited_side_bets`)."""
        del rules
        return {}, {}
