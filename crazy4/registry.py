"""The registry of games, keyed by the rule file's ``game``: the one place that knows them all.

It sits above every game, engine and extension; only the command line, the pipeline and
:mod:`crazy4.testing` use it. A rule set loaded here carries its game
(:attr:`crazy4.rules.ruleset.RuleSet.reader`), so an engine reaches it without a name.

Games from outside the package
------------------------------
A game defined in another package is a :class:`crazy4.game.SpecGame` over its specification
(or of a subclass naming its rule files), registered with :func:`register_game`, or by naming it
under the entry-point group :data:`ENTRY_POINT_GROUP` in that package's ``pyproject.toml``::

    [project.entry-points."crazy4.games"]
    my-game = "my_package.game:MY_GAME"

The group's games are loaded at the first lookup, so importing the registry imports no
other package. A game whose key is taken, or that is not a :class:`~crazy4.game.SpecGame`, is
refused with a one-line :class:`InputError`.

Examples
--------
>>> registered_games()[:3]
('crazy-4-poker', 'four-card-poker', 'three-card-poker')
>>> game_named("four-card-poker").title
'Four Card Poker'

The card room extends Crazy 4 Poker from outside; the game never imports it:

>>> from crazy4.core.cards import parse_card, parse_cards
>>> result = CRAZY_FOUR.hand_result(load_rules("crazy4-standard"),
...                                 parse_cards("As Ad Ac Ah 2s"), None)
>>> result["optimal_decision"], result["dealer_hands"]
('3x', 1533939)
>>> result = FOUR_CARD.hand_result(load_rules("four-card-standard"),
...                                parse_cards("As Ad 7c 4h 2s"), parse_card("Kd"))
>>> result["optimal_decision"], sum(result["dealer_outcomes"].values())
('3x', 1370754)
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from importlib.metadata import entry_points
from typing import TYPE_CHECKING

from crazy4.cardroom.extension import CARDROOM
from crazy4.errors import InputError
from crazy4.game import SpecGame
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.games.four_card.spec import FOUR_CARD_SPEC
from crazy4.games.three_card.game import THREE_CARD
from crazy4.rules.load import (
    read_rule_file,
    read_rules,
    resolve_rules_path,
    shipped_rule_names,
)
from crazy4.spec.declared import read_declared_game

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.game import AnalysisExtension


#: Crazy 4 Poker and Four Card Poker.
CRAZY_FOUR = SpecGame(CRAZY_FOUR_SPEC)
FOUR_CARD = SpecGame(FOUR_CARD_SPEC)

#: The games of the package, in registration order.
_BUILT_IN: tuple[SpecGame, ...] = (CRAZY_FOUR, FOUR_CARD, SpecGame(THREE_CARD))

#: Every registered game by key: the built-in ones, then those registered from outside.
_GAMES: dict[str, SpecGame] = {game.key: game for game in _BUILT_IN}

#: The entry-point group other packages name their games under (module docstring).
ENTRY_POINT_GROUP = "crazy4.games"

#: Whether the games of :data:`ENTRY_POINT_GROUP` are registered yet (at the first lookup).
_entry_points_loaded = False


#: What extends a game's analysis from outside the game (:mod:`crazy4.spec.game`).
_EXTENSIONS: tuple[AnalysisExtension, ...] = (CARDROOM,)


def missing_members(game: object) -> list[str]:
    """The public members of :class:`~crazy4.game.SpecGame` that ``game`` lacks.

    Examples
    --------
    >>> missing_members(game_named("three-card-poker"))
    []
    >>> missing_members(object())[:3]
    ['key', 'title', 'dealer_cards']
    """
    declared = [*vars(SpecGame), *vars(SpecGame).get("__annotations__", {})]
    names = [name for name in dict.fromkeys(declared) if not name.startswith("_")]
    return [name for name in names if not hasattr(game, name)]


def _checked(game: object, where: str) -> SpecGame:
    """``game`` if it is a game (a :class:`~crazy4.game.SpecGame`) with a text key; else an
    :class:`InputError` naming what it lacks."""
    missing = missing_members(game)
    if missing:
        raise InputError(f"{where} is not a complete game: it lacks {', '.join(missing)}")
    key = getattr(game, "key", None)
    if not isinstance(key, str) or not key.strip():
        raise InputError(f"{where} is not a complete game: its key is {key!r}, not a name")
    if not isinstance(game, SpecGame):
        raise InputError(
            f"{where} is not a game: a game is a crazy4.game.SpecGame over its specification"
        )
    return game


def _add(games: Iterable[tuple[str, SpecGame]]) -> None:
    """Register ``(where, game)`` pairs, all or none: a key taken is an :class:`InputError`."""
    adding: dict[str, SpecGame] = {}
    for where, game in games:
        if game.key in _GAMES or game.key in adding:
            taken = _GAMES.get(game.key) or adding[game.key]
            raise InputError(f"{where}: the game key {game.key!r} is taken (by {taken.title!r})")
        adding[game.key] = game
    _GAMES.update(adding)


def entry_point_games() -> list[tuple[str, SpecGame]]:
    """The games other packages name under :data:`ENTRY_POINT_GROUP`, each with where it
    comes from, loaded and checked but not registered.

    Raises
    ------
    InputError
        One line naming the entry point, for one that cannot be loaded or is not a complete
        game.

    Examples
    --------
    >>> [where for where, game in entry_point_games() if game_named(game.key) is not game]
    []
    """
    found = []
    for point in entry_points(group=ENTRY_POINT_GROUP):
        where = f"entry point {point.name!r} ({point.value}) of {ENTRY_POINT_GROUP!r}"
        try:
            game = _checked(point.load(), where)
        except InputError:
            raise
        except Exception as error:  # any error of another package's module, one line
            reason = ": ".join([type(error).__name__, *str(error).strip().splitlines()[:1]])
            raise InputError(f"{where} cannot be loaded: {reason}") from None
        found.append((where, game))
    return found


def _games() -> dict[str, SpecGame]:
    """Every registered game by key, the entry points' registered at the first call (all or
    none: a broken one is an :class:`InputError` at every lookup until it is fixed)."""
    global _entry_points_loaded
    if not _entry_points_loaded:
        _entry_points_loaded = True
        try:
            _add(shipped_declared_games())
            _add(entry_point_games())
        except InputError:
            _entry_points_loaded = False
            raise
    return _GAMES


def shipped_declared_games() -> list[tuple[str, SpecGame]]:
    """The games the package's own rule files declare in a ``[game]`` table, one per key,
    each with the file it comes from.

    Raises
    ------
    InputError
        When two shipped files declare different games under one key.

    Examples
    --------
    >>> all(where.endswith(".toml") for where, _ in shipped_declared_games())
    True
    """
    found: dict[str, tuple[str, SpecGame]] = {}
    for name in shipped_rule_names():
        path = resolve_rules_path(name)
        table = tomllib.loads(path.read_text(encoding="utf-8")).get("game")
        if not isinstance(table, dict):
            continue
        game = declare_game(table, path.name)
        if game.key in found and found[game.key][1] != game:
            raise InputError(
                f"{path.name} [game]: {game.key!r} differs from {found[game.key][0]}'s"
            )
        found.setdefault(game.key, (path.name, game))
    return list(found.values())


def register_game(game: SpecGame) -> None:
    """Register a game defined outside the package (module docstring).

    Raises
    ------
    InputError
        For an object that is not a :class:`~crazy4.game.SpecGame` (naming the members it
        lacks), or a key already registered.

    Examples
    --------
    >>> register_game(game_named("three-card-poker"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: register_game: the game key 'three-card-poker' is taken (by ...)
    >>> register_game(object())  # type: ignore[arg-type]  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: register_game: object is not a complete game: it lacks key, title, ...
    """
    _games()
    where = f"register_game: {type(game).__name__}"
    _add([("register_game", _checked(game, where))])


def unregister_game(key: str) -> None:
    """Forget a game registered from outside the package (the built-in ones stay).

    Raises
    ------
    InputError
        For a built-in game's key or a key no game is registered under.

    Examples
    --------
    >>> unregister_game("crazy-4-poker")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: 'crazy-4-poker' is a built-in game; it cannot be unregistered
    """
    declared = [game.key for _, game in shipped_declared_games()]
    if any(game.key == key for game in _BUILT_IN) or key in declared:
        raise InputError(f"{key!r} is a built-in game; it cannot be unregistered")
    game_named(key)
    del _GAMES[key]


def registered_games() -> tuple[str, ...]:
    """The keys of every registered game, in registration order."""
    return tuple(_games())


def rule_readers() -> Mapping[str, SpecGame]:
    """Every registered game by key: the games a rule file may name.

    Examples
    --------
    >>> list(rule_readers()) == list(registered_games())
    True
    """
    return dict(_games())


def game_named(key: str) -> SpecGame:
    """The game registered under ``key``.

    Raises
    ------
    InputError
        For a key no game is registered under.
    """
    games = _games()
    try:
        return games[key]
    except KeyError:
        known = ", ".join(games)
        raise InputError(f"unknown game {key!r}; known games: {known}") from None


def game_of(rules: RuleSet) -> SpecGame:
    """The game a rule set is for: a registered one, or the game its file declares.

    Examples
    --------
    >>> game_of(load_rules("three-card-standard")).title
    'Three Card Poker'
    """
    if rules.game not in _games() and rules.reader is not None:
        return _checked(rules.reader, f"the game of rule set {rules.name!r}")
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
    """Validate rule-file text into its registered game's :class:`RuleSet`.

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
    return read_rules(text, where, _games(), declare_game)


def declare_game(table: object, where: str) -> SpecGame:
    """The game a rule file declares in its ``[game]`` table (:mod:`crazy4.spec.declared`).

    Examples
    --------
    >>> game = declare_game({"key": "g", "title": "G", "ranking": "three_card",
    ...                      "player_cards": 3, "dealer_cards": 3}, "g.toml")
    >>> game.key, game.dealer_cards
    ('g', (3, 0))
    """
    return SpecGame(read_declared_game(table, where))


def load_rules(name_or_path: str) -> RuleSet:
    """Load and validate a shipped rule set by name, or a rule file by path.

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
    return read_rule_file(name_or_path, _games(), declare_game)
