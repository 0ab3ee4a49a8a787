"""Rule files: TOML validated into a frozen :class:`RuleSet`.

A rule set is data: every switch in which sources differ (the Play bet when the dealer does not
qualify, the allowed Play multiples, the pay tables, whether a fold forfeits a side bet) is a key
in a rule file. The shipped rule sets live in ``crazy4/rules/data/*.toml`` (package data);
``--rules`` takes one
of their names or a path. Format (every key is checked; an unknown key is an error)::

    name = "crazy4-standard"              # file stem by convention
    title = "Crazy 4 Poker, standard casino rules"
    game = "crazy-4-poker"
    source = "rack cards; Wizard of Odds"  # free text, printed in reports
    notes = ["..."]                        # optional, printed in reports

    [dealer]
    qualifier = "K high"                  # "none", "<rank> high", "pair", "pair of <rank>s"
    play_when_not_qualified = "wins"       # "wins" (1:1) or "compared" (against the hand)
    ties = "push"                          # "push" or "player" (the player wins ties)

    [play]
    multiples = [1, 2, 3]                  # allowed Play bets, in Antes (1 to 3)
    raise_minimum = "pair of aces"         # weakest hand allowed more than 1x

    [super_bonus]                          # the mandatory bet equal to the Ante (a fold loses it)
    [super_bonus.pays]                     # odds to 1; see crazy4.core.paytables for hand names
    four_aces = 200
    four_of_a_kind = 30

    [[queens_up]]                          # any number of named tables
    name = "50-40-8-4-3-2-1"
    fold_forfeits = false
    [queens_up.pays]
    pair_of_queens = 1

    [cardroom]                             # optional
    blind_second_hand = true               # a second hand must play blind, 3x (2x returned
                                           # below the raise minimum)
    max_seats = 7                          # player hands (betting spots) at a table, 1 to 9

    [[cardroom.tables]]                    # any number of tables (crazy4.cardroom.collection)
    name = "5-20"
    ante_min = 5                           # dollars: 5, "0.50", "1/2" or 0.5
    ante_max = 20
    ante_step = 1                          # Antes allowed: 5, 6, ..., 20 (default 1)
    queens_up_min = 5                      # defaults: the Ante limits
    queens_up_max = 20
    banker_collection = 2                  # from the player/dealer, every round
    note = "..."                           # how the room's wording was read

    [[cardroom.tables.collection]]         # from each player hand, by band of Ante sizes
    ante_from = 5                          # both ends included; bands may not overlap
    ante_to = 20
    flat = 0                               # $ a hand
    per_bet = 0                            # $ for each bet placed before the deal
    per_amount = 0.5                       # $ for every `every` dollars of Ante,
    every = 20                             # counted by `rounding`:
    rounding = "started"                   # "started" (ceil) or "complete" (floor)

``game = "four-card-poker"`` takes ``[dealer] cards = 6, up_cards = 1`` and, instead of the
Super Bonus, Queens Up and card-room sections, ``[ante_bonus]``, ``[[aces_up]]``,
``[bad_beat]`` and ``[limits]`` (:mod:`crazy4.games.four_card.rules` documents them).
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from crazy4.cardroom.collection import (
    ROUNDINGS,
    CardroomTable,
    CollectionBand,
    dollars,
    parse_money,
)
from crazy4.core.paytables import PayTable
from crazy4.core.ranking import strength_of_description
from crazy4.errors import InputError

if TYPE_CHECKING:
    from crazy4.games.four_card.rules import FourCardRules

#: Folder of the shipped rule files: package data, so an installed package finds them.
RULES_DIR = Path(__file__).resolve().parent / "data"

PLAY_WHEN_NOT_QUALIFIED = ("wins", "compared")
#: Player hands a table can seat: five cards each plus the dealer's five from 52 cards.
MOST_SEATS_POSSIBLE = 9
TIE_RULES = ("push", "player")
GAMES = ("crazy-4-poker", "four-card-poker")
#: The dealer's hand each game's engine counts: (cards, of which face up).
DEALER_CARDS = {"crazy-4-poker": (5, 0), "four-card-poker": (6, 1)}


@dataclass(frozen=True)
class DealerRules:
    """How the dealer qualifies and how ties and non-qualifying hands settle."""

    qualifier: str
    qualifier_strength: int
    play_when_not_qualified: str
    ties: str
    cards: int = 5
    up_cards: int = 0


@dataclass(frozen=True)
class PlayRules:
    """Allowed Play bets (multiples of the Ante) and who may raise above 1x."""

    multiples: tuple[int, ...]
    raise_minimum: str
    raise_minimum_strength: int


@dataclass(frozen=True)
class SideBet:
    """A bet paid on the player's own hand whatever the dealer holds (Queens Up, Aces Up)."""

    table: PayTable
    fold_forfeits: bool

    @property
    def name(self) -> str:
        """The table's name."""
        return self.table.name


