"""Rule files: TOML validated into the game's frozen :class:`~crazy4.rules.ruleset.RuleSet`.

``--rules`` takes the name of a shipped rule set (package data in ``crazy4/rules/data``, found
by an installed package too) or a path to a ``.toml`` file. The common keys are read here
(:mod:`crazy4.rules.ruleset` documents them); the rule file's ``game`` picks one of the games
it is given (:class:`RuleReader`), which reads its own sections, and the rule set carries
that game (:attr:`~crazy4.rules.ruleset.RuleSet.reader`). Every key is checked; an unknown
key is an error naming the file, the section and the key.

This module knows no game: :func:`crazy4.registry.load_rules` and
:func:`crazy4.registry.parse_rules` pass it the registered ones.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Protocol

from crazy4.errors import InputError
from crazy4.rules.progressive import read_progressive
from crazy4.rules.ruleset import PLAY_WHEN_NOT_QUALIFIED, TIE_RULES, DealerRules, PlayRules, RuleSet
from crazy4.rules.sections import Section, check_printable, strength

#: Folder of the shipped rule files: package data, so an installed package finds them.
RULES_DIR = Path(__file__).resolve().parent / "data"
#: A rule set's ``name`` names its results folder and files: a plain file stem, no path.
SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")


class RuleReader(Protocol):
    """What reading a rule file needs of its game (every :class:`crazy4.game.SpecGame`)."""

    @property
    def key(self) -> str:
        """The rule file's ``game``."""
        ...

    @property
    def dealer_cards(self) -> tuple[int, int]:
        """The dealer's cards and how many of them are face up."""
        ...

    @property
    def player_cards(self) -> int:
        """The cards dealt to the player (what a side bet on the player's cards may score)."""
        ...

    @property
    def required_multiples(self) -> tuple[int, ...]:
        """The Play multiples every rule set of the game allows (``(1,)``: a 1x Play bet)."""
        ...

    def read_sections(self, top: Section, common: RuleSet) -> RuleSet:
        """Read the game's own rule sections onto the common keys (marking them taken)."""
        ...

    def strength_of(self, description: str) -> int:
        """The strength a hand description names in the game's ranking (an
        :class:`InputError` when none): how ``qualifier`` and ``raise_minimum`` are read."""
        ...


def _name(top: Section) -> str:
    name = top.string("name")
    if not SAFE_NAME.fullmatch(name) or ".." in name:
        raise InputError(
            f"{top.where}: key 'name' is {name!r}; a name is a file stem of letters, digits, "
            "'.', '-' and '_' (at most 100, no '..'), since it names the results folder"
        )
    return name


def _dealer(
    top: Section, game: str, cards: int, up_cards: int, describe: Callable[[str], int]
) -> DealerRules:
    section = top.section("dealer")
    assert section is not None
    qualifier, qualifier_strength = strength(section, "qualifier", "none", describe)
    dealer = DealerRules(
        qualifier=qualifier,
        qualifier_strength=qualifier_strength,
        play_when_not_qualified=section.choice(
            "play_when_not_qualified", PLAY_WHEN_NOT_QUALIFIED, "wins"
        ),
        ties=section.choice("ties", TIE_RULES, "push"),
        cards=section.integer("cards", cards),
        up_cards=section.integer("up_cards", up_cards),
    )
    if (dealer.cards, dealer.up_cards) != (cards, up_cards):
        raise InputError(
            f"{section.where}: cards = {dealer.cards}, up_cards = {dealer.up_cards} is not "
            f"supported for {game} (the dealer gets {cards} cards, {up_cards} face up)"
        )
    section.finish()
    return dealer


def _play(top: Section, describe: Callable[[str], int], required: tuple[int, ...]) -> PlayRules:
    section = top.section("play")
    assert section is not None
    multiples = section.raw("multiples")
    if (
        not isinstance(multiples, list)
        or not multiples
        or not all(isinstance(m, int) and not isinstance(m, bool) for m in multiples)
    ):
        raise InputError(f"{section.where}: 'multiples' must be a list of whole numbers")
    if any(m not in (1, 2, 3) for m in multiples):
        bad = next(m for m in multiples if m not in (1, 2, 3))
        raise InputError(f"{section.where}: multiple {bad} is outside 1-3")
    for multiple in required:
        if multiple not in multiples:
            raise InputError(f"{section.where}: 'multiples' must allow a {multiple}x Play bet")
    raise_minimum, raise_strength = strength(section, "raise_minimum", "none", describe)
    section.finish()
    return PlayRules(tuple(sorted(set(multiples))), raise_minimum, raise_strength)


