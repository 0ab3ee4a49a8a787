"""The advantage-play roles of every game, from its specification: one implementation each.

:class:`SpecRoles` gives a game class its collusion role (:meth:`SpecRoles.colluder`,
:func:`crazy4.generic.collusion.spec_colluder`) and its surveillance table
(:meth:`SpecRoles.surveilled`, :class:`crazy4.generic.surveil.SpecSurveillance`) from what it
has as every game has: its specification (``spec``) and its simulator's largest table
(``simulator().max_seats``). A game adds data, never code: the practical team rules it
knows (:attr:`SpecRoles.team_rules`, none by default: a team is detected by its full pooling)
and the parts of its main game that a colluding table values apart
(:meth:`SpecRoles.bet_parts`, none by default). Both
:class:`crazy4.generic.game.SpecGame` and :class:`crazy4.generic.bestfour_game.BestFourGame`
take their roles from here.

Examples
--------
>>> from crazy4.registry import game_named
>>> game = game_named("crazy-4-poker")
>>> isinstance(game, SpecRoles), game.surveilled().practical_rules
(True, ('A', 'AK', 'K', 'AKQ'))
>>> game.colluder().practical_rules == game.surveilled().practical_rules
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.collusion_role import ColludingGame
    from crazy4.spec.game import Settlement
    from crazy4.spec.specification import GameSpec
    from crazy4.spec.surveil_role import SurveilledTable


class _Seats(Protocol):
    """What a simulator tells the roles: its largest table."""

    @property
    def max_seats(self) -> int:
        """The most seats at one table."""
        ...


class _Specified(Protocol):
    """What :class:`SpecRoles` reads of the game it is mixed into."""

    @property
    def spec(self) -> GameSpec:
        """The game as a specification."""
        ...

    @property
    def team_rules(self) -> tuple[str, ...]:
        """The practical team rules (:attr:`SpecRoles.team_rules`)."""
        ...

    def simulator(self) -> _Seats:
        """The game's simulator."""
        ...

    def bet_parts(self, rules: RuleSet) -> tuple[dict[str, Settlement], dict[str, str]]:
        """The main game's bets apart (:meth:`SpecRoles.bet_parts`)."""
        ...


class SpecRoles:
    """The collusion and surveillance roles of a game, from its specification (module
    docstring)."""

    #: The practical team rules the game knows (a count of some ranks shared), the recommended
    #: one first; none: planting and detection know full pooling only, and the collusion study's
    #: practical rule shares the up card's rank or the aces.
    team_rules: ClassVar[tuple[str, ...]] = ()

    def bet_parts(self, rules: RuleSet) -> tuple[dict[str, Settlement], dict[str, str]]:
        """The main game's bets apart, by ``bets`` row, in the six outcome cells (per unit of
        their own wager), and those the cells cannot price with the reason: none by default
        (the side bets a fold forfeits are the engine's:
        :func:`crazy4.generic.collusion.forfeited_side_bets`)."""
        del rules
        return {}, {}

    def colluder(self: _Specified) -> ColludingGame:
        """The collusion role of the specification, for the one collusion engine
        (:func:`crazy4.generic.collusion.spec_colluder`)."""
        from crazy4.generic.collusion import spec_colluder

        seats = self.simulator().max_seats
        return spec_colluder(self.spec, seats, self.team_rules, self.bet_parts)

    def surveilled(self: _Specified) -> SurveilledTable:
        """Planting and detection through the generic engines
        (:class:`crazy4.generic.surveil.SpecSurveillance`), the team rules from
        :meth:`colluder`."""
        from crazy4.generic.collusion import spec_colluder
        from crazy4.generic.surveil import SpecSurveillance

        seats = self.simulator().max_seats
        role = spec_colluder(self.spec, seats, self.team_rules, self.bet_parts)
        return SpecSurveillance(self.spec, role, self.team_rules)