@dataclass(frozen=True)
class SuperBonus:
    """The mandatory bet equal to the Ante, paid on strong hands, pushing or losing below.

    A fold always forfeits it, as it does the Ante.
    """

    table: PayTable


@dataclass(frozen=True)
class RuleSet:
    """A complete, validated rule set.

    Examples
    --------
    >>> rules = load_rules("crazy4-standard")
    >>> rules.play.multiples, rules.dealer.qualifier
    ((1, 2, 3), 'K high')
    >>> [bet.name for bet in rules.side_bets]
    ['queens-up-50-40-8-4-3-2-1', 'queens-up-50-30-9-4-3-2-1']
    """

    name: str
    title: str
    game: str
    source: str
    notes: tuple[str, ...]
    dealer: DealerRules
    play: PlayRules
    super_bonus: SuperBonus | None
    side_bets: tuple[SideBet, ...]
    blind_second_hand: bool
    text: str
    path: str
    cardroom_tables: tuple[CardroomTable, ...] = ()
    max_seats: int = 7
    four_card: FourCardRules | None = None

    @property
    def content_hash(self) -> str:
        """SHA-256 of the rule file's text: identifies exactly what was analyzed."""
        return hashlib.sha256(self.text.encode()).hexdigest()


class _Section:
    """A TOML table read strictly: every key must be taken, with the right type."""

    def __init__(self, data: dict[str, Any], where: str) -> None:
        self.data = data
        self.where = where
        self.taken: set[str] = set()

    def _take(self, key: str, required: bool) -> Any:
        self.taken.add(key)
        if key not in self.data:
            if required:
                raise InputError(f"{self.where}: missing key {key!r}")
            return None
        return self.data[key]

    def string(self, key: str, default: str | None = None) -> str:
        value = self._take(key, default is None)
        if value is None:
            return default if default is not None else ""
        if not isinstance(value, str):
            raise InputError(f"{self.where}: key {key!r} must be text, got {value!r}")
        return value

    def choice(self, key: str, options: tuple[str, ...], default: str) -> str:
        value = self.string(key, default)
        if value not in options:
            raise InputError(
                f"{self.where}: key {key!r} is {value!r}; expected one of {', '.join(options)}"
            )
        return value

    def boolean(self, key: str, default: bool) -> bool:
        value = self._take(key, False)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise InputError(f"{self.where}: key {key!r} must be true or false, got {value!r}")
        return value

    def section(self, key: str, required: bool = True) -> _Section | None:
        value = self._take(key, required)
        if value is None:
            return None
        if not isinstance(value, dict):
            raise InputError(f"{self.where}: [{key}] must be a table")
        return _Section(value, f"{self.where} [{key}]")

    def integer(
        self, key: str, default: int, lowest: int | None = None, highest: int | None = None
    ) -> int:
        value = self._take(key, False)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(f"{self.where}: key {key!r} must be a whole number, got {value!r}")
        if lowest is not None and highest is not None and not lowest <= value <= highest:
            raise InputError(
                f"{self.where}: key {key!r} is {value}; expected {lowest} to {highest}"
            )
        return value

    def money(
        self, key: str, default: Fraction | None = None, *, positive: bool = False
    ) -> Fraction:
        value = self._take(key, default is None)
        if value is None:
            assert default is not None
            return default
        return parse_money(value, f"{self.where}: key {key!r}", positive=positive)

    def has(self, key: str) -> bool:
        return key in self.data

    def sections(self, key: str) -> list[_Section]:
        value = self._take(key, False)
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            raise InputError(f"{self.where}: [[{key}]] must be an array of tables")
        return [_Section(item, f"{self.where} [[{key}]] #{n + 1}") for n, item in enumerate(value)]

    def raw(self, key: str, required: bool = True) -> Any:
        return self._take(key, required)

    def finish(self) -> None:
        unknown = sorted(set(self.data) - self.taken)
        if unknown:
            raise InputError(f"{self.where}: unknown key {unknown[0]!r}")


def _pay_table(section: _Section, name: str) -> PayTable:
    pays = section.raw("pays")
    if not isinstance(pays, dict):
        raise InputError(f"{section.where}: 'pays' must be a table of hand = odds")
    return PayTable.from_mapping(name, pays, where=f"{section.where} pays")


def _strength(section: _Section, key: str, default: str) -> tuple[str, int]:
    text = section.string(key, default)
    try:
        return text, strength_of_description(text)
    except InputError as error:
        raise InputError(f"{section.where}: key {key!r}: {error}") from None