#: Reads a rule file's ``[game]`` table into the game it declares (the registry passes one).
Declare = Callable[[object, str], RuleReader]


def read_rules(
    text: str, where: str, games: Mapping[str, RuleReader], declare: Declare | None = None
) -> RuleSet:
    """Validate rule-file TOML ``text`` into the :class:`RuleSet` of its game, one of ``games``
    (by key; the first is the default ``game``). ``where`` (the file name) starts every error;
    ``declare`` reads a ``[game]`` table the file declares (without it, ``game`` must name one
    of ``games``).

    Raises
    ------
    InputError
        Naming the file, the key and the problem.

    Examples
    --------
    >>> read_rules('name = "x"', "my.toml", {})
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: my.toml: missing key 'title'
    """
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as error:
        raise InputError(f"{where}: not valid TOML: {error}") from None
    except RecursionError:
        raise InputError(f"{where}: not a rule file: values nested too deeply") from None
    return rules_from_data(data, text, where, games, declare)


def rules_from_data(
    data: dict[str, object],
    text: str,
    where: str,
    games: Mapping[str, RuleReader],
    declare: Declare | None = None,
) -> RuleSet:
    """:func:`read_rules` of parsed TOML ``data`` (whose ``text`` is kept, and hashed): a rule
    set given inline, in a log mapping.

    Raises
    ------
    InputError
        Naming ``where``, the key and the problem.
    """
    check_printable(data, where)
    top = Section(data, where)
    name = _name(top)
    title = top.string("title")
    if isinstance(data.get("game"), dict) and declare is not None:
        game = declare(top.raw("game"), where)
        if game.key in games:  # the same game as the registered one: that one
            if games[game.key] != game:
                raise InputError(f"{where} [game]: key {game.key!r} is a registered game's")
            game = games[game.key]
    else:
        game = games[top.choice("game", tuple(games), next(iter(games), ""))]
    source = top.string("source", "")
    notes = top.raw("notes", required=False) or []
    if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
        raise InputError(f"{where}: key 'notes' must be a list of text lines")
    cards, up_cards = game.dealer_cards
    describe = game.strength_of
    common = RuleSet(
        name=name,
        title=title,
        game=game.key,
        source=source,
        notes=tuple(notes),
        dealer=_dealer(top, game.key, cards, up_cards, describe),
        play=_play(top, describe, game.required_multiples),
        side_bets=(),
        text=text,
        path=where,
        progressive=read_progressive(top, game.player_cards),
        reader=game,
    )
    rules = game.read_sections(top, common)
    top.finish()
    return rules if rules.reader is game else replace(rules, reader=game)


def shipped_rule_names() -> list[str]:
    """Names of the rule sets shipped with the package (``crazy4/rules/data``).

    Examples
    --------
    >>> "crazy4-standard" in shipped_rule_names()
    True
    """
    return sorted(path.stem for path in RULES_DIR.glob("*.toml"))


def resolve_rules_path(name_or_path: str) -> Path:
    """The file behind ``--rules``: a shipped name, or a path to a ``.toml`` file.

    Examples
    --------
    >>> resolve_rules_path(" ")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: the rule set name is empty; give a shipped name (see 'crazy4 ...
    """
    if not name_or_path.strip():
        raise InputError(
            "the rule set name is empty; give a shipped name (see 'crazy4 rules list') or a "
            "path to a .toml file"
        )
    candidate = Path(name_or_path)
    if candidate.is_dir():
        raise InputError(f"rule file {name_or_path!r} is a folder; give a .toml file")
    if candidate.suffix == ".toml" or candidate.exists():
        if not candidate.is_file():
            raise InputError(f"rule file {name_or_path!r} does not exist")
        return candidate
    shipped = RULES_DIR / f"{name_or_path}.toml"
    if shipped.is_file():
        return shipped
    known = ", ".join(shipped_rule_names()) or "none"
    raise InputError(f"unknown rule set {name_or_path!r}; shipped rule sets: {known}")


def read_rule_file(
    name_or_path: str, games: Mapping[str, RuleReader], declare: Declare | None = None
) -> RuleSet:
    """Load and validate a shipped rule set by name, or a rule file by path, for one of
    ``games`` (:func:`read_rules`; :func:`crazy4.registry.load_rules` passes the registered
    ones).

    Raises
    ------
    InputError
        Unknown name, unreadable file, or invalid content (naming file, key and problem).
    """
    path = resolve_rules_path(name_or_path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"rule file {str(path)!r} cannot be read: {error}") from None
    return read_rules(text, path.name, games, declare)
