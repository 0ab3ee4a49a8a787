"""The registry of games, keyed by the rule file's ``game``: the one place that knows them all.

It sits above every game, every engine and every extension of a game (the card room,
:mod:`crazy4.cardroom.extension`, listed here too); only the command line, the pipeline and
:mod:`crazy4.testing` use it. Loading a rule set here hands the reader the registered games,
and the rule set then carries its game (:attr:`crazy4.rules.ruleset.RuleSet.reader`): an
engine given the rules reaches the game through :func:`crazy4.games.base.game_of`, never by
name.

Examples
--------
>>> registered_games()
('crazy-4-poker', 'four-card-poker', 'three-card-poker')
>>> game_named("four-card-poker").title
'Four Card Poker'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from crazy4.cardroom.extension import CARDROOM
from crazy4.errors import InputError
from crazy4.games.base import Game
from crazy4.games.crazy_four.game import CRAZY_FOUR
from crazy4.games.four_card.game import FOUR_CARD
from crazy4.games.three_card.game import THREE_CARD
from crazy4.generic.game import SpecGame
from crazy4.rules.load import read_rule_file, read_rules
from crazy4.simulate.game import Simulated
from crazy4.validate.game import Validated

if TYPE_CHECKING:
    from crazy4.games.extension import AnalysisExtension
    from crazy4.rules.ruleset import RuleSet


class RegisteredGame(Game, Simulated, Validated, Protocol):
    """A game with every role: the interface (:class:`crazy4.games.base.Game`) and the roles
    the simulator and the validator declare for themselves. Every registered game is one
    (checked by mypy here)."""


_GAMES: dict[str, RegisteredGame] = {
    game.key: game for game in (CRAZY_FOUR, FOUR_CARD, SpecGame(THREE_CARD))
}


#: What extends a game's analysis from outside the game (:mod:`crazy4.games.extension`).
_EXTENSIONS: tuple[AnalysisExtension, ...] = (CARDROOM,)


def registered_games() -> tuple[str, ...]:
    """The keys of every registered game, in registration order."""
    return tuple(_GAMES)


def game_named(key: str) -> RegisteredGame:
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


def game_of(rules: RuleSet) -> RegisteredGame:
    """The registered game a rule set is for, with every role.

    Examples
    --------
    >>> game_of(load_rules("three-card-standard")).title
    'Three Card Poker'
    """
    return game_named(rules.game)


def extensions_of(rules: RuleSet) -> list[AnalysisExtension]:
    """The registered extensions that apply to a rule set, in registration order.

    Examples
    --------
    >>> [type(e).__name__ for e in extensions_of(load_rules("crazy4-cardroom"))]
    ['CardroomExtension']
    >>> extensions_of(load_rules("crazy4-standard"))
    []
    """
    return [extension for extension in _EXTENSIONS if extension.applies(rules)]


def parse_rules(text: str, where: str) -> RuleSet:
    """Validate rule-file text into its registered game's :class:`RuleSet`
    (:func:`crazy4.rules.load.read_rules`).

    Parameters
    ----------
    text : str
        The TOML text.
    where : str
        The file name, used in every error message.

    Raises
    ------
    InputError
        Naming the file, the key and the problem.

    Examples
    --------
    >>> parse_rules('name = "x"', "my.toml")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: my.toml: missing key 'title'
    >>> parse_rules('name = "../../x"', "my.toml")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: my.toml: key 'name' is '../../x'; a name is a file stem ...
    """
    return read_rules(text, where, _GAMES)


def load_rules(name_or_path: str) -> RuleSet:
    """Load and validate a shipped rule set by name, or a rule file by path, for its
    registered game (:func:`crazy4.rules.load.read_rule_file`).

    Raises
    ------
    InputError
        Unknown name, unreadable file, or invalid content (naming file, key and problem).

    Examples
    --------
    >>> rules = load_rules("crazy4-standard")
    >>> rules.reader is game_named("crazy-4-poker")
    True
    """
    return read_rule_file(name_or_path, _GAMES)