def _collection_band(section: _Section) -> CollectionBand:
    ante_from = section.money("ante_from", positive=True)
    ante_to = section.money("ante_to", positive=True)
    if ante_to < ante_from:
        raise InputError(
            f"{section.where}: ante_to {dollars(ante_to)} is below ante_from {dollars(ante_from)}"
        )
    charges = [key for key in ("flat", "per_bet", "per_amount") if section.has(key)]
    if not charges:
        raise InputError(f"{section.where}: give at least one of 'flat', 'per_bet', 'per_amount'")
    flat = section.money("flat", Fraction(0))
    per_bet = section.money("per_bet", Fraction(0))
    per_amount = section.money("per_amount", Fraction(0))
    every: Fraction | None = None
    rounding = "started"
    if section.has("per_amount"):
        if not section.has("every") or not section.has("rounding"):
            raise InputError(
                f"{section.where}: 'per_amount' needs 'every' (dollars of Ante) and 'rounding' "
                f"({' or '.join(repr(r) for r in ROUNDINGS)})"
            )
        every = section.money("every", positive=True)
        rounding = section.choice("rounding", ROUNDINGS, "started")
    elif section.has("every") or section.has("rounding"):
        raise InputError(f"{section.where}: 'every' and 'rounding' go with 'per_amount'")
    section.finish()
    return CollectionBand(ante_from, ante_to, flat, per_bet, per_amount, every, rounding)


def _cardroom_table(section: _Section) -> CardroomTable:
    name = section.string("name")
    ante_min = section.money("ante_min", positive=True)
    ante_max = section.money("ante_max", positive=True)
    ante_step = section.money("ante_step", Fraction(1), positive=True)
    if ante_max < ante_min:
        raise InputError(
            f"{section.where}: ante_max {dollars(ante_max)} is below ante_min {dollars(ante_min)}"
        )
    if ((ante_max - ante_min) / ante_step).denominator != 1:
        raise InputError(
            f"{section.where}: ante_max - ante_min ({dollars(ante_max - ante_min)}) is not a "
            f"whole number of ante_step ({dollars(ante_step)})"
        )
    queens_up_min = section.money("queens_up_min", ante_min, positive=True)
    queens_up_max = section.money("queens_up_max", ante_max, positive=True)
    if queens_up_max < queens_up_min:
        raise InputError(f"{section.where}: queens_up_max is below queens_up_min")
    banker_collection = section.money("banker_collection")
    note = section.string("note", "")
    bands = [_collection_band(band) for band in section.sections("collection")]
    for number, band in enumerate(bands, start=1):
        if band.ante_from < ante_min or band.ante_to > ante_max:
            raise InputError(
                f"{section.where}: collection band #{number} (Ante {dollars(band.ante_from)} to "
                f"{dollars(band.ante_to)}) reaches outside the Ante limits "
                f"({dollars(ante_min)} to {dollars(ante_max)})"
            )
        for other_number, other in enumerate(bands[: number - 1], start=1):
            if band.ante_from <= other.ante_to and other.ante_from <= band.ante_to:
                raise InputError(
                    f"{section.where}: collection bands #{other_number} (Ante "
                    f"{dollars(other.ante_from)} to {dollars(other.ante_to)}) and #{number} "
                    f"(Ante {dollars(band.ante_from)} to {dollars(band.ante_to)}) overlap"
                )
    section.finish()
    return CardroomTable(
        name=name,
        ante_min=ante_min,
        ante_max=ante_max,
        ante_step=ante_step,
        queens_up_min=queens_up_min,
        queens_up_max=queens_up_max,
        banker_collection=banker_collection,
        bands=tuple(bands),
        note=note,
    )


