"""The registry of games, keyed by the rule file's ``game``: the one place that knows them all.

Examples
--------
>>> registered_games()
('crazy-4-poker', 'four-card-poker', 'three-card-poker')
>>> game_named("four-card-poker").title
'Four Card Poker'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crazy4.errors import InputError
from crazy4.games.crazy_four.game import CRAZY_FOUR
from crazy4.games.four_card.game import FOUR_CARD
from crazy4.games.three_card.game import THREE_CARD
from crazy4.generic.game import SpecGame

if TYPE_CHECKING:
    from crazy4.games.base import Game
    from crazy4.rules.ruleset import RuleSet

_GAMES: dict[str, Game] = {game.key: game for game in (CRAZY_FOUR, FOUR_CARD, SpecGame(THREE_CARD))}


def registered_games() -> tuple[str, ...]:
    """The keys of every registered game, in registration order."""
    return tuple(_GAMES)


def game_named(key: str) -> Game:
    """The game registered under ``key``.

    Raises
    ------
    InputError
        For a key no game is registered under.
    """
    try:
        return _GAMES[key]
    except KeyError:
        known = ", ".join(_GAMES)
        raise InputError(f"unknown game {key!r}; known games: {known}") from None


def game_of(rules: RuleSet) -> Game:
    """The game a rule set is for."""
    return game_named(rules.game)