def parse_rules(text: str, where: str) -> RuleSet:
    """Validate rule-file text into a :class:`RuleSet`.

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
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InputError(f"{where}: not valid TOML: {error}") from None
    top = _Section(data, where)
    name = top.string("name")
    title = top.string("title")
    game = top.choice("game", GAMES, "crazy-4-poker")
    source = top.string("source", "")
    notes_value = top.raw("notes", required=False) or []
    if not isinstance(notes_value, list) or not all(isinstance(n, str) for n in notes_value):
        raise InputError(f"{where}: key 'notes' must be a list of text lines")

    dealer_section = top.section("dealer")
    assert dealer_section is not None
    qualifier, qualifier_strength = _strength(dealer_section, "qualifier", "none")
    dealer = DealerRules(
        qualifier=qualifier,
        qualifier_strength=qualifier_strength,
        play_when_not_qualified=dealer_section.choice(
            "play_when_not_qualified", PLAY_WHEN_NOT_QUALIFIED, "wins"
        ),
        ties=dealer_section.choice("ties", TIE_RULES, "push"),
        cards=dealer_section.integer("cards", DEALER_CARDS[game][0]),
        up_cards=dealer_section.integer("up_cards", DEALER_CARDS[game][1]),
    )
    if (dealer.cards, dealer.up_cards) != DEALER_CARDS[game]:
        cards, up = DEALER_CARDS[game]
        raise InputError(
            f"{dealer_section.where}: cards = {dealer.cards}, up_cards = {dealer.up_cards} is "
            f"not supported for {game} (the dealer gets {cards} cards, {up} face up)"
        )
    if game == "four-card-poker" and qualifier_strength != 0:
        raise InputError(
            f"{dealer_section.where}: key 'qualifier' is {qualifier!r}; four-card-poker has no "
            'dealer qualifier (use "none")'
        )
    dealer_section.finish()

    play_section = top.section("play")
    assert play_section is not None
    multiples = play_section.raw("multiples")
    if (
        not isinstance(multiples, list)
        or not multiples
        or not all(isinstance(m, int) and not isinstance(m, bool) for m in multiples)
    ):
        raise InputError(f"{play_section.where}: 'multiples' must be a list of whole numbers")
    if any(m not in (1, 2, 3) for m in multiples):
        bad = next(m for m in multiples if m not in (1, 2, 3))
        raise InputError(f"{play_section.where}: multiple {bad} is outside 1-3")
    if 1 not in multiples:
        raise InputError(f"{play_section.where}: 'multiples' must allow a 1x Play bet")
    raise_minimum, raise_strength = _strength(play_section, "raise_minimum", "none")
    play = PlayRules(tuple(sorted(set(multiples))), raise_minimum, raise_strength)
    play_section.finish()

    common: dict[str, Any] = {
        "name": name,
        "title": title,
        "game": game,
        "source": source,
        "notes": tuple(notes_value),
        "dealer": dealer,
        "play": play,
        "text": text,
        "path": where,
    }
    if game == "four-card-poker":
        from crazy4.games.four_card.rules import parse_four_card_sections

        four_card, aces_up = parse_four_card_sections(top)
        top.finish()
        return RuleSet(
            **common,
            super_bonus=None,
            side_bets=aces_up,
            blind_second_hand=False,
            four_card=four_card,
        )

    super_bonus = None
    super_section = top.section("super_bonus", required=False)
    if super_section is not None:
        super_bonus = SuperBonus(table=_pay_table(super_section, "super-bonus"))
        super_section.finish()

    side_bets = []
    for section in top.sections("queens_up"):
        label = section.string("name")
        side_bets.append(
            SideBet(
                table=_pay_table(section, f"queens-up-{label}"),
                fold_forfeits=section.boolean("fold_forfeits", False),
            )
        )
        section.finish()
    names = [bet.name for bet in side_bets]
    if len(set(names)) != len(names):
        raise InputError(f"{where}: two [[queens_up]] tables share a name")

    blind_second_hand = False
    max_seats = 7
    tables: list[CardroomTable] = []
    cardroom = top.section("cardroom", required=False)
    if cardroom is not None:
        blind_second_hand = cardroom.boolean("blind_second_hand", False)
        max_seats = cardroom.integer("max_seats", 7, 1, MOST_SEATS_POSSIBLE)
        tables = [_cardroom_table(section) for section in cardroom.sections("tables")]
        cardroom.finish()
    table_names = [table.name for table in tables]
    if len(set(table_names)) != len(table_names):
        raise InputError(f"{where}: two [[cardroom.tables]] share a name")
    top.finish()
    return RuleSet(
        **common,
        super_bonus=super_bonus,
        side_bets=tuple(side_bets),
        blind_second_hand=blind_second_hand,
        cardroom_tables=tuple(tables),
        max_seats=max_seats,
    )


def shipped_rule_names() -> list[str]:
    """Names of the rule sets shipped in ``crazy4/rules/data``.

    Examples
    --------
    >>> "crazy4-standard" in shipped_rule_names()
    True
    """
    return sorted(path.stem for path in RULES_DIR.glob("*.toml"))


def resolve_rules_path(name_or_path: str) -> Path:
    """The file behind ``--rules``: a shipped name, or a path to a ``.toml`` file."""
    candidate = Path(name_or_path)
    if candidate.suffix == ".toml" or candidate.exists():
        if not candidate.is_file():
            raise InputError(f"rule file {name_or_path!r} does not exist")
        return candidate
    shipped = RULES_DIR / f"{name_or_path}.toml"
    if shipped.is_file():
        return shipped
    known = ", ".join(shipped_rule_names()) or "none"
    raise InputError(f"unknown rule set {name_or_path!r}; shipped rule sets: {known}")


def load_rules(name_or_path: str) -> RuleSet:
    """Load and validate a shipped rule set by name, or a rule file by path.

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
    return parse_rules(text, path.name)
